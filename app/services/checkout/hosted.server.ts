// The hosted (no-JavaScript) Stripe path of a checkout: a Checkout Session opened (or reused) in the
// checkout's turn, paid on Stripe's page, fulfilled on return or by webhook (fulfil.server), and
// released when it expires unpaid or its delayed payment fails.
import { eq } from "drizzle-orm";
import { db, schema } from "~/services/platform/db.server";
import { pickupOfPayment } from "~/services/booking/book.server";
import { BookingError } from "~/services/booking/booking-error.server";
import { PENDING_HOLD_MS, releaseHeldCode } from "~/services/booking/promo-rules.server";
import { quoteBooking, type BookingRequest, type Quote } from "~/services/booking/quote.server";
import { description, metadataFor, newBooking, requote, storedBooking } from "~/services/booking/stored-booking.server";
import { customerIdFor } from "~/services/payments/customers.server";
import { isStripe, paymentProvider } from "~/services/payments/provider.server";
import {
  type HOSTED_RELEASED,
  markHostedReleased,
  markIntentCanceled,
  recordedOrUndone,
  recordPayment,
  refundingReason,
} from "~/services/payments/ledger.server";
import type { HostedCheckout, PaymentProvider } from "~/services/payments/provider-types";
import { checkoutLanguage } from "./checkout-language.server";
import { throwIfPaid } from "./fulfil.server";
import { checkoutPlan, claimCheckout, oneAtATime, openPaymentOf, paymentsOfCheckout } from "./record.server";
import { now } from "~/lib/clock";
import type { ContractLanguage } from "~/lib/contract";
import type { Language } from "~/lib/i18n";
import { CURRENCY } from "~/lib/pricing";
import type { User } from "../../../db/schema";

/**
 * Without JavaScript on Stripe: a Checkout Session, paid on Stripe's page, fulfilled on return or by
 * webhook. `urls` are where Stripe sends the resident back (the web edge's hostedCheckoutUrls). The
 * page's language no longer decides Stripe's: the checkout's contract language does (issue 43).
 */
export async function startHostedCheckout(
  user: User,
  request: BookingRequest,
  _pageLanguage: Language,
  urls: { successUrl: string; cancelUrl: string },
  checkoutId: string | null = null,
) {
  const provider = paymentProvider();
  if (!isStripe(provider)) throw new BookingError("errors.paymentSystem", 409);
  return openHostedSession(
    user,
    request,
    { checkoutId, provider },
    async ({ quote, metadata, description, language, idempotencyKey, saveCard }) =>
      provider.createCheckoutSession({
        amountCents: quote.breakdown.totalCents,
        currency: CURRENCY,
        metadata,
        description,
        customerId: await customerIdFor(user, provider, language),
        successUrl: urls.successUrl,
        cancelUrl: urls.cancelUrl,
        // Stripe's page in the contract's language (issue 43), not the page's.
        locale: language,
        // Open as long as the promo hold (Stripe's own minimum is 30 minutes): then it expires, and the
        // webhook releases what it held.
        expiresAt: now() + PENDING_HOLD_MS,
        idempotencyKey,
        // Issue 45: the resident consented to keep the card (payment_intent_data.setup_future_usage).
        ...(saveCard ? { setupFutureUsage: "off_session" as const } : {}),
      }),
  );
}

/**
 * The hosted (no-JavaScript) Stripe path of a checkout: its open Checkout Session when there is one for
 * the same price (a second tab, Back from Stripe's page), else a new one, the replaced session expired so
 * it can never be paid. Our record is keyed by the session until it is paid. A paid checkout throws
 * CheckoutPaidError.
 */
async function openHostedSession(
  user: User,
  request: BookingRequest,
  options: { checkoutId: string | null; provider: PaymentProvider & HostedCheckout },
  create: (input: {
    quote: Quote;
    metadata: Record<string, string>;
    description: string;
    language: ContractLanguage;
    idempotencyKey: string;
    saveCard: boolean;
  }) => Promise<{
    id: string;
    url: string;
  }>,
): Promise<string> {
  const { provider } = options;
  const { id: checkoutId, quote: claimedQuote, planChanged } = claimCheckout(user, request, options.checkoutId);
  return oneAtATime(checkoutId, async () => {
    await throwIfPaid(user, checkoutId, provider);
    const quote = claimedQuote ?? quoteBooking(user, request);
    if (quote.breakdown.isFree) throw new BookingError("errors.freeOrder", 409);
    const open = openPaymentOf(checkoutId, provider.name, "session");
    if (open) {
      const same = JSON.stringify(storedBooking(open)) === JSON.stringify(requote(open, quote));
      // Issue 45: a session opened before the consent to keep the card changed is not reused.
      const url = same && !planChanged ? await provider.openSessionUrl(open.providerPaymentId) : null;
      if (url) return url;
      await provider.expireSession(open.providerPaymentId).catch(() => undefined);
      markIntentCanceled(open.id);
    }
    const booking = newBooking(quote);
    const language = checkoutLanguage(checkoutId);
    const session = await create({
      quote,
      metadata: metadataFor(user, booking, checkoutId),
      description: description(booking, language),
      language,
      idempotencyKey: `session-${checkoutId}-${paymentsOfCheckout(checkoutId).length + 1}`,
      saveCard: Boolean(checkoutPlan(checkoutId)?.saveCardConsentAt),
    });
    await recordedOrUndone(
      () =>
        recordPayment({
          provider: "stripe",
          providerPaymentId: session.id,
          userId: user.id,
          amountCents: quote.breakdown.totalCents,
          booking,
          checkoutId,
        }),
      () => provider.expireSession(session.id),
    );
    return session.url;
  });
}

/**
 * Webhook: a hosted Checkout Session expired unpaid, or its delayed payment failed. What it held is given
 * back: our payment is marked failed (so nothing arriving later books it) and the resident's pending hold
 * on its promo code is released. A place in a slot is only taken at booking, so there is none to free.
 * Idempotent: a session already released, booked or refunded is left as it is.
 */
export function releaseHostedSession(sessionId: string, reason: keyof typeof HOSTED_RELEASED) {
  return db.transaction((tx) => {
    // Still keyed by the session: a row re-keyed to its PaymentIntent was paid, and is not released.
    const payment = tx.select().from(schema.payments).where(eq(schema.payments.providerPaymentId, sessionId)).get();
    if (!payment || payment.provider !== "stripe" || payment.status !== "requires_payment") return false;
    if (refundingReason(payment) || pickupOfPayment(tx, payment.id)) return false;
    markHostedReleased(tx, payment.id, reason);
    const booking = storedBooking(payment);
    if (booking.promoCode) releaseHeldCode(tx, payment.userId, booking.promoCode, payment.createdAt);
    return true;
  });
}
