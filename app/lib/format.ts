// Dates and windows as residents read them, with the browser's own Intl (no date library shipped to
// phones). Calendar dates are 'YYYY-MM-DD' in Montreal; instants are shown in America/New_York.

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

// Names as en-CA and fr-CA write them (CLDR, as Node's and Chromium's Intl have them). Formatting with them
// instead of Intl keeps the browser from loading its locale data while it hydrates a page (issue 44, Lighthouse:
// the first Intl formatter a page builds costs 12-18 ms of a desktop CPU, one blocking task on a phone).
// tests/unit/format-names.test.ts compares every day of several years, in every style, with Intl's. Plain
// literals (no call at the module's top level): a page whose browser code only imports this module, its uses
// being in a loader, then does not carry it (issue 44, JavaScript budget).
const NAMES = {
  en: {
    months: [
      "January",
      "February",
      "March",
      "April",
      "May",
      "June",
      "July",
      "August",
      "September",
      "October",
      "November",
      "December",
    ],
    monthsShort: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
    weekdays: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
    weekdaysShort: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
  },
  fr: {
    months: [
      "janvier",
      "février",
      "mars",
      "avril",
      "mai",
      "juin",
      "juillet",
      "août",
      "septembre",
      "octobre",
      "novembre",
      "décembre",
    ],
    monthsShort: ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juill.", "août", "sept.", "oct.", "nov.", "déc."],
    weekdays: ["dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"],
    weekdaysShort: ["dim.", "lun.", "mar.", "mer.", "jeu.", "ven.", "sam."],
  },
};

type DayParts = { year: number; month: number; day: number; weekday: number };

/** The year, month (0-11), day and weekday (0 = Sunday) of an instant, read in UTC; a RangeError if invalid. */
function utcParts(instant: Date): DayParts {
  if (Number.isNaN(instant.getTime())) throw new RangeError("Invalid time value");
  return {
    year: instant.getUTCFullYear(),
    month: instant.getUTCMonth(),
    day: instant.getUTCDate(),
    weekday: instant.getUTCDay(),
  };
}

/** 'Tuesday, December 1, 2026' and its shorter forms, in the language's order and names. */
function dayText(parts: DayParts, lng: string, style: "long" | "short" | "monthDay" | "day"): string {
  const fr = lng === "fr";
  const names = fr ? NAMES.fr : NAMES.en;
  const { year, month, day, weekday } = parts;
  switch (style) {
    case "long":
      return fr
        ? `${names.weekdays[weekday]} ${day} ${names.months[month]} ${year}`
        : `${names.weekdays[weekday]}, ${names.months[month]} ${day}, ${year}`;
    case "short":
      return fr
        ? `${names.weekdaysShort[weekday]} ${day} ${names.monthsShort[month]}`
        : `${names.weekdaysShort[weekday]}, ${names.monthsShort[month]} ${day}`;
    case "monthDay":
      return fr ? `${day} ${names.months[month]}` : `${names.months[month]} ${day}`;
    case "day":
      return fr ? `${day} ${names.monthsShort[month]} ${year}` : `${names.monthsShort[month]} ${day}, ${year}`;
  }
}

const HOUR = 3_600_000;

/**
 * Whether daylight time is on in Montreal at an instant, by the rule in force since 2007 (every instant this
 * service shows is later): from the second Sunday of March at 2:00 standard time (7:00 UTC) to the first Sunday
 * of November at 2:00 daylight time (6:00 UTC).
 */
function daylightTime(ms: number): boolean {
  const year = new Date(ms).getUTCFullYear();
  const sunday = (month: number, nth: number) =>
    1 + ((7 - new Date(Date.UTC(year, month, 1)).getUTCDay()) % 7) + nth * 7;
  return ms >= Date.UTC(year, 2, sunday(2, 1), 7) && ms < Date.UTC(year, 10, sunday(10, 0), 6);
}

/** The calendar day and clock of an instant in Montreal (America/New_York). */
function zoneParts(ms: number): DayParts & { hour: number; minute: number } {
  const local = new Date(ms + (daylightTime(ms) ? -4 : -5) * HOUR);
  return { ...utcParts(local), hour: local.getUTCHours(), minute: local.getUTCMinutes() };
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
  return dayText(utcParts(calendarDate(date)), lng, style);
}

/** The time of an instant in Montreal, in the language's one time format ('3:07 PM' / '15 h 07'). */
export function formatTime(ms: number, lng: string): string {
  const { hour, minute } = zoneParts(ms);
  return clockLabel(hour, minute, lng);
}

/** 'Nov 24, 2026, 3:07 PM' / '24 nov. 2026, 15 h 07'. */
export function formatDateTime(ms: number, lng: string): string {
  const parts = zoneParts(ms);
  return `${dayText(parts, lng, "day")}, ${clockLabel(parts.hour, parts.minute, lng)}`;
}
