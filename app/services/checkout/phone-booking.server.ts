// Issue 46 part 5, a resident who calls: an operator books a pickup for them. The booking passes every
// rule the resident's own booking has (a complete address, a slot offered to their prefix, the 24-hour
// lead, room, a date not closed: quote.server's offeredSlot), then its place is held, as a plan's
// "Payment needed" cycle holds one (counted in pickup_slots.current_booked, no pickup yet), and the resident
// is sent a payment link (e-mail, and text to a verified number) in the same transaction. The link's token
// is the key to that one pickup: only its hash is kept; it opens the payment page until the hold ends (24
// hours at most). Paid: bookPhoneBooking turns the hold into a booked, paid pickup that records the
// operator (pickup_requests.booked_by_id). The payment itself is phone-pay's; the release, phone-release's.
import crypto from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { env } from "~/services/platform/config.server";
import { db, durably, schema, type Tx } from "~/services/platform/db.server";
import { BookingError } from "~/services/booking/booking-error.server";
import { newConfirmationNumber, pickupPosition, takePlace } from "~/services/booking/book.server";
import { queueBookingConfirmation } from "~/services/booking/pickup-emails.server";
import { recordPickupNotice } from "~/services/booking/pickup-notices.server";
import { offeredSlot } from "~/services/booking/quote.server";
import { markPaid, recordPayment } from "~/services/payments/ledger.server";
import type { ProviderIntent } from "~/services/payments/provider-types";
import { queuePhonePayLink } from "./phone-messages.server";
import { now } from "~/lib/clock";
import type { ContractAcceptance } from "~/lib/contract-acceptance";
import { isLinkToken, phoneHoldExpiresAt } from "~/lib/book-for";
import { fsaOf } from "~/lib/postal";
import { priceBreakdown, storedPriceColumns, type BagCount } from "~/lib/pricing";
import { addressLine, isProfileComplete } from "~/lib/profile";
import type { PhoneBooking, PickupRequest, User } from "../../../db/schema";

const pb = schema.phoneBookings;

/** Why a phone booking's link cannot be paid: a key of the "bookfor" namespace and the HTTP status. */
export class PhoneBookingError extends Error {
  constructor(
    public readonly key:
      "errors.nothingToPay" | "errors.holdExpired" | "errors.paymentSystem" | "errors.notThisPayment",
    public readonly status: 404 | 409,
  ) {
    super(key);
  }
}

