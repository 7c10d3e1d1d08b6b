// Issue 45: the plan's fields of the JSON API's bodies (zod), apart from lib/plan-choice so that the
// checkout's browser code does not carry zod (issue 44, JS per page).
import { z } from "zod";
import { isPlanInterval, SAVE_CARD_CONSENT_FIELD } from "./plan-choice";

/** The JSON API's fields: `"saveCardConsent": true`, `"planIntervalWeeks": 4 | 8` (which needs the consent). */
export const planIntervalField = z.number().int().refine(isPlanInterval, "planStart.intervalInvalid");
export const planApiFields = {
  saveCardConsent: z.boolean().optional(),
  planIntervalWeeks: planIntervalField.optional(),
};

/** The refinement of a body with planApiFields: a plan without the consent is refused, naming the consent. */
export function planConsentRule(body: { saveCardConsent?: boolean; planIntervalWeeks?: number }, ctx: z.RefinementCtx) {
  if (body.planIntervalWeeks !== undefined && body.saveCardConsent !== true) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: [SAVE_CARD_CONSENT_FIELD],
      message: "planStart.consentRequired",
    });
  }
}
