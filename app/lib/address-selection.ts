// Canadian addresses as the address look-up returns them: provinces and territories (spec section 5, "Address
// selection"). Whether a picked suggestion is usable is lib/address-check, their names in English and French
// lib/province-names: apart, so that the profile page's first code carries neither (issue 44, the JS budget).
// Pure: shared by the geocoder providers on the server and the autocomplete in the browser.
export const PROVINCES = ["AB", "BC", "MB", "NB", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT"] as const;
export type Province = (typeof PROVINCES)[number];
export const DEFAULT_PROVINCE: Province = "QC";

/** An address picked from the look-up: spec section 3 plus its position. */
export type AddressSuggestion = {
  streetAddress: string;
  city: string;
  province: string;
  postalCode: string;
  formatted_address: string;
  lat: number;
  lng: number;
  /** The server's signature of this suggestion's position; the form sends it back with the picked address. */
  positionToken?: string;
};

/** Lower case, no accents, punctuation as single spaces: 'Île-du-Prince-Édouard' → 'ile du prince edouard'. */
export function foldText(value: string): string {
  return value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}
