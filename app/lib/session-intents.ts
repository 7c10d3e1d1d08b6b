// The profile's session buttons: sign out one session (by its handle), or every other one. Without zod, so
// the profile's browser code does not carry it (issue 44, JS per page).
export const SIGN_OUT_SESSION_INTENT = "sign-out-session";
export const SIGN_OUT_OTHERS_INTENT = "sign-out-others";
