// The address look-up's provider interface (decisions.md section 3): one `search` per provider.
import type { AddressSuggestion } from "~/lib/address-selection";
import type { Language } from "~/lib/i18n";

export type { AddressSuggestion };

export type GeocoderProvider = {
  name: "local" | "photon" | "google";
  /**
   * Canadian addresses matching the typed text, best first. May throw (network, timeout, bad answer):
   * searchAddresses turns that into an empty list.
   */
  search(query: string, lng: Language): Promise<AddressSuggestion[]>;
};

/** How long an external look-up may take before the resident just keeps typing. */
export const GEOCODER_TIMEOUT_MS = 3000;
export const MAX_SUGGESTIONS = 5;

/** '1234 Rue Saint-Denis, Montréal, QC H2X 3K2, Canada'. */
export function formatAddress(
  a: Pick<AddressSuggestion, "streetAddress" | "city" | "province" | "postalCode">,
): string {
  return `${a.streetAddress}, ${a.city}, ${a.province} ${a.postalCode}, Canada`;
}
