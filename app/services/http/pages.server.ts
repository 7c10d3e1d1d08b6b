// What page modules (app/routes/*.tsx and root) take from the server, from one module. The browser build
// replaces every `.server` module a page imports by an empty stand-in (Remix's classic compiler); each
// stand-in that two pages shared became a chunk of its own, 7-12 requests of 105 bytes on every page,
// which a phone on a slow network fetches before the page works (and Lighthouse counts before its first
// paint). Through this one module every page shares a single stand-in. Resource routes (*.ts) are not in
// the browser build and import their services directly; ESLint keeps page modules to this one. A page's
// own glue, used by no other page, sits beside it in its folder route and is imported from there (its
// stand-in joins the page's own chunk): app/routes/checkout/, app/routes/profile/.

// Named, never `export *`: a name no page takes is not exported here, so knip sees a dead export in its
// own module. A page needing one more function adds its name below.

// The framework's answers too: imported from @remix-run/node, a page had one more stand-in.
export { data, redirect } from "@remix-run/node";
// Addresses a page's loader or action redirects to (never its component: it imports lib/paths itself).
export { BOOKING_PATH, checkoutPath } from "~/lib/paths";
export {
  AccountError,
  RESET_TOKEN_TTL_MS,
  completeOnboarding,
  isResetTokenUsable,
  requestPasswordReset,
  resetPassword,
  setUserLocale,
  toPublicUser,
} from "../accounts/accounts.server";
export { confirmEmail } from "../accounts/email-confirmation.server";
export {
  INVITATION_PATH,
  InvitationError,
  invitationView,
  type InvitationView,
} from "../accounts/role-invitations.server";
export { accessLogPage, adminsForFilter, readAccessLogFilter } from "../admin/access-log.server";
export { recentActivity } from "../admin/activity.server";
export { AdminError, toDateKey } from "../admin/admin-error.server";
export { alertRecipients, sendAlert } from "../admin/alerts.server";
export { deactivatePrefix, openPrefix, servedAreas } from "../admin/areas.server";
export { daySheet, markPickup, sheetDate, undoPickupMark } from "../admin/day.server";
export { driverDay, driverRoute, nextStopAfter } from "../admin/driver.server";
export { holidayNames, holidaysAhead, openHoliday } from "../admin/holidays.server";
export { incidentWithHistory, listIncidents, recordIncident, updateIncident } from "../admin/incidents.server";
export { acceptAdminInvitation, adminTeam, inviteAdmin, revokeInvitation } from "../admin/invitations.server";
export { adminPickupView, correctFromAdmin, refundFromAdmin, viewPickupAsAdmin } from "../admin/pickup-view.server";
export { outboxPage, readOutboxStatus, resendEmail } from "../admin/outbox-list.server";
export {
  CODE_STATUSES,
  MAX_BATCH,
  createCodesAsAdmin,
  deactivateCode,
  listCodes,
  promoStats,
  readCodeFilter,
  recentRedemptions,
} from "../admin/promo-codes.server";
export { searchAsAdmin, SEARCH_LIMIT } from "../admin/people-search.server";
export { missedRefundRows, retryRefund, unsettledRefunds } from "../admin/refunds.server";
export { viewResidentAsAdmin } from "../admin/resident-view.server";
export {
  MAX_CAPACITY,
  closeDate,
  closeDatePreview,
  reopenDate,
  setSlotCapacity,
  slotsAhead,
} from "../admin/supply.server";
export { applyTemplate, parseTemplateForm, saveTemplate, weeklyTemplate } from "../admin/template.server";
export { notifyWaitlist, readWaitlistFilter, waitlistPage, waitlistSummary } from "../admin/waitlist-summary.server";
export { InvalidPostalPrefixError, checkServiceArea, isServedPrefix } from "../areas/service-areas.server";
export { joinWaitlist } from "../areas/waitlist.server";
export { BookingError } from "../booking/booking-error.server";
export { bookingPage, checkBookingChoice } from "../booking/choice.server";
export { DEFAULT_PROMO_PERCENT } from "../booking/promo-rules.server";
export { WEEKS_AHEAD } from "../booking/slot-supply.server";
export { askMaterials, listMaterials } from "../catalogue/materials.server";
export { fulfilHostedSession, fulfilPayment } from "../checkout/fulfil.server";
export { newCheckoutId, parseCheckoutId } from "../checkout/record.server";
export {
  finishSimulatedAuthentication,
  simulatedAuthentication,
  type CheckoutRef,
} from "../checkout/simulated-card.server";
export {
  PartnerError,
  addPartner,
  findPartner,
  listPartners,
  partnerCategoryChoices,
  partnersByCategory,
  partnersForGuide,
  removePartner,
  updatePartner,
} from "../impact/partners.server";
export { IntakeError, correctIntake, intakeDate, intakePage, recordIntake } from "../impact/intake.server";
export { diversionReport, readDiversionFilter, seasonDiverted } from "../impact/diversion.server";
export { residentImpact } from "../impact/resident-impact.server";
export { markAllNotificationsRead, markNotificationsRead, notificationsShown } from "../pickups/notifications.server";
export {
  findPickupForUser,
  homePickups,
  listPickups,
  pickupsOnClosedDates,
  taxNumbers,
} from "../pickups/pickups.server";
export { demandReport, readDemandFilter, servedPrefixList } from "../insights/demand.server";
export { moneyReport } from "../insights/money.server";
export { openNextRanking } from "../insights/open-next.server";
export { isStripe, paymentProvider } from "../payments/provider.server";
export { type StripeProvider } from "../payments/stripe.server";
export { env, whoWeAre } from "../platform/config.server";
export { translationsVersion } from "../platform/translate.server";
export { readUnsubscribeToken, unsubscribe } from "../platform/unsubscribe.server";
export { textsConfigured } from "../platform/sms.server";
export { adminForm, dayLabel, done, refused, refusedOnDate, samePage, unknownIntent } from "./admin-actions.server";
export { requireAdmin } from "./admin-auth.server";
export { changePasswordFromForm, signInFromForm, signUpFromForm } from "./auth-actions.server";
export {
  checkoutQuote,
  nextBookingStep,
  nextStepUrl,
  paidCheckoutView,
  readBookingContext,
  readCheckoutParams,
} from "./booking-steps.server";
export { createUserSession, destroyUserSession, getUser, getUserId, requireUser } from "./current-user.server";
export { rethrowDatabaseFault } from "./database-fault.server";
export { requireDriver } from "./driver-auth.server";
export { parseSubmission, rateLimited, reject, submissionOf } from "./forms.server";
export { honeypotInputProps, spamRejection } from "./honeypot.server";
export { getLanguage, getT, languageCookie } from "./language.server";
export { termsLanguageOf, termsText } from "./terms-page.server";
export {
  bagChangeView,
  bagsFromPage,
  bagsReturnFromStripe,
  cancelFromPage,
  changeRefused,
  legacyMoveRedirect,
  moveFromPage,
  movePage,
  paymentLedger,
  ownOrderOr404,
  refusedChoice,
  startModify,
} from "./order-actions.server";
export { bagsHostedFromPage, bagsReturnFromHosted } from "./bag-hosted.server";
export { orderDoorRecord, orderRemedy, remedyFromPage } from "./stop-remedies.server";
export { orderPlan, planFromPage } from "./plans.server";
export { planIdOf, planPayAction, planPayPage } from "./plan-pay.server";
export { bookForAction, bookForPage } from "./book-for.server";
export { phonePayAction, phonePayPage, phoneTokenOf } from "./phone-pay.server";
export { plansOverview } from "../admin/plans.server";
export {
  deleteAccountFromForm,
  deletionSummary,
  exportPage,
  sessionIntent,
  sessionsOf,
} from "./privacy-actions.server";
export { privacyPolicy } from "../privacy/policy.server";
export { AddressNotServedError, saveProfile } from "./profile-save.server";
export { RateLimitedError, hit } from "./rate-limit.server";
export { assertSameOrigin, readForm, requestOrigin } from "./request.server";
export {
  flashToast,
  makeToast,
  recentResetRequest,
  redirectParamPath,
  redirectWithToast,
  rememberRedirect,
  rememberResetRequest,
  takeToast,
  waitlistedHere,
} from "./toast.server";
