// A picked suggestion's position, carried by the form without being believed blindly: each suggestion the
// server hands out (GET /api/address-suggestions, the profile's look-up without JavaScript) carries a
// token, the suggestion's address and coordinates signed with the session secret (HMAC-SHA256). The form
// sends the token back with the address; the save keeps the coordinates only when the signature holds and
// the saved street and postal code are the suggestion's. Posted coordinates alone are never read, and the
// geocoder is not asked a second time (it may be slow, down, or billed per request).
import crypto from "node:crypto";
import { foldText } from "~/lib/address-selection";
import { decodeTokenPlace, encodeTokenPlace, type TokenPlace } from "~/lib/address-token";
import { env } from "~/services/platform/config.server";

type SignedPlace = TokenPlace;

/** Long enough for any real suggestion; a longer one is not read. */
const POSITION_TOKEN_MAX = 1000;

function sign(payload: string, secret: string): string {
  return crypto.createHmac("sha256", `address-position:${secret}`).update(payload).digest("base64url");
}

/** The token for a suggestion the server found. */
export function positionToken(place: SignedPlace): string {
  const payload = encodeTokenPlace(place);
  return `${payload}.${sign(payload, env.sessionSecrets[0]!)}`;
}

/** The place a token was signed for, or null when it is malformed or not signed by one of our secrets. */
export function readPositionToken(token: unknown): SignedPlace | null {
  if (typeof token !== "string" || token.length > POSITION_TOKEN_MAX) return null;
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined) return null;
  const given = Buffer.from(signature, "base64url");
  const valid = env.sessionSecrets.some((secret) => {
    const expected = Buffer.from(sign(payload, secret), "base64url");
    return expected.length === given.length && crypto.timingSafeEqual(expected, given);
  });
  return valid ? decodeTokenPlace(payload) : null;
}

const compactPostal = (code: string) => code.replace(/[\s-]+/g, "").toUpperCase();

/** The token's place when it is this address (same street line and postal code), else null. */
export function signedPlaceOf(
  token: unknown,
  address: { streetAddress: string; postalCode: string },
): SignedPlace | null {
  const place = readPositionToken(token);
  if (!place) return null;
  const same =
    foldText(place.streetAddress) === foldText(address.streetAddress) &&
    compactPostal(place.postalCode) === compactPostal(address.postalCode);
  return same ? place : null;
}
