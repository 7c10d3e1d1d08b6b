// Saving the profile from the page and from PUT /api/auth/profile alike: an address outside the
// service area is never saved as a pickup address (issue 33): the prefix is checked against the served
// areas first, and nothing changes when it is not served. The address gets its position (issue 42): the
// one already saved for the same address, else the picked suggestion's (its signed token), else the
// geocoder's (within GEOCODE_TIMEOUT_MS), else the postal prefix's centre, flagged approximate.
import type { Language } from "~/lib/i18n";
import { fsaOf } from "~/lib/postal";
import { refuseTextsWhenOff, type MessageChoices } from "../accounts/phone.server";
import { keptPosition, updateProfile } from "../accounts/profile.server";
import { positionForSave, type LocateOptions } from "../areas/geocoder/locate.server";
import { isServedPrefix } from "../areas/service-areas.server";

export { TextsOffError } from "../accounts/phone.server";

/** The postal code's prefix is not served: the page offers its waitlist. */
export class AddressNotServedError extends Error {
  readonly key = "profile:errors.postalNotServed";
  constructor(readonly fsa: string) {
    super(`Postal prefix ${fsa} is not served`);
  }
}

type ProfileSave = Parameters<typeof updateProfile>[1] & Partial<MessageChoices> & { positionToken?: string | null };

/**
 * Saves the profile, and the message choices given with it (PUT /api/auth/profile; one left out keeps its
 * value), when its postal prefix is served; throws AddressNotServedError otherwise, and TextsOffError for a
 * channel with texts while no text provider is configured.
 */
export async function saveProfile(
  userId: number,
  input: ProfileSave,
  options: { lng?: Language; geocoding?: LocateOptions } = {},
) {
  const { remindersEnabled, reminderChannels, alertsEnabled, dayAfterEnabled, positionToken, ...profile } = input;
  const fsa = fsaOf(profile.postalCode);
  if (!isServedPrefix(fsa)) throw new AddressNotServedError(fsa);
  // Texts as a channel without a text provider: refused before anything is saved (issue 42).
  refuseTextsWhenOff(reminderChannels);
  const given = { remindersEnabled, reminderChannels, alertsEnabled, dayAfterEnabled };
  const choices = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
  const position =
    (positionToken ? null : keptPosition(userId, profile)) ??
    (await positionForSave(profile, positionToken, { lng: options.lng, ...options.geocoding }));
  return updateProfile(userId, profile, choices, position);
}
