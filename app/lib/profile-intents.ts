// The `intent` of the profile's small forms (shared by the page's forms and the server's action).
export const RESEND_CONFIRMATION_INTENT = "resend-confirmation";
export const CALENDAR_FEED_INTENT = "calendar-feed";
/**
 * Without JavaScript: the name of the submit control that looks the typed street up and lists the addresses
 * found (each a button that saves it). An <input type="submit"> (its value is its label), so the form's
 * buttons stay Save and the addresses.
 */
export const FIND_ADDRESS_FIELD = "findAddress";
/** The name of those buttons; the value is the address's signed position token. */
export const PICKED_ADDRESS_FIELD = "pickedAddress";
