// The notification bell: what a resident is told about their pickups (computed from them, app/lib
// notifications), and which of those they have read.
import { eq } from "drizzle-orm";
import { db, schema } from "~/services/platform/db.server";
import { now } from "~/lib/clock";
import { computeNotifications, type UserNotification } from "~/lib/notifications";
import { ordersWhere } from "./orders.server";

export function notificationsFor(userId: number, at = now()): UserNotification[] {
  const pickups = ordersWhere(userId)
    .all()
    .map(({ pickup, slot }) => ({
      id: pickup.id,
      confirmationNumber: pickup.confirmationNumber,
      status: pickup.status,
      createdAt: pickup.createdAt,
      modifiedAt: pickup.modifiedAt,
      cancelledAt: pickup.cancelledAt,
      refundStatus: pickup.refundStatus,
      startsAt: slot.startsAt,
      date: slot.date,
      window: slot.window,
    }));
  const list = computeNotifications(pickups, at);
  const read = new Set(
    db
      .select({ id: schema.notificationReads.notificationId })
      .from(schema.notificationReads)
      .where(eq(schema.notificationReads.userId, userId))
      .all()
      .map((r) => r.id),
  );
  return list.map((n) => ({ ...n, isRead: read.has(n.id) }));
}

export function markNotificationsRead(userId: number, ids: string[]) {
  const valid = new Set(notificationsFor(userId).map((n) => n.id));
  const wanted = ids.filter((id) => valid.has(id)).slice(0, 200);
  if (!wanted.length) return 0;
  db.transaction((tx) => {
    for (const notificationId of wanted) {
      tx.insert(schema.notificationReads).values({ userId, notificationId, readAt: now() }).onConflictDoNothing().run();
    }
  });
  return wanted.length;
}

export function markAllNotificationsRead(userId: number) {
  return markNotificationsRead(
    userId,
    notificationsFor(userId).map((n) => n.id),
  );
}
