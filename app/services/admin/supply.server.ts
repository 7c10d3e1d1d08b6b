// Slot supply for admins: the weekly template (which weekdays and windows, capacity, prefixes), applying
// it to the slots ahead, each slot's capacity (never below what is booked), closing a date (the affected
// residents are listed first and e-mailed, never cancelled silently) and the served prefixes.
import { and, asc, count, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { recordActivity } from "./activity.server";
import type { FieldProblem } from "~/lib/admin-problem";
import { AdminError, toInteger } from "./errors.server";
import { notifyWaitlist, waitingCount } from "./waitlist.server";
import { appUrl, env } from "~/services/platform/config.server";
import { db, schema, type Tx } from "~/services/platform/db.server";
import { sendEmail } from "~/services/platform/mailer.server";
import { generateSlots, WEEKS_AHEAD } from "~/services/booking/slot-supply.server";
import { now } from "~/lib/clock";
import { addDays, dateKey, formatDate, type PickupWindow, weekdayOf, windowLabel } from "~/lib/dates";
import { isCanadianFsa, isMontrealFsa } from "~/lib/postal";
import type { PickupSlot, User } from "../../../db/schema";

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const WINDOWS: PickupWindow[] = ["morning", "afternoon"];
export const MAX_CAPACITY = 500;
const DEFAULT_CAPACITY = 12;

// ---------- Weekly template ----------

export type TemplateRow = {
  key: string;
  weekday: number;
  window: PickupWindow;
  active: boolean;
  capacity: number;
  /** Empty: every served prefix. */
  prefixes: string[];
};

const rowKey = (weekday: number, window: PickupWindow) => `${weekday}-${window}`;

/** All 14 weekday × window rows, in order; a pair the template lacks shows as switched off. */
export function weeklyTemplate(): TemplateRow[] {
  const rows = db.select().from(schema.slotTemplates).all();
  return WEEKDAYS.flatMap((weekday) =>
    WINDOWS.map((window) => {
      const row = rows.find((r) => r.weekday === weekday && r.window === window);
      return {
        key: rowKey(weekday, window),
        weekday,
        window,
        active: Boolean(row?.active),
        capacity: row?.capacity ?? DEFAULT_CAPACITY,
        prefixes: row ? (JSON.parse(row.serviceAreas) as string[]) : [],
      };
    }),
  );
}

type FieldSource = { get(name: string): unknown };

function parsePrefixList(raw: string, known: Set<string>): { prefixes: string[]; problem?: FieldProblem } {
  const prefixes = [
    ...new Set(
      raw
        .toUpperCase()
        .split(/[\s,;]+/)
        .filter(Boolean),
    ),
  ];
  for (const fsa of prefixes) {
    if (!isCanadianFsa(fsa)) return { prefixes, problem: { key: "template.prefixInvalid", values: { prefix: fsa } } };
    if (!known.has(fsa)) return { prefixes, problem: { key: "template.prefixUnknown", values: { prefix: fsa } } };
  }
  return { prefixes: prefixes.sort() };
}

/**
 * Reads the template form (fields active-, capacity-, prefixes-<weekday>-<window>). Every field is
 * checked; when one is wrong nothing is saved and each problem is reported on its field.
 */
export function parseTemplateForm(form: FieldSource): Omit<TemplateRow, "key">[] {
  const known = new Set(
    db
      .select({ fsa: schema.servicePrefixes.fsa })
      .from(schema.servicePrefixes)
      .all()
      .map((r) => r.fsa),
  );
  const fields: Record<string, FieldProblem> = {};
  const rows = WEEKDAYS.flatMap((weekday) =>
    WINDOWS.map((window) => {
      const key = rowKey(weekday, window);
      const active = form.get(`active-${key}`) === "on";
      const capacity = toInteger(form.get(`capacity-${key}`) ?? "");
      if (capacity === null || capacity < 1 || capacity > MAX_CAPACITY) {
        fields[`capacity-${key}`] = { key: "template.capacityInvalid", values: { max: MAX_CAPACITY } };
      }
      const { prefixes, problem } = parsePrefixList(String(form.get(`prefixes-${key}`) ?? "").slice(0, 2000), known);
      if (problem) fields[`prefixes-${key}`] = problem;
      return { weekday, window, active, capacity: capacity ?? DEFAULT_CAPACITY, prefixes };
    }),
  );
  if (Object.keys(fields).length) throw new AdminError("template.fixErrors", {}, 400, fields);
  return rows;
}

export type RegenerateSummary = { created: number; updated: number; withdrawn: number; keptBooked: number };

/**
 * Saves the template and applies it to the slots ahead (see applyTemplate), in one go.
 */
export function saveTemplate(admin: User, rows: Omit<TemplateRow, "key">[], at = now()): RegenerateSummary {
  db.transaction((tx) => {
    for (const row of rows) {
      const values = {
        weekday: row.weekday,
        window: row.window,
        active: row.active,
        capacity: row.capacity,
        serviceAreas: JSON.stringify(row.prefixes),
      };
      tx.insert(schema.slotTemplates)
        .values(values)
        .onConflictDoUpdate({ target: [schema.slotTemplates.weekday, schema.slotTemplates.window], set: values })
        .run();
    }
    recordActivity(tx, admin.id, "template.update", { active: rows.filter((r) => r.active).length });
  });
  return applyTemplate(admin, at, false);
}

/**
 * Brings the slots of the coming weeks in line with the template: missing slots are created; open slots
 * of an active template row take its capacity (never below what is booked) and prefixes; open slots of
 * a switched-off row are withdrawn (closed) when nobody is booked, and kept (and counted) otherwise.
 * Closed dates stay closed: reopening a date is the admin's explicit choice.
 */
export function applyTemplate(admin: User, at = now(), log = true): RegenerateSummary {
  const templates = db
    .select()
    .from(schema.slotTemplates)
    .all()
    .filter((t) => t.active);
  const today = dateKey(at);
  const summary: RegenerateSummary = { created: 0, updated: 0, withdrawn: 0, keptBooked: 0 };
  db.transaction((tx) => {
    const slots = tx
      .select()
      .from(schema.pickupSlots)
      .where(
        and(
          gte(schema.pickupSlots.date, addDays(today, 1)),
          lte(schema.pickupSlots.date, addDays(today, WEEKS_AHEAD * 7)),
        ),
      )
      .all()
      .filter((s) => !s.closed);
    for (const slot of slots) {
      const template = templates.find((t) => t.weekday === weekdayOf(slot.date) && t.window === slot.window);
      if (template) {
        const capacity = Math.max(template.capacity, slot.currentBooked);
        if (capacity !== slot.maxCapacity || template.serviceAreas !== slot.serviceAreas) {
          tx.update(schema.pickupSlots)
            .set({ maxCapacity: capacity, serviceAreas: template.serviceAreas })
            .where(eq(schema.pickupSlots.id, slot.id))
            .run();
          summary.updated += 1;
        }
      } else if (slot.currentBooked === 0) {
        tx.update(schema.pickupSlots).set({ closed: true }).where(eq(schema.pickupSlots.id, slot.id)).run();
        summary.withdrawn += 1;
      } else {
        summary.keptBooked += 1;
      }
    }
  });
  summary.created = generateSlots(at);
  if (log) recordActivity(db, admin.id, "slots.regenerate", summary);
  return summary;
}

// ---------- Slots ahead ----------

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

// ---------- Closing a date ----------

export type AffectedPickup = {
  id: number;
  confirmationNumber: string;
  window: PickupWindow;
  name: string;
  email: string;
  locale: "en" | "fr";
  address: string;
  bags: number;
};

function scheduledPickupsOn(tx: Tx | typeof db, date: string): AffectedPickup[] {
  return tx
    .select({
      id: schema.pickupRequests.id,
      confirmationNumber: schema.pickupRequests.confirmationNumber,
      window: schema.pickupSlots.window,
      firstName: schema.users.firstName,
      lastName: schema.users.lastName,
      email: schema.users.email,
      locale: schema.users.locale,
      address: schema.pickupRequests.address,
      bags: schema.pickupRequests.bagsRequested,
    })
    .from(schema.pickupRequests)
    .innerJoin(schema.pickupSlots, eq(schema.pickupSlots.id, schema.pickupRequests.pickupSlotId))
    .innerJoin(schema.users, eq(schema.users.id, schema.pickupRequests.userId))
    .where(and(eq(schema.pickupSlots.date, date), eq(schema.pickupRequests.status, "Scheduled")))
    .orderBy(asc(schema.pickupSlots.startsAt), asc(schema.pickupRequests.address))
    .all()
    .map(({ firstName, lastName, ...row }) => ({ ...row, name: `${firstName} ${lastName}`.trim() }));
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
    const closed = tx
      .update(schema.pickupSlots)
      .set({ closed: true })
      .where(and(eq(schema.pickupSlots.date, date), eq(schema.pickupSlots.closed, false)))
      .run();
    if (closed.changes === 0) throw new AdminError("close.nothingToClose", { date });
    const affected = scheduledPickupsOn(tx, date);
    recordActivity(tx, admin.id, "date.close", { date, pickups: affected.length });
    return affected;
  });
  for (const pickup of pickups) {
    await sendEmail({
      to: pickup.email,
      kind: "date-closed",
      locale: pickup.locale,
      values: {
        date: formatDate(date, pickup.locale),
        window: windowLabel(pickup.window, pickup.locale),
        confirmationNumber: pickup.confirmationNumber,
        link: `${appUrl()}/history`,
        supportEmail: env.SUPPORT_EMAIL,
      },
    });
  }
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
    if (reopened.changes === 0) throw new AdminError("close.nothingToReopen", { date });
    recordActivity(tx, admin.id, "date.reopen", { date });
  });
}

