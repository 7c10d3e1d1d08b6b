// The resident's name and pickup address, saved by the profile page and PUT /api/auth/profile.
import { eq } from "drizzle-orm";
import { fsaOf } from "~/lib/postal";
import type { ProfileInput } from "~/lib/profile-schema";
import type { User } from "../../../db/schema";
import { db, durably, schema } from "~/services/platform/db.server";

class ProfileError extends Error {}

/** Saves the profile; the postal prefix (postalFsa) follows the postal code in the same update. */
export function updateProfile(userId: number, input: ProfileInput): User {
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
      })
      .where(eq(schema.users.id, userId))
      .returning(),
  );
  if (!updated) throw new ProfileError(`No user ${userId}`);
  return updated;
}
