// A free order (a total of one cent or less, after a promo): no card, booked at once, once per checkout.
import { bookInTransaction } from "~/services/booking/book.server";
import { BookingError } from "~/services/booking/booking-error.server";
import { quoteBooking, type BookingRequest, type Quote } from "~/services/booking/quote.server";
import { newBooking } from "~/services/booking/stored-booking.server";
import { markFreeFailed, recordPayment } from "~/services/payments/ledger.server";
import { CheckoutPaidError, claimCheckout, oneAtATime } from "./record.server";
import { paidPickupOf } from "~/services/booking/book.server";
import type { User } from "../../../db/schema";

/** A total of one cent or less: no card; booked at once, once per checkout. */
export async function bookFree(user: User, request: BookingRequest, checkoutId: string | null = null) {
  const { id, quote } = claimCheckout(user, request, checkoutId);
  return oneAtATime(id, async () => {
    const paid = paidPickupOf(user.id, id);
    if (paid) throw new CheckoutPaidError(paid);
    return bookFreeNow(user, request, id, quote ?? quoteBooking(user, request));
  });
}

async function bookFreeNow(user: User, request: BookingRequest, checkoutId: string, quote: Quote) {
  if (!quote.breakdown.isFree) throw new BookingError("errors.notFree", 409);
  const booking = newBooking(quote);
  const payment = recordPayment({
    provider: "free",
    providerPaymentId: `free_${booking.ref}`,
    userId: user.id,
    amountCents: quote.breakdown.totalCents,
    booking,
    status: "succeeded",
    checkoutId,
  });
  try {
    return bookInTransaction(payment, user, { cardBrand: null, cardLast4: null }).pickup;
  } catch (error) {
    markFreeFailed(payment.id);
    throw error;
  }
}
