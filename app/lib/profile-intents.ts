// The `intent` of the profile's small forms (shared by the page's forms and the server's action).
export const RESEND_CONFIRMATION_INTENT = "resend-confirmation";
export const CALENDAR_FEED_INTENT = "calendar-feed";
/** Without JavaScript: look up the typed street and list the addresses found (each a button that saves it). */
export const FIND_ADDRESS_INTENT = "find-address";
/** The name of those buttons; the value is the address's signed position token. */
export const PICKED_ADDRESS_FIELD = "pickedAddress";
