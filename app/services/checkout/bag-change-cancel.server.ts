// Cancelling a pickup whose bags changed (issue 45 part 5). Its money is on several payments (the
// booking's and each bag more's), and a bag less already refunded part of them, so the cancellation's
// refund (the total minus $2.30, as for any pickup) is spread over the payments newest first and each
// payment's refunds are brought up to what is recorded on it (payments.refunded_cents counts them all),
// never up to the cancellation's amount alone (which would give back too little after a bag less, or ask
// the booking's payment for more than it holds after a bag more). Pickups that never changed keep the
// cancellation's own path (cancel-refunds.server).
import { and, eq, inArray, sql } from "drizzle-orm";
import { db, schema, type Tx } from "~/services/platform/db.server";
import { pickupPayments } from "~/services/booking/pickup-emails.server";
import { storedBooking } from "~/services/booking/stored-booking.server";
import { REFUND_PENDING } from "~/services/payments/ledger.server";
import type { PaymentProvider, RefundStatus } from "~/services/payments/provider-types";
import { sendBagChangeRefund, spreadRefund } from "./bag-change.server";
import { now } from "~/lib/clock";
import { isBagCount } from "~/lib/pricing";
import type { Payment, PickupRequest } from "../../../db/schema";

/** Whether the pickup's bags changed since it was booked: a bag more was paid, or its bags are not the booking's. */
export function bagsChanged(
  tx: Tx | typeof db,
  pickup: Pick<PickupRequest, "id" | "bagsRequested">,
  payment: Pick<Payment, "booking" | "provider"> | null,
) {
  const p = schema.payments;
  const paidChange = tx
    .select({ id: p.id })
    .from(p)
    .where(
      and(
        eq(p.pickupRequestId, pickup.id),
        eq(p.purpose, "bag_change"),
        inArray(p.status, ["succeeded", "refunded", "partially_refunded"]),
      ),
    )
    .limit(1)
    .get();
  if (paidChange) return true;
  if (!payment || payment.provider === "free") return false;
  try {
    // A booking's stored bags (older or hand-made rows may have none: then unchanged).
    const bags: unknown = storedBooking(payment).bags;
    return isBagCount(bags) && bags !== pickup.bagsRequested;
  } catch {
    return false;
  }
}

/** In the cancellation's transaction: its refund recorded pending over the pickup's payments, newest first. */
export function recordChangedCancelRefund(tx: Tx, pickup: Pick<PickupRequest, "id">, refundCents: number, at = now()) {
  return spreadRefund(tx, pickup, refundCents, at);
}

/**
 * Sends what is recorded but not confirmed on each payment of a changed, cancelled pickup (its refunds at
 * the provider listed first: never twice) and stores where the cancellation's refund stands on the pickup:
 * succeeded when every payment is settled, failed otherwise (the hourly reconcile retries it).
 */
export async function sendChangedCancelRefund(provider: PaymentProvider, pickupId: number): Promise<RefundStatus> {
  let ok = true;
  for (const payment of pickupPayments(db, pickupId)) {
    if (payment.failureCode !== REFUND_PENDING && payment.failureCode !== "refund_failed") continue;
    if (payment.failureCode === "refund_failed") {
      db.update(schema.payments).set({ failureCode: REFUND_PENDING }).where(eq(schema.payments.id, payment.id)).run();
    }
    if (!(await sendBagChangeRefund(provider, payment, payment.refundedCents))) ok = false;
  }
  const status: RefundStatus = ok ? "succeeded" : "failed";
  db.update(schema.pickupRequests)
    .set({ refundStatus: status, updatedAt: now() })
    .where(and(eq(schema.pickupRequests.id, pickupId), sql`${schema.pickupRequests.refundCents} > 0`))
    .run();
  return status;
}
