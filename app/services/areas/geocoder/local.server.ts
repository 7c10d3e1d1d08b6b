// The default address look-up: the embedded Montreal address book, matched without network or key.
// Accent- and case-insensitive; every typed word must start a word of the address ('st denis' finds
// 'Rue Saint-Denis'), and addresses whose street starts with the text come first.
import { foldText } from "~/lib/address-selection";
import { EMBEDDED_ADDRESSES } from "../../../../db/seed/addresses";
import { formatAddress, MAX_SUGGESTIONS, type AddressSuggestion, type GeocoderProvider } from "./geocoder-types";

/** Abbreviations residents type for words of Montreal street names. */
export const STREET_ABBREVIATIONS: Record<string, string> = {
  st: "saint",
  ste: "sainte",
  boul: "boulevard",
  bd: "boulevard",
  blvd: "boulevard",
  av: "avenue",
  ave: "avenue",
  ch: "chemin",
  w: "ouest",
  west: "ouest",
  e: "est",
  east: "est",
  mtl: "montreal",
};

type Entry = { suggestion: AddressSuggestion; street: string; name: string; sortKey: string; words: string[] };

const ENTRIES: Entry[] = EMBEDDED_ADDRESSES.map((a) => {
  const suggestion: AddressSuggestion = {
    streetAddress: a.streetAddress,
    city: a.city,
    province: "QC",
    postalCode: a.postalCode,
    formatted_address: formatAddress({ ...a, province: "QC" }),
    lat: a.lat,
    lng: a.lng,
  };
  const street = foldText(a.streetAddress);
  const words = foldText(`${a.streetAddress} ${a.city} ${a.postalCode} ${a.postalCode.replace(" ", "")}`).split(" ");
  // Sorted by street name, then house number: '3450 rue saint denis' → 'rue saint denis 0000003450'.
  const [, number = "", name = street] = /^(\d+)\s+(.*)$/.exec(street) ?? [];
  return { suggestion, street, name, sortKey: `${name} ${number.padStart(10, "0")}`, words };
});

function wordMatches(word: string, typed: string): boolean {
  const expanded = STREET_ABBREVIATIONS[typed];
  return word.startsWith(typed) || (expanded !== undefined && word.startsWith(expanded));
}

/** 0 = the street starts with the text, 1 = contains it, 2 = every word matches somewhere; null = no match. */
function rank(entry: Entry, folded: string, typedWords: string[]): number | null {
  if (!typedWords.every((typed) => entry.words.some((word) => wordMatches(word, typed)))) return null;
  if (entry.street.startsWith(folded) || entry.name.startsWith(folded)) return 0;
  if (entry.street.includes(folded)) return 1;
  return 2;
}

export function searchEmbeddedAddresses(query: string, limit = MAX_SUGGESTIONS): AddressSuggestion[] {
  const folded = foldText(query);
  if (!folded) return [];
  const typedWords = folded.split(" ");
  return ENTRIES.map((entry) => ({ entry, rank: rank(entry, folded, typedWords) }))
    .filter((m): m is { entry: Entry; rank: number } => m.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.entry.sortKey.localeCompare(b.entry.sortKey))
    .slice(0, limit)
    .map((m) => m.entry.suggestion);
}

export function localProvider(): GeocoderProvider {
  return {
    name: "local",
    async search(query) {
      return searchEmbeddedAddresses(query);
    },
  };
}
