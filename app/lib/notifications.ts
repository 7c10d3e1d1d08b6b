// Notifications computed from a resident's pickups (spec section 4): one pure function, used by the
// server (the bell works without JavaScript) and the API. Titles and messages are translation keys.
import { bagsOutBy, formatDate, formatDateTime, singlePeriods } from "./format";
import { isReminderDue, reminderWindow } from "./reminders";
import type { ShownNotification } from "./bell";

const HOUR = 60 * 60 * 1000;

type NotificationType =
  | "pickup_confirmed"
  | "pickup_reminder"
  | "pickup_modified"
  | "pickup_cancelled"
  | "pickup_date_closed"
  | "pickup_completed"
  | "pickup_missed"
  | "system"
  | "service_alert";

/**
 * A notice written when it happened (pickup_notifications), with the date and window of that moment:
 * what it said then, it keeps saying.
 */
export type StoredNotice = {
  pickupRequestId: number;
  type: "confirmed" | "moved" | "cancelled" | "completed" | "missed";
  date: string;
  window: "morning" | "afternoon";
  createdAt: number;
};

export type PickupForNotifications = {
  id: number;
  confirmationNumber: string;
  status: "Scheduled" | "Completed" | "Missed" | "Cancelled";
  createdAt: number;
  modifiedAt: number | null;
  cancelledAt: number | null;
  /** A cancelled pickup's refund at the provider; null when nothing was refunded. */
  refundStatus?: "succeeded" | "pending" | "failed" | null;
  /** The window's start; null when the pickup has no slot. */
  startsAt: number | null;
  date: string | null;
  window: "morning" | "afternoon" | null;
  /** The service closed the pickup's date (an admin, or a holiday): the resident must choose another. */
  dateClosed?: boolean;
};

export type AppNotification = {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  values: Record<string, string | number>;
  createdAt: number;
  pickupRequestId?: number;
  confirmationNumber?: string;
  /** The pickup was booked by the resident's plan (issue 45). */
  fromPlan?: boolean;
};

/** A cancellation's message says where its refund stands, never "on its way" when it failed. */
const CANCELLED_MESSAGE = {
  pending: "notifications.cancelledMessage",
  succeeded: "notifications.cancelledRefunded",
  failed: "notifications.cancelledRefundFailed",
  none: "notifications.cancelledNoRefund",
} as const;

/**
 * What the bell says at `at`. With no pickup yet, the welcome notice, dated when the resident joined
 * (`joinedAt`): a notice dated "now" would change on every page.
 */
export function computeNotifications(
  pickups: PickupForNotifications[],
  at: number,
  joinedAt: number = at,
  notices: StoredNotice[] = [],
): AppNotification[] {
  if (pickups.length === 0) {
    return [
      {
        id: "welcome",
        type: "system",
        title: "notifications.welcomeTitle",
        message: "notifications.welcomeMessage",
        values: {},
        createdAt: joinedAt,
      },
    ];
  }
  const list: AppNotification[] = [];
  const noticed = new Set(notices.map((n) => n.pickupRequestId));
  const byId = new Map(pickups.map((p) => [p.id, p]));
  for (const notice of notices) {
    const pickup = byId.get(notice.pickupRequestId);
    if (pickup) list.push(storedNotification(notice, pickup));
  }
  for (const pickup of pickups) {
    if (pickup.startsAt === null) continue;
    const base = {
      pickupRequestId: pickup.id,
      confirmationNumber: pickup.confirmationNumber,
      values: { confirmationNumber: pickup.confirmationNumber, date: pickup.date ?? "", window: pickup.window ?? "" },
    };
    // Confirmed, moved, cancelled, completed and missed were written when they happened (above); a pickup
    // without any written notice (booked before they were) has them computed from its row, as before.
    const written = noticed.has(pickup.id);
    if (pickup.status === "Cancelled") {
      if (written) continue;
      list.push({
        ...base,
        id: `cancelled-${pickup.id}`,
        type: "pickup_cancelled",
        title: "notifications.cancelledTitle",
        message: CANCELLED_MESSAGE[pickup.refundStatus ?? "none"],
        createdAt: pickup.cancelledAt ?? pickup.createdAt,
      });
      continue;
    }
    if (pickup.status === "Scheduled" && pickup.dateClosed) {
      // Dated just after the last change the resident made: no reminder for a date that will not happen.
      list.push({
        ...base,
        id: `date-closed-${pickup.id}`,
        type: "pickup_date_closed",
        title: "notifications.dateClosedTitle",
        message: "notifications.dateClosedMessage",
        createdAt: (pickup.modifiedAt ?? pickup.createdAt) + 1,
      });
      continue;
    }
    const h = (pickup.startsAt - at) / HOUR;
    if (h < 0 || pickup.status !== "Scheduled") continue;
    if (!written) pushLegacy(list, pickup, base);
    reminders(list, pickup, base, h, at);
  }
  return list.sort((a, b) => b.createdAt - a.createdAt);
}

type Base = Pick<AppNotification, "pickupRequestId" | "confirmationNumber" | "values">;

