// The admin search's rules, pure (issue 42 part 9): what a typed text is searched by. An "@": e-mail
// addresses only; a phone-shaped text (digits, spaces, + ( ) . -, at least 7 digits): phone numbers only,
// whatever form it was typed in; anything else: names, addresses and e-mail addresses, every word somewhere
// in the same resident (or pickup address), compared without case or accents. A text shaped like a
// confirmation number (4 to 12 letters and digits, dash and spaces aside) also finds the pickups whose
// number begins so. The page and the service read the box with the same limits.
import { phoneSearchDigits } from "./phone";

/** Shorter texts find too much to read; longer ones are no name, address or number. */
export const SEARCH_QUERY_MIN = 2;
export const SEARCH_QUERY_MAX = 100;
/** Words of a text search past these are not looked for. */
export const SEARCH_MAX_WORDS = 6;

/**
 * A confirmation number's beginning, dash and spaces aside: 'K7M2-QX9P' (booking/book) is 8 letters and
 * digits; up to 12 are read so that numbers of another shape (made by hand, by an older version) are found
 * too. A word of a name ('TREMBLAY') is shaped alike, and would find a pickup only if its number began so.
 */
const CONFIRMATION = /^[A-Z0-9]{4,12}$/;

/** Lower case, no accents ('Véronique' → 'veronique', 'Œuvre' → 'oeuvre'), spaces collapsed. */
export function fold(text: unknown): string {
  return String(text ?? "")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/œ/g, "oe")
    .replace(/æ/g, "ae")
    .replace(/\s+/g, " ")
    .trim();
}

export type SearchProblem = "tooShort" | "tooLong";

/** The search box's text: control characters out, spaces collapsed, and what is wrong with it if anything. */
export function readSearchQuery(raw: string | null): { text: string; problem: SearchProblem | null } {
  const text = (raw ?? "")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (text.length > SEARCH_QUERY_MAX) return { text: text.slice(0, SEARCH_QUERY_MAX), problem: "tooLong" };
  if (text.length < SEARCH_QUERY_MIN) return { text, problem: text ? "tooShort" : null };
  return { text, problem: null };
}

export type SearchKeys = {
  key: "email" | "phone" | "text";
  /** The lower-case address part, the phone digits, or the folded words. */
  value: string;
  /** The confirmation number's beginning to look for, without its dash; null: not shaped like one. */
  confirmation: string | null;
};

/** Which keys a text is searched by (see the top of this file). */
export function searchKeys(text: string): SearchKeys {
  const compact = text.toUpperCase().replace(/[\s-]/g, "");
  const confirmation = CONFIRMATION.test(compact) ? compact : null;
  if (text.includes("@")) return { key: "email", value: text.toLowerCase(), confirmation: null };
  const digits = phoneSearchDigits(text);
  if (digits) return { key: "phone", value: digits, confirmation };
  return { key: "text", value: fold(text), confirmation };
}
