// Deleting an account cancels its coming pickups without the $2.30 fee (issue 43 part 7): exercising a
// privacy right costs nothing. In the deletion's own transaction each coming pickup is cancelled with its
// whole total to refund (marked pending, on the pickup and its payment, as a cancel does), and its slot's
// place is freed; no e-mail is written and no bell notice (the account is going: its last e-mail is the
// deletion's confirmation). After the commit the refunds are sent through the provider by the refunds'
// own machinery (checkout/cancel-refunds); one the provider refuses or cannot be reached for is retried by
// the hourly reconcile until it is settled, and admins see it at /admin/refunds meanwhile.
import { and, eq, gt, sql } from "drizzle-orm";
import { releasePlace } from "~/services/booking/book.server";
import { recordCancelRefund, sendCancelRefund } from "~/services/checkout/cancel-refunds.server";
import { bagsChanged, recordChangedCancelRefund } from "~/services/checkout/bag-change-cancel.server";
import { recordPendingRefund } from "~/services/payments/ledger.server";
import type { PaymentProvider, RefundStatus } from "~/services/payments/provider-types";
import { db, schema, type Tx } from "~/services/platform/db.server";
import { cancelRefundCents } from "./pickups.server";

/** The account's Scheduled pickups whose window has not ended, with their slot's start. */
export function comingPickups(tx: Pick<Tx, "select">, userId: number, at: number) {
  return tx
    .select({ id: schema.pickupRequests.id, startsAt: schema.pickupSlots.startsAt })
    .from(schema.pickupRequests)
    .innerJoin(schema.pickupSlots, eq(schema.pickupSlots.id, schema.pickupRequests.pickupSlotId))
    .where(
      and(
        eq(schema.pickupRequests.userId, userId),
        eq(schema.pickupRequests.status, "Scheduled"),
        gt(schema.pickupSlots.endsAt, at),
      ),
    )
    .all();
}

/**
 * In the caller's transaction: every coming pickup of the account cancelled, refunded in full (no fee),
 * its place freed. Answers the pickups cancelled and, of those, the ones with a refund to send.
 */
export function cancelComingWithoutFee(tx: Tx, userId: number, at: number) {
  const cancelled: number[] = [];
  const refunding: number[] = [];
  for (const { id } of comingPickups(tx, userId, at)) {
    const row = tx
      .select({ pickup: schema.pickupRequests, payment: schema.payments })
      .from(schema.pickupRequests)
      .leftJoin(schema.payments, eq(schema.payments.id, schema.pickupRequests.paymentId))
      .where(eq(schema.pickupRequests.id, id))
      .get()!;
    const { pickup, payment } = row;
    // The whole total, as for a date the service closed: no cancellation fee.
    const refundCents = cancelRefundCents(pickup.totalCents, true);
    const refunds = Boolean(payment && refundCents > 0 && payment.provider !== "free");
    const flipped = tx
      .update(schema.pickupRequests)
      .set({
        status: "Cancelled",
        cancelledAt: at,
        refundCents,
        refundStatus: refunds ? "pending" : null,
        calendarSequence: sql`${schema.pickupRequests.calendarSequence} + 1`,
        updatedAt: at,
      })
      .where(and(eq(schema.pickupRequests.id, pickup.id), eq(schema.pickupRequests.status, "Scheduled")))
      .run();
    if (flipped.changes !== 1) continue;
    releasePlace(tx, pickup.pickupSlotId);
    if (payment && refunds) {
      // A pickup whose bags changed (issue 45 part 5) has its money on several payments: spread over them.
      if (bagsChanged(tx, pickup, payment)) recordChangedCancelRefund(tx, pickup, refundCents, at);
      else recordPendingRefund(tx, payment, refundCents, at);
      refunding.push(pickup.id);
    }
    cancelled.push(pickup.id);
  }
  return { cancelled, refunding };
}

/**
 * After the commit: each refund sent through the provider (its refunds listed first, so none is made
 * twice) and where it stands recorded. A provider error is recorded as failed, for the hourly reconcile.
 */
export async function sendRefundsInFull(provider: PaymentProvider, pickupIds: number[]) {
  const statuses: Array<RefundStatus | null> = [];
  for (const id of pickupIds) {
    try {
      statuses.push(await sendCancelRefund(provider, id));
    } catch (error) {
      console.error(`[deletion] the full refund of pickup #${id} failed; retried hourly`, error);
      const row = db
        .select({ pickup: schema.pickupRequests, payment: schema.payments })
        .from(schema.pickupRequests)
        .innerJoin(schema.payments, eq(schema.payments.id, schema.pickupRequests.paymentId))
        .where(eq(schema.pickupRequests.id, id))
        .get();
      if (row) recordCancelRefund(row.pickup, { ...row.payment, refundedCents: 0 }, "failed");
      statuses.push("failed");
    }
  }
  return statuses;
}
