// The card payment of a checkout: its PaymentIntent, opened (or reused after a decline, a reload, a
// second tab, brought to the current quote) in the checkout's turn, and cancelled when left unpaid for
// an hour. Confirming it is the browser's (Stripe) or simulated-card.server's; booking it, fulfil.server's.
import { db } from "~/services/platform/db.server";
import { pickupOfPayment } from "~/services/booking/book.server";
import { BookingError } from "~/services/booking/booking-error.server";
import { quoteBooking, type BookingRequest, type Quote } from "~/services/booking/quote.server";
import {
  description,
  metadataFor,
  newBooking,
  requote,
  storedBooking,
  type StoredBooking,
} from "~/services/booking/stored-booking.server";
import { customerIdFor } from "~/services/payments/customers.server";
import { paymentProvider } from "~/services/payments/provider.server";
import {
  isOpen,
  isSession,
  markIntentCanceled,
  recordedOrUndone,
  recordPayment,
  repricePayment,
} from "~/services/payments/ledger.server";
import type { PaymentProvider, ProviderIntent } from "~/services/payments/provider-types";
import { checkoutLanguage } from "./checkout-language.server";
import { fulfilPayment, throwIfPaid } from "./fulfil.server";
import {
  CheckoutPaidError,
  checkoutPlan,
  claimCheckout,
  oneAtATime,
  openPaymentOf,
  paymentsOfCheckout,
} from "./record.server";
import { now } from "~/lib/clock";
import { CURRENCY } from "~/lib/pricing";
import type { Payment, User } from "../../../db/schema";

/** Issue 45: an intent that keeps its card says so in its metadata, so a reused one matches the consent. */
const SAVE_CARD = "off_session" as const;

function intentMetadata(user: User, booking: StoredBooking, checkoutId: string, saveCard: boolean) {
  return { ...metadataFor(user, booking, checkoutId), ...(saveCard ? { saveCard: SAVE_CARD } : {}) };
}

type CardPayment = {
  payment: Payment;
  quote: Quote;
  clientSecret: string;
  paymentIntentId: string;
  checkoutId: string;
  /** The resident's customer at the provider, the intent is attached to. */
  customerId: string;
};

/** The checkout's open intent, brought to the current quote; null when it can no longer be paid. */
async function reuseIntent(
  user: User,
  payment: Payment,
  quote: Quote,
  provider: PaymentProvider,
  checkoutId: string,
  saveCard: boolean,
): Promise<Omit<CardPayment, "customerId"> | null> {
  const intentId = payment.providerPaymentId;
  /** Another tab's confirm may land at any moment: a paid intent books and answers, never gets replaced. */
  const answerIfPaid = async (intent: ProviderIntent | null) => {
    if (intent?.status === "succeeded") {
      throw new CheckoutPaidError(await fulfilPayment(intentId, { userId: user.id, provider }));
    }
    if (intent?.status === "processing") throw new BookingError("errors.paymentProcessing", 409);
  };
  const intent = await provider.retrieveIntent(intentId);
  await answerIfPaid(intent);
  if (!intent || (intent.status !== "requires_payment_method" && intent.status !== "requires_action")) return null;
  // Issue 45: an intent made to keep the card (or not) when the resident now says otherwise is not reused.
  if ((intent.metadata.saveCard === SAVE_CARD) !== saveCard) {
    await provider.cancelIntent(intentId);
    await answerIfPaid(await provider.retrieveIntent(intentId));
    return null;
  }
  const booking = requote(payment, quote);
  const before = storedBooking(payment);
  let current = payment;
  if (JSON.stringify(before) !== JSON.stringify(booking)) {
    if (payment.amountCents !== booking.breakdown.totalCents || before.promoCode !== booking.promoCode) {
      try {
        await provider.updateIntent(intentId, {
          amountCents: booking.breakdown.totalCents,
          metadata: intentMetadata(user, booking, checkoutId, saveCard),
        });
      } catch (error) {
        const latest = await provider.retrieveIntent(intentId);
        await answerIfPaid(latest);
        if (latest?.status === "canceled" || !latest) return null;
        throw error;
      }
    }
    current = repricePayment(payment, booking.breakdown.totalCents, booking);
  }
  const clientSecret = await provider.intentClientSecret(intentId);
  if (!clientSecret) {
    await answerIfPaid(await provider.retrieveIntent(intentId));
    return null;
  }
  return { payment: current, quote, clientSecret, paymentIntentId: intentId, checkoutId };
}

