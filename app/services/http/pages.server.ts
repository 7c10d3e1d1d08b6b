// What page modules (app/routes/*.tsx and root) take from the server, from one module. The browser build
// replaces every `.server` module a page imports by an empty stand-in (Remix's classic compiler); each
// stand-in that two pages shared became a chunk of its own, 7-12 requests of 105 bytes on every page,
// which a phone on a slow network fetches before the page works (and Lighthouse counts before its first
// paint). Through this one module every page shares a single stand-in. Resource routes (*.ts) are not in
// the browser build and import their services directly; ESLint keeps page modules to this one.

// The framework's answers too: imported from @remix-run/node, a page had one more stand-in.
export { data, redirect } from "@remix-run/node";
export * from "../accounts/accounts.server";
export * from "../accounts/profile.server";
export * from "../accounts/phone.server";
export * from "../accounts/role-invitations.server";
export * from "../admin/activity.server";
export * from "../admin/alerts.server";
export * from "../admin/areas.server";
export * from "../admin/day.server";
export * from "../admin/driver.server";
export * from "../admin/errors.server";
export * from "../admin/incidents.server";
export * from "../admin/holidays.server";
export * from "../admin/invitations.server";
export * from "../admin/outbox.server";
export * from "../admin/promos.server";
export * from "../admin/refunds.server";
export * from "../admin/supply.server";
export * from "../admin/template.server";
export * from "../admin/waitlist.server";
export * from "../areas/service-areas.server";
export * from "../areas/waitlist.server";
export * from "../booking/errors.server";
export * from "../checkout/free.server";
export * from "../checkout/fulfil.server";
export * from "../checkout/hosted.server";
export * from "../checkout/record.server";
export * from "../checkout/simulated-card.server";
export * from "../booking/choice.server";
export * from "../booking/promos.server";
export * from "../booking/quote.server";
export * from "../booking/slot-supply.server";
export * from "../catalogue/materials.server";
export { readUnsubscribeToken, unsubscribe } from "../platform/unsubscribe.server";
export * from "./admin-actions.server";
export * from "./admin-auth.server";
export * from "./auth-actions.server";
export * from "./booking-steps.server";
export * from "./reminder-actions.server";
export * from "./checkout-actions.server";
export * from "./database-fault.server";
export * from "./driver-auth.server";
export * from "./forms.server";
export * from "./honeypot.server";
export * from "./i18n.server";
export * from "./order-actions.server";
export * from "./privacy-actions.server";
export * from "./profile-save.server";
export * from "./rate-limit.server";
export * from "./request.server";
export * from "./session.server";
export * from "./toast.server";
export * from "../orders/notifications.server";
export * from "../orders/orders.server";
export * from "../payments/index.server";
export * from "../payments/stripe.server";
export * from "../platform/config.server";
export * from "../platform/i18n.server";
export * from "../accounts/email-confirmation.server";
export * from "./profile-extras.server";
