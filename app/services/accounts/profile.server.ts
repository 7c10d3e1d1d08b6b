// The resident's name and pickup address: saving them (page and PUT /api/auth/profile), and the booking
// step that follows a save inside a booking (spec section 4): on to checkout, or back to /booking when
// the chosen slot does not serve the new postal prefix.
import { eq } from "drizzle-orm";
import { parseBagCount, type BagCount } from "~/lib/pricing";
import { fsaOf } from "~/lib/postal";
import type { ProfileInput } from "~/lib/profile-schema";
import type { SlotView } from "~/lib/slots";
import type { User } from "../../../db/schema";
import { db, schema } from "~/services/platform/db.server";
import { findSlot } from "~/services/booking/slots.server";

export class ProfileError extends Error {}

/** Saves the profile; the postal prefix (postalFsa) follows the postal code in the same update. */
export function updateProfile(userId: number, input: ProfileInput): User {
  const updated = db
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
    .returning()
    .get();
  if (!updated) throw new ProfileError(`No user ${userId}`);
  return updated;
}

export type BookingContext = { bags: BagCount; slotId: number };

/**
 * The booking the profile page is part of, from its query: `bags` (or `bagCount`) and `slotId`
 * (`price` is ignored: the server prices the order). "none" outside a booking; "invalid" when the
 * parameters are incomplete, wrong, or name a slot that does not exist.
 */
export function readBookingContext(
  params: URLSearchParams
): { kind: "none" } | { kind: "invalid" } | ({ kind: "booking"; slot: SlotView } & BookingContext) {
  const rawBags = params.get("bags") ?? params.get("bagCount");
  const rawSlot = params.get("slotId");
  if (rawBags === null && rawSlot === null) return { kind: "none" };
  const bags = parseBagCount(rawBags);
  const slotId = rawSlot !== null && /^\d{1,12}$/.test(rawSlot.trim()) ? Number(rawSlot.trim()) : NaN;
  const slot = bags ? findSlot(slotId) : null;
  if (!bags || !slot) return { kind: "invalid" };
  return { kind: "booking", bags, slotId, slot };
}

/** Does this slot pick up in this postal prefix? False for a slot that does not exist. */
export function slotServesPrefix(slotId: number, fsa: string): boolean {
  const slot = findSlot(slotId);
  return Boolean(slot && slot.serviceAreas.includes(fsa.trim().toUpperCase()));
}

export type NextBookingStep = { step: "checkout"; url: string } | { step: "addressMismatch"; url: string; fsa: string };

/** Where a resident goes after saving the profile inside a booking. */
export function nextBookingStep(booking: BookingContext, postalCode: string): NextBookingStep {
  const fsa = fsaOf(postalCode);
  if (slotServesPrefix(booking.slotId, fsa)) {
    return { step: "checkout", url: `/checkout?bags=${booking.bags}&slotId=${booking.slotId}` };
  }
  return { step: "addressMismatch", url: `/booking?addressMismatch=true&bags=${booking.bags}`, fsa };
}
