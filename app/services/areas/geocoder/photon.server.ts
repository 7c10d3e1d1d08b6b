// Address look-up through a Photon-compatible HTTP API (photon.komoot.io or a self-hosted Photon):
// GET {baseUrl}/api?q=…&limit=5&lang=en|fr answers a GeoJSON FeatureCollection. Only Canadian
// features with a house number, street, city, province and full postal code are kept.
import { provinceCode } from "~/lib/province-names";
import type { Language } from "~/lib/i18n";
import { isValidPostalCode, normalizePostalCode } from "~/lib/postal";
import {
  formatAddress,
  GEOCODER_TIMEOUT_MS,
  MAX_SUGGESTIONS,
  type AddressSuggestion,
  type GeocoderProvider,
} from "./geocoder-types";

const DEFAULT_PHOTON_URL = "https://photon.komoot.io";
/** Results near Montreal first; the resident may still live elsewhere in Canada. */
const MONTREAL = { lat: "45.5019", lon: "-73.5674" };

type PhotonFeature = {
  type?: string;
  geometry?: { type?: string; coordinates?: unknown };
  properties?: Record<string, unknown>;
};

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/** One Photon feature as a suggestion, or null when it is not a complete Canadian street address. */
function photonFeatureToSuggestion(feature: PhotonFeature): AddressSuggestion | null {
  const p = feature.properties ?? {};
  if (text(p.countrycode).toUpperCase() !== "CA") return null;
  const housenumber = text(p.housenumber);
  const street = text(p.street);
  const city = text(p.city);
  const province = provinceCode(text(p.state));
  const postalCode = normalizePostalCode(text(p.postcode));
  const coordinates = feature.geometry?.coordinates;
  if (!housenumber || !street || !city || !province || !isValidPostalCode(postalCode)) return null;
  if (!Array.isArray(coordinates) || coordinates.length < 2) return null;
  const [lng, lat] = coordinates.map(Number);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  const streetAddress = `${housenumber} ${street}`;
  return {
    streetAddress,
    city,
    province,
    postalCode,
    formatted_address: formatAddress({ streetAddress, city, province, postalCode }),
    lat: lat!,
    lng: lng!,
  };
}

export function photonProvider(options: { baseUrl?: string; timeoutMs?: number } = {}): GeocoderProvider {
  const baseUrl = (options.baseUrl || DEFAULT_PHOTON_URL).replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? GEOCODER_TIMEOUT_MS;
  return {
    name: "photon",
    async search(query: string, lng: Language) {
      const params = new URLSearchParams({ q: query, limit: String(MAX_SUGGESTIONS), lang: lng, ...MONTREAL });
      const response = await fetch(`${baseUrl}/api?${params}`, {
        headers: { Accept: "application/json" },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`Photon answered ${response.status}`);
      const body = (await response.json()) as { features?: unknown };
      if (!body || !Array.isArray(body.features)) throw new Error("Photon answered without features");
      return (body.features as PhotonFeature[])
        .map(photonFeatureToSuggestion)
        .filter((s): s is AddressSuggestion => s !== null);
    },
  };
}
