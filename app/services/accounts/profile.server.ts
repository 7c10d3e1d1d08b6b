// The resident's name and pickup address, saved by the profile page and PUT /api/auth/profile, with the
// address's position (given by the save: the picked suggestion's or the geocoder's, else the postal
// prefix's centre, flagged approximate; areas/geocoder/locate) and what the driver should know (where the
// bags will be, a phone number).
import type { MessageChoices } from "./phone.server";
import { eq } from "drizzle-orm";
import { fsaOf } from "~/lib/postal";
import { positionOfAddress, type AddressPosition } from "~/lib/positions";
import type { ProfileInput } from "~/lib/profile-schema";
import type { User } from "../../../db/schema";
import { db, durably, schema } from "~/services/platform/db.server";
import { phoneChanged } from "./phone.server";

class ProfileError extends Error {}

/** Saves the profile; the postal prefix (postalFsa) follows the postal code in the same update. */
export function updateProfile(
  userId: number,
  input: Omit<ProfileInput, "pickupNotes" | "phone" | "suggestedPostalCode" | "positionToken"> &
    Partial<Pick<ProfileInput, "pickupNotes" | "phone">>,
  /** The message choices given with it (PUT /api/auth/profile), in the same statement; the others stay. */
  choices: Partial<MessageChoices> = {},
  /** Where the address is (the save looks it up); by default the address book's, else the prefix centre. */
  position: AddressPosition | null = positionOfAddress(input),
): User {
  const before = db.select({ phone: schema.users.phone }).from(schema.users).where(eq(schema.users.id, userId)).get();
  const updated = durably(
    db
      .update(schema.users)
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        streetAddress: input.streetAddress,
        unit: input.unit,
        city: input.city,
        province: input.province,
        postalCode: input.postalCode,
        postalFsa: fsaOf(input.postalCode),
        latitude: position?.latitude ?? null,
        longitude: position?.longitude ?? null,
        positionApproximate: position?.approximate ?? false,
        pickupNotes: input.pickupNotes ?? "",
        phone: input.phone ?? null,
        ...choices,
      })
      .where(eq(schema.users.id, userId))
      .returning(),
  );
  if (!updated) throw new ProfileError(`No user ${userId}`);
  // A new number gets its code (issue 35): texts go only to a verified number.
  phoneChanged(userId, before?.phone ?? null, updated.phone, updated.locale);
  return updated;
}

/**
 * The position already saved for this very address (same street, city and postal code), when it is not
 * approximate: saving the profile again (a new phone number) keeps it instead of asking the geocoder again.
 */
export function keptPosition(
  userId: number,
  address: Pick<ProfileInput, "streetAddress" | "city" | "postalCode">,
): AddressPosition | null {
  const row = db
    .select({
      streetAddress: schema.users.streetAddress,
      city: schema.users.city,
      postalCode: schema.users.postalCode,
      latitude: schema.users.latitude,
      longitude: schema.users.longitude,
      approximate: schema.users.positionApproximate,
    })
    .from(schema.users)
    .where(eq(schema.users.id, userId))
    .get();
  if (!row || row.approximate || row.latitude === null || row.longitude === null) return null;
  const same =
    row.streetAddress.trim().toLowerCase() === address.streetAddress.trim().toLowerCase() &&
    row.city.trim().toLowerCase() === address.city.trim().toLowerCase() &&
    row.postalCode === address.postalCode;
  return same ? { latitude: row.latitude, longitude: row.longitude, approximate: false } : null;
}
