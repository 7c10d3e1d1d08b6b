// The day-before reminder's one rule (issue 35), pure and shared: the reminder job (e-mail and SMS) and
// the bell ask it what is due at an instant, so they agree.
import { DateTime } from "luxon";
import { addDays, dateKey, perMinute, ZONE } from "./dates";

/** Reminders go out at 17:00 Montreal time the day before the pickup. */
const REMINDER_HOUR = 17;

/** Each date's window, once: the bell asks it for every pickup on every signed-in page (luxon's zones are costly). */
const windows = new Map<string, { from: number; until: number }>();

/**
 * When the reminder for a pickup on `date` may be sent: from 17:00 Montreal time the day before (`from`)
 * until that day begins (`until`, midnight, excluded). A server down at 17:00 and up at 19:00 sends it at
 * 19:00 (catch-up); one up only on the pickup's morning sends none (too late to be useful); a pickup booked
 * after 17:00 the day before is due at once.
 */
export function reminderWindow(date: string): { from: number; until: number } {
  let window = windows.get(date);
  if (!window) {
    const day = DateTime.fromISO(date, { zone: ZONE });
    const from = DateTime.fromISO(`${addDays(date, -1)}T${String(REMINDER_HOUR).padStart(2, "0")}:00`, { zone: ZONE });
    window = { from: from.toMillis(), until: day.toMillis() };
    if (windows.size >= 1_000) windows.clear();
    windows.set(date, window);
  }
  return { ...window };
}

/** The one pickup date whose reminders are due at `at` (tomorrow, from 17:00 on), else null. */
export const reminderDateAt: (at: number) => string | null = perMinute((at) => {
  const local = DateTime.fromMillis(at, { zone: ZONE });
  return local.hour >= REMINDER_HOUR ? addDays(dateKey(at), 1) : null;
});

export type PickupForReminder = {
  status: "Scheduled" | "Completed" | "Missed" | "Cancelled";
  /** The pickup's (current) date; null without a slot. */
  date: string | null;
  /** The service closed the date: the resident must choose another, no reminder for it. */
  dateClosed?: boolean;
};

/** Is the reminder for this pickup due at `at`? Scheduled, on an open date, inside its window. */
export function isReminderDue(pickup: PickupForReminder, at: number): boolean {
  if (pickup.status !== "Scheduled" || pickup.dateClosed || !pickup.date) return false;
  return pickup.date === reminderDateAt(at);
}

type Reach = {
  channels: "email" | "sms" | "both";
  phone: string | null;
  phoneVerifiedAt: number | null;
  smsStoppedAt: number | null;
};

/** A text may go to a verified number that did not answer STOP. */
export function canText(user: Omit<Reach, "channels">): boolean {
  return Boolean(user.phone && user.phoneVerifiedAt !== null && user.smsStoppedAt === null);
}

/**
 * The resident's channels (e-mail, SMS, both); e-mail instead when SMS alone cannot be sent: no verified
 * number, STOP, or no text provider at all (`textsOn` false, issue 42: a text would not be sent).
 */
export function messageChannels(user: Reach, textsOn = true): ("email" | "sms")[] {
  const sms = textsOn && user.channels !== "email" && canText(user);
  if (!sms) return ["email"];
  return user.channels === "both" ? ["email", "sms"] : ["sms"];
}

export type PhoneState = "none" | "pending" | "verified" | "stopped";

export function phoneState(user: {
  phone: string | null;
  phoneVerifiedAt: number | null;
  smsStoppedAt: number | null;
}): PhoneState {
  if (!user.phone) return "none";
  if (user.smsStoppedAt !== null) return "stopped";
  return user.phoneVerifiedAt === null ? "pending" : "verified";
}
