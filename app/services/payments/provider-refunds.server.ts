// Refunds at the payment provider, always after listing what the provider already has: a refund whose
// answer was lost is found, never made twice. The ledger (ledger.server) records where they stand.
import type { Payment } from "../../../db/schema";
import type { PaymentProvider, ProviderRefund, RefundStatus } from "./provider-types";

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
