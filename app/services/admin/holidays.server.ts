// Quebec's statutory holidays in the weeks ahead, as the supply page shows them (by name, in the admin's
// language, closed unless opened), and an admin opening one on purpose: logged, then its slots are
// generated (or, closed as a holiday before, reopened) like any other day's.
import { and, eq } from "drizzle-orm";
import { recordActivity } from "./activity.server";
import { AdminError, toDateKey } from "./admin-error.server";
import { db, schema } from "~/services/platform/db.server";
import { generateSlots, openedHolidays, WEEKS_AHEAD } from "~/services/booking/slot-supply.server";
import { now } from "~/lib/clock";
import { addDays, dateKey } from "~/lib/dates";
import { holidayOn, quebecHolidays } from "~/lib/holidays";
import type { Language } from "~/lib/i18n";
import type { User } from "../../../db/schema";

export type HolidayAhead = { date: string; name: string; opened: boolean };

/** The holidays from tomorrow to the end of the generated weeks, named in `lng`. */
export function holidaysAhead(lng: Language, at = now()): HolidayAhead[] {
  const first = addDays(dateKey(at), 1);
  const last = addDays(dateKey(at), WEEKS_AHEAD * 7);
  const opened = openedHolidays();
  const years = [...new Set([Number(first.slice(0, 4)), Number(last.slice(0, 4))])];
  return years
    .flatMap((year) => quebecHolidays(year, lng))
    .filter((h) => h.date >= first && h.date <= last)
    .map((h) => ({ ...h, opened: opened.has(h.date) }));
}

/** The holiday's name on each date of `dates` that is one, in `lng`. */
export function holidayNames(dates: string[], lng: Language): Record<string, string> {
  return Object.fromEntries(
    dates.flatMap((date) => {
      const name = holidayOn(date, lng);
      return name ? [[date, name]] : [];
    }),
  );
}

/**
 * Opens a holiday ahead on purpose: recorded (with the activity line), its slots closed as a holiday
 * are reopened and the missing ones generated from the template. Opening it again changes nothing.
 */
export function openHoliday(admin: User, rawDate: unknown, at = now()): { date: string; created: number } {
  const date = toDateKey(rawDate);
  const name = date ? holidayOn(date) : null;
  if (!date || !name) throw new AdminError("holidays.notHoliday", {}, 400);
  if (date <= dateKey(at)) throw new AdminError("close.past");
  const opened = db.transaction((tx) => {
    const inserted = tx
      .insert(schema.holidayOpenings)
      .values({ date, openedBy: admin.id, createdAt: at })
      .onConflictDoNothing()
      .run();
    if (inserted.changes === 0) return false;
    tx.update(schema.pickupSlots)
      .set({ closed: false })
      .where(and(eq(schema.pickupSlots.date, date), eq(schema.pickupSlots.closed, true)))
      .run();
    recordActivity(tx, admin.id, "holiday.open", { date, name });
    return true;
  });
  return { date, created: opened ? generateSlots(at) : 0 };
}
