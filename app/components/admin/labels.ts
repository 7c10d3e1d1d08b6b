// Translation keys (admin namespace) of stored values that are English phrases: the waitlist reasons.
export const REASON_KEYS: Record<string, string> = {
  "No Direct Access": "waitlist.reasons.noDirectAccess",
  "Outside Service Area": "waitlist.reasons.outsideArea",
};
