// Issue 33, part 7: what a French reader must never meet on a French page or in a French e-mail: an amount
// written the English way ($ before the number) or an English word. The words are ones French never uses,
// so a hit is a text that was left untranslated (or formatted in the wrong language), not a false alarm.
// E-mail addresses, links and the product's name are taken out first: they are the same in both languages.
const ENGLISH_WORDS = [
  "the",
  "and",
  "your",
  "you",
  "with",
  "this",
  "that",
  "from",
  "pickup",
  "pickups",
  "cancel",
  "cancelled",
  "welcome",
  "unit",
  "please",
  "order",
  "orders",
  "receipt",
  "refund",
  "refunded",
  "bags",
  "booking",
  "book",
  "sign",
  "back",
  "will",
  "have",
  "when",
  "what",
  "which",
  "here",
  "yes",
  "next",
  "today",
  "tomorrow",
  "morning",
  "afternoon",
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
  "january",
  "february",
  "april",
  "june",
  "july",
  "august",
  "october",
  "december",
  "loading",
  "error",
];
const WORD = new RegExp(`(?<![\\p{L}\\p{N}'’-])(${ENGLISH_WORDS.join("|")})(?![\\p{L}\\p{N}'’-])`, "giu");
/** What the two languages share: addresses, links, the product's name, a card brand. */
const SHARED = /\S+@\S+|https?:\/\/\S+|\b(?:ReCircle|Visa|Mastercard|Stripe|Google|Apple)\b/g;

/** Each place in `text` a French reader would find English, quoted with a little of its context. */
export function englishIn(text: string): string[] {
  const plain = text.replace(SHARED, " ");
  const found: string[] = [];
  for (const match of plain.matchAll(WORD)) found.push(context(plain, match.index, match[0].length));
  for (const match of plain.matchAll(/\$\d/g)) found.push(context(plain, match.index, match[0].length));
  return found;
}

function context(text: string, at: number, length: number) {
  return `«${text.slice(Math.max(0, at - 30), at + length + 30).replace(/\s+/g, " ")}»`;
}
