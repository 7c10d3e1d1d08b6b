// A bag more or less on a booked pickup (issue 45 part 5). Until the 12-hour cutoff (lib/slots canChange,
// the one moves and cancellations use), a Scheduled pickup's bags change between 1, 2 and 4; the slot's
// capacity counts pickups, so no place is taken or freed. Priced by lib/bag-change (the booking's promo
// percentage kept). More bags: a second payment of the difference (bag-change-payment.server), applied
// here once it has succeeded; fewer bags: the difference refunded in full, spread over the pickup's
// payments (newest first), recorded pending in the change's transaction and sent after the commit
// (the reconcile finishes a refund a crash left pending). Each change is one transaction that checks the
// pickup still has the bags and total it was priced from, so a double request never applies twice.
import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { db, durably, schema, type Tx } from "~/services/platform/db.server";
import { BookingError } from "~/services/booking/booking-error.server";
import { pickupPayments, queuePickupBagsChanged } from "~/services/booking/pickup-emails.server";
import { paymentProvider } from "~/services/payments/provider.server";
import {
  claimFullRefund,
  clearRefundPending,
  findPaymentByProviderId,
  isSession,
  markFullyRefunded,
  markPaid,
  recordPendingRefund,
  refundingReason,
  rekeyPayment,
  undoFullRefundClaim,
} from "~/services/payments/ledger.server";
import { refundAtProvider } from "~/services/payments/provider-refunds.server";
import type { HostedCheckout, PaymentProvider, ProviderIntent } from "~/services/payments/provider-types";
import { bagChangePrice, canChangeBags, type BagChangePrice } from "~/lib/bag-change";
import { isFreeTotal, storedPriceColumns, type BagCount } from "~/lib/pricing";
import { now } from "~/lib/clock";
import type { Payment, PickupRequest, User } from "../../../db/schema";

/** What a bag-change payment's row stores (payments.booking): the change it pays for, with a reference. */
export type StoredBagChange = {
  ref: string;
  kind: "bag_change";
  pickupId: number;
  fromBags: BagCount;
  /** The new bags (named like a booking's, so readers of payments.booking find the bags there). */
  bags: BagCount;
  slotId: number;
  fromTotalCents: number;
  breakdown: BagChangePrice["breakdown"];
};

export function newBagChangeRef() {
  return `bc_${crypto.randomBytes(12).toString("hex")}`;
}

export function storedBagChange(payment: Pick<Payment, "booking">): StoredBagChange {
  return JSON.parse(payment.booking) as StoredBagChange;
}

/** True for a second payment of a pickup made for a bag change (never a booking of its own). */
export function isBagChangePayment(payment: Pick<Payment, "purpose">) {
  return payment.purpose === "bag_change";
}

function pickupWithSlot(tx: Tx | typeof db, pickupId: number) {
  const r = schema.pickupRequests;
  return tx
    .select({ pickup: r, slot: schema.pickupSlots })
    .from(r)
    .innerJoin(schema.pickupSlots, eq(schema.pickupSlots.id, r.pickupSlotId))
    .where(eq(r.id, pickupId))
    .get();
}

/**
 * The resident's own pickup whose bags may change now (404 for another's or none, 409 once cancelled,
 * past or inside the cutoff), with what `toBags` would cost or give back.
 */
export function bagChangeQuote(
  userId: number,
  pickupId: number,
  toBags: BagCount,
  at = now(),
  tx: Tx | typeof db = db,
) {
  const row = Number.isInteger(pickupId) && pickupId > 0 ? pickupWithSlot(tx, pickupId) : undefined;
  if (!row || row.pickup.userId !== userId) throw new BookingError("errors.orderNotFound", 404);
  const { pickup, slot } = row;
  if (pickup.status === "Cancelled") throw new BookingError("errors.alreadyCancelled", 409);
  if (pickup.status !== "Scheduled" || slot.startsAt <= at) throw new BookingError("errors.pickupPast", 409);
  if (!canChangeBags(slot.startsAt, at)) throw new BookingError("errors.tooLateToChange", 409);
  return { pickup, slot, price: bagChangePrice(pickup, toBags) };
}

/** The pickup's price columns for the new bags; the same calendar event one version later. */
function changedValues(price: BagChangePrice, at: number) {
  const b = price.breakdown;
  return {
    bagsRequested: b.bags,
    ...storedPriceColumns(b),
    modifiedAt: at,
    updatedAt: at,
  };
}

