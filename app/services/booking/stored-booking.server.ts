// What a payment pays for: the booking priced by the quote (bags, slot, promo, breakdown, address),
// stored as JSON on the payment row with a random reference the provider keeps in its metadata.
import crypto from "node:crypto";
import type { Quote } from "~/services/booking/quote.server";
import { emailT } from "~/services/platform/mailer.server";
import type { Language } from "~/lib/i18n";
import type { BagCount, PriceBreakdown } from "~/lib/pricing";
import type { Payment, User } from "../../../db/schema";

export type StoredBooking = {
  ref: string;
  bags: BagCount;
  slotId: number;
  promoCode: string | null;
  breakdown: PriceBreakdown;
  address: string;
  fsa: string;
};

export function storedBooking(payment: Pick<Payment, "booking">): StoredBooking {
  return JSON.parse(payment.booking) as StoredBooking;
}

export function newBooking(quote: Quote): StoredBooking {
  return {
    ref: crypto.randomBytes(12).toString("hex"),
    bags: quote.breakdown.bags,
    slotId: quote.slot.id,
    promoCode: quote.promo?.code ?? null,
    breakdown: quote.breakdown,
    address: quote.address,
    fsa: quote.fsa,
  };
}

/** The stored booking brought up to date with a new quote (the promo or the address changed); same reference. */
export function requote(payment: Payment, quote: Quote): StoredBooking {
  return { ...newBooking(quote), ref: storedBooking(payment).ref };
}

/** What the provider keeps with a payment: enough to find (or, without a row of ours, rebuild) its booking. */
export function metadataFor(user: User, booking: StoredBooking, checkoutId: string): Record<string, string> {
  return {
    bookingRef: booking.ref,
    checkoutId,
    userId: String(user.id),
    slotId: String(booking.slotId),
    bags: String(booking.bags),
    promoCode: booking.promoCode ?? "",
  };
}

/**
 * The item's name at the provider (a Checkout Session's product line, a PaymentIntent's description), in
 * the contract's language (issue 43: French unless the contract is in English).
 */
export function description(booking: StoredBooking, lng: Language) {
  return emailT(lng)("contract.itemName", { count: booking.bags });
}
