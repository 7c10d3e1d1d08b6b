// Address look-up through Google Places: Autocomplete (addresses in Canada only) for the first
// predictions, then Place Details for each one's address components and position. One time limit
// covers every request of a look-up. The base URL can point at a stand-in server for tests.
import { provinceCode } from "~/lib/province-names";
import type { Language } from "~/lib/i18n";
import { isValidPostalCode, normalizePostalCode } from "~/lib/postal";
import { randomUUID } from "node:crypto";
import {
  formatAddress,
  GEOCODER_TIMEOUT_MS,
  MAX_SUGGESTIONS,
  type AddressSuggestion,
  type GeocoderProvider,
} from "./geocoder-types";

const DEFAULT_GOOGLE_URL = "https://maps.googleapis.com";

type Component = { long_name?: string; short_name?: string; types?: string[] };
type GooglePlace = {
  address_components?: Component[];
  formatted_address?: string;
  geometry?: { location?: { lat?: unknown; lng?: unknown } };
};

function component(components: Component[], type: string, form: "long_name" | "short_name" = "long_name"): string {
  return components.find((c) => c.types?.includes(type))?.[form]?.trim() ?? "";
}

/** A place's details as a suggestion, or null when it is not a complete Canadian street address. */
function googlePlaceToSuggestion(place: GooglePlace): AddressSuggestion | null {
  const components = place.address_components ?? [];
  if (component(components, "country", "short_name").toUpperCase() !== "CA") return null;
  const number = component(components, "street_number");
  const route = component(components, "route");
  const city =
    component(components, "locality") ||
    component(components, "postal_town") ||
    component(components, "sublocality") ||
    component(components, "administrative_area_level_3");
  const province = provinceCode(component(components, "administrative_area_level_1", "short_name"));
  const postalCode = normalizePostalCode(component(components, "postal_code"));
  const lat = Number(place.geometry?.location?.lat);
  const lng = Number(place.geometry?.location?.lng);
  if (!number || !route || !city || !province || !isValidPostalCode(postalCode)) return null;
  if (place.geometry?.location?.lat == null || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  const streetAddress = `${number} ${route}`;
  return {
    streetAddress,
    city,
    province,
    postalCode,
    formatted_address: place.formatted_address?.trim() || formatAddress({ streetAddress, city, province, postalCode }),
    lat,
    lng,
  };
}

/** Google answers 200 with a status field; anything but OK / ZERO_RESULTS is an error. */
async function getJson<T extends { status?: string; error_message?: string }>(
  url: string,
  signal: AbortSignal,
): Promise<T> {
  const response = await fetch(url, { headers: { Accept: "application/json" }, signal });
  if (!response.ok) throw new Error(`Google Places answered ${response.status}`);
  const body = (await response.json()) as T;
  if (body.status !== "OK" && body.status !== "ZERO_RESULTS") {
    throw new Error(
      `Google Places status ${body.status ?? "missing"}${body.error_message ? `: ${body.error_message}` : ""}`,
    );
  }
  return body;
}

export function googleProvider(options: { key: string; baseUrl?: string; timeoutMs?: number }): GeocoderProvider {
  const baseUrl = (options.baseUrl || DEFAULT_GOOGLE_URL).replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? GEOCODER_TIMEOUT_MS;
  return {
    name: "google",
    async search(query: string, lng: Language) {
      const signal = AbortSignal.timeout(timeoutMs);
      // One session token groups the autocomplete and its details requests for billing.
      const sessiontoken = randomUUID();
      const auto = await getJson<{ status?: string; predictions?: Array<{ place_id?: string }> }>(
        `${baseUrl}/maps/api/place/autocomplete/json?${new URLSearchParams({
          input: query,
          types: "address",
          components: "country:ca",
          language: lng,
          sessiontoken,
          key: options.key,
        })}`,
        signal,
      );
      const ids = (auto.predictions ?? [])
        .map((p) => p.place_id)
        .filter((id): id is string => typeof id === "string" && id.length > 0)
        .slice(0, MAX_SUGGESTIONS);
      const details = await Promise.allSettled(
        ids.map((placeId) =>
          getJson<{ status?: string; result?: GooglePlace }>(
            `${baseUrl}/maps/api/place/details/json?${new URLSearchParams({
              place_id: placeId,
              fields: "address_component,formatted_address,geometry",
              language: lng,
              sessiontoken,
              key: options.key,
            })}`,
            signal,
          ),
        ),
      );
      if (ids.length > 0 && details.every((d) => d.status === "rejected")) {
        throw (details[0] as PromiseRejectedResult).reason;
      }
      return details
        .map((d) => (d.status === "fulfilled" && d.value.result ? googlePlaceToSuggestion(d.value.result) : null))
        .filter((s): s is AddressSuggestion => s !== null);
    },
  };
}
