// Canadian addresses as the address look-up returns them: provinces and territories, their names in
// English and French, and whether a picked suggestion is usable (spec section 5, "Address selection").
// Pure: shared by the geocoder providers on the server and the autocomplete in the browser.
import { isValidPostalCode } from "./postal";

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

function isProvince(value: unknown): value is Province {
  return typeof value === "string" && (PROVINCES as readonly string[]).includes(value);
}

/** Lower case, no accents, punctuation as single spaces: 'Île-du-Prince-Édouard' → 'ile du prince edouard'. */
export function foldText(value: string): string {
  return value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

const PROVINCE_NAMES: Record<Province, string[]> = {
  AB: ["Alberta"],
  BC: ["British Columbia", "Colombie-Britannique"],
  MB: ["Manitoba"],
  NB: ["New Brunswick", "Nouveau-Brunswick"],
  NL: ["Newfoundland and Labrador", "Terre-Neuve-et-Labrador", "Newfoundland"],
  NS: ["Nova Scotia", "Nouvelle-Écosse"],
  NT: ["Northwest Territories", "Territoires du Nord-Ouest"],
  NU: ["Nunavut"],
  ON: ["Ontario"],
  PE: ["Prince Edward Island", "Île-du-Prince-Édouard"],
  QC: ["Quebec", "Québec"],
  SK: ["Saskatchewan"],
  YT: ["Yukon", "Yukon Territory"],
};

const BY_FOLDED_NAME = new Map<string, Province>(
  PROVINCES.flatMap((code) => [
    [foldText(code), code] as const,
    ...PROVINCE_NAMES[code].map((n) => [foldText(n), code] as const),
  ]),
);

/** 'Québec', 'quebec', 'QC' or 'qc' → 'QC'; null for anything that is not a province or territory. */
export function provinceCode(name: string | null | undefined): Province | null {
  if (!name) return null;
  return BY_FOLDED_NAME.get(foldText(name)) ?? null;
}

/**
 * Why a picked suggestion cannot be used, as a translation key, or null when it is fine: it needs a
 * position, then a street, city, province and valid postal code.
 */
export function checkAddressSelection(selection: Partial<AddressSuggestion> | null | undefined): string | null {
  if (!selection || !Number.isFinite(selection.lat) || !Number.isFinite(selection.lng)) {
    return "profile:errors.selectFromDropdown";
  }
  const complete =
    Boolean(selection.streetAddress?.trim()) &&
    Boolean(selection.city?.trim()) &&
    isProvince(selection.province) &&
    isValidPostalCode(selection.postalCode ?? "");
  return complete ? null : "profile:errors.incompleteAddress";
}
