// The resident's name and pickup address, saved by the profile page and PUT /api/auth/profile, with the
// address's position (the address book's, else its postal prefix's centre, flagged approximate) and what
// the driver should know (where the bags will be, a phone number).
import type { MessageChoices } from "./phone.server";
import { eq } from "drizzle-orm";
import { fsaOf } from "~/lib/postal";
import { positionOfAddress } from "~/lib/positions";
import type { ProfileInput } from "~/lib/profile-schema";
import type { User } from "../../../db/schema";
import { db, durably, schema } from "~/services/platform/db.server";
import { phoneChanged } from "./phone.server";

class ProfileError extends Error {}

/** Saves the profile; the postal prefix (postalFsa) follows the postal code in the same update. */
export function updateProfile(
  userId: number,
  input: Omit<ProfileInput, "pickupNotes" | "phone" | "suggestedPostalCode"> &
    Partial<Pick<ProfileInput, "pickupNotes" | "phone">>,
  /** The message choices given with it (PUT /api/auth/profile), in the same statement; the others stay. */
  choices: Partial<MessageChoices> = {},
): User {
  const position = positionOfAddress(input);
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
