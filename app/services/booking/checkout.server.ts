// Paying by card at checkout: the simulated card path (with and without JavaScript) and the hosted
// Stripe path. Both end in book.server's fulfilPayment; free orders are book.server's bookFree.
import { fulfilPayment, openCardPayment, openHostedSession } from "./book.server";
import { claimCheckout, oneAtATime } from "./checkouts.server";
import { BookingError, type BookingRequest } from "./quote.server";
import { PENDING_HOLD_MS } from "./promos.server";
import { db, schema } from "~/services/platform/db.server";
import { isSimulated, isStripe, paymentProvider } from "~/services/payments/index.server";
import { findPaymentByProviderId } from "~/services/payments/ledger.server";
import type { CardErrorCode, CardInput } from "~/services/payments/types";
import { eq } from "drizzle-orm";
import { now } from "~/lib/clock";
import type { Language } from "~/lib/i18n";
import { CURRENCY } from "~/lib/pricing";
import type { User } from "../../../db/schema";

/** A card the provider refused; code maps to the spec's messages (checkout namespace `card.errors.*`). */
export class CardError extends Error {
  constructor(public readonly code: CardErrorCode) {
    super(code);
  }
  get key() {
    return `card.errors.${this.code}`;
  }
}

/** The card form posted to our server (simulated provider only). */
export async function confirmSimulatedCard(userId: number, paymentIntentId: string, card: CardInput) {
  const provider = paymentProvider();
  if (!isSimulated(provider)) throw new BookingError("errors.paymentSystem", 409);
  const payment = findPaymentByProviderId(paymentIntentId);
  if (!payment || payment.userId !== userId) throw new BookingError("errors.paymentMissing", 404);
  // A payment already booked or refunded is final: confirming it again must not reset it to "awaiting payment"
  // (that would let a refunded payment book a pickup later).
  if (payment.status === "succeeded") return { status: "succeeded" as const };
  if (payment.status === "refunded" || payment.status === "partially_refunded") {
    throw new BookingError("errors.paymentRefunded", 409);
  }
  const result = await provider.confirmCard(paymentIntentId, card);
  if (!result.ok) {
    db.update(schema.payments)
      .set({ status: "failed", failureCode: result.code, updatedAt: now() })
      .where(eq(schema.payments.id, payment.id))
      .run();
    throw new CardError(result.code);
  }
  db.update(schema.payments)
    .set({ status: "requires_payment", failureCode: null, updatedAt: now() })
    .where(eq(schema.payments.id, payment.id))
    .run();
  return { status: "succeeded" as const };
}

/**
 * Without JavaScript, one form post does it all: price, charge the card, book. The checkout's turn covers
 * the whole of it, so a second tab paying the same checkout waits, then finds it paid.
 */
export async function payWithSimulatedCard(
  user: User,
  request: BookingRequest,
  card: CardInput,
  checkoutId: string | null = null,
) {
  const provider = paymentProvider();
  const id = claimCheckout(user, request, checkoutId);
  return oneAtATime(id, async () => {
    const { paymentIntentId } = await openCardPayment(user, request, id, provider);
    await confirmSimulatedCard(user.id, paymentIntentId, card);
    return fulfilPayment(paymentIntentId, { userId: user.id, provider });
  });
}

/**
 * Without JavaScript on Stripe: a Checkout Session, paid on Stripe's page, fulfilled on return or by
 * webhook. `urls` are where Stripe sends the resident back (the web edge's hostedCheckoutUrls).
 */
export async function startHostedCheckout(
  user: User,
  request: BookingRequest,
  lng: Language,
  urls: { successUrl: string; cancelUrl: string },
  checkoutId: string | null = null,
) {
  const provider = paymentProvider();
  if (!isStripe(provider)) throw new BookingError("errors.paymentSystem", 409);
  return openHostedSession(
    user,
    request,
    { checkoutId, provider },
    ({ quote, metadata, description, idempotencyKey }) =>
      provider.createCheckoutSession({
        amountCents: quote.breakdown.totalCents,
        currency: CURRENCY,
        metadata,
        description,
        customerEmail: user.email,
        successUrl: urls.successUrl,
        cancelUrl: urls.cancelUrl,
        locale: lng,
        // Open as long as the promo hold (Stripe's own minimum is 30 minutes): then it expires, and the
        // webhook releases what it held.
        expiresAt: now() + PENDING_HOLD_MS,
        idempotencyKey,
      }),
  );
}
