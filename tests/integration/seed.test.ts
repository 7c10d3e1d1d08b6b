import { sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { dateKey, weekdayOf } from "~/lib/dates";
import { generationDays } from "~/lib/holidays";
import { db, schema, sqlite } from "~/services/platform/db.server";
import { seed } from "~/services/ops/seed.server";
import { WEEKS_AHEAD } from "~/services/booking/slot-supply.server";

const count = (table: SQLiteTable) =>
  db
    .select({ n: sql<number>`count(*)` })
    .from(table)
    .get()!.n;

describe("database and seed", () => {
  it("runs in WAL mode with foreign keys on", () => {
    expect(sqlite().pragma("journal_mode", { simple: true })).toBe("wal");
    expect(sqlite().pragma("foreign_keys", { simple: true })).toBe(1);
  });

  it("installs 12 bilingual materials, the Montreal prefixes and five weeks of slots, idempotently", () => {
    const at = Date.UTC(2026, 10, 22, 17, 0, 0);
    seed(at);
    const first = {
      materials: count(schema.materials),
      prefixes: count(schema.servicePrefixes),
      slots: count(schema.pickupSlots),
    };
    const again = seed(at);
    expect(again.slotsCreated).toBe(0);
    expect(count(schema.materials)).toBe(first.materials);
    expect(count(schema.servicePrefixes)).toBe(first.prefixes);
    expect(count(schema.pickupSlots)).toBe(first.slots);

    expect(first.materials).toBe(12);
    const materials = db.select().from(schema.materials).all();
    for (const m of materials) {
      expect(m.descriptionEn.length).toBeGreaterThan(40);
      expect(m.descriptionFr.length).toBeGreaterThan(40);
      expect(m.preparationNoteFr.split("|").length).toBeGreaterThanOrEqual(2);
    }
    const batteries = materials.find((m) => m.category === "batteries")!;
    expect(batteries.descriptionEn).toMatch(/\|NOT ACCEPTED:.*(damaged|liquid electrolyte).*5 kg/s);
    expect(batteries.descriptionFr).toMatch(/\|NON ACCEPTÉ.*électrolyte liquide.*5 kg/s);

    const prefixes = db
      .select()
      .from(schema.servicePrefixes)
      .all()
      .map((p) => p.fsa);
    expect(prefixes).toContain("H2X");
    expect(prefixes).not.toContain("K1A");
    expect(prefixes.every((p) => p.startsWith("H"))).toBe(true);

    // Monday to Saturday, two windows, from tomorrow to five weeks ahead, except Quebec's holidays.
    const slots = db.select().from(schema.pickupSlots).all();
    const dates = [...new Set(slots.map((s) => s.date))].sort();
    expect(dates[0]! > dateKey(at)).toBe(true);
    const holidays = generationDays(dateKey(at), WEEKS_AHEAD * 7, new Set()).filter(
      (d) => d.closedHoliday && weekdayOf(d.date) <= 6,
    ).length;
    expect(dates.length).toBe(WEEKS_AHEAD * 6 - holidays);
    expect(slots.every((s) => s.maxCapacity > 0 && s.currentBooked === 0)).toBe(true);
  });
});
