// What the bell tells a resident about a pickup, written once, in the transaction of the fact, with the
// date and window of that moment (issue 33 part 8): a move adds "moved" and leaves "confirmed" as it was;
// a cancellation adds "cancelled" and leaves both. Read by pickups/notifications.
import { eq, sql } from "drizzle-orm";
import { perConnection, schema, type Db, type Tx } from "~/services/platform/db.server";
import { now } from "~/lib/clock";

export type PickupNoticeType = (typeof schema.pickupNotifications.$inferInsert)["type"];

/** The two statements, prepared once per connection (a plan's renewals record thousands in a morning). */
const noticeStatements = perConnection((conn) => ({
  slot: conn
    .select({ date: schema.pickupSlots.date, window: schema.pickupSlots.window })
    .from(schema.pickupSlots)
    .where(eq(schema.pickupSlots.id, sql.placeholder("id")))
    .prepare(),
  insert: conn
    .insert(schema.pickupNotifications)
    .values({
      userId: sql.placeholder("userId"),
      pickupRequestId: sql.placeholder("pickupRequestId"),
      type: sql.placeholder("type"),
      date: sql.placeholder("date"),
      window: sql.placeholder("window"),
      createdAt: sql.placeholder("createdAt"),
    })
    .prepare(),
}));

/** Records the notice of `type` for the pickup, dated `at`, with the date and window of its slot now. */
export function recordPickupNotice(
  _tx: Db | Tx,
  pickup: { id: number; userId: number; pickupSlotId: number },
  type: PickupNoticeType,
  at = now(),
) {
  // On the connection `tx` belongs to (one per process): in its transaction.
  const statements = noticeStatements();
  const slot = statements.slot.get({ id: pickup.pickupSlotId });
  if (!slot) return;
  statements.insert.run({
    userId: pickup.userId,
    pickupRequestId: pickup.id,
    type,
    date: slot.date,
    window: slot.window,
    createdAt: at,
  });
}
