// The second payment of a bag more (issue 45 part 5): an intent for the difference, with the same card
// choices as checkout (the card with JavaScript and 3-D Secure, the simulated card form without), kept on
// its own payment row that names its pickup and purpose ("bag_change": pickup_requests.payment_id stays
// the booking's one). Applied by bag-change.server once it has succeeded; the reconcile finishes a paid one
// that was not applied, and a refund of fewer bags a crash left pending.
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { db, schema } from "~/services/platform/db.server";
import { BookingError } from "~/services/booking/booking-error.server";
import { customerIdFor } from "~/services/payments/customers.server";
import { isSimulated, paymentProvider } from "~/services/payments/provider.server";
import {
  findPaymentByProviderId,
  isOpen,
  isSession,
  markIntentCanceled,
  recordCardOutcome,
  recordedOrUndone,
  recordPayment,
  REFUND_PENDING,
} from "~/services/payments/ledger.server";
import type { CardInput, HostedCheckout, PaymentProvider, ProviderIntent } from "~/services/payments/provider-types";
import { cancelAbandonedIntent } from "./card.server";
import {
  applyPaidBagChange,
  bagChangeIntent,
  bagChangeQuote,
  isBagChangePayment,
  newBagChangeRef,
  sendBagChangeRefund,
  storedBagChange,
  type BagChangeOutcome,
  type StoredBagChange,
} from "./bag-change.server";
import { AuthenticationRequired, CardError } from "./simulated-card.server";
import { contractMessageLanguage } from "~/lib/contract-language";
import { CURRENCY, isFreeTotal, type BagCount } from "~/lib/pricing";
import { now } from "~/lib/clock";
import type { Payment, User } from "../../../db/schema";

/** The bag-change payments of a pickup, the latest first. */
function bagChangePaymentsOf(pickupId: number): Payment[] {
  const p = schema.payments;
  return db
    .select()
    .from(p)
    .where(and(eq(p.pickupRequestId, pickupId), eq(p.purpose, "bag_change")))
    .orderBy(sql`${p.id} desc`)
    .all();
}

/**
 * Before a new payment for a pickup's bag change: its open ones at this provider read back (an intent, or
 * a hosted Checkout Session's once paid). One paid already (another tab, Stripe's page paid meanwhile) is
 * applied, and the resident told it is done (409 `errors.bagChangePaid`); the first that `reuse` answers
 * for (the same change, still payable) is kept; the others are cancelled (an intent) or expired (a
 * session), so they can never be paid. `attempts`: the pickup's bag-change payments so far.
 */
export async function settleOpenBagChanges<T>(
  pickupId: number,
  provider: PaymentProvider,
  reuse: (open: Payment, intent: ProviderIntent | null) => Promise<T | null>,
): Promise<{ reused: T | null; attempts: number }> {
  const previous = bagChangePaymentsOf(pickupId);
  for (const open of previous.filter((p) => p.provider === provider.name && isOpen(p))) {
    const intent = await bagChangeIntent(open, provider);
    if (intent?.status === "succeeded") {
      await applyPaidBagChange(findPaymentByProviderId(intent.id) ?? open, provider);
      throw new BookingError("errors.bagChangePaid", 409);
    }
    const reused = await reuse(open, intent);
    if (reused) return { reused, attempts: previous.length };
    if (isSession(open))
      await (provider as Partial<HostedCheckout>).expireSession?.(open.providerPaymentId).catch(() => undefined);
    else if (intent && intent.status !== "canceled") await provider.cancelIntent(open.providerPaymentId);
    markIntentCanceled(open.id);
  }
  return { reused: null, attempts: previous.length };
}

export type BagChangeIntent = {
  payment: Payment;
  clientSecret: string;
  paymentIntentId: string;
  amountCents: number;
  customerId: string;
};

/**
 * The intent for the difference of a bag more: the pickup's open one for the same change and amount when
 * it still takes a card (a reload, a decline, a second tab), else a new one (the others for this pickup
 * cancelled), under an idempotency key naming the pickup, the change and the attempt. Fewer bags, or more
 * that cost nothing, need no payment: 409 `errors.bagChangeNoPayment`.
 */
export async function startBagChangePayment(
  user: User,
  pickupId: number,
  toBags: BagCount,
  provider: PaymentProvider = paymentProvider(),
): Promise<BagChangeIntent> {
  const { pickup, slot, price } = bagChangeQuote(user.id, pickupId, toBags);
  if (price.direction !== "up" || isFreeTotal(price.differenceCents)) {
    throw new BookingError("errors.bagChangeNoPayment", 409);
  }
  const language = contractMessageLanguage(pickup.contractLanguage, user.locale);
  const customerId = await customerIdFor(user, provider, language);
  const { reused, attempts } = await settleOpenBagChanges(pickup.id, provider, async (open, intent) => {
    const change = storedBagChange(open);
    const same =
      change.fromBags === price.fromBags && change.bags === toBags && open.amountCents === price.differenceCents;
    const takesCard = intent?.status === "requires_payment_method" || intent?.status === "requires_action";
    if (!same || !takesCard || isSession(open)) return null;
    const clientSecret = await provider.intentClientSecret(open.providerPaymentId);
    return clientSecret
      ? {
          payment: open,
          clientSecret,
          paymentIntentId: open.providerPaymentId,
          amountCents: open.amountCents,
          customerId,
        }
      : null;
  });
  if (reused) return reused;
  const stored: StoredBagChange = {
    ref: newBagChangeRef(),
    kind: "bag_change",
    pickupId: pickup.id,
    fromBags: price.fromBags,
    bags: toBags,
    slotId: slot.id,
    fromTotalCents: pickup.totalCents,
    breakdown: price.breakdown,
  };
  const intent = await provider.createIntent({
    amountCents: price.differenceCents,
    currency: CURRENCY,
    metadata: {
      bookingRef: stored.ref,
      purpose: "bag_change",
      pickupRequestId: String(pickup.id),
      userId: String(user.id),
      fromBags: String(price.fromBags),
      bags: String(toBags),
    },
    description: `ReCircle ${pickup.confirmationNumber}: ${price.fromBags} → ${toBags}`,
    receiptEmail: user.email,
    customerId,
    idempotencyKey: `bag-change-${pickup.id}-${price.fromBags}-${toBags}-${attempts + 1}`,
  });
  const payment = await recordedOrUndone(
    () =>
      recordPayment({
        provider: provider.name,
        providerPaymentId: intent.id,
        userId: user.id,
        amountCents: price.differenceCents,
        booking: stored,
        pickupRequestId: pickup.id,
        purpose: "bag_change",
      }),
    () => provider.cancelIntent(intent.id),
  );
  return {
    payment,
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    amountCents: price.differenceCents,
    customerId,
  };
}

