// The one SQLite connection: WAL mode, foreign keys on, migrations applied when it opens.
// Writes that must last go through `durably` (a failed commit throws); write transactions take the
// write lock at BEGIN (IMMEDIATE); a write waits at most BUSY_TIMEOUT_MS for another process's lock,
// then fails with SQLITE_BUSY, which the web edge answers 503 (http/database-fault.server).
// Under Litestream (LITESTREAM_REPLICA_URL set: `npm run start:replicated`, the container) the app never
// checkpoints the WAL itself: Litestream does, once it has shipped the frames (its docs: WAL mode, a busy
// timeout, autocheckpoint off so no checkpoint of ours resets the WAL under it; nothing here truncates it).
// On a LiteFS replica the database is LiteFS's read-only copy: the primary alone migrates it.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "../../../db/schema";
import { env } from "./config.server";
import { isPrimary } from "./litefs.server";

export type Db = BetterSQLite3Database<typeof schema>;
/** The handle passed to `db.transaction(tx => ...)` callbacks; services accept either. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * How long a write waits for another process's write lock (a backup, a migration, an operator's sqlite3).
 * better-sqlite3 waits on the only thread, so it is short: past it the request answers 503 + Retry-After.
 */
const BUSY_TIMEOUT_MS = 200;
/** Opening (WAL switch, migrations) serves nobody yet: it waits longer for a lock rather than fail the start. */
const OPENING_BUSY_TIMEOUT_MS = 5000;

export function openDatabase(file: string): { sqlite: Database.Database; db: Db } {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma(`busy_timeout = ${OPENING_BUSY_TIMEOUT_MS}`);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("synchronous = NORMAL");
  if (env.LITESTREAM_REPLICA_URL) sqlite.pragma("wal_autocheckpoint = 0");
  const db = immediateTransactions(drizzle(sqlite, { schema }));
  if (isPrimary()) migrate(db, { migrationsFolder: path.join(process.cwd(), "db", "migrations") });
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  return { sqlite, db };
}

/**
 * `db.transaction(fn)` begins IMMEDIATE unless told otherwise: the write lock is taken at BEGIN (waiting
 * BUSY_TIMEOUT_MS at most), so a transaction never fails half-way when a read lock cannot be upgraded.
 */
function immediateTransactions(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = ((fn, config) => transaction(fn, { behavior: "immediate", ...config })) as Db["transaction"];
  return db;
}

/**
 * The one way to write a row and read it back (`INSERT/UPDATE … RETURNING`) outside a transaction.
 * better-sqlite3's `.get()` steps once and drops the commit's error (a full disk answers the row that
 * was never stored); `.all()` runs the statement to its end, so a failed commit throws. Inside
 * `db.transaction` the commit throws anyway, but the same form is used there too (lint forbids
 * `.returning().get()` in app/). Like `.get()`, it answers undefined when no row was written.
 */
export function durably<Row>(query: { all(): Row[] }): Row {
  return query.all()[0] as Row;
}

/**
 * A write nobody waits for (bookkeeping on a read, such as generating the slots ahead): tried without
 * waiting for another process's write lock, and skipped with `undefined` when the database is locked,
 * full or failing, or on a LiteFS replica, so the read it rides on still answers (and at once).
 */
export function bestEffortWrite<T>(write: () => T): T | undefined {
  // A replica's copy is the primary's to write: the bookkeeping is done there.
  if (!isPrimary()) return undefined;
  const connection = sqlite();
  connection.pragma("busy_timeout = 0");
  try {
    return write();
  } catch (error) {
    if (databaseFault(error)) return undefined;
    throw error;
  } finally {
    connection.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  }
}

/** What kind of trouble a database error is: storage (disk full, I/O), busy (locked), or null (a bug). */
export type DatabaseFault = "full" | "io" | "busy";

const FAULT_CODES: [RegExp, DatabaseFault][] = [
  [/^SQLITE_FULL/, "full"],
  [/^SQLITE_(IOERR|READONLY|CANTOPEN|NOMEM)/, "io"],
  [/^SQLITE_(BUSY|LOCKED)/, "busy"],
];

export function databaseFault(error: unknown): DatabaseFault | null {
  const code = error instanceof Database.SqliteError ? error.code : null;
  if (!code) return null;
  return FAULT_CODES.find(([pattern]) => pattern.test(code))?.[1] ?? null;
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

/**
 * What `build` makes from the connection (prepared queries), made once per connection: drizzle otherwise
 * builds a query's SQL and SQLite compiles it on every call, more than running a small query costs. `raw`
 * is the same connection for a statement drizzle cannot prepare (a full-text search).
 */
export function perConnection<T>(build: (db: Db, raw: Database.Database) => T): () => T {
  const made = new WeakMap<Database.Database, T>();
  return () => {
    const { sqlite, db } = connection();
    let value = made.get(sqlite);
    if (value === undefined) {
      value = build(db, sqlite);
      made.set(sqlite, value);
    }
    return value;
  };
}

/** Closes the connection when the server stops (the WAL is checkpointed); it is not opened again. */
export function closeDatabase() {
  globalThis.__database?.sqlite.close();
}

export { schema };
