// Calendar rules in America/New_York (Montreal's clock): pickup windows, dates and their display.
import { DateTime } from "luxon";
import { intlLocale } from "./i18n";

export const ZONE = "America/New_York";

export const WINDOWS = {
  morning: { startHour: 8, endHour: 12 },
  afternoon: { startHour: 13, endHour: 17 },
} as const;
export type PickupWindow = keyof typeof WINDOWS;

export function isPickupWindow(value: unknown): value is PickupWindow {
  return value === "morning" || value === "afternoon";
}

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

/** '8:00 AM - 12:00 PM' in English, '8 h - 12 h' in French. */
export function windowLabel(window: PickupWindow, lng: string): string {
  const { startHour, endHour } = WINDOWS[window];
  if (lng === "fr") return `${startHour} h - ${endHour} h`;
  const fmt = (h: number) => `${h % 12 === 0 ? 12 : h % 12}:00 ${h < 12 ? "AM" : "PM"}`;
  return `${fmt(startHour)} - ${fmt(endHour)}`;
}

/** 'Tuesday, December 1, 2026' / 'mardi 1 décembre 2026'. */
export function formatDate(date: string, lng: string, style: "long" | "short" = "long"): string {
  const dt = DateTime.fromISO(date, { zone: ZONE }).setLocale(intlLocale(lng));
  return style === "long"
    ? dt.toLocaleString({ weekday: "long", year: "numeric", month: "long", day: "numeric" })
    : dt.toLocaleString({ weekday: "short", month: "short", day: "numeric" });
}

export function formatDateTime(ms: number, lng: string): string {
  return DateTime.fromMillis(ms, { zone: ZONE })
    .setLocale(intlLocale(lng))
    .toLocaleString(DateTime.DATETIME_MED);
}
