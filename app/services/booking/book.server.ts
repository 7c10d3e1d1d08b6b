// The booking itself: one transaction that takes the slot's place atomically, writes the pickup,
// completes the promo redemption, marks the payment paid and queues the confirmation. One payment books
// at most one pickup, one checkout at most one pickup. Taking the payment is services/checkout's; the
// price and the slot rule are quote.server's; the payment rows are the ledger's (payments/ledger.server).
import crypto from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import { db, durably, perConnection, schema, type Tx } from "~/services/platform/db.server";
import { isReleasedHosted, markPaid, refundingReason } from "~/services/payments/ledger.server";
import type { ProviderIntent } from "~/services/payments/provider-types";
import { storedPriceColumns } from "~/lib/pricing";
import { BookingError } from "./booking-error.server";
import { queueBookingConfirmation } from "./pickup-emails.server";
import { recordPickupNotice } from "./pickup-notices.server";
import { completeRedemption, PromoError } from "./promo-rules.server";
import { findSlot } from "./slots.server";
import { storedBooking } from "./stored-booking.server";
import { now } from "~/lib/clock";
import { prefixCentroid } from "~/lib/positions";
import { slotRefusal } from "~/lib/slots";
import type { Payment, PickupRequest, User } from "../../../db/schema";

/** The pickup a payment booked, if any. */
export function pickupOfPayment(tx: Tx | typeof db, paymentId: number) {
  return tx.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.paymentId, paymentId)).get();
}

/** The pickup a checkout of this resident booked, if it is paid. */
export function paidPickupOf(userId: number, checkoutId: string, tx: Tx | typeof db = db): PickupRequest | undefined {
  // Outside a transaction, prepared once per connection: every view of a checkout asks (issue 44).
  if (tx === db) return pickupOfCheckout().get({ checkoutId, userId });
  return tx
    .select()
    .from(schema.pickupRequests)
    .where(and(eq(schema.pickupRequests.checkoutId, checkoutId), eq(schema.pickupRequests.userId, userId)))
    .get();
}

const pickupOfCheckout = perConnection((conn) =>
  conn
    .select()
    .from(schema.pickupRequests)
    .where(
      and(
        eq(schema.pickupRequests.checkoutId, sql.placeholder("checkoutId")),
        eq(schema.pickupRequests.userId, sql.placeholder("userId")),
      ),
    )
    .prepare(),
);

const CONFIRMATION_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/** 'K7M2-QX9P': random, not sequential, easy to read aloud. */
export function newConfirmationNumber(): string {
  const bytes = crypto.randomBytes(8);
  const chars = [...bytes].map((b) => CONFIRMATION_ALPHABET[b % CONFIRMATION_ALPHABET.length]).join("");
  return `${chars.slice(0, 4)}-${chars.slice(4)}`;
}

/**
 * Taking a place and reading a resident's position, prepared once per connection (a plan's renewals take
 * thousands in a morning, issue 45's bench); they run on the connection of the caller's transaction.
 */
const placeStatements = perConnection((conn) => ({
  take: conn
    .update(schema.pickupSlots)
    .set({ currentBooked: sql`${schema.pickupSlots.currentBooked} + 1` })
    .where(
      and(
        eq(schema.pickupSlots.id, sql.placeholder("id")),
        lt(schema.pickupSlots.currentBooked, schema.pickupSlots.maxCapacity),
        eq(schema.pickupSlots.closed, false),
      ),
    )
    .prepare(),
  position: conn
    .select({
      latitude: schema.users.latitude,
      longitude: schema.users.longitude,
      positionApproximate: schema.users.positionApproximate,
      postalFsa: schema.users.postalFsa,
    })
    .from(schema.users)
    .where(eq(schema.users.id, sql.placeholder("id")))
    .prepare(),
}));

/**
 * Takes one place of a slot inside a transaction, with a conditional update so two residents can never
 * both take the last place; refused when the slot is full or closed. Booking and moving a pickup use it.
 */
export function takePlace(_tx: Tx, slotId: number) {
  const taken = placeStatements().take.run({ id: slotId });
  if (taken.changes !== 1) throw new BookingError("errors.slotFull", 409);
}

