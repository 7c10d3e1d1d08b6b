// At the depot (issue 47 parts 2 and 5): for a date, an operator records the sorted weight of each category
// (integer tenths of a kg) and the partner it went to; one record per date and category. A correction
// changes a record's figures in one transaction with a row of intake_corrections keeping the previous ones,
// why, who and when. Estimates are never stored: they are computed on read from the current figures
// (impact/estimates), so a correction changes every share of its day at once.
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { db, durably, schema } from "~/services/platform/db.server";
import { listMaterials } from "~/services/catalogue/materials.server";
import { now } from "~/lib/clock";
import { dateKey } from "~/lib/dates";
import { MAX_KG_TENTHS } from "~/lib/impact-estimate";
import type { Language } from "~/lib/i18n";
import { findPartner, listPartners } from "./partners.server";

/** A change refused: `key` is an "impact" namespace message, `field` the form field it belongs to. */
export class IntakeError extends Error {
  constructor(
    public readonly key: string,
    public readonly status: 400 | 404 | 409 = 400,
    public readonly field?: string,
  ) {
    super(key);
  }
}

export type IntakeLine = { category: string; kgTenths: number; partnerId: number | null };

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date 'YYYY-MM-DD' from 2000 on, or null. */
export function intakeDate(raw: unknown): string | null {
  if (typeof raw !== "string" || !DATE.test(raw)) return null;
  const ms = Date.parse(`${raw}T12:00:00Z`);
  if (!Number.isFinite(ms) || new Date(ms).toISOString().slice(0, 10) !== raw) return null;
  return raw >= "2000-01-01" ? raw : null;
}

function knownCategories(): Set<string> {
  return new Set(listMaterials("en").map((m) => m.category));
}

/** The partner's name as recorded: "" for none; refused when it does not exist. */
function partnerName(partnerId: number | null, field: string): string {
  if (partnerId === null) return "";
  const partner = findPartner(partnerId);
  if (!partner) throw new IntakeError("impact:intake.errors.partner", 400, field);
  return partner.name;
}

/**
 * Records a day's intake: every line in one transaction, or none. Refused: a date in the future or not a
 * date, no line, a category the catalogue does not have, a weight out of range, a partner that does not
 * exist, and a category already recorded that day (it is corrected instead).
 */
export function recordIntake(date: string | null, lines: IntakeLine[], actorId: number, at = now()) {
  if (!date) throw new IntakeError("impact:intake.errors.date", 400, "date");
  if (date > dateKey(at)) throw new IntakeError("impact:intake.errors.future", 400, "date");
  if (lines.length === 0) throw new IntakeError("impact:intake.errors.empty");
  const known = knownCategories();
  for (const line of lines) {
    if (!known.has(line.category)) throw new IntakeError("impact:intake.errors.category");
    if (!Number.isInteger(line.kgTenths) || line.kgTenths < 0 || line.kgTenths > MAX_KG_TENTHS)
      throw new IntakeError("impact:intake.errors.kg", 400, `kg-${line.category}`);
  }
  return db.transaction(
    (tx) => {
      const rows = lines.map((line) => {
        const taken = tx
          .select({ id: schema.intakeRecords.id })
          .from(schema.intakeRecords)
          .where(and(eq(schema.intakeRecords.date, date), eq(schema.intakeRecords.category, line.category)))
          .get();
        if (taken) throw new IntakeError("impact:intake.errors.alreadyRecorded", 409);
        return durably(
          tx
            .insert(schema.intakeRecords)
            .values({
              date,
              category: line.category,
              kgTenths: line.kgTenths,
              partnerId: line.partnerId,
              partnerName: partnerName(line.partnerId, `partner-${line.category}`),
              recordedBy: actorId,
              recordedAt: at,
              updatedAt: at,
            })
            .returning(),
        );
      });
      return rows;
    },
    { behavior: "immediate" },
  );
}

export type Correction = { kgTenths: number | null; partnerId: number | null; reason: string };