/**
 * The order page without JavaScript (simulated provider): one post opens the intent, confirms the card and
 * applies the change. A card that asks for 3-D Secure throws AuthenticationRequired (the simulated bank's
 * page, which applies the change through fulfilPayment once completed); a declined card, CardError.
 */
export async function payBagChangeWithSimulatedCard(
  user: User,
  pickupId: number,
  toBags: BagCount,
  card: CardInput,
): Promise<BagChangeOutcome> {
  const provider = paymentProvider();
  if (!isSimulated(provider)) throw new BookingError("errors.paymentSystem", 409);
  const { paymentIntentId, payment } = await startBagChangePayment(user, pickupId, toBags, provider);
  const result = await provider.confirmCard(paymentIntentId, card);
  if (!result.ok && "code" in result) {
    recordCardOutcome(payment.id, "failed", result.code);
    throw new CardError(result.code);
  }
  recordCardOutcome(payment.id, "requires_payment", null);
  if (!result.ok) {
    throw new AuthenticationRequired(
      `/payments/simulated/authenticate?payment_intent=${encodeURIComponent(paymentIntentId)}`,
    );
  }
  return applyPaidBagChange(findPaymentByProviderId(paymentIntentId)!, provider);
}

/**
 * The API's and the page's apply with a payment: the intent must be this resident's bag-change payment
 * for this very pickup and these bags (else 409 `errors.bagChangeMismatch`; unknown, 404).
 */
export async function changeBagsWithPayment(
  user: User,
  pickupId: number,
  toBags: BagCount,
  paymentIntentId: string,
  provider: PaymentProvider = paymentProvider(),
): Promise<BagChangeOutcome> {
  // The pickup is checked as the resident's first: someone else's reads as not found, whatever the intent.
  const own = db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.id, pickupId)).get();
  if (!own || own.userId !== user.id) throw new BookingError("errors.orderNotFound", 404);
  const payment = findPaymentByProviderId(paymentIntentId);
  if (!payment || payment.userId !== user.id) throw new BookingError("errors.paymentNotFound", 404);
  if (
    !isBagChangePayment(payment) ||
    payment.pickupRequestId !== pickupId ||
    storedBagChange(payment).bags !== toBags
  ) {
    throw new BookingError("errors.bagChangeMismatch", 409);
  }
  return applyPaidBagChange(payment, provider);
}

/**
 * The reconcile's part (start-up and hourly): a bag-change payment that succeeded but was not applied (the
 * browser or the server died in between) is applied, or refunded in full when its pickup can no longer
 * take it; one unpaid for an hour is cancelled; a refund of fewer bags left pending is sent.
 */
export async function reconcileBagChanges(provider: PaymentProvider, settledBefore: number, limit: number) {
  const report = { applied: 0, refunded: 0, abandoned: 0, refundsSent: 0, errors: 0 };
  const p = schema.payments;
  const open = db
    .select()
    .from(p)
    .where(
      and(
        eq(p.purpose, "bag_change"),
        eq(p.provider, provider.name),
        inArray(p.status, ["requires_payment", "failed"]),
        lte(p.updatedAt, settledBefore),
      ),
    )
    .orderBy(asc(p.id))
    .limit(limit)
    .all()
    .filter(isOpen);
  for (const payment of open) {
    try {
      const outcome = await applyPaidBagChange(payment, provider);
      if (outcome.changed) report.applied += 1;
    } catch (error) {
      if (error instanceof BookingError) {
        if (error.key === "errors.bagChangeRefunded") report.refunded += 1;
        else if (await cancelAbandonedIntent(payment, provider, now()).catch(() => false)) report.abandoned += 1;
        continue;
      }
      report.errors += 1;
      console.error(`[reconcile] bag change payment #${payment.id} could not be settled`, error);
    }
  }
  // Refunds of fewer bags recorded but not confirmed by the provider, on pickups not cancelled (a
  // cancelled pickup's refunds are the cancellation's: cancel-refunds).
  const r = schema.pickupRequests;
  const pending = db
    .select()
    .from(p)
    .where(
      and(
        eq(p.provider, provider.name),
        eq(p.failureCode, REFUND_PENDING),
        lte(p.updatedAt, settledBefore),
        sql`exists (select 1 from ${r} where (${r.id} = ${p.pickupRequestId} or ${r.paymentId} = ${p.id}) and ${r.status} in ('Scheduled', 'Completed'))`,
      ),
    )
    .limit(limit)
    .all();
  for (const payment of pending) {
    if (await sendBagChangeRefund(provider, payment, payment.refundedCents)) report.refundsSent += 1;
    else report.errors += 1;
  }
  return report;
}
