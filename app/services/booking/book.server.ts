// Booking a pickup: take the payment through the provider, and book in one transaction that takes
// the slot's place atomically. One payment books at most one pickup; a paid booking that can no longer
// be placed is refunded in full, never lost. The price and slot rule are quote.server's; the payment
// rows are the ledger's (payments/ledger.server).
import crypto from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import { db, durably, schema, type Tx } from "~/services/platform/db.server";
import { customerIdFor } from "~/services/payments/customers.server";
import { paymentProvider } from "~/services/payments/index.server";
import {
  findPaymentByProviderId,
  findPaymentByRef,
  recordPayment,
  refundAtProvider,
  refundingReason,
  rekeyPayment,
  REFUNDING,
} from "~/services/payments/ledger.server";
import type { HostedCheckout, PaymentProvider, ProviderIntent } from "~/services/payments/types";
import { CheckoutPaidError, claimCheckout, oneAtATime, paidPickupOf, paymentsOfCheckout } from "./checkouts.server";
import { queueBookingConfirmation } from "./pickup-emails.server";
import { recordPickupNotice } from "./pickup-notices.server";
import { completeRedemption, PromoError, releaseHeldCode } from "./promos.server";
import { BookingError, quoteBooking, type BookingRequest, type Quote } from "./quote.server";
import { findSlot } from "./slots.server";
import { now } from "~/lib/clock";
import { CURRENCY, type BagCount, type PriceBreakdown } from "~/lib/pricing";
import { prefixCentroid } from "~/lib/positions";
import { leadRefusal } from "~/lib/slots";
import type { Payment, PickupRequest, User } from "../../../db/schema";

type StoredBooking = {
  ref: string;
  bags: BagCount;
  slotId: number;
  promoCode: string | null;
  breakdown: PriceBreakdown;
  address: string;
  fsa: string;
};

function storedBooking(payment: Payment): StoredBooking {
  return JSON.parse(payment.booking) as StoredBooking;
}

