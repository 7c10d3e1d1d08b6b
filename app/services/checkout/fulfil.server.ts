// Fulfilment: a payment is read back from the provider (succeeded, for our amount, currency and
// booking), then booked in one transaction (booking/book.server), or refunded in full when it can no
// longer be placed. The browser, the hosted page's return, the webhook and the reconcile all end here;
// it is safe to call twice.
import { eq } from "drizzle-orm";
import { db, schema } from "~/services/platform/db.server";
import { bookInTransaction, paidPickupOf, pickupOfPayment } from "~/services/booking/book.server";
import { BookingError } from "~/services/booking/booking-error.server";
import { storedBooking } from "~/services/booking/stored-booking.server";
import { paymentProvider } from "~/services/payments/provider.server";
import {
  claimFullRefund,
  findPaymentByProviderId,
  findPaymentByRef,
  isOpen,
  isReleasedHosted,
  isSession,
  markFullyRefunded,
  refundingReason,
  rekeyPayment,
  undoFullRefundClaim,
} from "~/services/payments/ledger.server";
import { refundAtProvider } from "~/services/payments/provider-refunds.server";
import type { HostedCheckout, PaymentProvider } from "~/services/payments/provider-types";
import { keepCardAndStartPlan } from "./plan-after-payment.server";
import { acceptOnCheckout, CheckoutPaidError, paymentsOfCheckout, planOnCheckout } from "./record.server";
import type { ContractAcceptance } from "~/lib/contract-acceptance";
import type { PlanChoice } from "~/lib/plan-choice";
import type { Payment, PickupRequest, User } from "../../../db/schema";

/** A paid checkout answers with its pickup; an intent paid but not booked yet is booked now. */
export async function throwIfPaid(user: User, checkoutId: string, provider: PaymentProvider) {
  const paid = paidPickupOf(user.id, checkoutId);
  if (paid) throw new CheckoutPaidError(paid);
  for (const payment of paymentsOfCheckout(checkoutId)) {
    if (payment.provider !== provider.name || payment.status === "refunded" || !isOpen(payment)) continue;
    const intentId = isSession(payment)
      ? await (provider as Partial<HostedCheckout>).sessionPaymentIntent?.(payment.providerPaymentId)
      : payment.providerPaymentId;
    const intent = intentId ? await provider.retrieveIntent(intentId) : null;
    if (intent?.status !== "succeeded") continue;
    if (isSession(payment) && !findPaymentByProviderId(intent.id)) rekeyPayment(payment.id, intent.id);
    throw new CheckoutPaidError(await fulfilPayment(intent.id, { userId: user.id, provider }));
  }
}

function userOf(payment: Payment): User {
  return db.select().from(schema.users).where(eq(schema.users.id, payment.userId)).get()!;
}

/** A paid booking that cannot be placed is refunded in full, and the resident is told why. */
async function refundUnplaceable(
  payment: Payment,
  provider: PaymentProvider,
  reason: BookingError,
): Promise<PickupRequest> {
  // First, in one transaction: unless a pickup was booked for it meanwhile, record the decision.
  const claim = db.transaction((tx) => {
    const fresh = tx.select().from(schema.payments).where(eq(schema.payments.id, payment.id)).get()!;
    const booked = pickupOfPayment(tx, fresh.id);
    if (booked) return { booked } as const;
    if (fresh.status === "refunded")
      return { fresh, done: true, ours: false, key: fresh.failureCode ?? reason.key } as const;
    const pending = refundingReason(fresh);
    if (pending) return { fresh, done: false, ours: false, key: pending } as const;
    claimFullRefund(tx, fresh.id, reason.key);
    return { fresh, done: false, ours: true, key: reason.key } as const;
  });
  if ("booked" in claim && claim.booked) return claim.booked;
  const { fresh, key } = claim;
  if (!claim.done) {
    try {
      await refundAtProvider(provider, fresh, fresh.amountCents, fresh.amountCents);
    } catch (error) {
      // Not refunded: leave the payment as it was (ours to undo only), so it can be tried again.
      if (claim.ours) undoFullRefundClaim(fresh.id, reason.key, fresh.failureCode);
      throw error;
    }
    markFullyRefunded(fresh.id, fresh.amountCents, key);
  }
  throw new BookingError(key.startsWith("promo.") ? "errors.promoRefunded" : `${key}Refunded`, 409);
}

/**
 * Books the pickup a payment was made for, after reading the payment back from the provider: it must
 * have succeeded, for our amount and currency, for this booking. Safe to call twice (browser and webhook).
 */
