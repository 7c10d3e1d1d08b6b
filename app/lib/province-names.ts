// The provinces' and territories' names in English and French, read back to their codes (a geocoder's answer,
// a typed province). Apart from lib/address-selection so that pages which only check a picked address do not
// carry the table.
import { foldText, PROVINCES, type Province } from "./address-selection";

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
