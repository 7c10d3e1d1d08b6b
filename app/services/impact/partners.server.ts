// The local partners our materials go to (issue 42 part 11), the first piece of the "impact" domain: admins
// keep the list at /admin/partners (add, edit, remove); the guide's last slide shows it to residents and
// visitors, each partner with what becomes of the material in the reader's language. A partner takes one
// or more of the catalogue's categories (the materials table's).
import { asc, eq, sql } from "drizzle-orm";
import { db, durably, schema } from "~/services/platform/db.server";
import { listMaterials } from "~/services/catalogue/materials.server";
import { sharedRead } from "~/services/platform/shared-reads.server";
import { now } from "~/lib/clock";
import type { Language } from "~/lib/i18n";
import type { PartnerInput } from "~/lib/partner-form";
import type { Partner as PartnerRow } from "../../../db/schema";

/** A change refused: `key` is a "partners" namespace message, `field` the form field it belongs to. */
export class PartnerError extends Error {
  constructor(
    public readonly key: string,
    public readonly status: 400 | 404 = 400,
    public readonly field?: keyof PartnerInput,
  ) {
    super(key);
  }
}

export type Partner = Omit<PartnerRow, "categories"> & { categories: string[] };

function categoriesOf(stored: string): string[] {
  try {
    const list: unknown = JSON.parse(stored);
    return Array.isArray(list) ? list.filter((c): c is string => typeof c === "string") : [];
  } catch {
    return [];
  }
}

const toPartner = (row: PartnerRow): Partner => ({ ...row, categories: categoriesOf(row.categories) });

/** Every partner, by name. */
export function listPartners(): Partner[] {
  return db
    .select()
    .from(schema.partners)
    .orderBy(asc(sql`${schema.partners.name} collate nocase`), asc(schema.partners.id))
    .all()
    .map(toPartner);
}

export function findPartner(id: number | null): Partner | null {
  if (id === null || !Number.isInteger(id) || id <= 0) return null;
  const row = db.select().from(schema.partners).where(eq(schema.partners.id, id)).get();
  return row ? toPartner(row) : null;
}

export type GuidePartner = { id: number; name: string; city: string; website: string; fate: string; takes: string[] };

/** The partners as the guide's last slide shows them: what becomes of the material, and what they take, in `lng`. */
export function partnersForGuide(lng: Language): GuidePartner[] {
  const names = new Map(listMaterials(lng).map((m) => [m.category, m.name]));
  return listPartners().map((p) => ({
    id: p.id,
    name: p.name,
    city: p.city,
    website: p.website,
    fate: lng === "fr" ? p.fateFr : p.fateEn,
    takes: p.categories.flatMap((c) => names.get(c) ?? []),
  }));
}

export type KeptPartner = { id: number; name: string; city: string; website: string; fate: string };

/**
 * Issue 47: each category's partners as kept here (by name), what becomes of the material in `lng`: the
 * materials pages, the intake form's default partner, and where an estimate from averages goes.
 */
export function partnersByCategory(lng: Language): Record<string, KeptPartner[]> {
  // Read once until the database changes (platform/shared-reads): every view of /materials and /impact asks.
  return sharedRead(`partners-by-category:${lng}`, () => {
    const byCategory: Record<string, KeptPartner[]> = {};
    for (const p of listPartners()) {
      const kept = {
        id: p.id,
        name: p.name,
        city: p.city,
        website: p.website,
        fate: lng === "fr" ? p.fateFr : p.fateEn,
      };
      for (const category of p.categories) (byCategory[category] ??= []).push(kept);
    }
    return byCategory;
  });
}

/** The catalogue's categories, in the catalogue's order, named in `lng`: the form's choices. */
export function partnerCategoryChoices(lng: Language): Array<{ category: string; name: string }> {
  return listMaterials(lng).map(({ category, name }) => ({ category, name }));
}

/** Refuses categories the catalogue does not have, and a name another partner already has. */
function checked(input: PartnerInput, except?: number): PartnerInput {
  const known = new Set(listMaterials("en").map((m) => m.category));
  if (input.categories.some((c) => !known.has(c)))
    throw new PartnerError("partners:errors.categories", 400, "categories");
  const sameName = db
    .select({ id: schema.partners.id })
    .from(schema.partners)
    .where(sql`lower(${schema.partners.name}) = lower(${input.name})`)
    .all()
    .some((row) => row.id !== except);
  if (sameName) throw new PartnerError("partners:errors.nameTaken", 400, "name");
  return input;
}

function columns(input: PartnerInput) {
  return {
    name: input.name,
    city: input.city,
    website: input.website,
    categories: JSON.stringify(input.categories),
    fateEn: input.fateEn,
    fateFr: input.fateFr,
  };
}

export function addPartner(input: PartnerInput): Partner {
  const at = now();
  return db.transaction((tx) => {
    checked(input);
    const row = durably(
      tx
        .insert(schema.partners)
        .values({ ...columns(input), createdAt: at, updatedAt: at })
        .returning(),
    );
    return toPartner(row);
  });
}

export function updatePartner(id: number | null, input: PartnerInput): Partner {
  return db.transaction((tx) => {
    const existing = findPartner(id);
    if (!existing) throw new PartnerError("partners:errors.notFound", 404);
    checked(input, existing.id);
    const row = durably(
      tx
        .update(schema.partners)
        .set({ ...columns(input), updatedAt: now() })
        .where(eq(schema.partners.id, existing.id))
        .returning(),
    );
    return toPartner(row);
  });
}

export function removePartner(id: number | null): Partner {
  const existing = findPartner(id);
  if (!existing) throw new PartnerError("partners:errors.notFound", 404);
  db.delete(schema.partners).where(eq(schema.partners.id, existing.id)).run();
  return existing;
}
