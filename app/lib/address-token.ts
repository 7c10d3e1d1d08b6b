// The payload of a suggestion's position token (services/areas/geocoder/suggestion-token.server signs
// it): the suggestion's street, city, province, postal code and coordinates as base64url JSON, before a
// '.' and the server's signature. Pure, so the profile page can show the addresses a look-up found
// without JavaScript from their tokens alone; only the server's check of the signature makes a token
// believed.

export type TokenPlace = {
  streetAddress: string;
  city: string;
  province: string;
  postalCode: string;
  lat: number;
  lng: number;
};

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The token's first part for a place. */
export function encodeTokenPlace(place: TokenPlace): string {
  const fields = [place.streetAddress, place.city, place.province, place.postalCode, place.lat, place.lng];
  return toBase64Url(new TextEncoder().encode(JSON.stringify(fields)));
}

/** The place a token's first part names, or null when it is not one (its signature is not checked here). */
export function decodeTokenPlace(token: string): TokenPlace | null {
  const payload = token.split(".")[0] ?? "";
  if (!/^[\w-]+$/.test(payload)) return null;
  try {
    const fields = JSON.parse(new TextDecoder().decode(fromBase64Url(payload))) as unknown;
    if (!Array.isArray(fields) || fields.length !== 6) return null;
    const [streetAddress, city, province, postalCode, lat, lng] = fields as unknown[];
    if (
      typeof streetAddress !== "string" ||
      typeof city !== "string" ||
      typeof province !== "string" ||
      typeof postalCode !== "string" ||
      typeof lat !== "number" ||
      typeof lng !== "number" ||
      !Number.isFinite(lat) ||
      !Number.isFinite(lng)
    ) {
      return null;
    }
    return { streetAddress, city, province, postalCode, lat, lng };
  } catch {
    return null;
  }
}
