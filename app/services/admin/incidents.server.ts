// The register of confidentiality incidents (issue 34, Law 25 s. 3.8; issue 43 part 6: the Regulation
// respecting confidentiality incidents, s. 7). An admin records an entry and updates it as the facts come in;
// each save is a new version holding the entry's whole state (who saved it, when), kept for good, and the
// entry's row is its latest state. Read on /admin/privacy (the register, an entry's page with its history)
// and as CSV (the current state of each entry; every version).
import { and, asc, desc, eq } from "drizzle-orm";
import { db, schema, type Tx } from "~/services/platform/db.server";
import { now } from "~/lib/clock";
import { INCIDENT_FIELDS, changedFields, type IncidentField, type IncidentState } from "~/lib/incidents";
import type { User } from "../../../db/schema";
import { recordActivity } from "./activity.server";
import { AdminError } from "./admin-error.server";

type IncidentRow = typeof schema.privacyIncidents.$inferSelect;

/** The register's part of a row: every field of the Regulation, nothing about who or when. */
function stateOf(row: IncidentRow): IncidentState {
  return Object.fromEntries(INCIDENT_FIELDS.map((field) => [field, row[field]])) as IncidentState;
}

/** A version's stored JSON, read back field by field (a field a later version added reads as empty). */
function parseState(json: string): IncidentState {
  const stored = JSON.parse(json) as Partial<Record<IncidentField, unknown>>;
  return Object.fromEntries(INCIDENT_FIELDS.map((field) => [field, stored[field] ?? null])) as IncidentState;
}

function writeVersion(tx: Tx, incidentId: number, version: number, state: IncidentState, adminId: number, at: number) {
  tx.insert(schema.privacyIncidentVersions)
    .values({ incidentId, version, state: JSON.stringify(state), changedBy: adminId, changedAt: at })
    .run();
}

/** Adds an entry to the register, as its version 1, and to the activity log, in one transaction. */
export function recordIncident(admin: User, state: IncidentState): number {
  const at = now();
  return db.transaction((tx) => {
    const { id } = tx
      .insert(schema.privacyIncidents)
      .values({ ...state, version: 1, recordedBy: admin.id, createdAt: at, updatedAt: at })
      .returning({ id: schema.privacyIncidents.id })
      .all()[0]!;
    writeVersion(tx, id, 1, state, admin.id, at);
    recordActivity(tx, admin.id, "incident.record", { incident: id, residents: state.personsConcerned });
    return id;
  });
}

/**
 * Saves a new state of an entry as its next version. `fromVersion` is the version the form showed: when
 * someone saved another since, the update is refused (409) rather than silently undoing theirs; an
 * unknown entry is a 404 and a save that changes nothing is refused (no empty version).
 */
export function updateIncident(admin: User, id: number, fromVersion: number, state: IncidentState): number {
  const at = now();
  return db.transaction((tx) => {
    const row = tx.select().from(schema.privacyIncidents).where(eq(schema.privacyIncidents.id, id)).get();
    if (!row) throw new AdminError("privacy:incidents.errors.notFound", {}, 404);
    if (row.version !== fromVersion) throw new AdminError("privacy:incidents.errors.stale", {}, 409);
    if (changedFields(stateOf(row), state).length === 0) throw new AdminError("privacy:incidents.errors.unchanged");
    const version = row.version + 1;
    const saved = tx
      .update(schema.privacyIncidents)
      .set({ ...state, version, updatedAt: at })
      .where(and(eq(schema.privacyIncidents.id, id), eq(schema.privacyIncidents.version, fromVersion)))
      .run();
    if (saved.changes !== 1) throw new AdminError("privacy:incidents.errors.stale", {}, 409);
    writeVersion(tx, id, version, state, admin.id, at);
    recordActivity(tx, admin.id, "incident.update", { incident: id, version });
    return version;
  });
}

type RegisterEntry = IncidentState & {
  id: number;
  version: number;
  recordedBy: string;
  createdAt: number;
  updatedAt: number;
};

function entryOf(row: IncidentRow, recordedBy: string): RegisterEntry {
  return {
    ...stateOf(row),
    id: row.id,
    version: row.version,
    recordedBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt ?? row.createdAt,
  };
}

/** The register: each entry's current state, the latest incident first, with who recorded it. */
export function listIncidents(): RegisterEntry[] {
  return db
    .select({ incident: schema.privacyIncidents, recordedBy: schema.users.email })
    .from(schema.privacyIncidents)
    .innerJoin(schema.users, eq(schema.users.id, schema.privacyIncidents.recordedBy))
    .orderBy(desc(schema.privacyIncidents.occurredOn), desc(schema.privacyIncidents.id))
    .all()
    .map(({ incident, recordedBy }) => entryOf(incident, recordedBy));
}

type IncidentVersion = {
  version: number;
  state: IncidentState;
  changedBy: string;
  changedAt: number;
  /** What this version changed from the one before (empty for the first). */
  changed: IncidentField[];
};

function versionsOf(incidentId?: number) {
  const rows = db
    .select({ version: schema.privacyIncidentVersions, changedBy: schema.users.email })
    .from(schema.privacyIncidentVersions)
    .innerJoin(schema.users, eq(schema.users.id, schema.privacyIncidentVersions.changedBy))
    .where(incidentId === undefined ? undefined : eq(schema.privacyIncidentVersions.incidentId, incidentId))
    .orderBy(asc(schema.privacyIncidentVersions.incidentId), asc(schema.privacyIncidentVersions.version))
    .all();
  let before: { incidentId: number; state: IncidentState } | null = null;
  return rows.map(({ version: v, changedBy }) => {
    const state = parseState(v.state);
    const previous = before?.incidentId === v.incidentId ? before.state : null;
    before = { incidentId: v.incidentId, state };
    return {
      incidentId: v.incidentId,
      version: v.version,
      state,
      changedBy,
      changedAt: v.changedAt,
      changed: changedFields(previous, state),
    };
  });
}

/** An entry with its history, the newest version first; null when there is no such entry. */
export function incidentWithHistory(id: number): { entry: RegisterEntry; history: IncidentVersion[] } | null {
  const found = db
    .select({ incident: schema.privacyIncidents, recordedBy: schema.users.email })
    .from(schema.privacyIncidents)
    .innerJoin(schema.users, eq(schema.users.id, schema.privacyIncidents.recordedBy))
    .where(eq(schema.privacyIncidents.id, id))
    .get();
  if (!found) return null;
  const history = versionsOf(id)
    .map(({ incidentId: _, ...version }) => version)
    .reverse();
  return { entry: entryOf(found.incident, found.recordedBy), history };
}

/** Every version of every entry, entry by entry, oldest first (the versions CSV). */
export function listIncidentVersions() {
  return versionsOf();
}
