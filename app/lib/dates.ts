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

/** ISO weekday of a date: 1 = Monday ... 7 = Sunday. */
export function weekdayOf(date: string): number {
  return DateTime.fromISO(date, { zone: ZONE }).weekday;
}

export function addDays(date: string, days: number): string {
  return DateTime.fromISO(date, { zone: ZONE }).plus({ days }).toISODate()!;
}

export { formatDate, formatDateTime, windowLabel } from "./format";
