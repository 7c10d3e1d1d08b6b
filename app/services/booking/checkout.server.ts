// Paying at checkout: the simulated card path (with and without JavaScript), the hosted Stripe path,
// and free orders. Every path ends in bookings.server's fulfilPayment / bookFree.
import {
  BookingError,
  bookFree,
  findPaymentByProviderId,
  fulfilPayment,
  prepareHostedBooking,
  quoteBooking,
  recordHostedPayment,
  startCardPayment,
  type BookingRequest,
} from "./book.server";
import { appUrl } from "~/services/platform/config.server";
import { db, schema } from "~/services/platform/db.server";
import { isSimulated, isStripe, paymentProvider } from "~/services/payments/index.server";
import type { CardErrorCode, CardInput } from "~/services/payments/types";
import { eq } from "drizzle-orm";
import { now } from "~/lib/clock";
import type { Language } from "~/lib/i18n";
import type { BagCount } from "~/lib/pricing";
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

/** Without JavaScript, one form post does it all: price, charge the card, book. */
export async function payWithSimulatedCard(user: User, request: BookingRequest, card: CardInput) {
  const { paymentIntentId } = await startCardPayment(user, request);
  await confirmSimulatedCard(user.id, paymentIntentId, card);
  return fulfilPayment(paymentIntentId, { userId: user.id });
}

/** Without JavaScript on Stripe: a Checkout Session, paid on Stripe's page, fulfilled on return or by webhook. */
export async function startHostedCheckout(user: User, request: BookingRequest, lng: Language, cancelPath: string) {
  const provider = paymentProvider();
  if (!isStripe(provider)) throw new BookingError("errors.paymentSystem", 409);
  const { quote, booking, metadata, description } = prepareHostedBooking(user, request);
  const session = await provider.createCheckoutSession({
    amountCents: quote.breakdown.totalCents,
    currency: "cad",
    metadata,
    description,
    customerEmail: user.email,
    successUrl: `${appUrl()}/checkout/return?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${appUrl()}${cancelPath}`,
    locale: lng,
  });
  recordHostedPayment(user, quote, session.id, booking);
  return session.url;
}

export async function confirmFreeBooking(user: User, request: BookingRequest) {
  return bookFree(user, request);
}

export type CheckoutParams = { bags: number | null; slotId: number | null };

/** bags (or bagCount) and slotId from the checkout URL; null where missing or malformed. */
export function readCheckoutParams(url: URL): CheckoutParams {
  const bags = Number(url.searchParams.get("bags") ?? url.searchParams.get("bagCount"));
  const slotId = Number(url.searchParams.get("slotId"));
  return {
    bags: [1, 2, 4].includes(bags) ? bags : null,
    slotId: Number.isInteger(slotId) && slotId > 0 ? slotId : null,
  };
}

/**
 * Where a resident opening checkout must go instead (spec section 4): no booking → /booking,
 * incomplete profile → /profile, address not served by the slot → /booking?addressMismatch=true,
 * slot gone or full → /booking. Null when checkout can be shown.
 */
export function checkoutDetour(user: User, params: CheckoutParams): { to: string; toast: string } | null {
  if (!params.bags || !params.slotId) return { to: "/booking", toast: "checkout:toast.missingBooking" };
  const query = `bags=${params.bags}&slotId=${params.slotId}`;
  try {
    quoteBooking(user, { bags: params.bags as BagCount, slotId: params.slotId });
    return null;
  } catch (error) {
    if (!(error instanceof BookingError)) throw error;
    if (error.key === "errors.profileIncomplete")
      return { to: `/profile?${query}`, toast: "checkout:toast.profileIncomplete" };
    if (error.key === "errors.addressMismatch") {
      return { to: `/booking?addressMismatch=true&bags=${params.bags}`, toast: "checkout:toast.addressMismatch" };
    }
    return { to: `/booking?bags=${params.bags}`, toast: `checkout:${error.key}` };
  }
}
