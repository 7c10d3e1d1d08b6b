// The simulated card (the provider without Stripe, with and without JavaScript) and its 3-D Secure
// step: the card form posted to our server, the simulated bank's authentication page, and the one-post
// payment of the no-JavaScript checkout. Each ends in fulfil.server's fulfilPayment.
import { eq } from "drizzle-orm";
import { db, schema } from "~/services/platform/db.server";
import { pickupOfPayment } from "~/services/booking/book.server";
import { BookingError } from "~/services/booking/booking-error.server";
import type { BookingRequest } from "~/services/booking/quote.server";
import { storedBooking } from "~/services/booking/stored-booking.server";
import { isSimulated, paymentProvider } from "~/services/payments/provider.server";
import {
  findPaymentByProviderId,
  markAuthenticationFailed,
  recordCardOutcome,
} from "~/services/payments/ledger.server";
import type { CardErrorCode, CardInput } from "~/services/payments/provider-types";
import { openCardPayment } from "./card.server";
import { fulfilPayment } from "./fulfil.server";
import { claimCheckout, oneAtATime } from "./record.server";
import { isBagChangePayment, storedBagChange } from "./bag-change.server";
import { orderPath } from "~/lib/paths";
import type { BagCount } from "~/lib/pricing";
import type { Payment, PickupRequest, User } from "../../../db/schema";

/** A card the provider refused; code maps to the spec's messages (checkout namespace `card.errors.*`). */
export class CardError extends Error {
  constructor(public readonly code: CardErrorCode) {
    super(code);
  }
  get key() {
    return `card.errors.${this.code}`;
  }
}

/**
 * A card that asks for 3-D Secure: nothing is paid or booked until the resident completes the bank's step
 * on our authentication page (`redirectUrl`, as Stripe's next_action.redirect_to_url). The checkout page
 * redirects there; the API answers it as 200 `{ status, redirectUrl }`.
 */
export class AuthenticationRequired extends Error {
  readonly status = "requires_action" as const;
  constructor(public readonly redirectUrl: string) {
    super("requires_action");
  }
}

/** The simulated bank's authentication page for an intent; the page finds the checkout from our payment row. */
function authenticationUrl(paymentIntentId: string) {
  return `/payments/simulated/authenticate?payment_intent=${encodeURIComponent(paymentIntentId)}`;
}

/** The card form posted to our server (simulated provider only). */
export async function confirmSimulatedCard(
  userId: number,
  paymentIntentId: string,
  card: CardInput,
): Promise<{ status: "succeeded" } | { status: "requires_action"; redirectUrl: string }> {
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
  if (!result.ok && "code" in result) {
    recordCardOutcome(payment.id, "failed", result.code);
    throw new CardError(result.code);
  }
  recordCardOutcome(payment.id, "requires_payment", null);
  if (!result.ok) return { status: "requires_action", redirectUrl: authenticationUrl(paymentIntentId) };
  return { status: "succeeded" as const };
}

/**
 * Without JavaScript, one form post does it all: price, charge the card, book. The checkout's turn covers
 * the whole of it, so a second tab paying the same checkout waits, then finds it paid. A card that asks
 * for authentication books nothing yet: it throws AuthenticationRequired with the page to go to.
 */
export async function payWithSimulatedCard(
  user: User,
  request: BookingRequest,
  card: CardInput,
  checkoutId: string | null = null,
) {
  const provider = paymentProvider();
  const claimed = claimCheckout(user, request, checkoutId);
  return oneAtATime(claimed.id, async () => {
    const { paymentIntentId } = await openCardPayment(user, request, claimed, provider);
    const confirmed = await confirmSimulatedCard(user.id, paymentIntentId, card);
    if (confirmed.status === "requires_action") throw new AuthenticationRequired(confirmed.redirectUrl);
    return fulfilPayment(paymentIntentId, { userId: user.id, provider });
  });
}

/** The resident's simulated payment waiting on the authentication page; someone else's reads as unknown (404). */
function ownSimulatedPayment(userId: number, paymentIntentId: string) {
  const provider = paymentProvider();
  const payment = findPaymentByProviderId(paymentIntentId);
  if (!isSimulated(provider) || !payment || payment.userId !== userId || payment.provider !== "simulated") {
    throw new BookingError("errors.paymentNotFound", 404);
  }
  const booking = storedBooking(payment);
  const checkout = payment.checkoutId ? { id: payment.checkoutId, bags: booking.bags, slotId: booking.slotId } : null;
  return { provider, payment, checkout, back: bagChangeBack(payment) };
}

