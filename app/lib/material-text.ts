// A material as the browser sees it, and how its texts are laid out: "|" separates paragraphs (and
// preparation steps), a paragraph that starts "NOT ACCEPTED:" is shown as a warning, and numbers never
// break from their units.
/** A category in the resident's language, as the page and GET /api/materials show it. */
export type Material = {
  id: number;
  category: string;
  name: string;
  /** Paragraphs separated by "|"; one may start with NOT ACCEPTED / NON ACCEPTÉ. */
  description: string;
  /** Numbered steps separated by "|". */
  preparationNote: string;
  icon: string;
  color: string;
};

export type MaterialMatch = Material & {
  /** The query is only found in what is NOT accepted: the resident should read that part first. */
  onlyInNotAccepted: boolean;
  /** Everyday item names of the category the query matched ("vieux jeans"), at most three; [] without a query. */
  matchedItems: string[];
};

/** Queries longer than this are cut: nobody types a paragraph into a search box. */
export const MAX_MATERIAL_QUERY = 100;

const NOT_ACCEPTED = /^\s*(NOT ACCEPTED|NON ACCEPTÉ)\s*:?/i;

/** "5 kg", "9 V", "20 à 30 L" never break between the number and its unit on a narrow screen. */
export function keepUnits(text: string): string {
  return text.replace(/(\d) (kg|g|L|cm|V|h)\b/g, "$1\u00a0$2");
}

/** "NOT ACCEPTED: a, b" → label "NOT ACCEPTED:" and the rest; other paragraphs have no label. */
export function splitParagraph(paragraph: string): { label: string | null; text: string } {
  const match = NOT_ACCEPTED.exec(paragraph);
  if (!match) return { label: null, text: keepUnits(paragraph.trim()) };
  return { label: match[0].trim().replace(/ :$/, "\u00a0:"), text: keepUnits(paragraph.slice(match[0].length).trim()) };
}

/** A description's paragraphs, each with its "NOT ACCEPTED" label if it has one. */
export function descriptionParagraphs(description: string) {
  return description
    .split("|")
    .filter((p) => p.trim())
    .map(splitParagraph);
}

/** A preparation note's steps. */
export function preparationSteps(note: string): string[] {
  return note
    .split("|")
    .map((s) => keepUnits(s.trim()))
    .filter(Boolean);
}
