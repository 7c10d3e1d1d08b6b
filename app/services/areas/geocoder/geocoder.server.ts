// Address look-up for the profile's street field: the provider chosen by GEOCODER (local by default,
// photon or google), Canada only. A slow or failing provider never breaks the page: the resident gets
// no suggestions and keeps typing, and the failure is logged.
import { checkAddressSelection } from "~/lib/address-check";
import type { Language } from "~/lib/i18n";
import { env } from "~/services/platform/config.server";
import { googleProvider } from "./google.server";
import { localProvider } from "./local.server";
import { photonProvider } from "./photon.server";
import { MAX_SUGGESTIONS, type AddressSuggestion, type GeocoderProvider } from "./geocoder-types";
import { positionToken } from "./suggestion-token.server";

export type { AddressSuggestion, GeocoderProvider };

const MIN_QUERY_LENGTH = 3;
const MAX_QUERY_LENGTH = 120;
const CACHE_TTL_MS = 10 * 60_000;
const CACHE_SIZE = 200;

let current: GeocoderProvider | null = null;

/** The configured provider. Google without a key falls back to the embedded one (and says so). */
export function geocoder(): GeocoderProvider {
  if (current) return current;
  if (env.GEOCODER === "photon") {
    current = photonProvider({ baseUrl: env.GEOCODER_URL });
  } else if (env.GEOCODER === "google" && env.GOOGLE_PLACES_KEY) {
    current = googleProvider({ key: env.GOOGLE_PLACES_KEY, baseUrl: env.GEOCODER_URL });
  } else {
    if (env.GEOCODER === "google")
      console.warn("[geocoder] GEOCODER=google needs GOOGLE_PLACES_KEY; using the embedded addresses");
    current = localProvider();
  }
  return current;
}

// Residents type the same prefixes again and again; an external provider is asked once per text.
const caches = new WeakMap<GeocoderProvider, Map<string, { at: number; value: AddressSuggestion[] }>>();

function cacheOf(provider: GeocoderProvider) {
  let cache = caches.get(provider);
  if (!cache) {
    cache = new Map();
    caches.set(provider, cache);
  }
  return cache;
}

/** 'saint   denis ' → 'saint denis', at most MAX_QUERY_LENGTH characters. */
function cleanQuery(query: string): string {
  return query.replace(/\s+/g, " ").trim().slice(0, MAX_QUERY_LENGTH);
}

/** Up to 5 complete Canadian addresses for the typed text; [] for short texts, timeouts and errors. */
export async function searchAddresses(
  query: string,
  lng: Language,
  provider: GeocoderProvider = geocoder(),
): Promise<AddressSuggestion[]> {
  const q = cleanQuery(query);
  if (q.length < MIN_QUERY_LENGTH) return [];
  const cache = cacheOf(provider);
  const key = `${lng}|${q.toLowerCase()}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit.value;
  let found: AddressSuggestion[];
  try {
    found = await provider.search(q, lng);
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    // The typed text is part of someone's address: it is not logged.
    console.warn(`[geocoder] ${provider.name} look-up failed (${reason}); no suggestions`);
    return [];
  }
  const seen = new Set<string>();
  const value = found
    .filter((s) => checkAddressSelection(s) === null)
    .filter((s) => {
      const id = `${s.streetAddress}|${s.postalCode}`.toLowerCase();
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    })
    .slice(0, MAX_SUGGESTIONS);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, { at: Date.now(), value });
  return value;
}

/**
 * The suggestions as handed to a page or an app: each carries the signed token of its position, which the
 * profile form sends back so the save keeps the picked suggestion's coordinates (suggestion-token.server).
 */
export async function signedSuggestions(
  query: string,
  lng: Language,
  provider: GeocoderProvider = geocoder(),
): Promise<AddressSuggestion[]> {
  const found = await searchAddresses(query, lng, provider);
  return found.map((s) => ({ ...s, positionToken: positionToken(s) }));
}
