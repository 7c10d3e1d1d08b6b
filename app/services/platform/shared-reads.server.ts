// A cache of what every reader sees alike (the slot calendar, the served prefixes, the materials), kept
// until the database changes (issue 11, part 2). The pages read these on every request; they change
// only when something is written.
//
// An entry is valid while two counters of SQLite are what they were when it was read:
// - `total_changes()`: the rows this process's connection inserted, updated or deleted, whichever service
//   did it. So no write path can forget to invalidate: a booking, a cancellation, a move, an admin's
//   capacity change, a closed or reopened date, a template change, a prefix opened or closed, the daily
//   slot generation, the seed all change it. Unrelated writes (a session, an e-mail) drop the entries
//   too, which costs one re-read: pages are read far more often than anything is written.
// - `PRAGMA data_version`: changes when another connection commits (a second process, `npm run seed`, an
//   operator's sqlite3), so even several processes on one database file never read a stale entry.
// Nothing is cached inside a transaction (what it sees may still be rolled back). Bounded: at most
// MAX_ENTRIES values. A booking never trusts it: it takes its place with a conditional UPDATE in its own
// transaction (booking/book.server takePlace).
import type Database from "better-sqlite3";
import { sqlite } from "./db.server";

/** Keys are few (a topic per language or prefix); past this, the oldest entry goes. */
const MAX_ENTRIES = 64;

type Counters = { changes: Database.Statement; version: Database.Statement; serial: number };
const counters = new WeakMap<Database.Database, Counters>();
/** Each connection's stamps are its own series (tests open one database after another). */
let connectionsSeen = 0;

function stampOf(connection: Database.Database): string {
  let statements = counters.get(connection);
  if (!statements) {
    statements = {
      changes: connection.prepare("SELECT total_changes()").pluck(),
      version: connection.prepare("PRAGMA data_version").pluck(),
      serial: ++connectionsSeen,
    };
    counters.set(connection, statements);
  }
  return `${statements.serial}:${String(statements.changes.get())}:${String(statements.version.get())}`;
}

/**
 * The database's state as this cache sees it, for caches of values derived from shared reads (the API's
 * serialized slot lists, http/api-json.server): a key holding it can never be stale. Null inside a
 * transaction (nothing read there may be kept).
 */
export function databaseStamp(): string | null {
  const connection = sqlite();
  return connection.inTransaction ? null : stampOf(connection);
}

let cached: { connection: Database.Database; stamp: string; entries: Map<string, unknown> } | null = null;

/**
 * `read()`'s value, computed once until the database changes. The value is shared by every caller:
 * never mutate it. `read` must only read (a value read while it wrote is not kept).
 */
export function sharedRead<T>(key: string, read: () => T): T {
  const connection = sqlite();
  if (connection.inTransaction) return read();
  const stamp = stampOf(connection);
  if (!cached || cached.connection !== connection || cached.stamp !== stamp) {
    cached = { connection, stamp, entries: new Map() };
  }
  const { entries } = cached;
  if (entries.has(key)) return entries.get(key) as T;
  const value = read();
  if (stampOf(connection) !== stamp) return value;
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(key, value);
  return value;
}
