// Keeps bookable slots generated ahead from the weekly template. Quebec's statutory holidays are skipped
// unless an admin opened one; slots found on such a holiday are closed through the close-a-date path.
import { bestEffortWrite, db, schema, type Tx } from "~/services/platform/db.server";
import { closeDateSlots } from "./date-closing.server";
import { now } from "~/lib/clock";
import { dateKey, weekdayOf, windowEnd, windowStart } from "~/lib/dates";
import { generationDays } from "~/lib/holidays";

export const WEEKS_AHEAD = 5;

/** The holidays admins opened on purpose ('YYYY-MM-DD'). */
export function openedHolidays(tx: Tx | typeof db = db): Set<string> {
  return new Set(
    tx
      .select({ date: schema.holidayOpenings.date })
      .from(schema.holidayOpenings)
      .all()
      .map((r) => r.date),
  );
}

/**
 * Creates the missing slots from tomorrow to five weeks ahead, except on a closed holiday. Existing slots
 * are never touched, except on a closed holiday: those are closed, and their residents e-mailed, once.
 */
export function generateSlots(at = now()): number {
  const templates = db
    .select()
    .from(schema.slotTemplates)
    .all()
    .filter((t) => t.active);
  const today = dateKey(at);
  let created = 0;
  db.transaction((tx) => {
    for (const { date, closedHoliday } of generationDays(today, WEEKS_AHEAD * 7, openedHolidays(tx))) {
      if (closedHoliday) {
        closeDateSlots(tx, date);
        continue;
      }
      const weekday = weekdayOf(date);
      for (const template of templates.filter((t) => t.weekday === weekday)) {
        const result = tx
          .insert(schema.pickupSlots)
          .values({
            date,
            window: template.window,
            startsAt: windowStart(date, template.window),
            endsAt: windowEnd(date, template.window),
            maxCapacity: template.capacity,
            serviceAreas: template.serviceAreas,
            createdAt: at,
          })
          .onConflictDoNothing()
          .run();
        created += result.changes;
      }
    }
  });
  return created;
}

let lastGeneratedDay = "";
/**
 * Cheap to call on every slot listing: generates at most once a day per process. A listing never waits
 * for it: when another process holds the write lock (or the disk is full) it is skipped, tried again on
 * the next listing, and the hourly job generates anyway.
 */
export function ensureSlotsGenerated(at = now()) {
  const today = dateKey(at);
  if (today === lastGeneratedDay) return;
  if (bestEffortWrite(() => generateSlots(at)) !== undefined) lastGeneratedDay = today;
}
