// One pickup as an admin reads it (issue 42), at /admin/pickups/{confirmationNumber}: the pickup, its
// resident (name, e-mail, phone), the address, the stop's history (services/stops: who marked, undid or
// corrected it, when), the correction of its mark and a full refund. Admins only (the route asks).
import { eq } from "drizzle-orm";
import { recordAdminLook } from "./access-log.server";
import { recordActivity } from "./activity.server";
import { AdminError } from "./admin-error.server";
import { correctPickup } from "./day.server";
import { db, schema } from "~/services/platform/db.server";
import { stopHistory } from "~/services/stops/history.server";
import { doorRecord } from "~/services/stops/door.server";
import { refundInFull, remedyView } from "~/services/stops/remedies.server";
import { StopError } from "~/services/stops/stop-error.server";
import { now } from "~/lib/clock";
import type { User } from "../../../db/schema";

export function adminPickupView(confirmationNumber: string | undefined, at = now()) {
  const row = confirmationNumber
    ? db
        .select({ pickup: schema.pickupRequests, slot: schema.pickupSlots, user: schema.users })
        .from(schema.pickupRequests)
        .innerJoin(schema.pickupSlots, eq(schema.pickupSlots.id, schema.pickupRequests.pickupSlotId))
        .innerJoin(schema.users, eq(schema.users.id, schema.pickupRequests.userId))
        .where(eq(schema.pickupRequests.confirmationNumber, confirmationNumber))
        .get()
    : undefined;
  if (!row) return null;
  const { pickup, slot, user } = row;
  const rebookOf = pickup.rebookOfId
    ? db
        .select({ cn: schema.pickupRequests.confirmationNumber })
        .from(schema.pickupRequests)
        .where(eq(schema.pickupRequests.id, pickup.rebookOfId))
        .get()?.cn
    : null;
  const remedy = remedyView(pickup, at);
  return {
    id: pickup.id,
    userId: pickup.userId,
    confirmationNumber: pickup.confirmationNumber,
    date: slot.date,
    window: slot.window,
    bags: pickup.bagsRequested,
    status: pickup.status,
    missedReason: pickup.missedReason,
    totalCents: pickup.totalCents,
    address: pickup.address,
    resident: { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email, phone: user.phone },
    history: stopHistory(pickup.id),
    canCorrect: (pickup.status === "Completed" || pickup.status === "Missed") && pickup.remedy === null,
    remedy: { chosen: remedy.chosen, rebookedAs: remedy.rebookedAs, refundStatus: remedy.refundStatus },
    refundCents: pickup.refundCents ?? 0,
    canRefund:
      (pickup.status === "Completed" || pickup.status === "Missed") && pickup.remedy === null && pickup.totalCents > 0,
    rebookOf: rebookOf ?? null,
    /** Issue 47: the bags collected and what was left at the door of a Completed stop. */
    door: doorRecord(db, pickup),
  };
}

/** The pickup as an admin opens it, the look kept in the access log (Law 25: who saw whose data). */
export function viewPickupAsAdmin(adminId: number, confirmationNumber: string | undefined, at = now()) {
  const view = adminPickupView(confirmationNumber, at);
  if (view)
    recordAdminLook({ adminId, subjectUserIds: [view.userId], what: "pickup", query: view.confirmationNumber, at });
  return view;
}

/** The admin's correction, logged in the activity log. */
export function correctFromAdmin(admin: User, pickupId: unknown, status: unknown, reason: unknown) {
  const result = correctPickup(admin, pickupId, status, reason);
  recordActivity(db, admin.id, "pickup.corrected", {
    confirmationNumber: result.confirmationNumber,
    status: result.status,
  });
  return result;
}

/** The admin's full refund of a marked pickup, through the provider, logged. */
export async function refundFromAdmin(admin: User, pickupId: number | null) {
  if (!pickupId) throw new AdminError("stops:errors.notFound", {}, 404);
  try {
    const result = await refundInFull(pickupId, { byAdmin: true });
    recordActivity(db, admin.id, "refund.full", {
      confirmationNumber: result.confirmationNumber,
      status: result.status,
    });
    return result;
  } catch (error) {
    if (error instanceof StopError) throw new AdminError(error.key, error.values, error.status);
    throw error;
  }
}
