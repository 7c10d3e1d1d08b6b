// A version of a table's rows that no write can leave stale, for caches of what those rows answer
// (issue 11: the slot listing's serialized body). It does not rely on each writer remembering to
// invalidate: TEMP triggers (this connection's own, never stored in the file, so no migration) count
// every INSERT, UPDATE and DELETE this process makes, whatever the code path, raw SQL included; SQLite's
// `PRAGMA data_version` changes when another connection (a seed, an operator's sqlite3, a second
// process) commits. A rolled-back write still counts: a cache is rebuilt once for nothing, never stale.
import type Database from "better-sqlite3";
import { sqlite } from "./db.server";

const TRACKED = ["pickup_slots", "service_prefixes"] as const;
type Tracked = (typeof TRACKED)[number];

const counts = new Map<Tracked, number>();
let watched: { connection: Database.Database; dataVersion: Database.Statement; generation: number } | null = null;
/** A new connection (tests open several databases one after the other) starts a new series of versions. */
let generations = 0;

function watch(connection: Database.Database) {
  connection.function("recircle_table_changed", { varargs: false, deterministic: false }, (table: unknown) => {
    const name = table as Tracked;
    counts.set(name, (counts.get(name) ?? 0) + 1);
    return null;
  });
  for (const table of TRACKED) {
    for (const event of ["INSERT", "UPDATE", "DELETE"]) {
      connection.exec(
        `CREATE TEMP TRIGGER IF NOT EXISTS "recircle_version_${table}_${event.toLowerCase()}" AFTER ${event} ON main."${table}" BEGIN SELECT recircle_table_changed('${table}'); END`,
      );
    }
  }
  generations += 1;
  watched = { connection, dataVersion: connection.prepare("PRAGMA data_version").pluck(), generation: generations };
  return watched;
}

/** Changes whenever a row of one of the tables may have changed since the last call that returned the same. */
export function tablesVersion(tables: readonly Tracked[]): string {
  const connection = sqlite();
  const { dataVersion, generation } = watched?.connection === connection ? watched : watch(connection);
  return `${generation}:${String(dataVersion.get())}:${tables.map((table) => counts.get(table) ?? 0).join(".")}`;
}