/** Writes the new bags, only if the pickup still has the bags and total it was priced from. */
function writeChange(tx: Tx, pickup: PickupRequest, price: BagChangePrice, at: number): PickupRequest | undefined {
  const r = schema.pickupRequests;
  return durably(
    tx
      .update(r)
      .set({ ...changedValues(price, at), calendarSequence: sql`${r.calendarSequence} + 1` })
      .where(
        and(
          eq(r.id, pickup.id),
          eq(r.status, "Scheduled"),
          eq(r.bagsRequested, pickup.bagsRequested),
          eq(r.totalCents, pickup.totalCents),
        ),
      )
      .returning(),
  );
}

function userOf(tx: Tx | typeof db, userId: number): User {
  return tx.select().from(schema.users).where(eq(schema.users.id, userId)).get()!;
}

export type BagChangeOutcome = {
  pickup: PickupRequest;
  /** Paid for this change (a bag more), in cents; 0 otherwise. */
  paidCents: number;
  /** Refunded for this change (fewer bags), in cents; 0 otherwise. */
  refundCents: number;
  /** False when nothing changed (the same bags, or this payment was applied already). */
  changed: boolean;
};

/**
 * The resident's change without a payment: fewer bags (the difference refunded in full), the same bags
 * (nothing happens), or more bags that cost nothing (a 100 % promo). More bags that cost more need the
 * difference paid first: 402 `errors.bagChangeNeedsPayment`.
 */
export async function changeBagsWithoutPayment(
  user: User,
  pickupId: number,
  toBags: BagCount,
  provider: PaymentProvider = paymentProvider(),
): Promise<BagChangeOutcome> {
  const at = now();
  const applied = db.transaction((tx) => {
    const { pickup, price } = bagChangeQuote(user.id, pickupId, toBags, at, tx);
    if (price.direction === "same") return { pickup, refunds: [], refundCents: 0, changed: false };
    if (price.differenceCents > 0 && !isFreeTotal(price.differenceCents)) {
      throw new BookingError("errors.bagChangeNeedsPayment", 402);
    }
    const changed = writeChange(tx, pickup, price, at);
    if (!changed) throw new BookingError("errors.bagChangeConflict", 409);
    const refundCents = Math.max(0, -price.differenceCents);
    const refunds = spreadRefund(tx, pickup, refundCents, at);
    queuePickupBagsChanged(tx, user, changed, { fromBags: pickup.bagsRequested, paidCents: 0, refundCents });
    return { pickup: changed, refunds, refundCents, changed: true };
  });
  for (const { payment, cents } of applied.refunds) await sendBagChangeRefund(provider, payment, cents);
  return { pickup: applied.pickup, paidCents: 0, refundCents: applied.refundCents, changed: applied.changed };
}

/**
 * The refund of fewer bags, spread over the pickup's payments newest first (a bag change's payment before
 * the booking's), each recorded pending on its payment in the change's transaction.
 */
export function spreadRefund(tx: Tx, pickup: Pick<PickupRequest, "id">, refundCents: number, at: number) {
  const refunds: Array<{ payment: Payment; cents: number }> = [];
  let owed = refundCents;
  for (const payment of pickupPayments(tx, pickup.id).reverse()) {
    if (owed <= 0) break;
    const left = payment.amountCents - payment.refundedCents;
    if (left <= 0) continue;
    const cents = Math.min(left, owed);
    recordPendingRefund(tx, payment, cents, at);
    refunds.push({ payment: { ...payment, refundedCents: payment.refundedCents + cents }, cents });
    owed -= cents;
  }
  return refunds;
}

/**
 * Sends a recorded bag-change refund to the provider (its refunds listed first: never twice) and clears
 * its pending mark; a provider error leaves it pending for the reconcile (bag-change-payment.server).
 */
export async function sendBagChangeRefund(provider: PaymentProvider, payment: Payment, cents: number) {
  if (payment.provider !== provider.name) return false;
  try {
    await refundAtProvider(provider, payment, cents, payment.refundedCents);
    clearRefundPending(payment.id);
    return true;
  } catch (error) {
    console.error(`[bag change] refund of ${cents} cents on payment #${payment.id} failed; retried hourly`, error);
    return false;
  }
}

/**
 * A bag-change payment that succeeded at the provider, applied to its pickup: read back (succeeded, our
 * amount, our reference), then in one transaction the pickup gets its new bags and price, the payment is
 * marked paid, and the e-mail is written. Applied already: the pickup as it is (exactly once). When the
 * pickup can no longer take it (cancelled, inside the cutoff, its bags changed meanwhile), the payment is
 * refunded in full and the reason thrown (409).
 */