/**
 * The card payment of a checkout: its open intent when it has one (after a decline, a reload, a second
 * tab; updated when the promo changed), else a new one whose idempotency key is the checkout's and the
 * attempt's. A paid checkout throws CheckoutPaidError with its pickup.
 */
export async function startCardPayment(
  user: User,
  request: BookingRequest,
  options: { checkoutId?: string | null; provider?: PaymentProvider } = {},
): Promise<CardPayment> {
  const provider = options.provider ?? paymentProvider();
  const claimed = claimCheckout(user, request, options.checkoutId ?? null);
  return oneAtATime(claimed.id, () => openCardPayment(user, request, claimed, provider));
}

/** startCardPayment's work, inside the checkout's turn: priced here unless the claim just priced it. */
export async function openCardPayment(
  user: User,
  request: BookingRequest,
  claimed: { id: string; quote: Quote | null },
  provider: PaymentProvider,
): Promise<CardPayment> {
  const checkoutId = claimed.id;
  await throwIfPaid(user, checkoutId, provider);
  const quote = claimed.quote ?? quoteBooking(user, request);
  if (quote.breakdown.isFree) throw new BookingError("errors.freeOrder", 409);
  const language = checkoutLanguage(checkoutId);
  const customerId = await customerIdFor(user, provider, language);
  const saveCard = Boolean(checkoutPlan(checkoutId)?.saveCardConsentAt);
  const open = openPaymentOf(checkoutId, provider.name, "intent");
  const reused = open ? await reuseIntent(user, open, quote, provider, checkoutId, saveCard) : null;
  if (reused) return { ...reused, customerId };
  if (open) markIntentCanceled(open.id);
  const booking = newBooking(quote);
  const attempt = `intent-${checkoutId}-${paymentsOfCheckout(checkoutId).length + 1}`;
  const create = (idempotencyKey: string) =>
    provider.createIntent({
      amountCents: quote.breakdown.totalCents,
      currency: CURRENCY,
      metadata: intentMetadata(user, booking, checkoutId, saveCard),
      description: description(booking, language),
      receiptEmail: user.email,
      customerId,
      idempotencyKey,
      // Issue 45: the resident consented to keep the card for the plan's later payments.
      ...(saveCard ? { setupFutureUsage: SAVE_CARD } : {}),
    });
  let intent = await create(attempt);
  for (let again = 1; intent.metadata.bookingRef !== booking.ref; again++) {
    // The provider replayed this attempt's intent, made by a request whose payment row could not be
    // written (a full disk): it is for another booking and was cancelled (again here, in case), so a new one.
    if (again > 3) throw new Error(`Checkout ${checkoutId}: no new intent after ${again - 1} replays`);
    await provider.cancelIntent(intent.id);
    intent = await create(`${attempt}-again-${again}`);
  }
  // The checkout row was written (durably) before the intent; the intent's secret leaves only once its
  // payment row is written too. A row that cannot be written (a full disk) cancels the intent.
  const payment = await recordedOrUndone(
    () =>
      recordPayment({
        provider: provider.name,
        providerPaymentId: intent.id,
        userId: user.id,
        amountCents: quote.breakdown.totalCents,
        booking,
        checkoutId,
      }),
    () => provider.cancelIntent(intent.id),
  );
  return { payment, quote, clientSecret: intent.clientSecret, paymentIntentId: intent.id, checkoutId, customerId };
}

/** A checkout's intent unpaid this long is cancelled by the hourly job. */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

/**
 * The hourly job's part: a checkout's intent left unpaid for an hour is cancelled at the provider, so it
 * can never be paid, and is no longer read back. One paid meanwhile is left for fulfilment. True when
 * cancelled.
 */
export async function cancelAbandonedIntent(payment: Payment, provider: PaymentProvider, at = now()) {
  if (isSession(payment) || payment.provider !== provider.name || !isOpen(payment)) return false;
  if (payment.updatedAt > at - ABANDONED_AFTER_MS || pickupOfPayment(db, payment.id)) return false;
  await provider.cancelIntent(payment.providerPaymentId);
  const after = await provider.retrieveIntent(payment.providerPaymentId);
  if (after && after.status !== "canceled") return false;
  markIntentCanceled(payment.id);
  return true;
}
