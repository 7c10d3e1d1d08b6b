// The steps of a booking as URLs: the booking a page is part of, read from its query (`bags` or
// `bagCount`, and `slotId`) in one place for /booking, /profile and /checkout; where a resident goes
// after choosing a date, after saving the profile inside a booking (spec section 4), and instead of a
// checkout that cannot be shown.
import { parseBagCount, type BagCount } from "~/lib/pricing";
import { fsaOf } from "~/lib/postal";
import { isProfileComplete, type AddressFields } from "~/lib/profile";
import type { SlotView } from "~/lib/slots";
import { appUrl } from "~/services/platform/config.server";
import { BookingError } from "~/services/booking/booking-error.server";
import { quoteBooking, type Quote } from "~/services/booking/quote.server";
import { findSlot } from "~/services/booking/slots.server";
import { paidPickupOf } from "~/services/booking/book.server";
import { formatDate, windowLabel } from "~/lib/format";
import { getLanguage } from "./language.server";
import type { User } from "../../../db/schema";
import { parseId } from "~/lib/ids";
import { BOOKING_PATH, bookingPath, checkoutPath, profileStepPath } from "~/lib/paths";

export type BookingContext = { bags: BagCount; slotId: number };

/** The bags and slot id in a query, each null where missing or malformed (`price` is ignored: the server prices). */
function readBookingParams(params: URLSearchParams) {
  const rawBags = params.get("bags") ?? params.get("bagCount");
  const rawSlot = params.get("slotId");
  return { present: rawBags !== null || rawSlot !== null, bags: parseBagCount(rawBags), slotId: parseId(rawSlot) };
}

/**
 * The booking the profile page is part of, from its query. "none" outside a booking; "invalid" when
 * the parameters are incomplete, wrong, or name a slot that does not exist.
 */
export function readBookingContext(
  params: URLSearchParams,
): { kind: "none" } | { kind: "invalid" } | ({ kind: "booking"; slot: SlotView } & BookingContext) {
  const { present, bags, slotId } = readBookingParams(params);
  if (!present) return { kind: "none" };
  const slot = bags && slotId ? findSlot(slotId) : null;
  if (!bags || !slotId || !slot) return { kind: "invalid" };
  return { kind: "booking", bags, slotId, slot };
}

/** The checkout's booking from its URL, or null when the bags or the slot id is missing or malformed. */
export function readCheckoutParams(url: URL): BookingContext | null {
  const { bags, slotId } = readBookingParams(url.searchParams);
  return bags && slotId ? { bags, slotId } : null;
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
    return { step: "checkout", url: checkoutPath(booking) };
  }
  return { step: "addressMismatch", url: bookingPath({ addressMismatch: true, bags: booking.bags }), fsa };
}

/** After a valid choice on /booking: checkout when the address is complete, the profile first otherwise. */
export function nextStepUrl(user: AddressFields, bags: BagCount, slotId: number): string {
  return isProfileComplete(user) ? checkoutPath({ bags, slotId }) : profileStepPath({ bags, slotId });
}

type Detour = { to: string; toast: string };

/**
 * The quote a checkout page shows, priced once; or where a resident opening checkout must go instead
 * (spec section 4): no booking → /booking, incomplete profile → /profile, address not served by the
 * slot → /booking?addressMismatch=true, slot gone or full → /booking.
 */
export function checkoutQuote(
  user: User,
  booking: BookingContext | null,
): { quote: Quote; detour: null } | { quote: null; detour: Detour } {
  if (!booking) return { quote: null, detour: { to: BOOKING_PATH, toast: "checkout:toast.missingBooking" } };
  try {
    return { quote: quoteBooking(user, booking), detour: null };
  } catch (error) {
    return { quote: null, detour: detourFrom(error, booking) };
  }
}

function detourFrom(error: unknown, booking: BookingContext): Detour {
  if (!(error instanceof BookingError)) throw error;
  if (error.key === "errors.profileIncomplete") {
    return { to: profileStepPath(booking), toast: "checkout:toast.profileIncomplete" };
  }
  if (error.key === "errors.addressMismatch") {
    return { to: bookingPath({ addressMismatch: true, bags: booking.bags }), toast: "checkout:toast.addressMismatch" };
  }
  return { to: bookingPath({ bags: booking.bags }), toast: `checkout:${error.key}` };
}

/** Where Stripe's hosted page sends the resident back: the return page once paid, `cancelPath` otherwise. */
export function hostedCheckoutUrls(cancelPath: string) {
  return {
    successUrl: `${appUrl()}/checkout/return?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${appUrl()}${cancelPath}`,
  };
}

/** A paid checkout's page: the pickup it booked, in the request's language; null while it is unpaid. */
export async function paidCheckoutView(request: Request, user: User, checkoutId: string) {
  const pickup = paidPickupOf(user.id, checkoutId);
  if (!pickup) return null;
  const slot = findSlot(pickup.pickupSlotId);
  const lng = await getLanguage(request);
  return {
    confirmationNumber: pickup.confirmationNumber,
    bags: pickup.bagsRequested,
    date: slot ? formatDate(slot.date, lng) : "",
    window: slot ? windowLabel(slot.window, lng) : "",
    cancelled: pickup.status === "Cancelled",
  };
}
