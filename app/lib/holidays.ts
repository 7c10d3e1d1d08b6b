// Quebec's statutory holidays (New Year's Day, Good Friday, National Patriots' Day, Fête nationale, Canada
// Day, Labour Day, Thanksgiving, Christmas Day), computed per year by date-holidays (CA, QC; Easter-based
// ones included): no pickups are generated on them unless an admin opens one on purpose.
import Holidays from "date-holidays";
import { addDays } from "./dates";
import type { Language } from "./i18n";

export type Holiday = { date: string; name: string };

/** The names Quebec uses in English where the library's differ. */
const ENGLISH_NAMES: Record<string, string> = { "National Holiday": "Fête nationale" };

const calendars = new Map<Language, Holidays>();
const byYear = new Map<string, Holiday[]>();

function calendar(lng: Language): Holidays {
  let found = calendars.get(lng);
  if (!found) {
    found = new Holidays("CA", "QC", { languages: [lng], types: ["public"] });
    calendars.set(lng, found);
  }
  return found;
}

/** The year's statutory holidays in Quebec, in date order, named in `lng`. */
export function quebecHolidays(year: number, lng: Language = "en"): Holiday[] {
  const key = `${year}-${lng}`;
  let list = byYear.get(key);
  if (!list) {
    list = calendar(lng)
      .getHolidays(year, lng)
      .filter((h) => h.type === "public")
      .map((h) => ({ date: h.date.slice(0, 10), name: lng === "en" ? (ENGLISH_NAMES[h.name] ?? h.name) : h.name }));
    byYear.set(key, list);
  }
  return list;
}

/** The holiday on a 'YYYY-MM-DD' date, named in `lng`, or null on an ordinary day. */
export function holidayOn(date: string, lng: Language = "en"): string | null {
  return quebecHolidays(Number(date.slice(0, 4)), lng).find((h) => h.date === date)?.name ?? null;
}

/** Whether no pickup happens on the date: a Quebec holiday that was not opened on purpose. */
export function isClosedHoliday(date: string, opened: ReadonlySet<string>): boolean {
  return !opened.has(date) && holidayOn(date) !== null;
}

/**
 * The days slot generation looks at, from the day after `today` for `days` days: each with whether it is
 * a closed holiday (no slot is generated; slots already there are closed) or a working day.
 */
export function generationDays(
  today: string,
  days: number,
  opened: ReadonlySet<string>,
): Array<{ date: string; closedHoliday: boolean }> {
  return Array.from({ length: days }, (_, i) => {
    const date = addDays(today, i + 1);
    return { date, closedHoliday: isClosedHoliday(date, opened) };
  });
}
