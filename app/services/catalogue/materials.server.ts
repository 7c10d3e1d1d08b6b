// The accepted-materials catalogue in the resident's language, and the "will you take this?" search
// over it. The /materials page and GET /api/materials both read through here.
import { asc } from "drizzle-orm";
import { db, schema } from "~/services/platform/db.server";
import type { Language } from "~/lib/i18n";
import { MAX_MATERIAL_QUERY, type Material, type MaterialMatch } from "~/lib/material-text";
import type { Material as MaterialRow } from "../../../db/schema";

const NOT_ACCEPTED = /^\s*(NOT ACCEPTED|NON ACCEPTÉ)\s*:?\s*/i;

function localise(row: MaterialRow, lng: Language): Material {
  const fr = lng === "fr";
  return {
    id: row.id,
    category: row.category,
    name: fr ? row.nameFr : row.nameEn,
    description: fr ? row.descriptionFr : row.descriptionEn,
    preparationNote: fr ? row.preparationNoteFr : row.preparationNoteEn,
    icon: row.icon,
    color: row.color,
  };
}

export function listMaterials(lng: Language): Material[] {
  return db
    .select()
    .from(schema.materials)
    .orderBy(asc(schema.materials.sortOrder), asc(schema.materials.id))
    .all()
    .map((row) => localise(row, lng));
}

/** Lower case, without accents, with one kind of apostrophe and single spaces: 'Liège' → 'liege'. */
function foldForSearch(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[’‘`´]/g, "'")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/** The words of a query, folded; an empty list means "no search". */
export function searchTerms(q: string | null | undefined): string[] {
  if (!q) return [];
  return foldForSearch(q.slice(0, MAX_MATERIAL_QUERY))
    .split(/[\s,;]+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""))
    .filter(Boolean);
}

/**
 * Categories whose name or description (in `lng`) contains every word of `q`, ignoring case and
 * accents. A blank query returns the whole list.
 */
export function searchMaterials(lng: Language, q: string | null | undefined): MaterialMatch[] {
  const terms = searchTerms(q);
  const all = listMaterials(lng);
  if (terms.length === 0) return all.map((m) => ({ ...m, onlyInNotAccepted: false }));
  const matches: MaterialMatch[] = [];
  for (const material of all) {
    const paragraphs = material.description.split("|");
    const accepted = foldForSearch([material.name, ...paragraphs.filter((p) => !NOT_ACCEPTED.test(p))].join(" "));
    const everything = foldForSearch(`${material.name} ${paragraphs.join(" ")}`);
    if (!terms.every((term) => everything.includes(term))) continue;
    matches.push({ ...material, onlyInNotAccepted: !terms.every((term) => accepted.includes(term)) });
  }
  return matches;
}
