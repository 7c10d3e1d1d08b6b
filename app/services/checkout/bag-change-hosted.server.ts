// A bag more paid without JavaScript on Stripe (issue 45 part 5): a hosted Checkout Session for exactly the
// difference, as a checkout's hosted path (hosted.server) but on the pickup's own bag-change payment row
// (purpose "bag_change", keyed by the session until it is paid, then re-keyed to its PaymentIntent). Its
// success URL comes back to the order page, whose loader reads the session back and applies the change
// through applyPaidBagChange, the one function the Payment Element's PUT, the webhook (checkout.session.
// completed → fulfilHostedSession → fulfilPayment) and the reconcile also end in: applied exactly once,
// refused for another pickup, bag count or amount, refunded in full when the pickup can no longer take it.
import crypto from "node:crypto";
import { BookingError } from "~/services/booking/booking-error.server";
import { customerIdFor } from "~/services/payments/customers.server";
import { isStripe, paymentProvider } from "~/services/payments/provider.server";
import { findPaymentByProviderId, recordedOrUndone, recordPayment } from "~/services/payments/ledger.server";
import type { PaymentProvider } from "~/services/payments/provider-types";
import { bagChangeQuote, storedBagChange, type BagChangeOutcome, type StoredBagChange } from "./bag-change.server";
import { changeBagsWithPayment, settleOpenBagChanges } from "./bag-change-payment.server";
import { oneAtATime } from "./record.server";
import { contractMessageLanguage } from "~/lib/contract-language";
import { CURRENCY, isFreeTotal, type BagCount } from "~/lib/pricing";
import { now } from "~/lib/clock";
import type { User } from "../../../db/schema";

const MINUTE = 60_000;

/** A Checkout Session's id as Stripe writes it (anything else in a return URL is not looked up). */
const isSessionId = (value: string) => /^cs_[A-Za-z0-9_]{8,200}$/.test(value);

/**
 * Stripe keeps a session open 30 minutes to 24 hours: until the pickup's 12-hour cutoff, within those
 * bounds (paid after the cutoff all the same, the difference is refunded in full).
 */
function sessionExpiry(startsAt: number, at: number) {
  const cutoff = startsAt - 12 * 60 * MINUTE; // lib/slots canChange's
  return Math.max(at + 31 * MINUTE, Math.min(cutoff, at + 23 * 60 * MINUTE));
}

/**
 * "Pay the difference" without JavaScript, with Stripe: the Checkout Session for exactly the difference of
 * `toBags` on this resident's pickup, its metadata naming the pickup, the bags and the amount. The open
 * session of the same change is answered again (a double submit, Back, a second tab: one session, under an
 * idempotency key naming the pickup, the new bags, the total paid so far and the attempt); one paid already
 * is applied (409 `errors.bagChangePaid`); the others are expired. One post at a time per pickup.
 */
export async function startHostedBagChange(
  user: User,
  pickupId: number,
  toBags: BagCount,
  urls: { successUrl: string; cancelUrl: string },
  provider: PaymentProvider = paymentProvider(),
): Promise<{ url: string; sessionId: string }> {
  if (!isStripe(provider)) throw new BookingError("errors.paymentSystem", 409);
  return oneAtATime(`bag-change-${pickupId}`, async () => {
    const { pickup, slot, price } = bagChangeQuote(user.id, pickupId, toBags);
    if (price.direction !== "up" || isFreeTotal(price.differenceCents)) {
      throw new BookingError("errors.bagChangeNoPayment", 409);
    }
    const { reused, attempts } = await settleOpenBagChanges(pickup.id, provider, async (open) => {
      const change = storedBagChange(open);
      const same =
        open.providerPaymentId.startsWith("cs_") &&
        change.fromBags === price.fromBags &&
        change.bags === toBags &&
        change.fromTotalCents === pickup.totalCents &&
        open.amountCents === price.differenceCents;
      const url = same ? await provider.openSessionUrl(open.providerPaymentId) : null;
      return url ? { url, sessionId: open.providerPaymentId } : null;
    });
    if (reused) return reused;
    const idempotencyKey = `bag-change-session-${pickup.id}-${toBags}-${pickup.totalCents}-${attempts + 1}`;
    const stored: StoredBagChange = {
      // Derived from the key: a retried request (Stripe answers the same session) records the same reference.
      ref: `bc_${crypto.createHash("sha256").update(idempotencyKey).digest("hex").slice(0, 24)}`,
      kind: "bag_change",
      pickupId: pickup.id,
      fromBags: price.fromBags,
      bags: toBags,
      slotId: slot.id,
      fromTotalCents: pickup.totalCents,
      breakdown: price.breakdown,
    };
    const language = contractMessageLanguage(pickup.contractLanguage, user.locale);
    const metadata = {
      bookingRef: stored.ref,
      purpose: "bag_change",
      pickupRequestId: String(pickup.id),
      userId: String(user.id),
      fromBags: String(price.fromBags),
      bags: String(toBags),
      amountCents: String(price.differenceCents),
    };
    const session = await provider.createCheckoutSession({
      amountCents: price.differenceCents,
      currency: CURRENCY,
      metadata,
      description: `ReCircle ${pickup.confirmationNumber}: ${price.fromBags} → ${toBags}`,
      customerId: await customerIdFor(user, provider, language),
      successUrl: urls.successUrl,
      cancelUrl: urls.cancelUrl,
      locale: language,
      expiresAt: sessionExpiry(slot.startsAt, now()),
      idempotencyKey,
    });
    await recordedOrUndone(
      () =>
        recordPayment({
          provider: provider.name,
          providerPaymentId: session.id,
          userId: user.id,
          amountCents: price.differenceCents,
          booking: stored,
          pickupRequestId: pickup.id,
          purpose: "bag_change",
        }),
      () => provider.expireSession(session.id),
    );
    return { url: session.url, sessionId: session.id };
  });
}

/**
 * Back on the order page from Stripe's page (`?bags=&session_id=`): the session read back and, paid for this
 * resident's pickup, these bags and exactly the difference, the change applied once (a reload, Back, a
 * second tab or the webhook first: the pickup as it is). Unpaid: 402 and nothing changes; another pickup's
 * or bags' session: 409 `errors.bagChangeMismatch`; unknown: 404.
 */
export async function applyHostedBagChange(
  user: User,
  pickupId: number,
  toBags: BagCount,
  sessionId: string,
  provider: PaymentProvider = paymentProvider(),
): Promise<BagChangeOutcome> {
  if (!isStripe(provider) || !isSessionId(sessionId)) throw new BookingError("errors.paymentNotFound", 404);
  // Still keyed by the session, or already re-keyed to the intent that paid it (the webhook came first).
  let payment = findPaymentByProviderId(sessionId);
  if (!payment) {
    const intentId = await provider.sessionPaymentIntent(sessionId);
    payment = intentId ? findPaymentByProviderId(intentId) : undefined;
  }
  return changeBagsWithPayment(user, pickupId, toBags, payment?.providerPaymentId ?? sessionId, provider);
}