/**
 * A bag more's payment (issue 45 part 5) goes back to its order page, not a checkout: the page with the
 * bags chosen (its Bags section), and the pickup once the change is applied. Null for a booking's payment.
 */
function bagChangeBack(payment: Payment) {
  if (!isBagChangePayment(payment) || !payment.pickupRequestId) return null;
  const pickup = db
    .select()
    .from(schema.pickupRequests)
    .where(eq(schema.pickupRequests.id, payment.pickupRequestId))
    .get();
  if (!pickup) return null;
  const applied = payment.status === "succeeded";
  return {
    pickup: applied ? pickup : null,
    url: `${orderPath(pickup.confirmationNumber)}${applied ? "" : `?bags=${storedBagChange(payment).bags}`}#bag-change`,
  };
}

/** Where a checkout goes back to: its bags, slot and id (null for a payment started without one). */
export type CheckoutRef = { id: string; bags: BagCount; slotId: number } | null;

/**
 * What the authentication page shows: the payment waiting for the resident (amount, card), the pickup it
 * already booked (a reload after Complete), or "closed" when it no longer waits (failed, paid with another
 * card, cancelled after an hour): the resident goes back to the checkout.
 */
export async function simulatedAuthentication(userId: number, paymentIntentId: string) {
  const { provider, payment, checkout, back } = ownSimulatedPayment(userId, paymentIntentId);
  const booked = pickupOfPayment(db, payment.id) ?? back?.pickup;
  if (booked) return { state: "booked" as const, pickup: booked, back: back?.url ?? null };
  const intent = await provider.retrieveIntent(paymentIntentId);
  if (!intent || (intent.status !== "requires_action" && intent.status !== "succeeded")) {
    return { state: "closed" as const, checkout, back: back?.url ?? null };
  }
  return {
    state: "pending" as const,
    amountCents: payment.amountCents,
    cardBrand: intent.cardBrand,
    cardLast4: intent.cardLast4,
    checkout,
  };
}

/**
 * The resident's answer on the authentication page, in the checkout's turn. Complete: the intent
 * succeeds and the pickup is booked (fulfilPayment reads it back first); again after booking, the same
 * pickup; "refused" when the payment cannot book (fulfilPayment's reason, refunded in full). Fail: the
 * intent and our payment are failed with authentication_failed, nothing is booked, and the checkout can be
 * paid again (the same intent, another card or another try).
 */
export async function finishSimulatedAuthentication(
  userId: number,
  paymentIntentId: string,
  outcome: "complete" | "fail",
): Promise<
  | { state: "booked"; pickup: PickupRequest; back: string | null }
  | { state: "failed" | "refused"; reason: string; checkout: CheckoutRef; back: string | null }
> {
  const { provider, payment, checkout, back } = ownSimulatedPayment(userId, paymentIntentId);
  const backUrl = back?.url.replace(/\?bags=\d#/, "#") ?? null;
  const work = async () => {
    const booked = pickupOfPayment(db, payment.id) ?? back?.pickup;
    if (booked) return { state: "booked" as const, pickup: booked, back: backUrl };
    const intent = await provider.authenticate(paymentIntentId, outcome);
    if (intent?.status === "succeeded") {
      try {
        const pickup = await fulfilPayment(paymentIntentId, { userId, provider });
        return { state: "booked" as const, pickup, back: backUrl };
      } catch (error) {
        // Paid but not bookable (refunded in full), or the checkout was paid meanwhile: the checkout says so.
        if (!(error instanceof BookingError)) throw error;
        return { state: "refused" as const, reason: error.key, checkout, back: back?.url ?? null };
      }
    }
    if (outcome === "fail" && intent?.status === "requires_payment_method") {
      markAuthenticationFailed(payment.id);
      return {
        state: "failed" as const,
        reason: "card.errors.authentication_failed",
        checkout,
        back: back?.url ?? null,
      };
    }
    // No longer waiting for authentication (failed before, paid with another card, cancelled): nothing to do.
    return { state: "failed" as const, reason: "errors.paymentNotCompleted", checkout, back: back?.url ?? null };
  };
  return checkout ? oneAtATime(checkout.id, work) : work();
}
