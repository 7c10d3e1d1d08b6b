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

/** A position given by a look-up (the picked suggestion), when it is a real one on Earth. */
export function validPosition(latitude: unknown, longitude: unknown): { latitude: number; longitude: number } | null {
  const lat = typeof latitude === "number" ? latitude : Number(latitude);
  const lng = typeof longitude === "number" ? longitude : Number(longitude);
  if (latitude === "" || longitude === "" || latitude == null || longitude == null) return null;
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { latitude: lat, longitude: lng };
}