// ---------- Served prefixes ----------

export function servedAreas() {
  const prefixes = db.select().from(schema.servicePrefixes).orderBy(asc(schema.servicePrefixes.fsa)).all();
  const waiting = db
    .select({ fsa: schema.waitlistEntries.fsa, n: count() })
    .from(schema.waitlistEntries)
    .where(
      and(eq(schema.waitlistEntries.reason, "Outside Service Area"), sql`${schema.waitlistEntries.notifiedAt} is null`),
    )
    .groupBy(schema.waitlistEntries.fsa)
    .all();
  const waitingBy = new Map(waiting.map((w) => [w.fsa, w.n]));
  const activeSet = new Set(prefixes.filter((p) => p.active).map((p) => p.fsa));
  return {
    served: prefixes.filter((p) => p.active).map((p) => ({ fsa: p.fsa, waiting: waitingBy.get(p.fsa) ?? 0 })),
    inactive: prefixes.filter((p) => !p.active).map((p) => ({ fsa: p.fsa, waiting: waitingBy.get(p.fsa) ?? 0 })),
    /** Montreal-region prefixes people wait for that are not served, most wanted first. */
    wanted: waiting
      .filter((w) => !activeSet.has(w.fsa) && isMontrealFsa(w.fsa))
      .sort((a, b) => b.n - a.n || a.fsa.localeCompare(b.fsa))
      .map((w) => ({ fsa: w.fsa, waiting: w.n })),
  };
}

