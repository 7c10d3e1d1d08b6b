// The register of confidentiality incidents (issue 34, Law 25 section 3.8): an admin records each one
// (when it happened and was found, what happened, how many residents, whether it presents a risk of
// serious injury, whether the Commission d'accès à l'information and the residents were told, the
// measures taken); the register is read on /admin/privacy and exported as CSV.
import { desc, eq } from "drizzle-orm";
import { db, schema } from "~/services/platform/db.server";
import { now } from "~/lib/clock";
import { dateKey } from "~/lib/dates";
import type { User } from "../../../db/schema";
import { recordActivity } from "./activity.server";
import { AdminError, toDateKey } from "./admin-error.server";
import { toInteger } from "~/lib/ids";

const MAX_TEXT = 2000;
const MAX_RESIDENTS = 10_000_000;

export type IncidentInput = {
  occurredOn: string;
  discoveredOn: string;
  description: string;
  residentsAffected: number;
  seriousRisk: boolean;
  commissionNotified: boolean;
  residentsNotified: boolean;
  measures: string;
};

function text(value: FormDataEntryValue | null) {
  return typeof value === "string" ? value.trim() : "";
}

/** Reads the form; throws AdminError with the field's problem (keys of the privacy namespace). */
export function readIncidentForm(form: FormData, at = now()): IncidentInput {
  const today = dateKey(at);
  const fields: Record<string, { key: string }> = {};
  const occurredOn = toDateKey(text(form.get("occurredOn")));
  const discoveredOn = toDateKey(text(form.get("discoveredOn")));
  if (!occurredOn || occurredOn > today) fields.occurredOn = { key: "privacy:incidents.errors.date" };
  if (!discoveredOn || discoveredOn > today) fields.discoveredOn = { key: "privacy:incidents.errors.date" };
  else if (occurredOn && discoveredOn < occurredOn) fields.discoveredOn = { key: "privacy:incidents.errors.order" };
  const description = text(form.get("description"));
  if (!description || description.length > MAX_TEXT) {
    fields.description = { key: "privacy:incidents.errors.description" };
  }
  const residents = toInteger(text(form.get("residentsAffected")));
  if (residents === null || residents < 0 || residents > MAX_RESIDENTS) {
    fields.residentsAffected = { key: "privacy:incidents.errors.residents" };
  }
  const risk = text(form.get("seriousRisk"));
  if (risk !== "yes" && risk !== "no") fields.seriousRisk = { key: "privacy:incidents.errors.risk" };
  const measures = text(form.get("measures"));
  if (measures.length > MAX_TEXT) fields.measures = { key: "privacy:incidents.errors.measures" };
  if (Object.keys(fields).length) throw new AdminError("privacy:incidents.errors.form", {}, 400, fields);
  return {
    occurredOn: occurredOn!,
    discoveredOn: discoveredOn!,
    description,
    residentsAffected: residents!,
    seriousRisk: risk === "yes",
    commissionNotified: form.get("commissionNotified") === "on",
    residentsNotified: form.get("residentsNotified") === "on",
    measures,
  };
}

/** Adds an incident to the register and to the activity log, in one transaction. */
export function recordIncident(admin: User, input: IncidentInput) {
  return db.transaction((tx) => {
    const { id } = tx
      .insert(schema.privacyIncidents)
      .values({ ...input, recordedBy: admin.id, createdAt: now() })
      .returning({ id: schema.privacyIncidents.id })
      .all()[0]!;
    recordActivity(tx, admin.id, "incident.record", { incident: id, residents: input.residentsAffected });
    return id;
  });
}

/** The register, newest incident first, with who recorded each. */
export function listIncidents() {
  return db
    .select({ incident: schema.privacyIncidents, recordedBy: schema.users.email })
    .from(schema.privacyIncidents)
    .innerJoin(schema.users, eq(schema.users.id, schema.privacyIncidents.recordedBy))
    .orderBy(desc(schema.privacyIncidents.occurredOn), desc(schema.privacyIncidents.id))
    .all()
    .map(({ incident, recordedBy }) => ({ ...incident, recordedBy }));
}
