// The payment ledger: our row for every payment a resident starts (card, hosted page or free order),
// found by the provider's id or by the booking reference it carries, and its refund states. What the
// row pays for (the booking) is stored as JSON and read by the booking domain, never here.
import { eq, sql } from "drizzle-orm";
import { db, durably, schema } from "~/services/platform/db.server";
import { now } from "~/lib/clock";
import { CURRENCY } from "~/lib/pricing";
import type { Payment } from "../../../db/schema";
import type { PaymentProvider, ProviderRefund, RefundStatus } from "./types";

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
  /** The checkout it was started on. */
  checkoutId?: string | null;
}): Payment {
  return durably(
    db
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

/** The money an intent's refunds gave back (succeeded) and gave back or have on their way (covered). */
function refundTotals(refunds: ProviderRefund[]) {
  const sum = (statuses: RefundStatus[]) =>
    refunds.filter((r) => statuses.includes(r.status)).reduce((total, r) => total + r.amountCents, 0);
  return { succeeded: sum(["succeeded"]), covered: sum(["succeeded", "pending"]) };
}

/**
 * Brings the refunds of a paid intent up to `targetCents` in all, after listing those the provider
 * already has: a refund that reached the provider but whose answer was lost (or one made more than 24
 * hours ago, past Stripe's idempotency window) is found, never made twice. Only what no succeeded or
 * pending refund covers is asked for, under a key naming the intent, the amount and how many refunds
 * the intent had (so a retry after a failed refund is a new refund, and a repeat of the same retry is
 * de-duplicated). Answers where the target stands: succeeded (all back), pending (some on its way) or
 * failed (some refused); a provider error is thrown.
 */
export async function refundUpTo(
  provider: PaymentProvider,
  intentId: string,
  targetCents: number,
): Promise<RefundStatus> {
  const existing = await provider.listRefunds(intentId);
  const { succeeded, covered } = refundTotals(existing);
  if (succeeded >= targetCents) return "succeeded";
  if (covered >= targetCents) return "pending";
  const owed = targetCents - covered;
  const key = `refund-${intentId}-${owed}${existing.length ? `-${existing.length}` : ""}`;
  const refund = await provider.refund(intentId, owed, key);
  if (refund.status === "failed") return "failed";
  return refund.status === "pending" || covered > succeeded ? "pending" : "succeeded";
}

/**
 * Where the refunds of an intent stand against `targetCents`, from the provider's list, asking for
 * nothing: succeeded, pending, or failed while part of it is neither back nor on its way.
 */
export async function refundStanding(
  provider: PaymentProvider,
  intentId: string,
  targetCents: number,
): Promise<RefundStatus> {
  const { succeeded, covered } = refundTotals(await provider.listRefunds(intentId));
  if (succeeded >= targetCents) return "succeeded";
  return covered >= targetCents ? "pending" : "failed";
}

/**
 * Refunds at the provider so that it has refunded `refundedTotalCents` of this payment in all, safe to
 * repeat after a crash (refundUpTo lists the intent's refunds first). Throws when the provider refuses.
 */
export async function refundAtProvider(
  provider: PaymentProvider,
  payment: Payment,
  cents: number,
  refundedTotalCents: number,
) {
  if (cents <= 0 || payment.provider === "free") return;
  const status = await refundUpTo(provider, payment.providerPaymentId, refundedTotalCents);
  if (status === "failed") throw new Error(`Refund of ${payment.providerPaymentId} failed at the provider`);
}
