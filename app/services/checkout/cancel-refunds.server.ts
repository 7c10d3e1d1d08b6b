// A cancelled pickup's refund and where it stands: sent when the pickup is cancelled, retried by the hourly
// reconcile while it is failed or pending (after listing the payment's refunds at the provider, so nothing
// is refunded twice), updated by Stripe's refund webhooks, and listed for admins while it is not settled.
// The pickup's refund_status is what the resident is told; the payment row counts only money that is back
// or on its way, and its failure_code marks what reconcile still has to settle.
import { and, asc, eq, gt, inArray, lte, or } from "drizzle-orm";
import { db, schema } from "~/services/platform/db.server";
import { findPaymentByProviderId, recordRefundOnPayment, REFUND_PENDING } from "~/services/payments/ledger.server";
import { refundStanding, refundUpTo } from "~/services/payments/provider-refunds.server";
import { paymentProvider } from "~/services/payments/provider.server";
import type { PaymentProvider, RefundStatus } from "~/services/payments/provider-types";
import { bagsChanged, sendChangedCancelRefund } from "./bag-change-cancel.server";
import { now } from "~/lib/clock";
import type { Payment, PickupRequest } from "../../../db/schema";

/** The pickups a refund is sent for: cancelled ones, and those we missed by our fault (issue 42). */
const REFUNDED_STATUSES: Array<PickupRequest["status"]> = ["Cancelled", "Missed"];

/** A cancelled pickup's refund the provider refused (or could not be reached for); retried hourly. */
const REFUND_FAILED = "refund_failed";

/**
 * What the resident is told about a pickup's refund: its stored status, or for pickups cancelled before
 * statuses were stored, what their payment's mark says. Null when nothing was to be refunded.
 */
export function refundStatusOf(
  pickup: Pick<PickupRequest, "refundCents" | "refundStatus">,
  payment: Pick<Payment, "provider" | "failureCode"> | null,
): RefundStatus | null {
  if (!pickup.refundCents || pickup.refundCents <= 0 || !payment || payment.provider === "free") return null;
  if (pickup.refundStatus) return pickup.refundStatus;
  if (payment.failureCode === REFUND_FAILED) return "failed";
  return payment.failureCode === REFUND_PENDING ? "pending" : "succeeded";
}

function cancelledWithRefund(where: ReturnType<typeof eq>) {
  return db
    .select({ pickup: schema.pickupRequests, payment: schema.payments })
    .from(schema.pickupRequests)
    .innerJoin(schema.payments, eq(schema.payments.id, schema.pickupRequests.paymentId))
    .where(
      and(
        where,
        // A cancellation's refund, or the full refund of a pickup we missed by our fault (services/stops).
        inArray(schema.pickupRequests.status, REFUNDED_STATUSES),
        gt(schema.pickupRequests.refundCents, 0),
        inArray(schema.payments.provider, ["simulated", "stripe"]),
      ),
    );
}

/**
 * Records where a cancelled pickup's refund stands: on the pickup for the resident, and on its payment
 * (the refunded money counts only when it is back or on its way; what is not settled stays marked).
 */
export function recordCancelRefund(pickup: PickupRequest, payment: Payment, status: RefundStatus) {
  const at = now();
  const refundCents = pickup.refundCents ?? 0;
  const counted = status !== "failed";
  db.transaction((tx) => {
    tx.update(schema.pickupRequests)
      .set({ refundStatus: status, updatedAt: at })
      .where(eq(schema.pickupRequests.id, pickup.id))
      .run();
    recordRefundOnPayment(
      tx,
      payment.id,
      {
        refundedCents: counted ? refundCents : 0,
        status: !counted ? "succeeded" : refundCents >= payment.amountCents ? "refunded" : "partially_refunded",
        failureCode: status === "succeeded" ? null : status === "pending" ? REFUND_PENDING : REFUND_FAILED,
      },
      at,
    );
  });
}

/**
 * Sends what the provider has not yet refunded of a cancelled pickup's refund (after listing its refunds)
 * and records where it stands. Null when the pickup has no refund to send; a provider error is thrown
 * with nothing recorded.
 */
export async function sendCancelRefund(provider: PaymentProvider, pickupId: number): Promise<RefundStatus | null> {
  const row = cancelledWithRefund(eq(schema.pickupRequests.id, pickupId)).get();
  if (!row || row.payment.provider !== provider.name) return null;
  // Its bags changed (issue 45 part 5): the refund is spread over its payments, each brought up to its own.
  if (bagsChanged(db, row.pickup, row.payment)) return sendChangedCancelRefund(provider, pickupId);
  const status = await refundUpTo(provider, row.payment.providerPaymentId, row.pickup.refundCents!);
  recordCancelRefund(row.pickup, row.payment, status);
  return status;
}

/**
 * A refund of this PaymentIntent changed at the provider (Stripe's charge.refund.updated): the cancelled
 * pickup it paid for gets the status the provider's list of refunds gives now. Null when the intent paid
 * for no cancelled pickup with a refund (a full refund of an unplaceable booking, say).
 */
export async function refreshCancelRefund(provider: PaymentProvider, intentId: string): Promise<RefundStatus | null> {
  const payment = findPaymentByProviderId(intentId);
  if (!payment) return null;
  const row = cancelledWithRefund(eq(schema.pickupRequests.paymentId, payment.id)).get();
  if (!row || row.payment.provider !== provider.name) return null;
  // A pickup whose bags changed is settled payment by payment (sendChangedCancelRefund), not from one intent.
  if (bagsChanged(db, row.pickup, row.payment)) return row.pickup.refundStatus;
  const status = await refundStanding(provider, intentId, row.pickup.refundCents!);
  if (status !== row.pickup.refundStatus || row.payment.failureCode)
    recordCancelRefund(row.pickup, row.payment, status);
  return status;
}

/**
 * Cancelled pickups whose refund is not settled (failed or pending, or marked so on their payment by an
 * older cancel), oldest first; `provider` narrows to one provider's, `changedBefore` to rows left alone
 * that long (a live request may be working on newer ones).
 */
export function unsettledCancelRefunds(
  options: { provider?: string; changedBefore?: number; limit?: number; pickupId?: number } = {},
) {
  const p = schema.payments;
  const r = schema.pickupRequests;
  return db
    .select({ pickup: r, payment: p, email: schema.users.email })
    .from(r)
    .innerJoin(p, eq(p.id, r.paymentId))
    .innerJoin(schema.users, eq(schema.users.id, r.userId))
    .where(
      and(
        inArray(r.status, REFUNDED_STATUSES),
        gt(r.refundCents, 0),
        inArray(p.provider, options.provider ? [options.provider as Payment["provider"]] : ["simulated", "stripe"]),
        or(inArray(r.refundStatus, ["pending", "failed"]), inArray(p.failureCode, [REFUND_PENDING, REFUND_FAILED])),
        options.changedBefore === undefined ? undefined : lte(p.updatedAt, options.changedBefore),
        options.pickupId === undefined ? undefined : eq(r.id, options.pickupId),
      ),
    )
    .orderBy(asc(r.cancelledAt), asc(r.id))
    .limit(options.limit ?? 500)
    .all();
}

/**
 * An admin's "retry now": the pickup's refund sent again at once, exactly as the hourly job would (the
 * payment's refunds listed first, so nothing is refunded twice). A provider error is thrown.
 */
export function retryCancelRefund(pickupId: number, provider: PaymentProvider = paymentProvider()) {
  return sendCancelRefund(provider, pickupId);
}