/** Corrects one record: its new weight and partner, with the reason (required), kept with who and when. */
export function correctIntake(id: number | null, correction: Correction, actorId: number, at = now()) {
  if (correction.kgTenths === null || correction.kgTenths < 0 || correction.kgTenths > MAX_KG_TENTHS)
    throw new IntakeError("impact:intake.errors.kg", 400, "kg");
  const reason = correction.reason.trim();
  if (!reason || reason.length > 300) throw new IntakeError("impact:intake.errors.reason", 400, "reason");
  const kgTenths = correction.kgTenths;
  return db.transaction(
    (tx) => {
      const record =
        id === null ? undefined : tx.select().from(schema.intakeRecords).where(eq(schema.intakeRecords.id, id)).get();
      if (!record) throw new IntakeError("impact:intake.errors.notFound", 404);
      const name = partnerName(correction.partnerId, "partner");
      if (record.kgTenths === kgTenths && record.partnerName === name && record.partnerId === correction.partnerId)
        throw new IntakeError("impact:intake.errors.unchanged", 400, "kg");
      const version = record.version + 1;
      tx.insert(schema.intakeCorrections)
        .values({
          intakeId: record.id,
          version,
          previousKgTenths: record.kgTenths,
          kgTenths,
          previousPartnerName: record.partnerName,
          partnerName: name,
          reason,
          correctedBy: actorId,
          correctedAt: at,
        })
        .run();
      tx.update(schema.intakeRecords)
        .set({ kgTenths, partnerId: correction.partnerId, partnerName: name, version, updatedAt: at })
        .where(eq(schema.intakeRecords.id, record.id))
        .run();
      return { ...record, kgTenths, partnerId: correction.partnerId, partnerName: name, version, updatedAt: at };
    },
    { behavior: "immediate" },
  );
}

const staffName = sql<string>`coalesce(nullif(trim(${schema.users.firstName} || ' ' || ${schema.users.lastName}), ''), ${schema.users.email}, '')`;

/** A day's records with who recorded each, and each one's corrections (oldest first) with who made them. */
export function intakeDay(date: string) {
  const records = db
    .select({ record: schema.intakeRecords, by: staffName })
    .from(schema.intakeRecords)
    .leftJoin(schema.users, eq(schema.users.id, schema.intakeRecords.recordedBy))
    .where(eq(schema.intakeRecords.date, date))
    .orderBy(asc(schema.intakeRecords.category))
    .all();
  const corrections = db
    .select({ correction: schema.intakeCorrections, by: staffName })
    .from(schema.intakeCorrections)
    .innerJoin(schema.intakeRecords, eq(schema.intakeRecords.id, schema.intakeCorrections.intakeId))
    .leftJoin(schema.users, eq(schema.users.id, schema.intakeCorrections.correctedBy))
    .where(eq(schema.intakeRecords.date, date))
    .orderBy(asc(schema.intakeCorrections.version))
    .all();
  return records.map(({ record, by }) => ({
    ...record,
    recordedByName: by ?? "",
    corrections: corrections
      .filter((c) => c.correction.intakeId === record.id)
      .map(({ correction, by: who }) => ({ ...correction, correctedByName: who ?? "" })),
  }));
}

/** The latest days with intake recorded (most recent first), each with its total: the page's list. */
function recentIntakeDays(limit = 14) {
  return db
    .select({
      date: schema.intakeRecords.date,
      kgTenths: sql<number>`sum(${schema.intakeRecords.kgTenths})`,
      lines: sql<number>`count(*)`,
    })
    .from(schema.intakeRecords)
    .groupBy(schema.intakeRecords.date)
    .orderBy(desc(schema.intakeRecords.date))
    .limit(limit)
    .all();
}

/** What /admin/intake shows for `date`: the categories (named in `lng`), the partners, the day's records. */
export function intakePage(date: string, lng: Language) {
  const partners = listPartners().map((p) => ({ id: p.id, name: p.name, categories: p.categories }));
  const defaults: Record<string, number> = {};
  for (const p of partners) for (const c of p.categories) defaults[c] ??= p.id;
  return {
    date,
    choices: listMaterials(lng).map(({ category, name }) => ({ category, name })),
    partners,
    defaults,
    records: intakeDay(date),
    recent: recentIntakeDays(),
  };
}
