// Who among the admins saw which resident's data (Quebec's Law 25, issue 42 part 9): every admin search
// (its query and the residents it showed), every resident view and every pickup's admin view writes
// `recordAdminLook` before the data is shown, and admins read the log at /admin/access-log, newest first,
// filtered by resident or by admin. One row per resident a look showed; the rows of one look share admin,
// what, query and instant, and are read back as one entry.
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { db, schema, type Tx } from "~/services/platform/db.server";
import { now } from "~/lib/clock";

const log = schema.adminAccessLog;
const PAGE_SIZE = 50;
/** A query is kept to this length (the search refuses longer ones anyway). */
const QUERY_KEPT = 200;

/** What an admin looked at: a search's results, a resident's page, a pickup's admin page. */
export type LookKind = "search" | "resident" | "pickup";

/**
 * Records that `adminId` saw the data of `subjectUserIds` (each once; none: a search that showed nobody),
 * by `what`, with the search's text or the pickup's confirmation number as `query`. Call it in the loader
 * before answering, so nothing is shown that is not logged (a failed write fails the page).
 */
export function recordAdminLook(
  look: { adminId: number; subjectUserIds: readonly number[]; what: LookKind; query?: string; at?: number },
  tx: Tx | typeof db = db,
) {
  const at = look.at ?? now();
  const query = (look.query ?? "").slice(0, QUERY_KEPT);
  const subjects = [...new Set(look.subjectUserIds)];
  const rows = (subjects.length ? subjects : [null]).map((subjectUserId) => ({
    adminUserId: look.adminId,
    subjectUserId,
    what: look.what,
    query,
    at,
  }));
  tx.insert(log).values(rows).run();
}

export type AccessLogFilter = { resident: number | null; admin: number | null };

type Person = { id: number; name: string; email: string; deleted: boolean };

/** Names of accounts by id (a deleted one keeps only its number); the admin search names owners with it too. */
export function people(ids: number[]): Map<number, Person> {
  if (!ids.length) return new Map();
  const u = schema.users;
  const rows = db
    .select({ id: u.id, firstName: u.firstName, lastName: u.lastName, email: u.email, deletedAt: u.deletedAt })
    .from(u)
    .where(inArray(u.id, ids))
    .all();
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        name: r.deletedAt === null ? `${r.firstName} ${r.lastName}`.trim() || r.email : "",
        email: r.deletedAt === null ? r.email : "",
        deleted: r.deletedAt !== null,
      },
    ]),
  );
}

/** The looks of the log (one entry per look, its residents together), newest first, in pages of 50. */
export function accessLogPage(filter: AccessLogFilter, page = 1) {
  const where = and(
    filter.resident !== null ? eq(log.subjectUserId, filter.resident) : undefined,
    filter.admin !== null ? eq(log.adminUserId, filter.admin) : undefined,
  );
  const looks = db
    .select({ one: sql`1` })
    .from(log)
    .where(where)
    .groupBy(log.adminUserId, log.what, log.query, log.at)
    .as("looks");
  const total = db.select({ n: count() }).from(looks).get()!.n;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pages);
  const first = sql<number>`min(${log.id})`;
  const rows = db
    .select({
      id: first,
      adminUserId: log.adminUserId,
      what: log.what,
      query: log.query,
      at: log.at,
      subjects: sql<string | null>`group_concat(${log.subjectUserId})`,
    })
    .from(log)
    .where(where)
    .groupBy(log.adminUserId, log.what, log.query, log.at)
    .orderBy(desc(log.at), desc(first))
    .limit(PAGE_SIZE)
    .offset((current - 1) * PAGE_SIZE)
    .all();
  const subjectsOf = (row: (typeof rows)[number]) =>
    (row.subjects ?? "")
      .split(",")
      .filter(Boolean)
      .map(Number)
      .sort((a, b) => a - b);
  const names = people([
    ...new Set([
      ...rows.flatMap((r) => [r.adminUserId, ...subjectsOf(r)]),
      ...[filter.resident, filter.admin].filter((id): id is number => id !== null),
    ]),
  ]);
  const person = (id: number): Person => names.get(id) ?? { id, name: "", email: "", deleted: true };
  return {
    total,
    page: current,
    pages,
    filter: {
      resident: filter.resident !== null ? person(filter.resident) : null,
      admin: filter.admin !== null ? person(filter.admin) : null,
    },
    entries: rows.map((row) => ({
      id: row.id,
      at: row.at,
      what: row.what as LookKind,
      query: row.query,
      admin: person(row.adminUserId),
      subjects: subjectsOf(row).map(person),
    })),
  };
}

/** The admins, for the log's filter (those who may look; a former admin stays findable through a link). */
export function adminsForFilter() {
  const u = schema.users;
  return db
    .select({ id: u.id, email: u.email })
    .from(u)
    .where(and(eq(u.role, "admin"), sql`${u.deletedAt} is null`))
    .orderBy(u.email)
    .all();
}

/**
 * The log's filter from the query string: a resident by number or e-mail, an admin by number or e-mail.
 * Null: no filter; 0: asked for, but no account has that address (the filter matches nothing).
 */
export function readAccessLogFilter(params: URLSearchParams): AccessLogFilter {
  return { resident: accountOf(params.get("resident")), admin: accountOf(params.get("admin")) };
}

function accountOf(value: string | null): number | null {
  const text = (value ?? "").trim().slice(0, 254);
  if (!text) return null;
  if (/^\d{1,12}$/.test(text)) return Number(text);
  if (!text.includes("@")) return 0;
  const row = db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, text.toLowerCase()))
    .get();
  return row?.id ?? 0;
}
