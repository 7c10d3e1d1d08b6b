// Keeps bookable slots generated ahead from the weekly template.
import { bestEffortWrite, db, schema } from "~/services/platform/db.server";
import { now } from "~/lib/clock";
import { addDays, dateKey, weekdayOf, windowEnd, windowStart } from "~/lib/dates";

export const WEEKS_AHEAD = 5;

/** Creates the missing slots from tomorrow to five weeks ahead. Existing slots are never touched. */
export function generateSlots(at = now()): number {
  const templates = db
    .select()
    .from(schema.slotTemplates)
    .all()
    .filter((t) => t.active);
  const today = dateKey(at);
  let created = 0;
  db.transaction((tx) => {
    for (let i = 1; i <= WEEKS_AHEAD * 7; i++) {
      const date = addDays(today, i);
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
