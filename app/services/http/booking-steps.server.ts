// The steps of a booking as URLs: the booking a page is part of, read from its query (`bags` and
// `slotId`), and where a resident goes after saving the profile inside a booking (spec section 4): on to
// checkout, or back to /booking when the chosen slot does not serve the new postal prefix.
import { parseBagCount, type BagCount } from "~/lib/pricing";
import { fsaOf } from "~/lib/postal";
import type { SlotView } from "~/lib/slots";
import { findSlot } from "~/services/booking/slots.server";

export type BookingContext = { bags: BagCount; slotId: number };

/**
 * The booking the profile page is part of, from its query: `bags` (or `bagCount`) and `slotId`
 * (`price` is ignored: the server prices the order). "none" outside a booking; "invalid" when the
 * parameters are incomplete, wrong, or name a slot that does not exist.
 */
export function readBookingContext(
  params: URLSearchParams,
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