function hashOf(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** The phone booking a link's token opens, or null (a made-up or malformed token reads as nothing). */
export function phoneBookingByToken(token: string | undefined, tx: Tx | typeof db = db): PhoneBooking | null {
  if (!isLinkToken(token)) return null;
  return (
    tx
      .select()
      .from(pb)
      .where(eq(pb.tokenHash, hashOf(token)))
      .get() ?? null
  );
}

function readUser(tx: Tx | typeof db, userId: number): User {
  return tx.select().from(schema.users).where(eq(schema.users.id, userId)).get()!;
}

/** The resident of a phone booking. */
export function phoneBookingResident(booking: PhoneBooking): User {
  return readUser(db, booking.userId);
}

/** The hold, its link's token (for the tests: the operator's page never shows it), whether it was texted too. */
type PhoneHold = { booking: PhoneBooking; token: string; texted: boolean };

/**
 * The operator `operatorId` books `bags` on `slotId` for the resident `userId`: checked as the resident's
 * own booking is (BookingError with a checkout key otherwise), the place taken with the conditional update
 * bookings use, the hold written with its token's hash, the link e-mailed (and texted), all at once.
 */
export function holdPhoneBooking(
  input: { operatorId: number; userId: number; bags: BagCount; slotId: number },
  at = now(),
): PhoneHold {
  const user = db.select().from(schema.users).where(eq(schema.users.id, input.userId)).get();
  if (!user || user.deletedAt !== null || user.role !== "resident") throw new BookingError("errors.slotNotFound", 404);
  if (!isProfileComplete(user)) throw new BookingError("errors.profileIncomplete", 409);
  const slot = offeredSlot(input.slotId, fsaOf(user.postalCode), at);
  const breakdown = priceBreakdown({ bags: input.bags, serviceFeeCents: env.SERVICE_FEE_CENTS });
  const token = crypto.randomBytes(32).toString("base64url");
  const holdExpiresAt = phoneHoldExpiresAt(at, slot.startsAt);
  let texted = false;
  const booking = db.transaction((tx) => {
    takePlace(tx, slot.id);
    const row = durably(
      tx
        .insert(pb)
        .values({
          userId: user.id,
          operatorId: input.operatorId,
          slotId: slot.id,
          bags: input.bags,
          amountCents: breakdown.totalCents,
          tokenHash: hashOf(token),
          status: "held",
          holdExpiresAt,
          createdAt: at,
          updatedAt: at,
        })
        .returning(),
    );
    texted = queuePhonePayLink(tx, user, {
      token,
      slot,
      bags: input.bags,
      amountCents: breakdown.totalCents,
      holdUntil: holdExpiresAt,
    });
    return row;
  });
  return { booking, token, texted };
}

type PhoneBookingView =
  | {
      state: "held";
      date: string;
      window: "morning" | "afternoon";
      bags: number;
      amountCents: number;
      holdExpiresAt: number;
    }
  | { state: "booked"; confirmationNumber: string }
  | { state: "released" };

/** What the link shows: the held pickup, or what became of it (a hold run out reads as released). */
export function phoneBookingView(booking: PhoneBooking, at = now()): PhoneBookingView {
  if (booking.status === "booked" && booking.pickupRequestId !== null) {
    const pickup = db
      .select({ confirmationNumber: schema.pickupRequests.confirmationNumber })
      .from(schema.pickupRequests)
      .where(eq(schema.pickupRequests.id, booking.pickupRequestId))
      .get();
    if (pickup) return { state: "booked", confirmationNumber: pickup.confirmationNumber };
  }
  if (booking.status !== "held" || at >= booking.holdExpiresAt) return { state: "released" };
  const slot = db.select().from(schema.pickupSlots).where(eq(schema.pickupSlots.id, booking.slotId)).get()!;
  return {
    state: "held",
    date: slot.date,
    window: slot.window,
    bags: booking.bags,
    amountCents: booking.amountCents,
    holdExpiresAt: booking.holdExpiresAt,
  };
}

/** The provider's metadata of a phone booking's payment: the booking it pays (the read-back checks it). */
export function phonePaymentMetadata(booking: PhoneBooking): Record<string, string> {
  return { phoneBooking: String(booking.id), userId: String(booking.userId), slotId: String(booking.slotId) };
}

/** Moves a held booking on, only if it is still held: false when another run moved it first. */
export function moveHeld(tx: Tx, booking: PhoneBooking, values: Partial<PhoneBooking>, at: number): boolean {
  const moved = tx
    .update(pb)
    .set({ ...values, updatedAt: at })
    .where(and(eq(pb.id, booking.id), eq(pb.status, "held")))
    .run();
  return moved.changes === 1;
}

/**
 * The held place becomes a booked, paid pickup, in `tx`: the payment row (paid, with the card), the pickup
 * on the slot whose place the hold already took (not taken twice) with the operator who booked it, the
 * booking "booked", the confirmation e-mail and the bell's notice.
 */
export function bookPhoneBooking(
  tx: Tx,
  booking: PhoneBooking,
  intent: ProviderIntent,
  providerName: "simulated" | "stripe",
  at: number,
  contract: ContractAcceptance | null = null,
): PickupRequest {
  const user = readUser(tx, booking.userId);
  const bags = booking.bags as BagCount;
  const b = priceBreakdown({ bags, serviceFeeCents: env.SERVICE_FEE_CENTS });
  const fsa = fsaOf(user.postalCode);
  const address = addressLine(user);
  const payment = recordPayment(
    {
      provider: providerName,
      providerPaymentId: intent.id,
      userId: user.id,
      amountCents: intent.amountCents,
      booking: {
        ref: `phone-${booking.id}`,
        ...{ bags, slotId: booking.slotId, promoCode: null, breakdown: b, address, fsa },
        ...{ phoneBookingId: booking.id },
      },
    },
    tx,
  );
  markPaid(tx, payment.id, intent);
  const values = {
    userId: user.id,
    pickupSlotId: booking.slotId,
    paymentId: payment.id,
    bookedById: booking.operatorId,
    bagsRequested: bags,
    ...storedPriceColumns(b),
    address,
    postalFsa: fsa,
    ...pickupPosition(tx, user.id, fsa),
    // The terms the resident accepted on the link's page (issue 43), kept with the pickup it books.
    ...(contract ?? {}),
    createdAt: at,
    updatedAt: at,
  };
  let pickup: PickupRequest | undefined;
  for (let attempt = 0; !pickup && attempt < 5; attempt++) {
    pickup = durably(
      tx
        .insert(schema.pickupRequests)
        .values({ ...values, confirmationNumber: newConfirmationNumber() })
        .onConflictDoNothing({ target: schema.pickupRequests.confirmationNumber })
        .returning(),
    );
  }
  if (!pickup) throw new Error("Could not draw a unique confirmation number");
  if (!moveHeld(tx, booking, { status: "booked", pickupRequestId: pickup.id, providerPaymentId: intent.id }, at)) {
    throw new Error(`Phone booking ${booking.id}: not held any more`);
  }
  queueBookingConfirmation(tx, user, pickup);
  recordPickupNotice(tx, pickup, "confirmed", at);
  return pickup;
}

/** The phone bookings of a resident, newest first (the admin page shows where each stands). */
export function phoneBookingsOf(userId: number, limit = 10) {
  return db
    .select({
      id: pb.id,
      status: pb.status,
      bags: pb.bags,
      amountCents: pb.amountCents,
      holdExpiresAt: pb.holdExpiresAt,
      createdAt: pb.createdAt,
      date: schema.pickupSlots.date,
      window: schema.pickupSlots.window,
      confirmationNumber: schema.pickupRequests.confirmationNumber,
    })
    .from(pb)
    .innerJoin(schema.pickupSlots, eq(schema.pickupSlots.id, pb.slotId))
    .leftJoin(schema.pickupRequests, eq(schema.pickupRequests.id, pb.pickupRequestId))
    .where(eq(pb.userId, userId))
    .orderBy(desc(pb.id))
    .limit(limit)
    .all();
}
