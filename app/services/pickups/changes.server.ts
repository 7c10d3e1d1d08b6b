// Moving and cancelling a pickup. Both are allowed while more than 12 hours remain before the window
// starts, or whenever the service closed its date (pickups.server's changeRefusal), are checked here on
// the server (not only hidden in the page), and run in one transaction. Cancelling refunds the total
// minus $2.30 (the whole total on a closed date) through the provider that took the payment.
import { and, eq, sql } from "drizzle-orm";
import { releasePlace, takePlace } from "~/services/booking/book.server";
import {
  queuePickupCancelled,
  queuePickupCancelledOnce,
  queuePickupMoved,
} from "~/services/booking/pickup-emails.server";
import { recordPickupNotice } from "~/services/booking/pickup-notices.server";
import { BookingError } from "~/services/booking/booking-error.server";
import { offeredSlot } from "~/services/booking/quote.server";
import { db, durably, schema } from "~/services/platform/db.server";
import { paymentProvider } from "~/services/payments/provider.server";
import { recordCancelRefund, sendCancelRefund } from "~/services/checkout/cancel-refunds.server";
import { recordPendingRefund } from "~/services/payments/ledger.server";
import {
  bagsChanged,
  recordChangedCancelRefund,
  sendChangedCancelRefund,
} from "~/services/checkout/bag-change-cancel.server";
import type { PaymentProvider, RefundStatus } from "~/services/payments/provider-types";
import { now } from "~/lib/clock";
import type { User } from "../../../db/schema";
import { cancelRefundCents, changeRefusal, findPickupById, ordersWhere } from "./pickups.server";

/** The resident's own pickup with its slot, or a not-found refusal (the same for someone else's). */
function ownPickup(userId: number, pickupId: number) {
  const row =
    Number.isInteger(pickupId) && pickupId > 0
      ? ordersWhere(userId, eq(schema.pickupRequests.id, pickupId)).get()
      : undefined;
  if (!row) throw new BookingError("errors.orderNotFound", 404);
  return row;
}

/** The pickup, when it can still change; otherwise why not. */
function changeablePickup(userId: number, pickupId: number, at: number) {
  const row = ownPickup(userId, pickupId);
  const refusal = changeRefusal(row.pickup.status, row.slot.startsAt, at, row.slot.closed);
  if (refusal) throw new BookingError(refusal, 409);
  return row;
}

/**
 * The pickup a resident starts moving from My Orders (the date picker opens for it): their own, and
 * still changeable. Refused as not found, or as too late to change.
 */
export function pickupToMove(userId: number, pickupId: number | null, at = now()) {
  const order = pickupId ? findPickupById(userId, pickupId, at) : null;
  if (!order) throw new BookingError("errors.orderNotFound", 404);
  if (!order.changes.allowed) throw new BookingError("errors.tooLateToChange", 409);
  return order;
}

/**
 * Cancels the pickup and refunds the total minus $2.30. The refund's status is stored on the pickup and
 * answered: "succeeded" (back on the card), "pending" (on its way) or "failed" (refused, or the provider
 * could not be reached: reconcile retries it hourly and admins see it); null when nothing was refunded.
 */
export async function cancelPickup(user: User, pickupId: number, provider: PaymentProvider = paymentProvider()) {
  const at = now();
  const { pickup, payment, slot } = changeablePickup(user.id, pickupId, at);
  // A date the service closed is refunded in full, with no fee.
  const refundCents = cancelRefundCents(pickup.totalCents, pickup.status === "Scheduled" && slot.closed);
  const refunding = Boolean(payment && refundCents > 0 && payment.provider !== "free");
  // Its bags changed (issue 45 part 5): the refund is spread over the pickup's payments (bag-change-cancel).
  const changed = Boolean(payment && refunding && bagsChanged(db, pickup, payment));
  // The status flips only if it is still Scheduled: two cancels at once cannot both refund.
  const cancelled = db.transaction((tx) => {
    const flipped = durably(
      tx
        .update(schema.pickupRequests)
        .set({
          status: "Cancelled",
          cancelledAt: at,
          refundCents,
          // Pending until the provider answers: a crash in between is finished by reconcilePayments().
          refundStatus: refunding ? "pending" : null,
          // The calendar event's cancellation outranks every earlier version of it.
          calendarSequence: sql`${schema.pickupRequests.calendarSequence} + 1`,
          updatedAt: at,
        })
        .where(and(eq(schema.pickupRequests.id, pickup.id), eq(schema.pickupRequests.status, "Scheduled")))
        .returning(),
    );
    if (!flipped) throw new BookingError("errors.alreadyCancelled", 409);
    releasePlace(tx, pickup.pickupSlotId);
    recordPickupNotice(tx, flipped, "cancelled", at);
    if (payment && refunding) {
      if (changed) recordChangedCancelRefund(tx, pickup, refundCents, at);
      else recordPendingRefund(tx, payment, refundCents, at);
    }
    // Nothing to refund: the e-mail is known now and written with the cancellation.
    if (!refunding) queuePickupCancelled(tx, user, flipped, refundCents, null);
    return flipped;
  });
  let refundStatus: RefundStatus | null = null;
  if (payment && refunding && changed) {
    refundStatus = await sendChangedCancelRefund(provider, cancelled.id);
  } else if (payment && refunding) {
    try {
      refundStatus = (await sendCancelRefund(provider, cancelled.id)) ?? "pending";
    } catch (error) {
      // The provider could not be asked (or answered an error): recorded as failed, which the hourly
      // reconcile retries after listing the payment's refunds (so a refund that did go through is found).
      console.error(`[cancel] refund of ${refundCents} cents for payment #${payment.id} failed`, error);
      refundStatus = "failed";
      recordCancelRefund(cancelled, { ...payment, refundedCents: 0 }, "failed");
    }
    if (refundStatus === "failed") console.error(`[cancel] refund of payment #${payment.id} failed; retried hourly`);
  }
  // After a refund: its line says where the money stands, which is known only now. A crash before this
  // line leaves the refund recorded without its e-mail: the reconcile writes it (step 5), once.
  if (refunding) queuePickupCancelledOnce(user, cancelled, refundCents, refundStatus);
  return { ...cancelled, refundStatus, refundFailed: refundStatus === "failed" };
}

/** Moves the pickup to another bookable slot: the old place is freed and the new one taken atomically. */
export async function modifyPickup(user: User, pickupId: number, newSlotId: number) {
  const at = now();
  const { pickup } = changeablePickup(user.id, pickupId, at);
  if (newSlotId === pickup.pickupSlotId) throw new BookingError("errors.sameSlot", 400);
  offeredSlot(newSlotId, pickup.postalFsa, at);
  const moved = db.transaction((tx) => {
    takePlace(tx, newSlotId);
    const updated = durably(
      tx
        .update(schema.pickupRequests)
        .set({
          pickupSlotId: newSlotId,
          modifiedAt: at,
          // The same calendar event (its UID), one version later.
          calendarSequence: sql`${schema.pickupRequests.calendarSequence} + 1`,
          updatedAt: at,
        })
        .where(
          and(
            eq(schema.pickupRequests.id, pickup.id),
            eq(schema.pickupRequests.status, "Scheduled"),
            eq(schema.pickupRequests.pickupSlotId, pickup.pickupSlotId),
          ),
        )
        .returning(),
    );
    if (!updated) throw new BookingError("errors.alreadyCancelled", 409);
    releasePlace(tx, pickup.pickupSlotId);
    recordPickupNotice(tx, updated, "moved", at);
    queuePickupMoved(tx, user, updated);
    return updated;
  });
  return moved;
}
