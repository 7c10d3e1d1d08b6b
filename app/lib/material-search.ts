// How a resident's words become an SQLite FTS5 query over the materials search index (see the
// materials_search migration). Every word is quoted, so FTS5 syntax typed by the resident (quotes,
// AND/OR/NOT, *, -, :, parentheses) is only text; the last word matches as a prefix, as it is typed.
import { MAX_MATERIAL_QUERY } from "~/lib/material-text";

/** The index's columns that say what is accepted (the fourth, `refused`, holds the NOT ACCEPTED paragraphs). */
const ACCEPTED_COLUMNS = "{name items accepted}";

export type MaterialSearchQuery = {
  /** Every word anywhere in a category's texts. */
  anywhere: string;
  /** Every word in what the category accepts (its names, item names and accepted paragraphs). */
  accepted: string;
};

/** "  “Lead-acid” car*  " → ['Lead-acid', 'car']: words with at least one letter or digit, without controls. */
export function searchWords(q: string | null | undefined): string[] {
  if (!q) return [];
  return (
    q
      .slice(0, MAX_MATERIAL_QUERY)
      // Controls, lone surrogates, unassigned and private-use code points: nothing a resident means.
      .replace(/[\p{C}]/gu, " ")
      .split(/[\s,;]+/u)
      .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""))
      .filter((word) => /[\p{L}\p{N}]/u.test(word))
  );
}

/** The FTS5 match expressions for a query, or null when it has no word to search for. */
export function materialSearchQuery(
  q: string | null | undefined,
  /** False when the query is itself a known term: "télé" then means télé, not téléphone. */
  lastIsPrefix = true,
): MaterialSearchQuery | null {
  const words = searchWords(q);
  if (words.length === 0) return null;
  // A quoted string is a phrase to FTS5: "lead-acid" is the phrase lead acid, "d'armoire" is d armoire.
  const phrases = words.map(
    (word, i) => `"${word.replace(/"/g, '""')}"${lastIsPrefix && i === words.length - 1 ? " *" : ""}`,
  );
  const anywhere = phrases.join(" AND ");
  return { anywhere, accepted: `${ACCEPTED_COLUMNS} : (${anywhere})` };
}