export async function applyPaidBagChange(
  payment: Payment,
  provider: PaymentProvider = paymentProvider(),
): Promise<BagChangeOutcome> {
  const change = storedBagChange(payment);
  if (payment.status === "succeeded") return appliedAlready(change.pickupId);
  if (payment.status === "refunded" || refundingReason(payment)) throw new BookingError("errors.paymentRefunded", 409);
  if (payment.provider !== provider.name) throw new BookingError("errors.paymentNotFound", 404);
  const intent = await bagChangeIntent(payment, provider);
  if (
    !intent ||
    intent.status !== "succeeded" ||
    intent.amountCents !== payment.amountCents ||
    intent.metadata.bookingRef !== change.ref ||
    intent.metadata.pickupRequestId !== String(change.pickupId) ||
    intent.metadata.bags !== String(change.bags)
  ) {
    throw new BookingError("errors.paymentNotCompleted", 402);
  }
  const at = now();
  const result = db.transaction((tx) => applyInTransaction(tx, payment.id, change, intent, at), {
    behavior: "immediate",
  });
  if (result.kind === "applied") return result.outcome;
  return refundUnapplicable(payment, provider, result.reason);
}

/**
 * The intent that paid a bag change: its own, or a hosted Checkout Session's once paid (the row re-keyed to
 * that intent, as a booking's is); null while a session is unpaid (or unknown).
 */
export async function bagChangeIntent(payment: Payment, provider: PaymentProvider): Promise<ProviderIntent | null> {
  if (!isSession(payment)) return provider.retrieveIntent(payment.providerPaymentId);
  const intentId = await (provider as Partial<HostedCheckout>).sessionPaymentIntent?.(payment.providerPaymentId);
  if (!intentId) return null;
  if (!findPaymentByProviderId(intentId)) rekeyPayment(payment.id, intentId);
  return provider.retrieveIntent(intentId);
}

function appliedAlready(pickupId: number): BagChangeOutcome {
  const pickup = db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.id, pickupId)).get()!;
  return { pickup, paidCents: 0, refundCents: 0, changed: false };
}

function applyInTransaction(tx: Tx, paymentId: number, change: StoredBagChange, intent: ProviderIntent, at: number) {
  const fresh = tx.select().from(schema.payments).where(eq(schema.payments.id, paymentId)).get()!;
  if (fresh.status === "succeeded") return { kind: "applied" as const, outcome: appliedAlready(change.pickupId) };
  if (fresh.status === "refunded" || refundingReason(fresh))
    return { kind: "refused" as const, reason: "errors.paymentRefunded" };
  let quote;
  try {
    quote = bagChangeQuote(fresh.userId, change.pickupId, change.bags, at, tx);
  } catch (error) {
    if (error instanceof BookingError) return { kind: "refused" as const, reason: error.key };
    throw error;
  }
  const { pickup, price } = quote;
  if (pickup.bagsRequested !== change.fromBags || price.differenceCents !== fresh.amountCents) {
    return { kind: "refused" as const, reason: "errors.bagChangeConflict" };
  }
  const changed = writeChange(tx, pickup, price, at);
  if (!changed) return { kind: "refused" as const, reason: "errors.bagChangeConflict" };
  markPaid(tx, fresh.id, intent);
  const user = userOf(tx, fresh.userId);
  queuePickupBagsChanged(tx, user, changed, {
    fromBags: change.fromBags,
    paidCents: fresh.amountCents,
    refundCents: 0,
  });
  return {
    kind: "applied" as const,
    outcome: { pickup: changed, paidCents: fresh.amountCents, refundCents: 0, changed: true },
  };
}

/** A paid bag change its pickup can no longer take: refunded in full (once), and the reason thrown. */
async function refundUnapplicable(payment: Payment, provider: PaymentProvider, reason: string): Promise<never> {
  const claim = db.transaction((tx) => {
    const fresh = tx.select().from(schema.payments).where(eq(schema.payments.id, payment.id)).get()!;
    if (fresh.status === "refunded") return { fresh, ours: false, done: true };
    if (refundingReason(fresh)) return { fresh, ours: false, done: false };
    claimFullRefund(tx, fresh.id, reason);
    return { fresh, ours: true, done: false };
  });
  if (!claim.done) {
    try {
      await refundAtProvider(provider, claim.fresh, claim.fresh.amountCents, claim.fresh.amountCents);
    } catch (error) {
      if (claim.ours) undoFullRefundClaim(claim.fresh.id, reason, claim.fresh.failureCode);
      throw error;
    }
    markFullyRefunded(claim.fresh.id, claim.fresh.amountCents, reason);
  }
  throw new BookingError(reason === "errors.paymentRefunded" ? reason : "errors.bagChangeRefunded", 409);
}
