// The business identity the production-mode servers of the tests and the bench run with (issue 43 part 1:
// production refuses to start with the development placeholders of app/services/platform/identity-check).
// Not anyone's real identity: shaped as real ones are (GST 9 digits RT 4 digits, QST 10 digits TQ 4 digits),
// so that the start check passes, and different from the defaults, so that a page showing a default is seen.
export const STAND_IN_IDENTITY = Object.freeze({
  BUSINESS_LEGAL_NAME: "Collecte Essai ReCircle inc.",
  BUSINESS_ADDRESS: "2020 Rue University, bureau 300, Montréal (Québec) H3A 2A5",
  SUPPORT_PHONE: "514-555-0142",
  SUPPORT_EMAIL: "support@essai.recircle.ca",
  PRIVACY_OFFICER_NAME: "Louise Bergeron",
  PRIVACY_OFFICER_EMAIL: "vie-privee@essai.recircle.ca",
  GST_NUMBER: "987654321 RT 0001",
  QST_NUMBER: "9876543210 TQ 0001",
  MAIL_FROM: "ReCircle <no-reply@essai.recircle.ca>",
});
