// "Will you take this?" answered truthfully: the words residents type for things (the synonym table,
// db/seed/material-synonyms) matched word by word, and the rules that turn those and the catalogue's
// full-text hits into one yes or no. Pure: the catalogue service runs the FTS5 search and calls these.
//
// The rules: a word matches a whole word or, for the last word typed, the start of one, never the inside
// of another; a query that is itself a known term ("télé", "TV") answers with what it names, not with the
// longer words it begins ("téléphone"); a refused thing the query names outranks anything accepted.

/** One thing residents ask about, by the words they use for it in either language. */
export type MaterialSynonym = {
  /** The category whose texts name it; null when none does (we never take it). */
  category: string | null;
  accepted: boolean;
  nameEn: string;
  nameFr: string;
  /** What residents type, in English and French: "tv", "télé", "écran d’ordinateur". */
  terms: string[];
};

/** Elisions and small words that say nothing about the thing: "batterie d'auto" is "batterie auto". */
const SMALL_WORDS = new Set([
  "d",
  "l",
  "de",
  "du",
  "des",
  "la",
  "le",
  "les",
  "a",
  "au",
  "aux",
  "en",
  "et",
  "of",
  "the",
]);
/** A last word shorter than this is not a prefix yet ("t" would name everything). */
const MIN_PREFIX = 3;

/** "Écran d’ordinateur" → ["ecran", "ordinateur"]: lower case, without accents, elisions or small words. */
export function foldWords(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word && !SMALL_WORDS.has(word));
}

const singular = (word: string) => (word.length >= 3 && /[sx]$/.test(word) ? word.slice(0, -1) : word);
const sameWord = (a: string, b: string) => a === b || singular(a) === singular(b);

/**
 * Every word of the query matches a different word of the term and every word of the term is matched:
 * "car batteries" is the term "car battery", "battery" is not (it says nothing of a car). With
 * `lastIsPrefix`, the last word typed may be the start of its term word ("car batt").
 */
export function coversTerm(query: string[], term: string[], lastIsPrefix: boolean): boolean {
  if (query.length === 0 || query.length !== term.length) return false;
  const left = [...term];
  return query.every((word, i) => {
    const prefix = lastIsPrefix && i === query.length - 1 && word.length >= MIN_PREFIX;
    const at = left.findIndex((t) => sameWord(word, t) || (prefix && t.startsWith(word)));
    if (at < 0) return false;
    left.splice(at, 1);
    return true;
  });
}

export type SynonymMatch = {
  /** The query is itself a known term: the search must not read its last word as a prefix. */
  exact: boolean;
  /** What the query names, refused things first. */
  named: MaterialSynonym[];
};

const FOLDED = new WeakMap<readonly MaterialSynonym[], string[][][]>();
/** Each row's terms as words, folded once per table. */
function foldedTerms(table: readonly MaterialSynonym[]): string[][][] {
  let folded = FOLDED.get(table);
  if (!folded) {
    folded = table.map((row) => row.terms.map(foldWords));
    FOLDED.set(table, folded);
  }
  return folded;
}

/** The things a query names: those it spells out exactly, else those whose terms it begins. */
export function matchSynonyms(q: string | null | undefined, table: readonly MaterialSynonym[]): SynonymMatch {
  const words = foldWords(q ?? "");
  if (words.length === 0) return { exact: false, named: [] };
  const folded = foldedTerms(table);
  const naming = (lastIsPrefix: boolean) =>
    table.filter((_, i) => folded[i]!.some((term) => coversTerm(words, term, lastIsPrefix)));
  const exact = naming(false);
  const named = exact.length > 0 ? exact : naming(true);
  return { exact: exact.length > 0, named: refusedFirst(named) };
}

/** A refused match always outranks an accepted one; otherwise the order is kept. */
export function refusedFirst<T extends { accepted: boolean }>(matches: readonly T[]): T[] {
  return [...matches.filter((m) => !m.accepted), ...matches.filter((m) => m.accepted)];
}

/** A category as the search lists it. */
export type CategoryHit = { category: string; onlyInNotAccepted: boolean; matchedItems: string[] };

export type TakeAnswer = {
  verdict: "yes" | "no";
  /** What the query named (a synonym's name in the page's language), or null when only the texts matched. */
  thing: string | null;
  /** The category to read, or null when none takes or names it. */
  category: string | null;
};

/**
 * The categories to show, in order, and the answer: the categories of refused things the query names
 * (flagged as not accepted), then those of accepted things, then the full-text hits (accepting
 * categories before those that only refuse it). The answer is the first named thing's, else the first
 * hit's; null when nothing matched.
 */
export function answerFrom<M extends CategoryHit>(
  match: SynonymMatch,
  found: readonly M[],
  byCategory: (category: string) => M | undefined,
  lng: "en" | "fr",
): { answer: TakeAnswer | null; materials: M[] } {
  const listed = new Map<string, M>();
  for (const thing of match.named) {
    const material = thing.category ? byCategory(thing.category) : undefined;
    if (!material || listed.has(material.category)) continue;
    const hit = found.find((m) => m.category === material.category && !m.onlyInNotAccepted);
    if (thing.accepted && hit) listed.set(hit.category, hit);
    else listed.set(material.category, { ...material, onlyInNotAccepted: !thing.accepted, matchedItems: [] });
  }
  for (const hit of found) if (!listed.has(hit.category)) listed.set(hit.category, hit);
  const materials = [...listed.values()];
  const [first] = match.named;
  if (first) {
    return {
      answer: {
        verdict: first.accepted ? "yes" : "no",
        thing: lng === "fr" ? first.nameFr : first.nameEn,
        category: first.category,
      },
      materials,
    };
  }
  const [top] = materials;
  if (!top) return { answer: null, materials };
  return { answer: { verdict: top.onlyInNotAccepted ? "no" : "yes", thing: null, category: top.category }, materials };
}
