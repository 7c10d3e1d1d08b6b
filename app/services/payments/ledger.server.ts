// The payment ledger: our row for every payment a resident starts (card, hosted page or free order),
// found by the provider's id or by the booking reference it carries, and its refund states. What the
// row pays for (the booking) is stored as JSON and read by the booking domain, never here.
import { and, eq, sql } from "drizzle-orm";
import { db, schema } from "~/services/platform/db.server";
import { now } from "~/lib/clock";
import { CURRENCY } from "~/lib/pricing";
import type { Payment } from "../../../db/schema";
import type { PaymentProvider } from "./types";

/**
 * A payment whose refund has been decided but may not have reached the provider yet carries this
 * prefix in failure_code (with the reason after it). It is written before the provider is asked, so a
 * crash in between leaves a trace that reconcilePayments() finishes; it is never booked meanwhile.
 */
export const REFUNDING = "refunding:";
/** The same for a cancelled pickup's partial refund (orders/changes.server). */
export const REFUND_PENDING = "refund_pending";

/** The one way a payment row is written: a card intent, a hosted Checkout Session, or a free order. */
export function recordPayment(input: {
  provider: Payment["provider"];
  providerPaymentId: string;
  userId: number;
  amountCents: number;
  /** What was priced (bags, slot, promo, breakdown, reference); stored as JSON. */
  booking: { ref: string };
  status?: Payment["status"];
}): Payment {
  return db
    .insert(schema.payments)
    .values({
      provider: input.provider,
      providerPaymentId: input.providerPaymentId,
      userId: input.userId,
      amountCents: input.amountCents,
      currency: CURRENCY,
      booking: JSON.stringify(input.booking),
      ...(input.status ? { status: input.status } : {}),
      createdAt: now(),
      updatedAt: now(),
    })
    .returning()
    .get();
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

/** A cancelled pickup's refund reached the provider: the pending mark is cleared. */
export function refundSent(paymentId: number) {
  db.update(schema.payments)
    .set({ failureCode: null, updatedAt: now() })
    .where(and(eq(schema.payments.id, paymentId), eq(schema.payments.failureCode, REFUND_PENDING)))
    .run();
}

/**
 * Refunds at the provider so that it has refunded `refundedTotalCents` of this payment in all, safe to
 * repeat after a crash: Stripe de-duplicates by idempotency key (refund-<intent>-<cents>); the simulated
 * provider keeps its ledger in our database, which is read first so a repeat refunds nothing twice.
 */
export async function refundAtProvider(
  provider: PaymentProvider,
  payment: Payment,
  cents: number,
  refundedTotalCents: number,
) {
  if (cents <= 0 || payment.provider === "free") return;
  if (provider.name === "simulated") {
    const ledger = db
      .select({ refundedCents: schema.simulatedIntents.refundedCents })
      .from(schema.simulatedIntents)
      .where(eq(schema.simulatedIntents.id, payment.providerPaymentId))
      .get();
    const owed = refundedTotalCents - (ledger?.refundedCents ?? 0);
    if (owed <= 0) return;
    cents = Math.min(cents, owed);
  }
  await provider.refund(payment.providerPaymentId, cents);
}
