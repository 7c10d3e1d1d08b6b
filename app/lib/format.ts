// Dates and windows as residents read them, with the browser's own Intl (no date library shipped to
// phones). Calendar dates are 'YYYY-MM-DD' in Montreal; instants are shown in America/New_York.
import { intlLocale } from "./i18n";

export const ZONE = "America/New_York";

export const WINDOW_HOURS = {
  morning: { startHour: 8, endHour: 12 },
  afternoon: { startHour: 13, endHour: 17 },
} as const;

/** '8:00 AM - 12:00 PM' in English, '8 h - 12 h' in French. */
export function windowLabel(window: keyof typeof WINDOW_HOURS, lng: string): string {
  const { startHour, endHour } = WINDOW_HOURS[window];
  if (lng === "fr") return `${startHour} h - ${endHour} h`;
  const fmt = (h: number) => `${h % 12 === 0 ? 12 : h % 12}:00 ${h < 12 ? "AM" : "PM"}`;
  return `${fmt(startHour)} - ${fmt(endHour)}`;
}

/** A calendar date at noon UTC, formatted in UTC: the same day whatever the reader's zone. */
function calendarDate(date: string): Date {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y!, (m ?? 1) - 1, d ?? 1, 12));
}

/** 'Tuesday, December 1, 2026' / 'mardi 1 décembre 2026' (short: 'Tue, Dec 1' / 'mar. 1 déc.'). */
export function formatDate(date: string, lng: string, style: "long" | "short" = "long"): string {
  const options: Intl.DateTimeFormatOptions =
    style === "long"
      ? { weekday: "long", year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }
      : { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" };
  return new Intl.DateTimeFormat(intlLocale(lng), options).format(calendarDate(date));
}

export function formatDateTime(ms: number, lng: string): string {
  return new Intl.DateTimeFormat(intlLocale(lng), {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: ZONE,
  }).format(new Date(ms));
}