function parsePrefix(raw: unknown): string {
  const fsa = String(raw ?? "")
    .trim()
    .toUpperCase();
  if (!isCanadianFsa(fsa)) throw new AdminError("prefix.invalid", { prefix: fsa.slice(0, 10) });
  if (!isMontrealFsa(fsa)) throw new AdminError("prefix.notMontreal", { prefix: fsa });
  return fsa;
}

/**
 * Serves a prefix (new, or switched off before). With `notify`, the people waiting for it are e-mailed.
 * Opening a prefix that is already served only notifies.
 */
export async function openPrefix(admin: User, raw: unknown, options: { notify: boolean }) {
  const fsa = parsePrefix(raw);
  const opened = db.transaction((tx) => {
    const existing = tx.select().from(schema.servicePrefixes).where(eq(schema.servicePrefixes.fsa, fsa)).get();
    if (existing?.active) {
      if (!options.notify || waitingCount(fsa) === 0) throw new AdminError("prefix.alreadyOpen", { prefix: fsa });
      return false;
    }
    if (existing)
      tx.update(schema.servicePrefixes).set({ active: true }).where(eq(schema.servicePrefixes.fsa, fsa)).run();
    else tx.insert(schema.servicePrefixes).values({ fsa, active: true, createdAt: now() }).run();
    recordActivity(tx, admin.id, "prefix.open", { prefix: fsa });
    return true;
  });
  const notified = options.notify && waitingCount(fsa) > 0 ? await notifyWaitlist(admin, fsa) : 0;
  return { fsa, opened, notified };
}

/**
 * Stops offering slots to a prefix. Pickups already scheduled there are kept; the count is returned so
 * the admin knows who is still coming.
 */
export function deactivatePrefix(admin: User, raw: unknown, at = now()) {
  const fsa = parsePrefix(raw);
  return db.transaction((tx) => {
    const existing = tx.select().from(schema.servicePrefixes).where(eq(schema.servicePrefixes.fsa, fsa)).get();
    if (!existing?.active) throw new AdminError("prefix.notServed", { prefix: fsa });
    tx.update(schema.servicePrefixes).set({ active: false }).where(eq(schema.servicePrefixes.fsa, fsa)).run();
    const kept = tx
      .select({ n: count() })
      .from(schema.pickupRequests)
      .innerJoin(schema.pickupSlots, eq(schema.pickupSlots.id, schema.pickupRequests.pickupSlotId))
      .where(
        and(
          eq(schema.pickupRequests.postalFsa, fsa),
          eq(schema.pickupRequests.status, "Scheduled"),
          gte(schema.pickupSlots.date, dateKey(at)),
        ),
      )
      .get()!.n;
    recordActivity(tx, admin.id, "prefix.deactivate", { prefix: fsa, pickups: kept });
    return { fsa, kept };
  });
}
