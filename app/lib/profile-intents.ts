// The `intent` of the profile's small forms (shared by the page's forms and the server's action).
export const RESEND_CONFIRMATION_INTENT = "resend-confirmation";
export const CALENDAR_FEED_INTENT = "calendar-feed";
