// Pickup slots as residents see them: offered slots for a prefix, merged by date, and one slot.
import { and, asc, eq, gte, sql } from "drizzle-orm";
import { db, perConnection, schema, type Tx } from "~/services/platform/db.server";
import { sharedRead } from "~/services/platform/shared-reads.server";
import { ensureSlotsGenerated } from "./slot-supply.server";
import { now } from "~/lib/clock";
import { dateKey } from "~/lib/dates";
import { isOffered, lastBookableDate, mergeSlotsByDate, type SlotView } from "~/lib/slots";
import type { PickupSlot } from "../../../db/schema";

/** Served prefixes that are open; a slot with no prefixes of its own serves all of them. */
function activePrefixes(tx: Tx | typeof db = db): string[] {
  const read = () =>
    tx
      .select({ fsa: schema.servicePrefixes.fsa })
      .from(schema.servicePrefixes)
      .where(eq(schema.servicePrefixes.active, true))
      .all()
      .map((r) => r.fsa);
  // Outside a transaction, read once until the database changes (every order view asks; issue 44).
  return tx === db ? sharedRead("prefixes:active", read) : read();
}

/** The prefixes a slot serves: its own list (of those still open), or every open prefix when it has none. */
function servedBy(serviceAreas: string, prefixes: string[]): string[] {
  const own = JSON.parse(serviceAreas) as string[];
  return own.length ? own.filter((p) => prefixes.includes(p)) : prefixes;
}

/**
 * A function giving each slot's real prefixes (what `GET /api/pickup-slots/{id}` answers), reading the open
 * prefixes once for all the slots it is asked about.
 */
export function slotAreasReader(tx: Tx | typeof db = db): (slot: Pick<PickupSlot, "serviceAreas">) => string[] {
  let prefixes: string[] | null = null;
  return (slot) => servedBy(slot.serviceAreas, (prefixes ??= activePrefixes(tx)));
}

function toSlotView(slot: PickupSlot, prefixes: string[]): SlotView {
  return {
    id: slot.id,
    date: slot.date,
    window: slot.window,
    startsAt: slot.startsAt,
    maxCapacity: slot.maxCapacity,
    currentBooked: slot.currentBooked,
    serviceAreas: servedBy(slot.serviceAreas, prefixes),
    closed: slot.closed,
  };
}

/**
 * Every open slot from a date on, with the prefixes it serves: the calendar as everyone sees it, read once
 * until the database changes (platform/shared-reads). Booking never relies on it (takePlace checks the row).
 */
function openSlotsFrom(today: string): SlotView[] {
  return sharedRead(`slots:${today}`, () => {
    const prefixes = activePrefixes();
    return db
      .select()
      .from(schema.pickupSlots)
      .where(and(gte(schema.pickupSlots.date, today), eq(schema.pickupSlots.closed, false)))
      .orderBy(asc(schema.pickupSlots.startsAt))
      .all()
      .map((row) => toSlotView(row, prefixes));
  });
}

/** Slots offered to a prefix (or to anyone when fsa is empty), soonest first. */
export function offeredSlots(fsa: string | null, at = now()): SlotView[] {
  ensureSlotsGenerated(at);
  const lastDate = lastBookableDate(at);
  return openSlotsFrom(dateKey(at)).filter((slot) => isOffered(slot, fsa, at, lastDate));
}

export function dateOptions(fsa: string, at = now()) {
  return mergeSlotsByDate(offeredSlots(fsa, at));
}

/** One slot by id outside a transaction, prepared once per connection (every checkout view asks; issue 44). */
const slotById = perConnection((conn) =>
  conn
    .select()
    .from(schema.pickupSlots)
    .where(eq(schema.pickupSlots.id, sql.placeholder("id")))
    .prepare(),
);

export function findSlot(id: number, tx: Tx | typeof db = db): SlotView | null {
  if (!Number.isInteger(id) || id <= 0) return null;
  const row =
    tx === db
      ? slotById().get({ id })
      : tx.select().from(schema.pickupSlots).where(eq(schema.pickupSlots.id, id)).get();
  return row ? toSlotView(row, activePrefixes(tx)) : null;
}
