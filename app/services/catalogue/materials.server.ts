// The accepted-materials catalogue in the resident's language, and the "will you take this?" search
// over it (the materials_search FTS5 index, kept filled by triggers on the materials table). The
// /materials page and GET /api/materials both read through here.
import { asc, sql } from "drizzle-orm";
import { db, schema } from "~/services/platform/db.server";
import type { Language } from "~/lib/i18n";
import { materialSearchQuery } from "~/lib/material-search";
import type { Material, MaterialMatch } from "~/lib/material-text";
import type { Material as MaterialRow } from "../../../db/schema";

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

/**
 * A category's weight when it matches, per column of the materials_search index: its names count most,
 * then its item names, then its accepted paragraphs, then what it does not accept.
 */
const COLUMN_WEIGHTS = sql.raw("10.0, 6.0, 2.0, 1.0");

/**
 * Categories matching every word of `q` in either language (FTS5: plurals, case and accents do not
 * matter; the last word is a prefix), shown in `lng`. Categories that accept what was asked come first,
 * best match first; a category that matches only through its NOT ACCEPTED paragraph comes after them,
 * flagged. A blank query returns the whole list.
 */
export function searchMaterials(lng: Language, q: string | null | undefined): MaterialMatch[] {
  const all = listMaterials(lng);
  const query = materialSearchQuery(q);
  if (!query) return all.map((m) => ({ ...m, onlyInNotAccepted: false }));
  const hits = db.all<{ id: number; accepted: number }>(sql`
    SELECT rowid AS id,
      rowid IN (SELECT rowid FROM materials_search WHERE materials_search MATCH ${query.accepted}) AS accepted
    FROM materials_search
    WHERE materials_search MATCH ${query.anywhere}
    ORDER BY accepted DESC, bm25(materials_search, ${COLUMN_WEIGHTS}), rowid`);
  const byId = new Map(all.map((m) => [m.id, m]));
  return hits.flatMap(({ id, accepted }) => {
    const material = byId.get(id);
    return material ? [{ ...material, onlyInNotAccepted: !accepted }] : [];
  });
}
