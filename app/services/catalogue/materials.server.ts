// The accepted-materials catalogue in the resident's language, and the "will you take this?" search
// over it (the materials_search FTS5 index, kept filled by triggers on the materials table). The
// /materials page and GET /api/materials both read through here.
import { asc } from "drizzle-orm";
import { db, perConnection, schema } from "~/services/platform/db.server";
import { sharedRead } from "~/services/platform/shared-reads.server";
import type { Language } from "~/lib/i18n";
import { answerFrom, matchSynonyms, type TakeAnswer } from "~/lib/material-answer";
import { materialSearchQuery } from "~/lib/material-search";
import type { Material, MaterialMatch } from "~/lib/material-text";
import type { Material as MaterialRow } from "../../../db/schema";
import { MATERIAL_SYNONYMS } from "../../../db/seed/material-synonyms";

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

/** The catalogue in a language, read once until the database changes (platform/shared-reads). Never mutate it. */
export function listMaterials(lng: Language): Material[] {
  return sharedRead(`materials:${lng}`, () =>
    db
      .select()
      .from(schema.materials)
      .orderBy(asc(schema.materials.sortOrder), asc(schema.materials.id))
      .all()
      .map((row) => localise(row, lng)),
  );
}

/**
 * A category's weight when it matches, per column of the materials_search index: its names count most,
 * then its item names, then its accepted paragraphs, then what it does not accept.
 */
const COLUMN_WEIGHTS = "10.0, 6.0, 2.0, 1.0";

/**
 * The search, prepared once per connection (issue 44: SQLite compiling a full-text query was most of a
 * `/materials?q=` loader's time). Parameters: the accepted-only match, the two marks, the match anywhere.
 */
const searchStatement = perConnection((_db, raw) =>
  raw.prepare(`
    SELECT rowid AS id,
      rowid IN (SELECT rowid FROM materials_search WHERE materials_search MATCH ?) AS accepted,
      highlight(materials_search, 1, ?, ?) AS items
    FROM materials_search
    WHERE materials_search MATCH ?
    ORDER BY accepted DESC, bm25(materials_search, ${COLUMN_WEIGHTS}), rowid`),
);

/** Wraps the words FTS5 matched in the items column (a character no item name contains). */
const MARK = "\u0001";
const SHOWN_ITEMS = 3;

/**
 * The item names FTS5 marked in a hit's items column ("en items | fr items", each "|"-separated), those of
 * the page's language first, without repeats: "cellulaire" on the English page names the French item.
 */
function matchedItems(highlighted: string, lng: Language): string[] {
  const [en = "", fr = ""] = highlighted.split(" | ");
  const marked = (lng === "fr" ? [fr, en] : [en, fr])
    .flatMap((items) => items.split("|"))
    .map((item) => ({ item: item.replaceAll(MARK, "").trim(), words: (item.split(MARK).length - 1) / 2 }))
    .filter(({ words }) => words > 0);
  // Only the names matching the most words: "pile AA" names "pile AA" and "pile AAA", not "pile C".
  const most = Math.max(0, ...marked.map(({ words }) => words));
  const best = marked.filter(({ words }) => words === most).map(({ item }) => item);
  return [...new Set(best)].slice(0, SHOWN_ITEMS);
}

/**
 * Categories matching every word of `q` in either language (FTS5: plurals, case and accents do not
 * matter; the last word is a prefix unless the query is itself a known term), shown in `lng`.
 * Categories that accept what was asked come first, best match first; a category that matches only
 * through its NOT ACCEPTED paragraph comes after them, flagged. A blank query returns the whole list.
 */
function textHits(lng: Language, q: string | null | undefined, lastIsPrefix: boolean): MaterialMatch[] {
  const all = listMaterials(lng);
  const query = materialSearchQuery(q, lastIsPrefix);
  if (!query) return all.map((m) => ({ ...m, onlyInNotAccepted: false, matchedItems: [] }));
  const hits = searchStatement().all(query.accepted, MARK, MARK, query.anywhere) as Array<{
    id: number;
    accepted: number;
    items: string;
  }>;
  const byId = new Map(all.map((m) => [m.id, m]));
  return hits.flatMap(({ id, accepted, items }) => {
    const material = byId.get(id);
    if (!material) return [];
    return [{ ...material, onlyInNotAccepted: !accepted, matchedItems: accepted ? matchedItems(items, lng) : [] }];
  });
}

export type MaterialQuestion = {
  /** Yes or no, and what the query named; null for a blank query or when nothing matched. */
  answer: TakeAnswer | null;
  materials: MaterialMatch[];
};

/**
 * "Will you take this?": the things the query names (the synonym table: "TV", "vape", "propane") and
 * the categories whose texts match it, refused things first (lib/material-answer), in `lng`.
 */
export function askMaterials(lng: Language, q: string | null | undefined): MaterialQuestion {
  const match = matchSynonyms(q, MATERIAL_SYNONYMS);
  const found = textHits(lng, q, !match.exact);
  if (!materialSearchQuery(q)) return { answer: null, materials: found };
  const all = listMaterials(lng);
  return answerFrom(
    match,
    found,
    (category) => {
      const material = all.find((m) => m.category === category);
      return material && { ...material, onlyInNotAccepted: false, matchedItems: [] };
    },
    lng,
  );
}

/** The categories of askMaterials, for GET /api/materials?q= and the /materials page alike. */
export function searchMaterials(lng: Language, q: string | null | undefined): MaterialMatch[] {
  return askMaterials(lng, q).materials;
}
