// The weekly template the slots are generated from (which weekdays and windows, capacity, prefixes), and
// applying it to the slots ahead.
import { and, eq, gte, lte } from "drizzle-orm";
import { recordActivity } from "./activity.server";
import { AdminError, type FieldProblem } from "./admin-error.server";
import { toInteger } from "~/lib/ids";
import { MAX_CAPACITY } from "./supply.server";
import { db, schema } from "~/services/platform/db.server";
import { generateSlots, WEEKS_AHEAD } from "~/services/booking/slot-supply.server";
import { now } from "~/lib/clock";
import { addDays, dateKey, type PickupWindow, weekdayOf } from "~/lib/dates";
import { isCanadianFsa } from "~/lib/postal";
import type { User } from "../../../db/schema";

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const WINDOWS: PickupWindow[] = ["morning", "afternoon"];
const DEFAULT_CAPACITY = 12;

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
