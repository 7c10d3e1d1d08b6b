// The admin search (issue 42 part 9): residents and pickups by confirmation number, e-mail, name, phone or
// address, with the keys lib/admin-search reads from the text. Nothing is matched with LIKE: `instr` on
// folded text (lower case, no accents) takes % and _ literally. At most `limit` of each, and whether more
// matched. Deleted accounts (tombstones) and staff are no residents; a kept pickup of a deleted account is
// still found by its number. An admin's search is written to the access log with whom it showed.
import type Database from "better-sqlite3";
import { and, asc, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { db, schema, sqlite } from "~/services/platform/db.server";
import { fold, searchKeys, SEARCH_MAX_WORDS, type SearchKeys } from "~/lib/admin-search";
import { people, recordAdminLook } from "./access-log.server";

export const SEARCH_LIMIT = 20;

const folding = new WeakSet<Database.Database>();
/** SQLite's `recircle_fold(text)`: lib/admin-search's `fold`, registered once on each connection. */
function withFold() {
  const connection = sqlite();
  if (!folding.has(connection)) {
    connection.function("recircle_fold", { deterministic: true }, (value: unknown) => fold(value));
    folding.add(connection);
  }
}

const u = schema.users;
const p = schema.pickupRequests;

/** Every word somewhere in the folded text of `haystack`. */
function allWords(haystack: SQL, words: string[]): SQL {
  return and(...words.map((word) => sql`instr(recircle_fold(${haystack}), ${word}) > 0`))!;
}

function residentWhere(keys: SearchKeys): SQL {
  if (keys.key === "email") return sql`instr(lower(${u.email}), ${keys.value}) > 0`;
  if (keys.key === "phone") return sql`instr(coalesce(${u.phone}, ''), ${keys.value}) > 0`;
  const haystack = sql`${u.firstName} || ' ' || ${u.lastName} || ' ' || ${u.email} || ' ' || ${u.streetAddress} || ' ' || ${u.unit} || ' ' || ${u.city} || ' ' || ${u.postalCode} || ' ' || replace(${u.postalCode}, ' ', '')`;
  return allWords(haystack, keys.value.split(" ").slice(0, SEARCH_MAX_WORDS));
}

function pickupWhere(keys: SearchKeys): SQL | null {
  const byNumber = keys.confirmation
    ? sql`substr(replace(${p.confirmationNumber}, '-', ''), 1, ${keys.confirmation.length}) = ${keys.confirmation}`
    : null;
  if (keys.key !== "text") return byNumber;
  const byAddress = allWords(sql`${p.address}`, keys.value.split(" ").slice(0, SEARCH_MAX_WORDS));
  return byNumber ? sql`(${byNumber} or ${byAddress})` : byAddress;
}

type ResidentHit = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  streetAddress: string;
  unit: string;
  city: string;
  postalCode: string;
  pickups: number;
};

type PickupHit = {
  confirmationNumber: string;
  date: string;
  window: "morning" | "afternoon";
  status: "Scheduled" | "Completed" | "Missed" | "Cancelled";
  address: string;
  resident: { id: number; name: string; deleted: boolean };
};

/** The residents and pickups a text finds (at most `limit` of each, and whether more matched). */
function searchPeople(text: string, limit = SEARCH_LIMIT) {
  withFold();
  const keys = searchKeys(text);
  const pickupCount = sql<number>`(select count(*) from ${p} where ${p.userId} = ${u.id})`;
  const residentRows = db
    .select({
      id: u.id,
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      phone: u.phone,
      streetAddress: u.streetAddress,
      unit: u.unit,
      city: u.city,
      postalCode: u.postalCode,
      pickups: pickupCount,
    })
    .from(u)
    .where(and(eq(u.role, "resident"), isNull(u.deletedAt), residentWhere(keys)))
    .orderBy(asc(sql`recircle_fold(${u.lastName})`), asc(sql`recircle_fold(${u.firstName})`), asc(u.id))
    .limit(limit + 1)
    .all();
  const where = pickupWhere(keys);
  const pickupRows = where
    ? db
        .select({
          confirmationNumber: p.confirmationNumber,
          date: schema.pickupSlots.date,
          window: schema.pickupSlots.window,
          status: p.status,
          address: p.address,
          userId: p.userId,
        })
        .from(p)
        .innerJoin(schema.pickupSlots, eq(schema.pickupSlots.id, p.pickupSlotId))
        .where(where)
        .orderBy(desc(schema.pickupSlots.startsAt), desc(p.id))
        .limit(limit + 1)
        .all()
    : [];
  const owners = ownersOf([...new Set(pickupRows.slice(0, limit).map((r) => r.userId))]);
  return {
    key: keys.key,
    residents: residentRows.slice(0, limit) satisfies ResidentHit[],
    pickups: pickupRows.slice(0, limit).map(({ userId, ...pickup }): PickupHit => ({
      ...pickup,
      resident: owners.get(userId) ?? { id: userId, name: "", deleted: true },
    })),
    more: { residents: residentRows.length > limit, pickups: pickupRows.length > limit },
  };
}

function ownersOf(ids: number[]) {
  return new Map<number, PickupHit["resident"]>(
    [...people(ids)].map(([id, { name, deleted }]) => [id, { id, name, deleted }]),
  );
}

/** The residents a search showed: its residents and the owners of its pickups (the access log's subjects). */
function searchSubjects(result: ReturnType<typeof searchPeople>): number[] {
  return [...new Set([...result.residents.map((r) => r.id), ...result.pickups.map((r) => r.resident.id)])];
}

/** An admin's search: what it finds, recorded in the access log (its text and who it showed) first. */
export function searchAsAdmin(adminId: number, text: string) {
  const result = searchPeople(text);
  recordAdminLook({ adminId, subjectUserIds: searchSubjects(result), what: "search", query: text });
  return result;
}
