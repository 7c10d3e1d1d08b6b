// Refunds that are not settled, for admins: cancelled pickups whose refund the provider refused (failed) or
// has not finished (pending), with who is owed what and since when, and a "retry now" that sends it again
// as the hourly job would (the payment's refunds listed first, so nothing is refunded twice).
import { refundStatusOf, retryCancelRefund, unsettledCancelRefunds } from "~/services/checkout/cancel-refunds.server";
import { db } from "~/services/platform/db.server";
import type { User } from "../../../db/schema";
import { missedRefunds } from "~/services/stops/history.server";
import { recordActivity } from "./activity.server";
import { AdminError } from "./admin-error.server";

export type UnsettledRefund = {
  pickupId: number;
  confirmationNumber: string;
  email: string;
  amountCents: number;
  status: "pending" | "failed";
  /** When the pickup was cancelled (the refund owed since then). */
  since: number;
};

/** Oldest first: the longest-waiting resident on top. */
export function unsettledRefunds(): UnsettledRefund[] {
  return unsettledCancelRefunds().map(({ pickup, payment, email }) => ({
    pickupId: pickup.id,
    confirmationNumber: pickup.confirmationNumber,
    email,
    amountCents: pickup.refundCents ?? 0,
    status: refundStatusOf(pickup, payment) === "failed" ? "failed" : "pending",
    since: pickup.cancelledAt ?? pickup.updatedAt,
  }));
}

/**
 * Retries one unsettled refund now. Refused when the refund is not (or no longer) unsettled, or when the
 * provider could not be reached; the outcome is logged in the activity log.
 */
export async function retryRefund(admin: User, pickupId: number | null) {
  const row = pickupId ? unsettledCancelRefunds({ pickupId })[0] : undefined;
  if (!row) throw new AdminError("refunds.errors.settled", {}, 404);
  const confirmationNumber = row.pickup.confirmationNumber;
  let status;
  try {
    status = await retryCancelRefund(row.pickup.id);
  } catch (error) {
    console.error(`[admin] refund retry of pickup #${row.pickup.id} failed`, error);
    throw new AdminError("refunds.errors.provider", { confirmationNumber }, 502);
  }
  if (!status) throw new AdminError("refunds.errors.otherProvider", { confirmationNumber }, 409);
  recordActivity(db, admin.id, "refund.retry", { confirmationNumber, status });
  return { confirmationNumber, status };
}

/** Beside the cancellations: the full refunds of pickups we missed (issue 42), newest first. */
export function missedRefundRows() {
  return missedRefunds();
}