export async function fulfilPayment(
  providerPaymentId: string,
  options: { userId?: number; provider?: PaymentProvider } = {},
): Promise<PickupRequest> {
  const provider = options.provider ?? paymentProvider();
  const payment = findPaymentByProviderId(providerPaymentId);
  if (!payment || (options.userId !== undefined && payment.userId !== options.userId)) {
    throw new BookingError("errors.paymentNotFound", 404);
  }
  const existing = pickupOfPayment(db, payment.id);
  if (existing) return keepCardAndStartPlan(payment, existing, payment.providerPaymentId, provider);
  if (payment.status === "refunded") throw new BookingError("errors.paymentRefunded", 409);
  if (isReleasedHosted(payment)) throw new BookingError("errors.paymentNotCompleted", 402);
  if (payment.provider !== provider.name) throw new BookingError("errors.paymentNotFound", 404);
  const intent = await provider.retrieveIntent(payment.providerPaymentId);
  const booking = storedBooking(payment);
  if (
    !intent ||
    intent.status !== "succeeded" ||
    intent.amountCents !== payment.amountCents ||
    intent.currency.toLowerCase() !== payment.currency ||
    intent.metadata.bookingRef !== booking.ref
  ) {
    throw new BookingError("errors.paymentNotCompleted", 402);
  }
  const user = userOf(payment);
  try {
    const { pickup } = bookInTransaction(payment, user, intent);
    // Issue 45: the consented card kept and the chosen plan started, once, whichever path fulfilled it.
    return await keepCardAndStartPlan(payment, pickup, intent.id, provider);
  } catch (error) {
    if (error instanceof BookingError) {
      if (error.key === "errors.paymentRefunded" || error.key === "errors.paymentNotCompleted") throw error;
      const pickup = await refundUnplaceable(payment, provider, error);
      return pickup;
    }
    throw error;
  }
}

/** The hosted Checkout path: the session was paid with a PaymentIntent; re-key our record to it and book. */
export async function fulfilHostedSession(
  sessionId: string,
  provider: PaymentProvider & { sessionPaymentIntent(id: string): Promise<string | null> },
  userId?: number,
) {
  const payment = findPaymentByProviderId(sessionId);
  if (!payment) {
    // Already re-keyed to its PaymentIntent (a reload of the return page, or the webhook came first).
    const intentId = await provider.sessionPaymentIntent(sessionId);
    const rekeyed = intentId ? findPaymentByProviderId(intentId) : undefined;
    if (!rekeyed || (userId !== undefined && rekeyed.userId !== userId))
      throw new BookingError("errors.paymentNotFound", 404);
    return fulfilPayment(intentId!, { userId, provider });
  }
  if (userId !== undefined && payment.userId !== userId) throw new BookingError("errors.paymentNotFound", 404);
  const intentId = await provider.sessionPaymentIntent(sessionId);
  if (!intentId) throw new BookingError("errors.paymentNotCompleted", 402);
  if (!findPaymentByProviderId(intentId)) rekeyPayment(payment.id, intentId);
  return fulfilPayment(intentId, { userId, provider });
}

/** Webhook: a PaymentIntent succeeded; book it if its browser never came back. */
export async function fulfilFromWebhook(intentId: string, bookingRef: string | undefined, provider: PaymentProvider) {
  let payment = findPaymentByProviderId(intentId);
  if (!payment && bookingRef) {
    payment = findPaymentByRef(bookingRef);
    if (payment) rekeyPayment(payment.id, intentId);
  }
  if (!payment) return null;
  return fulfilPayment(intentId, { provider });
}

/**
 * The JSON API's booking step: the payment must be this resident's and made for this very booking
 * (bags, slot, total in cents). A payment that already booked its pickup answers that pickup as `used`.
 * The resident's acceptance of the terms is written on the payment's checkout first; the pickup copies it.
 */
export async function bookPaidPickup(
  user: User,
  claim: {
    paymentIntentId: string;
    bags: number;
    slotId: number;
    totalCents: number;
    contract: ContractAcceptance;
    plan?: PlanChoice;
  },
): Promise<{ pickup: PickupRequest; used: boolean }> {
  const payment = findPaymentByProviderId(claim.paymentIntentId);
  if (!payment || payment.userId !== user.id) throw new BookingError("errors.paymentNotFound", 404);
  const used = pickupOfPayment(db, payment.id);
  if (used) return { pickup: used, used: true };
  const booking = storedBooking(payment);
  if (booking.bags !== claim.bags || booking.slotId !== claim.slotId || claim.totalCents !== payment.amountCents) {
    throw new BookingError("errors.priceChanged", 409);
  }
  acceptOnCheckout(user.id, payment.checkoutId, claim.contract);
  if (claim.plan) planOnCheckout(user.id, payment.checkoutId, claim.plan);
  return { pickup: await fulfilPayment(claim.paymentIntentId, { userId: user.id }), used: false };
}
