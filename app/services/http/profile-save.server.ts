// Saving the profile from the page and from PUT /api/auth/profile alike: an address outside the
// service area is never saved as a pickup address (issue 33): the prefix is checked against the served
// areas first, and nothing changes when it is not served.
import { fsaOf } from "~/lib/postal";
import { updateProfile } from "../accounts/profile.server";
import { isServedPrefix } from "../areas/service-areas.server";

/** The postal code's prefix is not served: the page offers its waitlist. */
export class AddressNotServedError extends Error {
  readonly key = "profile:errors.postalNotServed";
  constructor(readonly fsa: string) {
    super(`Postal prefix ${fsa} is not served`);
  }
}

/** Saves the profile (and message choices given) when its prefix is served; else throws AddressNotServedError. */
export function saveProfile(
  userId: number,
  input: Parameters<typeof updateProfile>[1],
  choices?: Parameters<typeof updateProfile>[2],
) {
  const fsa = fsaOf(input.postalCode);
  if (!isServedPrefix(fsa)) throw new AddressNotServedError(fsa);
  return updateProfile(userId, input, choices);
}
