// The notification bell: what a resident is told about their pickups (what was written when it happened,
// pickup_notifications, and the reminders computed from the pickups, app/lib notifications), and which of
// those they have read.
import { desc, eq, sql } from "drizzle-orm";
import { db, perConnection, schema } from "~/services/platform/db.server";
import { now } from "~/lib/clock";
import type { Language } from "~/lib/i18n";
import {
  computeNotifications,
  shownNotification,
  type AppNotification,
  type UserNotification,
} from "~/lib/notifications";
import type { ShownNotification } from "~/lib/bell";
import { getTFor } from "~/services/platform/translate.server";

/** The two reads of the bell on every signed-in page, prepared once, reading only what it shows. */
const bellQueries = perConnection((db) => ({
  pickups: db
    .select({
      id: schema.pickupRequests.id,
      confirmationNumber: schema.pickupRequests.confirmationNumber,
      status: schema.pickupRequests.status,
      createdAt: schema.pickupRequests.createdAt,
      modifiedAt: schema.pickupRequests.modifiedAt,
      cancelledAt: schema.pickupRequests.cancelledAt,
      refundStatus: schema.pickupRequests.refundStatus,
      startsAt: schema.pickupSlots.startsAt,
      date: schema.pickupSlots.date,
      window: schema.pickupSlots.window,
      dateClosed: schema.pickupSlots.closed,
      planId: schema.pickupRequests.planId,
    })
    .from(schema.pickupRequests)
    .innerJoin(schema.pickupSlots, eq(schema.pickupSlots.id, schema.pickupRequests.pickupSlotId))
    .where(eq(schema.pickupRequests.userId, sql.placeholder("userId")))
    .orderBy(desc(schema.pickupSlots.startsAt), desc(schema.pickupRequests.id))
    .prepare(),
  read: db
    .select({ id: schema.notificationReads.notificationId })
    .from(schema.notificationReads)
    .where(eq(schema.notificationReads.userId, sql.placeholder("userId")))
    .prepare(),
  notices: db
    .select({
      pickupRequestId: schema.pickupNotifications.pickupRequestId,
      type: schema.pickupNotifications.type,
      date: schema.pickupNotifications.date,
      window: schema.pickupNotifications.window,
      createdAt: schema.pickupNotifications.createdAt,
    })
    .from(schema.pickupNotifications)
    .where(eq(schema.pickupNotifications.userId, sql.placeholder("userId")))
    .orderBy(desc(schema.pickupNotifications.createdAt))
    .limit(100)
    .prepare(),
  alerts: db
    .select({
      id: schema.serviceAlerts.id,
      date: schema.serviceAlerts.date,
      en: schema.serviceAlerts.messageEn,
      fr: schema.serviceAlerts.messageFr,
      createdAt: schema.serviceAlerts.createdAt,
    })
    .from(schema.serviceAlertRecipients)
    .innerJoin(schema.serviceAlerts, eq(schema.serviceAlerts.id, schema.serviceAlertRecipients.alertId))
    .where(eq(schema.serviceAlertRecipients.userId, sql.placeholder("userId")))
    .prepare(),
  joined: db
    .select({ createdAt: schema.users.createdAt })
    .from(schema.users)
    .where(eq(schema.users.id, sql.placeholder("userId")))
    .prepare(),
}));

export function notificationsFor(userId: number, at = now()): UserNotification[] {
  const queries = bellQueries();
  const pickups = queries.pickups.all({ userId });
  const joinedAt = pickups.length === 0 ? queries.joined.get({ userId })?.createdAt : undefined;
  // Service alerts an admin sent them (issue 35), in both languages (lib/notifications notificationText
  // shows the reader's).
  const alerts: AppNotification[] = queries.alerts.all({ userId }).map((a) => ({
    id: `alert-${a.id}`,
    type: "service_alert",
    title: "notifications.alertTitle",
    message: "notifications.alertMessage",
    values: { en: a.en, fr: a.fr, date: a.date },
    createdAt: a.createdAt,
  }));
  const list = [...alerts, ...computeNotifications(pickups, at, joinedAt ?? at, queries.notices.all({ userId }))].sort(
    (a, b) => b.createdAt - a.createdAt,
  );
  const read = new Set(queries.read.all({ userId }).map((r) => r.id));
  // Issue 45: a pickup a plan booked is labelled so in the bell.
  const planned = new Set(pickups.filter((p) => p.planId !== null).map((p) => p.id));
  return list.map((n) => ({
    ...n,
    isRead: read.has(n.id),
    ...(n.pickupRequestId && planned.has(n.pickupRequestId) ? { fromPlan: true } : {}),
  }));
}

/** The bell's (the first `limit`) and /notifications' list: each notification's texts in the reader's language. */
export async function notificationsShown(userId: number, lng: Language, limit?: number): Promise<ShownNotification[]> {
  const t = await getTFor(lng, "orders");
  return notificationsFor(userId)
    .slice(0, limit)
    .map((n) => shownNotification(t, n, lng));
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
