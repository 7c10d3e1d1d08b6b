// Calendar rules in America/New_York (Montreal's clock): pickup windows, dates and their display.
import { DateTime } from "luxon";

import { WINDOW_HOURS, ZONE } from "./format";

export { ZONE };

const WINDOWS = WINDOW_HOURS;
export type PickupWindow = keyof typeof WINDOWS;

/** 'YYYY-MM-DD' of an instant, in Montreal. */
export function dateKey(ms: number): string {
  return DateTime.fromMillis(ms, { zone: ZONE }).toISODate()!;
}

export function windowStart(date: string, window: PickupWindow): number {
  return DateTime.fromISO(date, { zone: ZONE }).set({ hour: WINDOWS[window].startHour }).toMillis();
}

export function windowEnd(date: string, window: PickupWindow): number {
  return DateTime.fromISO(date, { zone: ZONE }).set({ hour: WINDOWS[window].endHour }).toMillis();
}

/** A calendar date 'YYYY-MM-DD' as midnight UTC: day arithmetic on it needs no zone (and no luxon, costly per call). */
function utcDay(date: string): Date {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y!, (m ?? 1) - 1, d ?? 1));
}

/** ISO weekday of a date: 1 = Monday ... 7 = Sunday. */
export function weekdayOf(date: string): number {
  return utcDay(date).getUTCDay() || 7;
}

export function addDays(date: string, days: number): string {
  const day = utcDay(date);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

export { formatDate, formatDateTime, windowLabel } from "./format";