function newBooking(quote: Quote): StoredBooking {
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

/** What the provider keeps with a payment: enough to find (or, without a row of ours, rebuild) its booking. */
function metadataFor(user: User, booking: StoredBooking, checkoutId: string): Record<string, string> {
  return {
    bookingRef: booking.ref,
    checkoutId,
    userId: String(user.id),
    slotId: String(booking.slotId),
    bags: String(booking.bags),
    promoCode: booking.promoCode ?? "",
  };
}

function description(booking: StoredBooking) {
  return `ReCircle pickup: ${booking.bags} bag${booking.bags > 1 ? "s" : ""}`;
}

/** Why a checkout's intent was cancelled unpaid (payments.failure_code, status "failed"): never reused or booked. */
export const INTENT_CANCELED = "intent_canceled";

/** A checkout's payment that can still be paid with: not booked, refunded, released or cancelled. */
function isOpen(payment: Payment) {
  return (
    (payment.status === "requires_payment" || payment.status === "failed") &&
    !isReleasedHosted(payment) &&
    payment.failureCode !== INTENT_CANCELED &&
    !refundingReason(payment)
  );
}

const isSession = (payment: Payment) => payment.providerPaymentId.startsWith("cs_");

/** The checkout's open payment of this kind (an intent, or a hosted session), the latest first. */
function openPaymentOf(checkoutId: string, providerName: string, kind: "intent" | "session") {
  return paymentsOfCheckout(checkoutId).find(
    (p) => p.provider === providerName && isOpen(p) && isSession(p) === (kind === "session"),
  );
}

/** The stored booking brought up to date with a new quote (the promo or the address changed); same reference. */
function requote(payment: Payment, quote: Quote): StoredBooking {
  return { ...newBooking(quote), ref: storedBooking(payment).ref };
}

function saveRequote(payment: Payment, booking: StoredBooking) {
  db.update(schema.payments)
    .set({ amountCents: booking.breakdown.totalCents, booking: JSON.stringify(booking), updatedAt: now() })
    .where(eq(schema.payments.id, payment.id))
    .run();
  return { ...payment, amountCents: booking.breakdown.totalCents, booking: JSON.stringify(booking) };
}

/** A paid checkout answers with its pickup; an intent paid but not booked yet is booked now. */
async function throwIfPaid(user: User, checkoutId: string, provider: PaymentProvider) {
  const paid = paidPickupOf(user.id, checkoutId);
  if (paid) throw new CheckoutPaidError(paid);
  for (const payment of paymentsOfCheckout(checkoutId)) {
    if (payment.provider !== provider.name || payment.status === "refunded" || !isOpen(payment)) continue;
    const intentId = isSession(payment)
      ? await (provider as Partial<HostedCheckout>).sessionPaymentIntent?.(payment.providerPaymentId)
      : payment.providerPaymentId;
    const intent = intentId ? await provider.retrieveIntent(intentId) : null;
    if (intent?.status !== "succeeded") continue;
    if (isSession(payment) && !findPaymentByProviderId(intent.id)) rekeyPayment(payment.id, intent.id);
    throw new CheckoutPaidError(await fulfilPayment(intent.id, { userId: user.id, provider }));
  }
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
  const booking = requote(payment, quote);
  const before = storedBooking(payment);
  let current = payment;
  if (JSON.stringify(before) !== JSON.stringify(booking)) {
    if (payment.amountCents !== booking.breakdown.totalCents || before.promoCode !== booking.promoCode) {
      try {
        await provider.updateIntent(intentId, {
          amountCents: booking.breakdown.totalCents,
          metadata: metadataFor(user, booking, checkoutId),
        });
      } catch (error) {
        const latest = await provider.retrieveIntent(intentId);
        await answerIfPaid(latest);
        if (latest?.status === "canceled" || !latest) return null;
        throw error;
      }
    }
    current = saveRequote(payment, booking);
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
  const checkoutId = claimCheckout(user, request, options.checkoutId ?? null);
  return oneAtATime(checkoutId, () => openCardPayment(user, request, checkoutId, provider));
}

/** startCardPayment's work, inside the checkout's turn. */
export async function openCardPayment(
  user: User,
  request: BookingRequest,
  checkoutId: string,
  provider: PaymentProvider,
): Promise<CardPayment> {
  await throwIfPaid(user, checkoutId, provider);
  const quote = quoteBooking(user, request);
  if (quote.breakdown.isFree) throw new BookingError("errors.freeOrder", 409);
  const customerId = await customerIdFor(user, provider);
  const open = openPaymentOf(checkoutId, provider.name, "intent");
  const reused = open ? await reuseIntent(user, open, quote, provider, checkoutId) : null;
  if (reused) return { ...reused, customerId };
  if (open) markCanceled(open);
  const booking = newBooking(quote);
  const attempt = `intent-${checkoutId}-${paymentsOfCheckout(checkoutId).length + 1}`;
  const create = (idempotencyKey: string) =>
    provider.createIntent({
      amountCents: quote.breakdown.totalCents,
      currency: CURRENCY,
      metadata: metadataFor(user, booking, checkoutId),
      description: description(booking),
      receiptEmail: user.email,
      customerId,
      idempotencyKey,
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

/**
 * Writes a payment row for what was just opened at the provider; when the write fails (a full disk, a
 * locked database), the provider's side is undone (the intent cancelled, the session expired) so it can
 * never be paid without a row of ours, and the write's error is thrown (the request answers 503).
 */
async function recordedOrUndone(record: () => Payment, undo: () => Promise<void>): Promise<Payment> {
  try {
    return record();
  } catch (error) {
    await undo().catch((undoError: unknown) =>
      // The resident never got its secret or page, so it cannot be paid; the reconcile would refund it anyway.
      console.error("[payments] could not undo an intent or session left without its payment row", undoError),
    );
    throw error;
  }
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
  markCanceled(payment);
  return true;
}

/** An intent the provider no longer takes payment on (cancelled, or gone): never reused. */
function markCanceled(payment: Payment) {
  db.update(schema.payments)
    .set({ status: "failed", failureCode: INTENT_CANCELED, updatedAt: now() })
    .where(and(eq(schema.payments.id, payment.id), sql`${schema.payments.status} in ('requires_payment', 'failed')`))
    .run();
}

/**
 * The hosted (no-JavaScript) Stripe path of a checkout: its open Checkout Session when there is one for
 * the same price (a second tab, Back from Stripe's page), else a new one, the replaced session expired so
 * it can never be paid. Our record is keyed by the session until it is paid. A paid checkout throws
 * CheckoutPaidError.
 */
export async function openHostedSession(
  user: User,
  request: BookingRequest,
  options: { checkoutId: string | null; provider: PaymentProvider & HostedCheckout },
  create: (input: {
    quote: Quote;
    metadata: Record<string, string>;
    description: string;
    idempotencyKey: string;
  }) => Promise<{
    id: string;
    url: string;
  }>,
): Promise<string> {
  const { provider } = options;
  const checkoutId = claimCheckout(user, request, options.checkoutId);
  return oneAtATime(checkoutId, async () => {
    await throwIfPaid(user, checkoutId, provider);
    const quote = quoteBooking(user, request);
    if (quote.breakdown.isFree) throw new BookingError("errors.freeOrder", 409);
    const open = openPaymentOf(checkoutId, provider.name, "session");
    if (open) {
      const same = JSON.stringify(storedBooking(open)) === JSON.stringify(requote(open, quote));
      const url = same ? await provider.openSessionUrl(open.providerPaymentId) : null;
      if (url) return url;
      await provider.expireSession(open.providerPaymentId).catch(() => undefined);
      markCanceled(open);
    }
    const booking = newBooking(quote);
    const session = await create({
      quote,
      metadata: metadataFor(user, booking, checkoutId),
      description: description(booking),
      idempotencyKey: `session-${checkoutId}-${paymentsOfCheckout(checkoutId).length + 1}`,
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
 * Why a hosted Checkout Session was released (payments.failure_code, with status "failed"): it expired
 * unpaid, or its delayed payment failed. Such a payment never books, whatever arrives later.
 */
export const HOSTED_RELEASED = { expired: "checkout_expired", failed: "async_payment_failed" } as const;

function isReleasedHosted(payment: Payment) {
  return (
    payment.status === "failed" &&
    (payment.failureCode === HOSTED_RELEASED.expired || payment.failureCode === HOSTED_RELEASED.failed)
  );
}

function pickupOfPayment(tx: Tx | typeof db, paymentId: number) {
  return tx.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.paymentId, paymentId)).get();
}

const CONFIRMATION_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/** 'K7M2-QX9P': random, not sequential, easy to read aloud. */
function newConfirmationNumber(): string {
  const bytes = crypto.randomBytes(8);
  const chars = [...bytes].map((b) => CONFIRMATION_ALPHABET[b % CONFIRMATION_ALPHABET.length]).join("");
  return `${chars.slice(0, 4)}-${chars.slice(4)}`;
}

/**
 * Takes one place of a slot inside a transaction, with a conditional update so two residents can never
 * both take the last place; refused when the slot is full or closed. Booking and moving a pickup use it.
 */
export function takePlace(tx: Tx, slotId: number) {
  const taken = tx
    .update(schema.pickupSlots)
    .set({ currentBooked: sql`${schema.pickupSlots.currentBooked} + 1` })
    .where(
      and(
        eq(schema.pickupSlots.id, slotId),
        lt(schema.pickupSlots.currentBooked, schema.pickupSlots.maxCapacity),
        eq(schema.pickupSlots.closed, false),
      ),
    )
    .run();
  if (taken.changes !== 1) throw new BookingError("errors.slotFull", 409);
}

/** Gives a place back (a pickup moved away or cancelled); never below zero. */
export function releasePlace(tx: Tx, slotId: number) {
  tx.update(schema.pickupSlots)
    .set({ currentBooked: sql`max(${schema.pickupSlots.currentBooked} - 1, 0)` })
    .where(eq(schema.pickupSlots.id, slotId))
    .run();
}

/**
 * The booking itself, in one transaction: the slot's place is taken with a conditional update (so two
 * residents can never both take the last place), the pickup is written, the promo redemption completed
 * and the payment marked paid. Idempotent per payment.
 */
/** The pickup keeps its address's position: the profile's (read now), else its prefix's centre. */
function pickupPosition(tx: Tx, userId: number, fsa: string) {
  const profile = tx
    .select({
      latitude: schema.users.latitude,
      longitude: schema.users.longitude,
      positionApproximate: schema.users.positionApproximate,
      postalFsa: schema.users.postalFsa,
    })
    .from(schema.users)
    .where(eq(schema.users.id, userId))
    .get();
  if (profile && profile.latitude !== null && profile.longitude !== null && profile.postalFsa === fsa) {
    return {
      latitude: profile.latitude,
      longitude: profile.longitude,
      positionApproximate: profile.positionApproximate,
    };
  }
  const centre = prefixCentroid(fsa);
  return { latitude: centre?.latitude ?? null, longitude: centre?.longitude ?? null, positionApproximate: true };
}

function bookInTransaction(
  payment: Payment,
  user: User,
  card: Pick<ProviderIntent, "cardBrand" | "cardLast4">,
): { pickup: PickupRequest; created: boolean } {
  return db.transaction((tx) => {
    const existing = pickupOfPayment(tx, payment.id);
    if (existing) return { pickup: existing, created: false };
    // A payment being refunded (or refunded) must never book: the money is on its way back.
    const fresh = tx.select().from(schema.payments).where(eq(schema.payments.id, payment.id)).get()!;
    if (fresh.status === "refunded" || fresh.status === "partially_refunded")
      throw new BookingError("errors.paymentRefunded", 409);
    // A hosted session released (expired, or its payment failed) while the provider was being asked.
    if (isReleasedHosted(fresh)) throw new BookingError("errors.paymentNotCompleted", 402);
    const pendingReason = refundingReason(fresh);
    if (pendingReason) throw new BookingError(pendingReason, 409);
    // Another payment of the same checkout booked it already (a second tab, a replaced hosted session).
    if (fresh.checkoutId && paidPickupOf(fresh.userId, fresh.checkoutId, tx))
      throw new BookingError("errors.checkoutPaid", 409);
    // Read inside the transaction: a promo change may have re-priced the payment meanwhile.
    const booking = storedBooking(fresh);
    const slot = findSlot(booking.slotId, tx);
    if (!slot || slot.closed || !slot.serviceAreas.includes(booking.fsa))
      throw new BookingError("errors.slotUnavailable", 409);
    // Paid already: the lead as it stands for a payment taken (lib/slots), else refunded in full.
    const tooSoon = leadRefusal(slot.startsAt, now(), true);
    if (tooSoon) throw new BookingError(tooSoon, 409);
    takePlace(tx, booking.slotId);
    const b = booking.breakdown;
    const position = pickupPosition(tx, user.id, booking.fsa);
    let pickup: PickupRequest | undefined;
    for (let attempt = 0; !pickup && attempt < 5; attempt++) {
      pickup = durably(
        tx
          .insert(schema.pickupRequests)
          .values({
            confirmationNumber: newConfirmationNumber(),
            userId: user.id,
            pickupSlotId: booking.slotId,
            paymentId: payment.id,
            checkoutId: fresh.checkoutId,
            bagsRequested: booking.bags,
            listPriceCents: b.listPriceCents,
            multiBagDiscountCents: b.multiBagDiscountCents,
            serviceFeeCents: b.serviceFeeCents,
            promoDiscountCents: b.promoDiscountCents,
            subtotalCents: b.subtotalCents,
            gstCents: b.gstCents,
            qstCents: b.qstCents,
            totalCents: b.totalCents,
            address: booking.address,
            postalFsa: booking.fsa,
            ...position,
            createdAt: now(),
            updatedAt: now(),
          })
          .onConflictDoNothing({ target: schema.pickupRequests.confirmationNumber })
          .returning(),
      );
    }
    if (!pickup) throw new Error("Could not draw a unique confirmation number");
    if (booking.promoCode) {
      try {
        completeRedemption(tx, user, booking.promoCode, booking.bags, pickup.id, b.promoDiscountCents);
      } catch (error) {
        if (error instanceof PromoError) throw new BookingError(error.key, 409);
        throw error;
      }
    }
    tx.update(schema.payments)
      .set({ status: "succeeded", cardBrand: card.cardBrand, cardLast4: card.cardLast4, updatedAt: now() })
      .where(eq(schema.payments.id, payment.id))
      .run();
    // One confirmation per pickup, whoever books it (the browser, the return page or the webhook),
    // written with the booking: both are stored or neither.
    queueBookingConfirmation(tx, user, pickup);
    recordPickupNotice(tx, pickup, "confirmed");
    return { pickup, created: true };
  });
}

function userOf(payment: Payment): User {
  return db.select().from(schema.users).where(eq(schema.users.id, payment.userId)).get()!;
}

/** A paid booking that cannot be placed is refunded in full, and the resident is told why. */
async function refundUnplaceable(
  payment: Payment,
  provider: PaymentProvider,
  reason: BookingError,
): Promise<PickupRequest> {
  // First, in one transaction: unless a pickup was booked for it meanwhile, record the decision.
  const claim = db.transaction((tx) => {
    const fresh = tx.select().from(schema.payments).where(eq(schema.payments.id, payment.id)).get()!;
    const booked = pickupOfPayment(tx, fresh.id);
    if (booked) return { booked } as const;
    if (fresh.status === "refunded")
      return { fresh, done: true, ours: false, key: fresh.failureCode ?? reason.key } as const;
    const pending = refundingReason(fresh);
    if (pending) return { fresh, done: false, ours: false, key: pending } as const;
    tx.update(schema.payments)
      .set({ failureCode: `${REFUNDING}${reason.key}`, updatedAt: now() })
      .where(eq(schema.payments.id, fresh.id))
      .run();
    return { fresh, done: false, ours: true, key: reason.key } as const;
  });
  if ("booked" in claim && claim.booked) return claim.booked;
  const { fresh, key } = claim;
  if (!claim.done) {
    try {
      await refundAtProvider(provider, fresh, fresh.amountCents, fresh.amountCents);
    } catch (error) {
      // Not refunded: leave the payment as it was (ours to undo only), so it can be tried again.
      if (claim.ours) {
        db.update(schema.payments)
          .set({ failureCode: fresh.failureCode, updatedAt: now() })
          .where(and(eq(schema.payments.id, fresh.id), eq(schema.payments.failureCode, `${REFUNDING}${reason.key}`)))
          .run();
      }
      throw error;
    }
    db.update(schema.payments)
      .set({ status: "refunded", refundedCents: fresh.amountCents, failureCode: key, updatedAt: now() })
      .where(and(eq(schema.payments.id, fresh.id), sql`${schema.payments.status} <> 'refunded'`))
      .run();
  }
  throw new BookingError(key.startsWith("promo.") ? "errors.promoRefunded" : `${key}Refunded`, 409);
}

/**
 * Books the pickup a payment was made for, after reading the payment back from the provider: it must
 * have succeeded, for our amount and currency, for this booking. Safe to call twice (browser and webhook).
 */
export async function fulfilPayment(
  providerPaymentId: string,
  options: { userId?: number; provider?: PaymentProvider } = {},
): Promise<PickupRequest> {
  const provider = options.provider ?? paymentProvider();
  const payment = findPaymentByProviderId(providerPaymentId);
  if (!payment || (options.userId !== undefined && payment.userId !== options.userId)) {
    throw new BookingError("errors.paymentNotFound", 404);
  }
  const existing = pickupOfPayment(db, payment.id);
  if (existing) return existing;
  if (payment.status === "refunded") throw new BookingError("errors.paymentRefunded", 409);
  if (isReleasedHosted(payment)) throw new BookingError("errors.paymentNotCompleted", 402);
  if (payment.provider !== provider.name) throw new BookingError("errors.paymentNotFound", 404);
  const intent = await provider.retrieveIntent(payment.providerPaymentId);
  const booking = storedBooking(payment);
  if (
    !intent ||
    intent.status !== "succeeded" ||
    intent.amountCents !== payment.amountCents ||
    intent.currency.toLowerCase() !== payment.currency ||
    intent.metadata.bookingRef !== booking.ref
  ) {
    throw new BookingError("errors.paymentNotCompleted", 402);
  }
  const user = userOf(payment);
  try {
    return bookInTransaction(payment, user, intent).pickup;
  } catch (error) {
    if (error instanceof BookingError) {
      if (error.key === "errors.paymentRefunded" || error.key === "errors.paymentNotCompleted") throw error;
      const pickup = await refundUnplaceable(payment, provider, error);
      return pickup;
    }
    throw error;
  }
}

/** The hosted Checkout path: the session was paid with a PaymentIntent; re-key our record to it and book. */
export async function fulfilHostedSession(
  sessionId: string,
  provider: PaymentProvider & { sessionPaymentIntent(id: string): Promise<string | null> },
  userId?: number,
) {
  const payment = findPaymentByProviderId(sessionId);
  if (!payment) {
    // Already re-keyed to its PaymentIntent (a reload of the return page, or the webhook came first).
    const intentId = await provider.sessionPaymentIntent(sessionId);
    const rekeyed = intentId ? findPaymentByProviderId(intentId) : undefined;
    if (!rekeyed || (userId !== undefined && rekeyed.userId !== userId))
      throw new BookingError("errors.paymentNotFound", 404);
    return fulfilPayment(intentId!, { userId, provider });
  }
  if (userId !== undefined && payment.userId !== userId) throw new BookingError("errors.paymentNotFound", 404);
  const intentId = await provider.sessionPaymentIntent(sessionId);
  if (!intentId) throw new BookingError("errors.paymentNotCompleted", 402);
  if (!findPaymentByProviderId(intentId)) rekeyPayment(payment.id, intentId);
  return fulfilPayment(intentId, { userId, provider });
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
    tx.update(schema.payments)
      .set({ status: "failed", failureCode: HOSTED_RELEASED[reason], updatedAt: now() })
      .where(eq(schema.payments.id, payment.id))
      .run();
    const booking = storedBooking(payment);
    if (booking.promoCode) releaseHeldCode(tx, payment.userId, booking.promoCode, payment.createdAt);
    return true;
  });
}

/** Webhook: a PaymentIntent succeeded; book it if its browser never came back. */
export async function fulfilFromWebhook(intentId: string, bookingRef: string | undefined, provider: PaymentProvider) {
  let payment = findPaymentByProviderId(intentId);
  if (!payment && bookingRef) {
    payment = findPaymentByRef(bookingRef);
    if (payment) rekeyPayment(payment.id, intentId);
  }
  if (!payment) return null;
  return fulfilPayment(intentId, { provider });
}

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

/**
 * The JSON API's booking step: the payment must be this resident's and made for this very booking
 * (bags, slot, total in cents). A payment that already booked its pickup answers that pickup as `used`.
 */
export async function bookPaidPickup(
  user: User,
  claim: { paymentIntentId: string; bags: number; slotId: number; totalCents: number },
): Promise<{ pickup: PickupRequest; used: boolean }> {
  const payment = findPaymentByProviderId(claim.paymentIntentId);
  if (!payment || payment.userId !== user.id) throw new BookingError("errors.paymentNotFound", 404);
  const used = pickupOfPayment(db, payment.id);
  if (used) return { pickup: used, used: true };
  const booking = storedBooking(payment);
  if (booking.bags !== claim.bags || booking.slotId !== claim.slotId || claim.totalCents !== payment.amountCents) {
    throw new BookingError("errors.priceChanged", 409);
  }
  return { pickup: await fulfilPayment(claim.paymentIntentId, { userId: user.id }), used: false };
}

/** A total of one cent or less: no card; booked at once, once per checkout. */
export async function bookFree(user: User, request: BookingRequest, checkoutId: string | null = null) {
  const id = claimCheckout(user, request, checkoutId);
  return oneAtATime(id, async () => {
    const paid = paidPickupOf(user.id, id);
    if (paid) throw new CheckoutPaidError(paid);
    return bookFreeNow(user, request, id);
  });
}

async function bookFreeNow(user: User, request: BookingRequest, checkoutId: string) {
  const quote = quoteBooking(user, request);
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
    db.update(schema.payments)
      .set({ status: "failed", updatedAt: now() })
      .where(eq(schema.payments.id, payment.id))
      .run();
    throw error;
  }
}
