// The payment ledger: our row for every payment a resident starts (card, hosted page or free order),
// found by the provider's id or by the booking reference it carries, and its states. Every write to a
// payment row is a function of this module (grep `update(schema.payments` finds them all here). What the
// row pays for (the booking) is stored as JSON and read by the booking domain, never here.
import { and, eq, lte, sql } from "drizzle-orm";
import { db, durably, schema, type Db, type Tx } from "~/services/platform/db.server";
import { now } from "~/lib/clock";
import { CURRENCY } from "~/lib/pricing";
import type { Payment } from "../../../db/schema";
import type { ProviderIntent } from "./provider-types";

/**
 * A payment whose refund has been decided but may not have reached the provider yet carries this
 * prefix in failure_code (with the reason after it). It is written before the provider is asked, so a
 * crash in between leaves a trace that reconcilePayments() finishes; it is never booked meanwhile.
 */
export const REFUNDING = "refunding:";
/** The same for a cancelled pickup's partial refund (pickups/changes.server). */
export const REFUND_PENDING = "refund_pending";

/**
 * The one way a payment row is written: a card intent, a hosted Checkout Session, or a free order; with
 * `tx`, in that transaction (issue 45: a plan's cycle writes its payment with the pickup it books).
 */
export function recordPayment(
  input: {
    provider: Payment["provider"];
    providerPaymentId: string;
    userId: number;
    amountCents: number;
    /** What was priced (bags, slot, promo, breakdown, reference); stored as JSON. */
    booking: { ref: string };
    status?: Payment["status"];
    /** The checkout it was started on. */
    checkoutId?: string | null;
  },
  tx: Db | Tx = db,
): Payment {
  return durably(
    tx
      .insert(schema.payments)
      .values({
        provider: input.provider,
        providerPaymentId: input.providerPaymentId,
        userId: input.userId,
        amountCents: input.amountCents,
        currency: CURRENCY,
        booking: JSON.stringify(input.booking),
        ...(input.status ? { status: input.status } : {}),
        checkoutId: input.checkoutId ?? null,
        createdAt: now(),
        updatedAt: now(),
      })
      .returning(),
  );
}

export function findPaymentByProviderId(providerPaymentId: string) {
  return db.select().from(schema.payments).where(eq(schema.payments.providerPaymentId, providerPaymentId)).get();
}

/** The payment whose stored booking carries this reference (the webhook's metadata.bookingRef). */
export function findPaymentByRef(ref: string) {
  return db
    .select()
    .from(schema.payments)
    .where(sql`json_extract(${schema.payments.booking}, '$.ref') = ${ref}`)
    .get();
}

/** The hosted path: a Checkout Session's row is re-keyed to the PaymentIntent that paid it. */
export function rekeyPayment(paymentId: number, providerPaymentId: string) {
  db.update(schema.payments)
    .set({ providerPaymentId, updatedAt: now() })
    .where(eq(schema.payments.id, paymentId))
    .run();
}

/** The reason of a full refund decided but maybe not sent yet, or null. */
export function refundingReason(payment: Payment): string | null {
  return payment.failureCode?.startsWith(REFUNDING) ? payment.failureCode.slice(REFUNDING.length) : null;
}

/** Why a checkout's intent was cancelled unpaid (payments.failure_code, status "failed"): never reused or booked. */
export const INTENT_CANCELED = "intent_canceled";

/**
 * Why a hosted Checkout Session was released (payments.failure_code, with status "failed"): it expired
 * unpaid, or its delayed payment failed. Such a payment never books, whatever arrives later.
 */
export const HOSTED_RELEASED = { expired: "checkout_expired", failed: "async_payment_failed" } as const;

export function isReleasedHosted(payment: Payment) {
  return (
    payment.status === "failed" &&
    (payment.failureCode === HOSTED_RELEASED.expired || payment.failureCode === HOSTED_RELEASED.failed)
  );
}

/** A row still keyed by a hosted Checkout Session (re-keyed to its PaymentIntent once paid). */
export const isSession = (payment: Payment) => payment.providerPaymentId.startsWith("cs_");

/** A checkout's payment that can still be paid with: not booked, refunded, released or cancelled. */
export function isOpen(payment: Payment) {
  return (
    (payment.status === "requires_payment" || payment.status === "failed") &&
    !isReleasedHosted(payment) &&
    payment.failureCode !== INTENT_CANCELED &&
    !refundingReason(payment)
  );
}

/**
 * Writes a payment row for what was just opened at the provider; when the write fails (a full disk, a
 * locked database), the provider's side is undone (the intent cancelled, the session expired) so it can
 * never be paid without a row of ours, and the write's error is thrown (the request answers 503).
 */
export async function recordedOrUndone(record: () => Payment, undo: () => Promise<void>): Promise<Payment> {
  try {
    return record();
  } catch (error) {
    await undo().catch((undoError: unknown) =>
      // The resident never got its secret or page, so it cannot be paid; the reconcile would refund it anyway.
      console.error("[payments] could not undo an intent or session left without its payment row", undoError),
    );
    throw error;
  }
}

/** A new quote for an open payment (the promo or the address changed): its amount and what it pays for. */
export function repricePayment(payment: Payment, amountCents: number, booking: { ref: string }): Payment {
  const stored = JSON.stringify(booking);
  db.update(schema.payments)
    .set({ amountCents, booking: stored, updatedAt: now() })
    .where(eq(schema.payments.id, payment.id))
    .run();
  return { ...payment, amountCents, booking: stored };
}

