// Where a saved address is, for ordering the driver's route (issue 42): a picked suggestion keeps the
// position the server signed for it; an address typed without one is asked of the configured geocoder
// (GEOCODER), within GEOCODE_TIMEOUT_MS; only when that fails, times out or finds nothing like the
// address does it get its postal prefix's centre, flagged approximate (and `npm run backfill-positions`
// tries it again later).
import { checkAddressSelection } from "~/lib/address-check";
import { foldText, type AddressSuggestion } from "~/lib/address-selection";
import type { Language } from "~/lib/i18n";
import { prefixCentroid, type AddressPosition } from "~/lib/positions";
import { fsaOf } from "~/lib/postal";
import { env } from "~/services/platform/config.server";
import { geocoder } from "./geocoder.server";
import type { GeocoderProvider } from "./geocoder-types";
import { STREET_ABBREVIATIONS } from "./local.server";
import { signedPlaceOf } from "./suggestion-token.server";

export type PlacedAddress = { streetAddress: string; city: string; province: string; postalCode: string };

export type LocateOptions = {
  /** The configured provider unless told (tests pass a stand-in). */
  provider?: GeocoderProvider;
  timeoutMs?: number;
  lng?: Language;
};

/** Words a street's name shares with every other street: they say nothing about which street it is. */
const GENERIC_WORDS = new Set(
  "rue avenue boulevard chemin place street road drive est ouest nord sud de du des la le les l d".split(" "),
);

/** '1430 rue St-Denis' → { number: '1430', words: {saint, denis} }. */
function streetParts(street: string): { number: string; words: Set<string> } {
  const folded = foldText(street).split(" ");
  const number = /^\d+/.exec(folded[0] ?? "")?.[0] ?? "";
  const words = folded
    .map((word) => STREET_ABBREVIATIONS[word] ?? word)
    .filter((word) => word && !/^\d/.test(word) && !GENERIC_WORDS.has(word));
  return { number, words: new Set(words) };
}

/**
 * A geocoder's answer is this address when it has the same house number, lies in the same postal prefix,
 * and its street's name shares a word with the typed one: a nearby street of the same number is not
 * taken for it.
 */
function isSameAddress(address: PlacedAddress, found: AddressSuggestion): boolean {
  const typed = streetParts(address.streetAddress);
  const answer = streetParts(found.streetAddress);
  if (!typed.number || typed.number !== answer.number) return false;
  if (fsaOf(found.postalCode) !== fsaOf(address.postalCode)) return false;
  if (!typed.words.size || !answer.words.size) return true;
  return [...typed.words].some((word) => answer.words.has(word));
}

/** What the geocoder is asked: the embedded book matches words it holds (street, postal code); others read it all. */
function queryFor(provider: GeocoderProvider, a: PlacedAddress): string {
  return provider.name === "local"
    ? `${a.streetAddress} ${a.postalCode}`
    : `${a.streetAddress}, ${a.city}, ${a.province} ${a.postalCode}`;
}

function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * The geocoder's position for the address, or null when it found nothing like it. Throws when the
 * geocoder fails or takes longer than the time limit.
 */
export async function geocodeAddress(
  address: PlacedAddress,
  options: LocateOptions = {},
): Promise<{ latitude: number; longitude: number } | null> {
  const provider = options.provider ?? geocoder();
  const found = await withinTime(
    provider.search(queryFor(provider, address), options.lng ?? "fr"),
    options.timeoutMs ?? env.GEOCODE_TIMEOUT_MS,
  );
  const match = (Array.isArray(found) ? found : []).find(
    (s) => checkAddressSelection(s) === null && isSameAddress(address, s),
  );
  return match ? { latitude: match.lat, longitude: match.lng } : null;
}

/** The geocoder's position; when it fails or finds nothing, the postal prefix's centre, flagged approximate. */
async function locateAddress(address: PlacedAddress, options: LocateOptions = {}): Promise<AddressPosition | null> {
  try {
    const found = await geocodeAddress(address, options);
    if (found) return { ...found, approximate: false };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // The address is someone's: only the prefix is logged.
    console.warn(`[geocoder] could not place an address in ${fsaOf(address.postalCode)} (${reason}); prefix centre`);
  }
  return prefixCentroid(fsaOf(address.postalCode));
}

/**
 * The position a saved address gets: the picked suggestion's (its signed token, when it is this
 * address), else the geocoder's, else the prefix centre (approximate).
 */
export async function positionForSave(
  address: PlacedAddress,
  positionToken: unknown,
  options: LocateOptions = {},
): Promise<AddressPosition | null> {
  const picked = signedPlaceOf(positionToken, address);
  if (picked) return { latitude: picked.lat, longitude: picked.lng, approximate: false };
  return locateAddress(address, options);
}
