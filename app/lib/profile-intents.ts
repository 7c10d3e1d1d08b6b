// The `intent` of the profile's small forms (shared by the page's forms and the server's action).
export const RESEND_CONFIRMATION_INTENT = "resend-confirmation";
export const CALENDAR_FEED_INTENT = "calendar-feed";
/** The profile's forms for texts and reminders (one action, told apart by `intent`). */
export const REMINDER_INTENTS = { verify: "verify-phone", resend: "resend-code", choices: "reminder-choices" } as const;
/**
 * Without JavaScript: the name of the submit control that looks the typed street up and lists the addresses
 * found (each a button that saves it). An <input type="submit"> (its value is its label), so the form's
 * buttons stay Save and the addresses.
 */
export const FIND_ADDRESS_FIELD = "findAddress";
/** The name of those buttons; the value is the address's signed position token. */
export const PICKED_ADDRESS_FIELD = "pickedAddress";

/**
 * The tokens of the addresses the look-up without JavaScript found (a refused form's values); null when not
 * asked. Here, not in lib/address-token, so that the page's own code does not carry the tokens' decoding,
 * which only the choices' island needs.
 */
export function addressChoicesOf(values: Record<string, unknown> | undefined): string[] | null {
  if (!values?.addressSearched) return null;
  return String(values.addressChoices ?? "")
    .split(" ")
    .filter(Boolean);
}