/** Gives a place back (a pickup moved away or cancelled); never below zero. */
export function releasePlace(tx: Tx, slotId: number) {
  tx.update(schema.pickupSlots)
    .set({ currentBooked: sql`max(${schema.pickupSlots.currentBooked} - 1, 0)` })
    .where(eq(schema.pickupSlots.id, slotId))
    .run();
}

/** The pickup keeps its address's position: the profile's (read now), else its prefix's centre. */
export function pickupPosition(_tx: Tx, userId: number, fsa: string) {
  const profile = placeStatements().position.get({ id: userId });
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

/** The checkout's acceptance of the terms, copied to the pickup it books (issue 43); none before it existed. */
function contractOfCheckout(tx: Tx, checkoutId: string | null) {
  if (!checkoutId) return {};
  const row = tx
    .select({
      termsVersion: schema.checkouts.termsVersion,
      termsAcceptedAt: schema.checkouts.termsAcceptedAt,
      frenchTermsReceivedAt: schema.checkouts.frenchTermsReceivedAt,
      contractLanguage: schema.checkouts.contractLanguage,
    })
    .from(schema.checkouts)
    .where(eq(schema.checkouts.id, checkoutId))
    .get();
  return row?.termsAcceptedAt ? row : {};
}

/** The payment may still book: not refunded or being refunded, not released, its checkout not paid yet. */
function refusalOfPayment(tx: Tx, fresh: Payment): BookingError | null {
  // A payment being refunded (or refunded) must never book: the money is on its way back.
  if (fresh.status === "refunded" || fresh.status === "partially_refunded")
    return new BookingError("errors.paymentRefunded", 409);
  // A hosted session released (expired, or its payment failed) while the provider was being asked.
  if (isReleasedHosted(fresh)) return new BookingError("errors.paymentNotCompleted", 402);
  const pendingReason = refundingReason(fresh);
  if (pendingReason) return new BookingError(pendingReason, 409);
  // Another payment of the same checkout booked it already (a second tab, a replaced hosted session).
  if (fresh.checkoutId && paidPickupOf(fresh.userId, fresh.checkoutId, tx))
    return new BookingError("errors.checkoutPaid", 409);
  return null;
}

/**
 * The booking itself, in one transaction: the slot's place is taken with a conditional update (so two
 * residents can never both take the last place), the pickup is written, the promo redemption completed
 * and the payment marked paid. Idempotent per payment.
 */
export function bookInTransaction(
  payment: Payment,
  user: User,
  card: Pick<ProviderIntent, "cardBrand" | "cardLast4">,
): { pickup: PickupRequest; created: boolean } {
  return db.transaction((tx) => {
    const existing = pickupOfPayment(tx, payment.id);
    if (existing) return { pickup: existing, created: false };
    const fresh = tx.select().from(schema.payments).where(eq(schema.payments.id, payment.id)).get()!;
    const refused = refusalOfPayment(tx, fresh);
    if (refused) throw refused;
    // Read inside the transaction: a promo change may have re-priced the payment meanwhile.
    const booking = storedBooking(fresh);
    const slot = findSlot(booking.slotId, tx);
    // Paid already: the lead as it stands for a payment taken (lib/slots), else refunded in full.
    const refusal = slotRefusal(slot, booking.fsa, now(), true);
    if (refusal === "errors.slotTooSoon" || refusal === "errors.slotFull") throw new BookingError(refusal, 409);
    if (refusal) throw new BookingError("errors.slotUnavailable", 409);
    takePlace(tx, booking.slotId);
    const b = booking.breakdown;
    const position = pickupPosition(tx, user.id, booking.fsa);
    const contract = contractOfCheckout(tx, fresh.checkoutId);
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
            ...storedPriceColumns(b),
            address: booking.address,
            postalFsa: booking.fsa,
            ...position,
            ...contract,
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
    markPaid(tx, payment.id, card);
    // One confirmation per pickup, whoever books it (the browser, the return page or the webhook),
    // written with the booking: both are stored or neither.
    queueBookingConfirmation(tx, user, pickup);
    recordPickupNotice(tx, pickup, "confirmed");
    return { pickup, created: true };
  });
}
