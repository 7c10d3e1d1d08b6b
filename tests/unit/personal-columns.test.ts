// Issue 43, part 4: the privacy page lists the personal information the app holds from one list
// (lib/personal-data), and this test holds that list to db/schema.ts: every column of every table is
// either personal (with its kind, field, purpose and retention) or explicitly not personal, and every
// table is classified; so a column or table added later fails here until someone decides what it is.
import { is } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import en from "~/locales/en/policy.json";
import fr from "~/locales/fr/policy.json";
import {
  DATA_KINDS,
  fieldsByKind,
  NOT_PERSONAL,
  PERSONAL_COLUMNS,
  PURPOSES,
  RETENTION_ROWS,
  TABLES_WITHOUT_PERSONAL_DATA,
} from "~/lib/personal-data";

const tables = (Object.values(schema) as unknown[])
  .filter((value): value is SQLiteTable => is(value, SQLiteTable))
  .map((table) => getTableConfig(table));

const personal = (table: string) => PERSONAL_COLUMNS.filter((row) => row.table === table).map((row) => row.column);

describe("the personal-columns list against db/schema.ts", () => {
  it("reads the schema's tables", () => {
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(["users", "pickup_requests", "email_outbox"]));
    expect(tables.length).toBeGreaterThan(25);
  });

  it("classifies every table: holding personal data, or listed as holding none", () => {
    const unclassified = tables
      .map((t) => t.name)
      .filter((name) => !(name in TABLES_WITHOUT_PERSONAL_DATA) && personal(name).length === 0);
    expect(unclassified, "tables nobody classified (lib/personal-data)").toEqual([]);
  });

  it("lists every column of a table holding personal data as personal or as explicitly not personal", () => {
    const forgotten: string[] = [];
    for (const table of tables) {
      if (table.name in TABLES_WITHOUT_PERSONAL_DATA) continue;
      const known = new Set([...personal(table.name), ...(NOT_PERSONAL[table.name] ?? [])]);
      for (const column of table.columns) if (!known.has(column.name)) forgotten.push(`${table.name}.${column.name}`);
    }
    expect(forgotten, "columns neither personal nor not personal (lib/personal-data)").toEqual([]);
  });

  it("names only columns that exist, each once, never both personal and not personal", () => {
    const columnsOf = new Map(tables.map((t) => [t.name, new Set(t.columns.map((c) => c.name))]));
    const listed = [
      ...PERSONAL_COLUMNS.map((row) => `${row.table}.${row.column}`),
      ...Object.entries(NOT_PERSONAL).flatMap(([table, columns]) => columns.map((column) => `${table}.${column}`)),
    ];
    expect(
      listed.filter((name, at) => listed.indexOf(name) !== at),
      "listed twice",
    ).toEqual([]);
    const missing = listed.filter((name) => {
      const [table, column] = name.split(".") as [string, string];
      return !columnsOf.get(table)?.has(column);
    });
    expect(missing, "listed but not in the schema").toEqual([]);
    for (const table of Object.keys(TABLES_WITHOUT_PERSONAL_DATA)) expect(columnsOf.has(table), table).toBe(true);
  });

  it("holds the fields a resident would look for: phone, notes, map position, reminder choices, calendar token", () => {
    const has = (table: string, column: string) =>
      PERSONAL_COLUMNS.some((row) => row.table === table && row.column === column);
    for (const [table, column] of [
      ["users", "phone"],
      ["users", "pickup_notes"],
      ["users", "latitude"],
      ["users", "longitude"],
      ["pickup_requests", "latitude"],
      ["pickup_requests", "longitude"],
      ["users", "reminders_enabled"],
      ["users", "reminder_channels"],
      ["users", "calendar_token"],
      ["sessions", "user_agent"],
      ["email_outbox", "to"],
      ["payment_customers", "customer_id"],
      ["admin_access_log", "query"],
    ] as const) {
      expect(has(table, column), `${table}.${column}`).toBe(true);
    }
  });

  it("has words in both languages for every kind, field, purpose and retention it uses", () => {
    for (const texts of [en.policy, fr.policy]) {
      for (const kind of DATA_KINDS) expect(texts.kind[kind], kind).toBeTruthy();
      for (const purpose of PURPOSES) expect(texts.purpose[purpose], purpose).toBeTruthy();
      for (const row of RETENTION_ROWS) expect(texts.retention[row], row).toBeTruthy();
      for (const { field } of PERSONAL_COLUMNS) {
        expect(texts.field[field as keyof typeof texts.field], field).toBeTruthy();
      }
    }
    expect(fieldsByKind().map((group) => group.kind)).toEqual(DATA_KINDS);
  });
});
