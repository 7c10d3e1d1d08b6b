// What the bell tells a resident about a pickup, written once, in the transaction of the fact, with the
// date and window of that moment (issue 33 part 8): a move adds "moved" and leaves "confirmed" as it was;
// a cancellation adds "cancelled" and leaves both. Read by pickups/notifications.
import { eq } from "drizzle-orm";
import { schema, type Db, type Tx } from "~/services/platform/db.server";
import { now } from "~/lib/clock";

export type PickupNoticeType = (typeof schema.pickupNotifications.$inferInsert)["type"];

/** Records the notice of `type` for the pickup, dated `at`, with the date and window of its slot now. */
export function recordPickupNotice(
  tx: Db | Tx,
  pickup: { id: number; userId: number; pickupSlotId: number },
  type: PickupNoticeType,
  at = now(),
) {
  const slot = tx
    .select({ date: schema.pickupSlots.date, window: schema.pickupSlots.window })
    .from(schema.pickupSlots)
    .where(eq(schema.pickupSlots.id, pickup.pickupSlotId))
    .get();
  if (!slot) return;
  tx.insert(schema.pickupNotifications)
    .values({
      userId: pickup.userId,
      pickupRequestId: pickup.id,
      type,
      date: slot.date,
      window: slot.window,
      createdAt: at,
    })
    .run();
}
