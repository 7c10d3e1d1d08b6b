// Calendar rules in America/New_York (Montreal's clock): pickup windows, dates and their display.
import { DateTime } from "luxon";

import { calendarDate, WINDOW_HOURS, ZONE } from "./format";

export { ZONE };

const WINDOWS = WINDOW_HOURS;
export type PickupWindow = keyof typeof WINDOWS;

/**
 * What a pure function of an instant gives for that instant's minute: Montreal's dates change on a minute
 * (its offsets are whole hours), so every instant of one minute has the same date. Pages ask many times a
 * second for the same minute, and luxon's zone conversion is costly.
 */
export function perMinute<T>(compute: (ms: number) => T): (ms: number) => T {
  let last: { minute: number; value: T } | null = null;
  return (ms) => {
    const minute = Math.floor(ms / 60_000);
    if (last?.minute !== minute) last = { minute, value: compute(ms) };
    return last.value;
  };
}

/** 'YYYY-MM-DD' of an instant, in Montreal. */
export const dateKey = perMinute((ms) => DateTime.fromMillis(ms, { zone: ZONE }).toISODate()!);

export function windowStart(date: string, window: PickupWindow): number {
  return DateTime.fromISO(date, { zone: ZONE }).set({ hour: WINDOWS[window].startHour }).toMillis();
}

export function windowEnd(date: string, window: PickupWindow): number {
  return DateTime.fromISO(date, { zone: ZONE }).set({ hour: WINDOWS[window].endHour }).toMillis();
}

/** ISO weekday of a date: 1 = Monday ... 7 = Sunday. */
export function weekdayOf(date: string): number {
  return calendarDate(date).getUTCDay() || 7;
}

export function addDays(date: string, days: number): string {
  const day = calendarDate(date);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** The same day next month, or that month's last day ('2026-01-31' gives '2026-02-28'), as luxon's plus({ months: 1 }). */
export function sameDayNextMonth(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  const lastDay = new Date(Date.UTC(y!, m! + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y!, m!, Math.min(d!, lastDay))).toISOString().slice(0, 10);
}

export { bagsOutBy, formatDate, formatDateTime, windowLabel } from "./format";
