// The slots ahead as admins run them: booked / capacity per date and window, each slot's capacity (never
// below what is booked), and closing a date (the affected residents are listed first and e-mailed, never
// cancelled silently) or reopening it. The weekly template is in template.server, served prefixes in areas.server.
import { and, asc, count, eq, gte, inArray, lte } from "drizzle-orm";
import { recordActivity } from "./activity.server";
import { AdminError } from "./admin-error.server";
import { toInteger } from "~/lib/ids";
import { db, schema, type Tx } from "~/services/platform/db.server";
import { closeDateSlots, scheduledPickupsOn } from "~/services/booking/date-closing.server";
import { WEEKS_AHEAD } from "~/services/booking/slot-supply.server";
import { now } from "~/lib/clock";
import { addDays, dateKey, type PickupWindow } from "~/lib/dates";
import type { PickupSlot, User } from "../../../db/schema";

export const MAX_CAPACITY = 500;

export type AdminSlot = {
  id: number;
  date: string;
  window: PickupWindow;
  maxCapacity: number;
  currentBooked: number;
  prefixes: string[];
  closed: boolean;
};

export type SlotDate = { date: string; closed: boolean; scheduled: number; slots: AdminSlot[] };

const toAdminSlot = (slot: PickupSlot): AdminSlot => ({
  id: slot.id,
  date: slot.date,
  window: slot.window,
  maxCapacity: slot.maxCapacity,
  currentBooked: slot.currentBooked,
  prefixes: JSON.parse(slot.serviceAreas) as string[],
  closed: slot.closed,
});

function scheduledBySlot(tx: Tx | typeof db, slotIds: number[]): Map<number, number> {
  if (!slotIds.length) return new Map();
  const rows = tx
    .select({ slotId: schema.pickupRequests.pickupSlotId, n: count() })
    .from(schema.pickupRequests)
    .where(and(inArray(schema.pickupRequests.pickupSlotId, slotIds), eq(schema.pickupRequests.status, "Scheduled")))
    .groupBy(schema.pickupRequests.pickupSlotId)
    .all();
  return new Map(rows.map((r) => [r.slotId, r.n]));
}

/** Slots from today to the end of the generated weeks, grouped by date. */
export function slotsAhead(at = now()): SlotDate[] {
  const today = dateKey(at);
  const rows = db
    .select()
    .from(schema.pickupSlots)
    .where(and(gte(schema.pickupSlots.date, today), lte(schema.pickupSlots.date, addDays(today, WEEKS_AHEAD * 7))))
    .orderBy(asc(schema.pickupSlots.date), asc(schema.pickupSlots.startsAt))
    .all();
  const scheduled = scheduledBySlot(
    db,
    rows.map((r) => r.id),
  );
  const dates = new Map<string, SlotDate>();
  for (const row of rows) {
    const entry = dates.get(row.date) ?? { date: row.date, closed: true, scheduled: 0, slots: [] };
    entry.slots.push(toAdminSlot(row));
    entry.closed &&= row.closed;
    entry.scheduled += scheduled.get(row.id) ?? 0;
    dates.set(row.date, entry);
  }
  return [...dates.values()];
}

/** Sets a slot's capacity; never below the places already booked, so no booked resident loses a place. */
export function setSlotCapacity(admin: User, slotId: unknown, rawCapacity: unknown) {
  const id = toInteger(slotId);
  const capacity = toInteger(rawCapacity);
  return db.transaction((tx) => {
    const slot = id ? tx.select().from(schema.pickupSlots).where(eq(schema.pickupSlots.id, id)).get() : undefined;
    if (!slot) throw new AdminError("slot.notFound", {}, 404);
    if (capacity === null || capacity < 0 || capacity > MAX_CAPACITY) {
      throw new AdminError("slot.capacityInvalid", { max: MAX_CAPACITY });
    }
    if (capacity < slot.currentBooked) throw new AdminError("slot.belowBooked", { count: slot.currentBooked });
    // Conditional on the booked count, so a booking landing at the same moment is never squeezed out.
    const updated = tx
      .update(schema.pickupSlots)
      .set({ maxCapacity: capacity })
      .where(and(eq(schema.pickupSlots.id, slot.id), lte(schema.pickupSlots.currentBooked, capacity)))
      .run();
    if (updated.changes !== 1) throw new AdminError("slot.belowBooked", { count: slot.currentBooked });
    recordActivity(tx, admin.id, "slot.capacity", {
      date: slot.date,
      window: slot.window,
      from: slot.maxCapacity,
      to: capacity,
    });
    return { ...toAdminSlot(slot), maxCapacity: capacity };
  });
}

/** What closing a date would do: its slots, and the scheduled pickups the admin must look after. */
export function closeDatePreview(date: string, at = now()) {
  const slots = db
    .select()
    .from(schema.pickupSlots)
    .where(eq(schema.pickupSlots.date, date))
    .orderBy(asc(schema.pickupSlots.startsAt))
    .all()
    .map(toAdminSlot);
  return {
    date,
    slots,
    closed: slots.length > 0 && slots.every((s) => s.closed),
    past: date < dateKey(at),
    pickups: scheduledPickupsOn(db, date),
  };
}

/**
 * Closes every slot of the date so nothing new is booked there. The scheduled pickups are not cancelled:
 * each resident is e-mailed (in their language) to choose another date from their history, and the
 * page keeps listing them so the admin can follow up.
 */
export async function closeDate(admin: User, date: string, at = now()) {
  if (date < dateKey(at)) throw new AdminError("close.past");
  const pickups = db.transaction((tx) => {
    const { closedSlots, pickups: affected } = closeDateSlots(tx, date);
    if (closedSlots === 0) {
      // Closed already (Back, a second tab, a resubmitted form): the same result, nothing e-mailed again.
      if (!hasSlots(tx, date)) throw new AdminError("close.nothingToClose", { date });
      return affected;
    }
    recordActivity(tx, admin.id, "date.close", { date, pickups: affected.length });
    return affected;
  });
  return { pickups: pickups.length };
}

export function reopenDate(admin: User, date: string, at = now()) {
  if (date < dateKey(at)) throw new AdminError("close.past");
  db.transaction((tx) => {
    const reopened = tx
      .update(schema.pickupSlots)
      .set({ closed: false })
      .where(and(eq(schema.pickupSlots.date, date), eq(schema.pickupSlots.closed, true)))
      .run();
    if (reopened.changes > 0) recordActivity(tx, admin.id, "date.reopen", { date });
    // Open already (a resubmitted form): the same result, nothing recorded again.
    else if (!hasSlots(tx, date)) throw new AdminError("close.nothingToReopen", { date });
  });
}

function hasSlots(tx: Tx, date: string) {
  return (
    tx.select({ id: schema.pickupSlots.id }).from(schema.pickupSlots).where(eq(schema.pickupSlots.date, date)).get() !==
    undefined
  );
}