/** An intent the provider no longer takes payment on (cancelled, or gone): never reused. */
export function markIntentCanceled(paymentId: number) {
  db.update(schema.payments)
    .set({ status: "failed", failureCode: INTENT_CANCELED, updatedAt: now() })
    .where(and(eq(schema.payments.id, paymentId), sql`${schema.payments.status} in ('requires_payment', 'failed')`))
    .run();
}

/** What a card confirmation answered: declined (failed, with the card's code) or awaiting its payment. */
export function recordCardOutcome(
  paymentId: number,
  status: "requires_payment" | "failed",
  failureCode: string | null,
) {
  db.update(schema.payments)
    .set({ status, failureCode, updatedAt: now() })
    .where(eq(schema.payments.id, paymentId))
    .run();
}

/** The bank's authentication step failed: the payment waits for another try, marked why. */
export function markAuthenticationFailed(paymentId: number) {
  db.update(schema.payments)
    .set({ status: "failed", failureCode: "authentication_failed", updatedAt: now() })
    .where(and(eq(schema.payments.id, paymentId), eq(schema.payments.status, "requires_payment")))
    .run();
}

/** The payment booked its pickup: paid, with the card it was paid with (in the booking's transaction). */
export function markPaid(tx: Tx, paymentId: number, card: Pick<ProviderIntent, "cardBrand" | "cardLast4">) {
  tx.update(schema.payments)
    .set({ status: "succeeded", cardBrand: card.cardBrand, cardLast4: card.cardLast4, updatedAt: now() })
    .where(eq(schema.payments.id, paymentId))
    .run();
}

/** A full refund decided (before the provider is asked): the payment never books meanwhile. */
export function claimFullRefund(tx: Tx, paymentId: number, reason: string) {
  tx.update(schema.payments)
    .set({ failureCode: `${REFUNDING}${reason}`, updatedAt: now() })
    .where(eq(schema.payments.id, paymentId))
    .run();
}

/** The provider refused the full refund: the payment is left as it was, so it can be tried again. */
export function undoFullRefundClaim(paymentId: number, reason: string, previousFailureCode: string | null) {
  db.update(schema.payments)
    .set({ failureCode: previousFailureCode, updatedAt: now() })
    .where(and(eq(schema.payments.id, paymentId), eq(schema.payments.failureCode, `${REFUNDING}${reason}`)))
    .run();
}

/** The full refund reached the provider: refunded, with its reason. */
export function markFullyRefunded(paymentId: number, amountCents: number, reason: string) {
  db.update(schema.payments)
    .set({ status: "refunded", refundedCents: amountCents, failureCode: reason, updatedAt: now() })
    .where(and(eq(schema.payments.id, paymentId), sql`${schema.payments.status} <> 'refunded'`))
    .run();
}

/** A hosted session released unpaid (expired, or its delayed payment failed): it never books. */
export function markHostedReleased(tx: Tx, paymentId: number, reason: keyof typeof HOSTED_RELEASED) {
  tx.update(schema.payments)
    .set({ status: "failed", failureCode: HOSTED_RELEASED[reason], updatedAt: now() })
    .where(eq(schema.payments.id, paymentId))
    .run();
}

/** A free order whose booking was refused: nothing was charged, the row is failed. */
export function markFreeFailed(paymentId: number) {
  db.update(schema.payments).set({ status: "failed", updatedAt: now() }).where(eq(schema.payments.id, paymentId)).run();
}

/** Free orders written but never booked (a crash in between), unchanged since `settledBefore`: failed. */
export function failFreeOrdersWithoutPickup(settledBefore: number, at = now()): number {
  const p = schema.payments;
  const noPickup = sql`not exists (select 1 from ${schema.pickupRequests} where ${schema.pickupRequests.paymentId} = ${p.id})`;
  return db
    .update(p)
    .set({ status: "failed", failureCode: "interrupted", updatedAt: at })
    .where(and(eq(p.provider, "free"), eq(p.status, "succeeded"), noPickup, lte(p.updatedAt, settledBefore)))
    .run().changes;
}

/** Where a cancelled pickup's refund stands, on its payment: the money back or on its way, and its mark. */
export function recordRefundOnPayment(
  tx: Tx,
  paymentId: number,
  values: Pick<Payment, "refundedCents" | "status" | "failureCode">,
  at = now(),
) {
  tx.update(schema.payments)
    .set({ ...values, updatedAt: at })
    .where(eq(schema.payments.id, paymentId))
    .run();
}

/**
 * A cancelled pickup's refund asked of the provider after the commit: `refundCents` more counted as refunded
 * on its payment, marked pending until the provider answers (checkout/cancel-refunds).
 */
export function recordPendingRefund(
  tx: Tx,
  payment: Pick<Payment, "id" | "refundedCents" | "amountCents">,
  refundCents: number,
  at = now(),
) {
  recordRefundOnPayment(
    tx,
    payment.id,
    {
      refundedCents: payment.refundedCents + refundCents,
      status: refundCents >= payment.amountCents ? "refunded" : "partially_refunded",
      failureCode: REFUND_PENDING,
    },
    at,
  );
}

/** Erasure (privacy/deidentify): the payment row rewritten with its personal columns emptied. */
export function erasePayment(tx: Tx, paymentId: number, values: Partial<Payment>) {
  tx.update(schema.payments).set(values).where(eq(schema.payments.id, paymentId)).run();
}
