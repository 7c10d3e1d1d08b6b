// Dates and windows as residents read them, with the browser's own Intl (no date library shipped to
// phones). Calendar dates are 'YYYY-MM-DD' in Montreal; instants are shown in America/New_York.
import { intlLocale } from "./i18n";

export const ZONE = "America/New_York";

export const WINDOW_HOURS = {
  morning: { startHour: 8, endHour: 12 },
  afternoon: { startHour: 13, endHour: 17 },
} as const;

/**
 * One time format per language, for windows and instants alike: '1:00 PM' and '3:07 PM' in English,
 * '13 h' and '15 h 07' in French (minutes shown unless on the hour).
 */
export function clockLabel(hour: number, minute: number, lng: string): string {
  const mm = String(minute).padStart(2, "0");
  if (lng === "fr") return minute === 0 ? `${hour} h` : `${hour} h ${mm}`;
  return `${hour % 12 === 0 ? 12 : hour % 12}:${mm} ${hour < 12 ? "AM" : "PM"}`;
}

/** '8:00 AM - 12:00 PM' in English, '8 h - 12 h' in French. */
export function windowLabel(window: keyof typeof WINDOW_HOURS, lng: string): string {
  const { startHour, endHour } = WINDOW_HOURS[window];
  return `${clockLabel(startHour, 0, lng)} - ${clockLabel(endHour, 0, lng)}`;
}

/** When the bags must be outside: the start of their window ('8:00 AM' or '1:00 PM'; '8 h' or '13 h'). */
export function bagsOutBy(window: keyof typeof WINDOW_HOURS, lng: string): string {
  return clockLabel(WINDOW_HOURS[window].startHour, 0, lng);
}

const FORMAT_OPTIONS = {
  long: { weekday: "long", year: "numeric", month: "long", day: "numeric", timeZone: "UTC" },
  short: { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" },
  monthDay: { month: "long", day: "numeric", timeZone: "UTC" },
  day: { year: "numeric", month: "short", day: "numeric", timeZone: ZONE },
  clock: { hour: "numeric", minute: "2-digit", hourCycle: "h23", timeZone: ZONE },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The Intl formatter of a language and use, built once and reused (building one is the costly part). */
function formatter(lng: string, use: keyof typeof FORMAT_OPTIONS): Intl.DateTimeFormat {
  const locale = intlLocale(lng);
  const key = `${locale}|${use}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, FORMAT_OPTIONS[use]);
    formatters.set(key, made);
  }
  return made;
}

/**
 * A sentence whose value ended in an abbreviation's period ('lun. 30 nov.' + '.') keeps one period:
 * exactly two periods become one; an ellipsis is left alone.
 */
export function singlePeriods(text: string): string {
  return text.replace(/(^|[^.])\.\.(?!\.)/g, "$1.");
}

/**
 * A calendar date 'YYYY-MM-DD' at noon UTC: formatted in UTC it is the same day whatever the reader's zone,
 * and day arithmetic on it needs no zone (nor luxon, costly per call).
 */
export function calendarDate(date: string): Date {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y!, (m ?? 1) - 1, d ?? 1, 12));
}

/**
 * 'Tuesday, December 1, 2026' / 'mardi 1 décembre 2026' (short: 'Tue, Dec 1' / 'mar. 1 déc.'; monthDay:
 * 'December 1' / '1 décembre').
 */
export function formatDate(date: string, lng: string, style: "long" | "short" | "monthDay" = "long"): string {
  return formatter(lng, style).format(calendarDate(date));
}

/** The time of an instant in Montreal, in the language's one time format ('3:07 PM' / '15 h 07'). */
export function formatTime(ms: number, lng: string): string {
  const parts = formatter(lng, "clock").formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return clockLabel(part("hour") % 24, part("minute"), lng);
}

/** 'Nov 24, 2026, 3:07 PM' / '24 nov. 2026, 15 h 07'. */
export function formatDateTime(ms: number, lng: string): string {
  return `${formatter(lng, "day").format(new Date(ms))}, ${formatTime(ms, lng)}`;
}
