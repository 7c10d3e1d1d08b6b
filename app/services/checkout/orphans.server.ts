// A payment that succeeded at the provider with no row of ours (a row a full disk refused before writes
// were durable, a database restored from an older backup): the reconcile books it when its metadata
// names a still-bookable checkout at the price paid, and refunds it in full otherwise.
import { eq } from "drizzle-orm";
import { db, schema } from "~/services/platform/db.server";
import { paidPickupOf } from "~/services/booking/book.server";
import { BookingError } from "~/services/booking/booking-error.server";
import { quoteBooking, type Quote } from "~/services/booking/quote.server";
import { newBooking } from "~/services/booking/stored-booking.server";
import { findPaymentByProviderId, findPaymentByRef, recordPayment } from "~/services/payments/ledger.server";
import type { PaymentProvider, ProviderIntent } from "~/services/payments/provider-types";
import { fulfilPayment } from "./fulfil.server";
import { CURRENCY, type BagCount } from "~/lib/pricing";
import type { Payment } from "../../../db/schema";

/** What the reconcile did with a succeeded intent: it had a row of ours, or had none and was booked or refunded. */
export type OrphanOutcome = "known" | "booked" | "refunded";

/**
 * A payment that succeeded at the provider: when no row of ours has it (a row a full disk refused before
 * writes were durable, a database restored from an older backup), it is booked if its metadata names a
 * checkout of this resident for these bags and slot, not paid yet, whose price today is what was paid
 * (the payment row is written from the metadata and the quote, then booked, or refunded in full when the
 * slot is gone or full); anything else is refunded in full at the provider. Safe to repeat: a refund is
 * made once (its refunds are listed first; the key names the intent).
 */
export async function settleOrphanIntent(intent: ProviderIntent, provider: PaymentProvider): Promise<OrphanOutcome> {
  // Not made by this app (no booking reference: the account may take other payments): left alone. A
  // hosted session's row is keyed by the session until it is re-keyed to its intent (and booked by the
  // reconcile's first step, the return page or the webhook).
  const { bookingRef } = intent.metadata;
  if (!bookingRef || findPaymentByProviderId(intent.id) || findPaymentByRef(bookingRef)) return "known";
  if (rebuildOrphanPayment(intent, provider)) {
    try {
      await fulfilPayment(intent.id, { provider });
      return "booked";
    } catch (error) {
      if (error instanceof BookingError && error.key.endsWith("Refunded")) return "refunded";
      throw error;
    }
  }
  const refunds = await provider.listRefunds(intent.id);
  const refunded = refunds.filter((r) => r.status !== "failed").reduce((sum, r) => sum + r.amountCents, 0);
  if (refunded >= intent.amountCents) return "known";
  const refund = await provider.refund(intent.id, intent.amountCents - refunded, `orphan-${intent.id}`);
  if (refund.status === "failed") throw new Error(`the refund of ${intent.id} was refused`);
  console.error(`[reconcile] ${intent.id} was paid with no booking of ours to match: refunded in full`);
  return "refunded";
}

/** The payment row of an orphan intent whose metadata names a still-bookable checkout at today's price; else null. */
function rebuildOrphanPayment(intent: ProviderIntent, provider: PaymentProvider): Payment | null {
  const { bookingRef, checkoutId, userId, slotId, bags, promoCode } = intent.metadata;
  if (!bookingRef || !checkoutId) return null;
  const checkout = db.select().from(schema.checkouts).where(eq(schema.checkouts.id, checkoutId)).get();
  const user = db
    .select()
    .from(schema.users)
    .where(eq(schema.users.id, Number(userId)))
    .get();
  if (!checkout || !user || checkout.userId !== user.id) return null;
  if (String(checkout.slotId) !== slotId || String(checkout.bags) !== bags) return null;
  if (paidPickupOf(user.id, checkoutId)) return null;
  let quote: Quote;
  try {
    quote = quoteBooking(user, {
      bags: checkout.bags as BagCount,
      slotId: checkout.slotId,
      promoCode: promoCode || null,
    });
  } catch (error) {
    if (error instanceof BookingError) return null;
    throw error;
  }
  if (quote.breakdown.totalCents !== intent.amountCents || intent.currency.toLowerCase() !== CURRENCY) return null;
  return recordPayment({
    provider: provider.name,
    providerPaymentId: intent.id,
    userId: user.id,
    amountCents: intent.amountCents,
    booking: { ...newBooking(quote), ref: bookingRef },
    checkoutId,
  });
}
