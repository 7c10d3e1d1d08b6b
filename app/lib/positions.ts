// Where an address is, for ordering a driver's route: the embedded address book's position when it knows
// the address (same street line and postal code), otherwise the centre of its postal prefix, flagged
// approximate; null outside the prefixes the table covers. Pure (server only in practice).
import { EMBEDDED_ADDRESSES } from "../../db/seed/addresses";
import { PREFIX_CENTROIDS } from "../../db/seed/prefix-centroids";
import { foldText } from "./address-selection";
import { fsaOf } from "./postal";

export type AddressPosition = { latitude: number; longitude: number; approximate: boolean };

const compactPostal = (code: string) => code.replace(/\s+/g, "").toUpperCase();
const KNOWN = new Map(
  EMBEDDED_ADDRESSES.map((a) => [`${foldText(a.streetAddress)}|${compactPostal(a.postalCode)}`, a] as const),
);

/** The centre of a postal prefix ('H2X'), flagged approximate; null for a prefix the table lacks. */
export function prefixCentroid(fsa: string): AddressPosition | null {
  const centre = PREFIX_CENTROIDS[fsa.toUpperCase()];
  return centre ? { latitude: centre[0], longitude: centre[1], approximate: true } : null;
}

/** The position of a street line and postal code: exact from the address book, else its prefix's centre. */
export function positionOfAddress(address: { streetAddress: string; postalCode: string }): AddressPosition | null {
  const known = KNOWN.get(`${foldText(address.streetAddress)}|${compactPostal(address.postalCode)}`);
  if (known) return { latitude: known.lat, longitude: known.lng, approximate: false };
  return prefixCentroid(fsaOf(address.postalCode));
}