const STORED = {
  confirmed: {
    type: "pickup_confirmed",
    title: "notifications.confirmedTitle",
    message: "notifications.confirmedMessage",
  },
  moved: { type: "pickup_modified", title: "notifications.modifiedTitle", message: "notifications.modifiedMessage" },
  cancelled: { type: "pickup_cancelled", title: "notifications.cancelledTitle", message: "" },
  completed: {
    type: "pickup_completed",
    title: "notifications.completedTitle",
    message: "notifications.completedMessage",
  },
  missed: { type: "pickup_missed", title: "notifications.missedTitle", message: "notifications.missedMessage" },
} as const;

/** A written notice as the bell shows it; a cancellation's message says where its refund stands now. */
function storedNotification(notice: StoredNotice, pickup: PickupForNotifications): AppNotification {
  const kind = STORED[notice.type];
  const id = notice.type === "moved" ? `modified-${pickup.id}-${notice.createdAt}` : `${notice.type}-${pickup.id}`;
  return {
    id,
    type: kind.type,
    title: kind.title,
    message: notice.type === "cancelled" ? CANCELLED_MESSAGE[pickup.refundStatus ?? "none"] : kind.message,
    values: { confirmationNumber: pickup.confirmationNumber, date: notice.date, window: notice.window },
    createdAt: notice.createdAt,
    pickupRequestId: pickup.id,
    confirmationNumber: pickup.confirmationNumber,
  };
}

/** Confirmed and moved, computed from the pickup's row (pickups booked before notices were written). */
function pushLegacy(list: AppNotification[], pickup: PickupForNotifications, base: Base) {
  list.push({
    ...base,
    id: `confirmed-${pickup.id}`,
    type: "pickup_confirmed",
    title: "notifications.confirmedTitle",
    message: "notifications.confirmedMessage",
    createdAt: pickup.createdAt,
  });
  if (pickup.modifiedAt) {
    list.push({
      ...base,
      id: `modified-${pickup.id}-${pickup.modifiedAt}`,
      type: "pickup_modified",
      title: "notifications.modifiedTitle",
      message: "notifications.modifiedMessage",
      createdAt: pickup.modifiedAt,
    });
  }
}

/** Tomorrow, today and starting soon, from the window's start. */
function reminders(list: AppNotification[], pickup: PickupForNotifications, base: Base, h: number, at: number) {
  const startsAt = pickup.startsAt!;
  // The day-before reminder (lib/reminders): whenever its e-mail is due the bell shows it too.
  const reminderDue = isReminderDue(pickup, at);
  if (h > 2 && (h <= 24 || reminderDue) && startsAt > at) {
    const today = h <= 12;
    const dueFrom = pickup.date ? reminderWindow(pickup.date).from : startsAt - 24 * HOUR;
    list.push({
      ...base,
      id: `reminder-${today ? "today" : "tomorrow"}-${pickup.id}`,
      type: "pickup_reminder",
      title: today ? "notifications.todayTitle" : "notifications.tomorrowTitle",
      message: today ? "notifications.todayMessage" : "notifications.tomorrowMessage",
      createdAt: today ? startsAt - 12 * HOUR : Math.min(startsAt - 24 * HOUR, dueFrom),
    });
  }
  if (h > 0 && h <= 2) {
    const hours = Math.ceil(h);
    list.push({
      ...base,
      values: { ...base.values, hours },
      id: `soon-${pickup.id}`,
      type: "pickup_reminder",
      title: "notifications.soonTitle",
      message: "notifications.soonMessage",
      createdAt: startsAt - 2 * HOUR,
    });
  }
}

/** The notification's title and message in the reader's language (`t` of the orders namespace). */
export function notificationText(
  t: (key: string, values?: Record<string, unknown>) => string,
  n: Pick<AppNotification, "title" | "message" | "values">,
  formatDay: (date: string) => string,
  lng: string,
) {
  const window = n.values.window;
  // A service alert carries its message in both languages: the reader's is the one shown.
  const language = t("notifications.alertLanguage") === "fr" ? "fr" : "en";
  const values = {
    ...n.values,
    message: String(n.values[language] ?? ""),
    // Bags outside by the start of the pickup's window (8:00 AM or 1:00 PM).
    outBy: window === "morning" || window === "afternoon" ? bagsOutBy(window, lng) : "",
    count: Number(n.values.hours ?? 0),
    date: n.values.date ? formatDay(String(n.values.date)) : "",
  };
  return { title: singlePeriods(t(n.title, values)), message: singlePeriods(t(n.message, values)) };
}

export function shownNotification(
  t: (key: string, values?: Record<string, unknown>) => string,
  n: UserNotification,
  lng: string,
): ShownNotification {
  const text = notificationText(t, n, (date) => formatDate(date, lng, "short"), lng);
  return {
    id: n.id,
    isRead: n.isRead,
    ...(n.confirmationNumber ? { confirmationNumber: n.confirmationNumber } : {}),
    ...(n.fromPlan ? { fromPlan: true } : {}),
    ...text,
    when: formatDateTime(n.createdAt, lng),
  };
}

/** A notification with whether this resident has read it (read state is kept on the server). */
export type UserNotification = AppNotification & { isRead: boolean };
