// The one SQLite connection: WAL mode, foreign keys on, migrations applied when it opens.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "../../../db/schema";
import { env } from "./config.server";

export type Db = BetterSQLite3Database<typeof schema>;
/** The handle passed to `db.transaction(tx => ...)` callbacks; services accept either. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export function openDatabase(file: string): { sqlite: Database.Database; db: Db } {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: path.join(process.cwd(), "db", "migrations") });
  return { sqlite, db };
}

declare global {
  var __database: { sqlite: Database.Database; db: Db } | undefined;
}

function connection() {
  if (!globalThis.__database) globalThis.__database = openDatabase(env.DATABASE_PATH);
  return globalThis.__database;
}

export const db: Db = new Proxy({} as Db, {
  get(_target, prop) {
    const real = connection().db as unknown as Record<PropertyKey, unknown>;
    const value = real[prop];
    return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(real) : value;
  },
});

export function sqlite(): Database.Database {
  return connection().sqlite;
}

export { schema };
