// Our fault costs the resident nothing (issue 42 part 2): a pickup we missed by our fault (the truck,
// the staff, the weather, a closure) offers, once its mark is final, a free rebook of the same bags in
// any open window of the next 14 days (the usual slot rules: the area, the 24-hour lead, capacity,
// closed dates) or a full refund through the provider, whichever the resident chooses, one, once. An
// admin can refund any marked pickup in full from its admin view. The choice is a conditional update
// (`remedy IS NULL`) and the rebook a unique column (`rebook_of_id`), so a double submit never doubles.
import { and, eq, isNull, sql } from "drizzle-orm";
import { newConfirmationNumber, takePlace } from "~/services/booking/book.server";
import { BookingError } from "~/services/booking/booking-error.server";
import { queueBookingConfirmation } from "~/services/booking/pickup-emails.server";
import { recordPickupNotice } from "~/services/booking/pickup-notices.server";
import { findSlot, offeredSlots } from "~/services/booking/slots.server";
import { refundStatusOf, sendCancelRefund } from "~/services/checkout/cancel-refunds.server";
import { paymentProvider } from "~/services/payments/provider.server";
import type { PaymentProvider, RefundStatus } from "~/services/payments/provider-types";
import { db, durably, perConnection, schema, type Tx } from "~/services/platform/db.server";
import { now } from "~/lib/clock";
import { addDays, dateKey } from "~/lib/dates";
import { slotRefusal, type SlotView } from "~/lib/slots";
import { isOurFault, REBOOK_DAYS } from "~/lib/stops";
import type { PickupRequest } from "../../../db/schema";
import { StopError } from "./stop-error.server";

type Remediable = Pick<PickupRequest, "status" | "missedReason" | "stopFinalAt" | "remedy">;

/** Missed by our fault, the mark final (its undo window passed), nothing chosen yet. */
function remedyOpen(pickup: Remediable, at = now()): boolean {
  return (
    pickup.status === "Missed" &&
    isOurFault(pickup.missedReason) &&
    pickup.remedy === null &&
    pickup.stopFinalAt !== null &&
    pickup.stopFinalAt <= at
  );
}

/** The money a full refund gives back: what the card paid; nothing for a free order. */
function paidCents(tx: Tx | typeof db, pickup: PickupRequest): number {
  if (!pickup.paymentId || pickup.totalCents <= 0) return 0;
  const payment = tx.select().from(schema.payments).where(eq(schema.payments.id, pickup.paymentId)).get();
  return payment && payment.provider !== "free" && payment.status !== "refunded" ? payment.amountCents : 0;
}

/** The windows a free rebook may take: offered to the pickup's area now, within the next 14 days, with room. */
function rebookSlots(pickup: Pick<PickupRequest, "postalFsa">, at = now()): SlotView[] {
  const last = addDays(dateKey(at), REBOOK_DAYS);
  return offeredSlots(pickup.postalFsa, at).filter(
    (slot) => slot.date <= last && slot.currentBooked < slot.maxCapacity,
  );
}

/** The resident's own pickup by confirmation number, prepared once per connection (every order view asks; issue 44). */
const ownPickupRead = perConnection((conn) =>
  conn
    .select()
    .from(schema.pickupRequests)
    .where(
      and(
        eq(schema.pickupRequests.confirmationNumber, sql.placeholder("number")),
        eq(schema.pickupRequests.userId, sql.placeholder("userId")),
      ),
    )
    .prepare(),
);

/** The resident's own pickup with this confirmation number, or undefined. */
export function ownPickupByNumber(userId: number, confirmationNumber: string): PickupRequest | undefined {
  return ownPickupRead().get({ number: confirmationNumber, userId });
}

/** What the order page offers after a pickup we missed: the choices, or what was chosen. */
export function remedyView(pickup: PickupRequest, at = now()) {
  const open = remedyOpen(pickup, at);
  const rebook = pickup.remedy === "rebook" ? rebookOf(pickup.id) : null;
  const payment = pickup.paymentId
    ? db.select().from(schema.payments).where(eq(schema.payments.id, pickup.paymentId)).get()
    : undefined;
  return {
    ourFault: pickup.status === "Missed" && isOurFault(pickup.missedReason),
    open,
    chosen: pickup.remedy,
    refundCents: open ? paidCents(db, pickup) : (pickup.refundCents ?? 0),
    refundStatus: pickup.remedy === "refund" ? refundStatusOf(pickup, payment ?? null) : null,
    rebookedAs: rebook?.confirmationNumber ?? null,
    slots: open ? rebookSlots(pickup, at) : [],
  };
}

function rebookOf(pickupId: number) {
  return db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.rebookOfId, pickupId)).get();
}

/** The resident's own pickup by confirmation number, or a 404 (someone else's reads the same). */
function ownPickup(tx: Tx, userId: number, confirmationNumber: string) {
  const row = tx
    .select({ pickup: schema.pickupRequests, user: schema.users })
    .from(schema.pickupRequests)
    .innerJoin(schema.users, eq(schema.users.id, schema.pickupRequests.userId))
    .where(
      and(eq(schema.pickupRequests.confirmationNumber, confirmationNumber), eq(schema.pickupRequests.userId, userId)),
    )
    .get();
  if (!row) throw new StopError("stops:errors.notFound", {}, 404);
  return row;
}

/** Takes the one choice: refused when it is not (or no longer) open. */
function choose(tx: Tx, pickup: PickupRequest, remedy: "rebook" | "refund", at: number, refundCents?: number) {
  const taken = tx
    .update(schema.pickupRequests)
    .set({
      remedy,
      remedyAt: at,
      updatedAt: at,
      ...(refundCents ? { refundCents, refundStatus: "pending" as const } : {}),
    })
    .where(and(eq(schema.pickupRequests.id, pickup.id), isNull(schema.pickupRequests.remedy)))
    .run();
  if (taken.changes !== 1) {
    throw new StopError("stops:errors.remedyChosen", { confirmationNumber: pickup.confirmationNumber });
  }
}

/**
 * The free rebook: a new Scheduled pickup of the same bags at the same address in the chosen window,
 * nothing to pay, its confirmation e-mailed; one per missed pickup. A full window, one past 14 days or
 * outside the area is refused with the booking's own reasons.
 */
export function rebookFree(userId: number, confirmationNumber: string, slotId: unknown, at = now()) {
  return db.transaction(
    (tx) => {
      const { pickup, user } = ownPickup(tx, userId, confirmationNumber);
      if (pickup.remedy) throw new StopError("stops:errors.remedyChosen", { confirmationNumber });
      if (!remedyOpen(pickup, at)) throw new StopError("stops:errors.remedyClosed", { confirmationNumber });
      const id = typeof slotId === "string" ? Number(slotId) : NaN;
      const slot = Number.isInteger(id) ? findSlot(id, tx) : null;
      const refusal = slotRefusal(slot, pickup.postalFsa, at);
      if (refusal) throw new BookingError(refusal, refusal === "errors.slotNotFound" ? 400 : 409);
      if (slot!.date > addDays(dateKey(at), REBOOK_DAYS)) throw new BookingError("errors.slotUnavailable", 409);
      choose(tx, pickup, "rebook", at);
      takePlace(tx, slot!.id);
      const fresh = durably(
        tx
          .insert(schema.pickupRequests)
          .values({
            confirmationNumber: newConfirmationNumber(),
            userId: pickup.userId,
            pickupSlotId: slot!.id,
            bagsRequested: pickup.bagsRequested,
            listPriceCents: 0,
            subtotalCents: 0,
            gstCents: 0,
            qstCents: 0,
            totalCents: 0,
            address: pickup.address,
            postalFsa: pickup.postalFsa,
            latitude: pickup.latitude,
            longitude: pickup.longitude,
            positionApproximate: pickup.positionApproximate,
            rebookOfId: pickup.id,
            // Under the missed pickup's contract (issue 43): its terms, acceptance and language go along,
            // so its confirmation is in that contract's language.
            termsVersion: pickup.termsVersion,
            termsAcceptedAt: pickup.termsAcceptedAt,
            contractLanguage: pickup.contractLanguage,
            frenchTermsReceivedAt: pickup.frenchTermsReceivedAt,
            createdAt: at,
            updatedAt: at,
          })
          .returning(),
      );
      queueBookingConfirmation(tx, user, fresh);
      recordPickupNotice(tx, fresh, "confirmed", at);
      return fresh;
    },
    { behavior: "immediate" },
  );
}

/**
 * A full refund of what the pickup cost, through the same provider path as a cancellation's refund:
 * recorded as chosen (and owed, `pending`) in one transaction, then sent; a provider that cannot be
 * reached leaves it pending for the hourly reconcile (which lists the provider's refunds first, so
 * nothing is refunded twice). `byAdmin`: from the pickup's admin view, for any marked pickup.
 */
export async function refundInFull(
  pickupId: number,
  options: { userId?: number; byAdmin?: boolean; at?: number; provider?: PaymentProvider } = {},
): Promise<{ confirmationNumber: string; amountCents: number; status: RefundStatus }> {
  const at = options.at ?? now();
  const { pickup, amountCents } = db.transaction(
    (tx) => {
      const pickup = tx.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.id, pickupId)).get();
      if (!pickup || (options.userId !== undefined && pickup.userId !== options.userId)) {
        throw new StopError("stops:errors.notFound", {}, 404);
      }
      const confirmationNumber = pickup.confirmationNumber;
      if (pickup.remedy) throw new StopError("stops:errors.remedyChosen", { confirmationNumber });
      const allowed = options.byAdmin
        ? pickup.status === "Missed" || pickup.status === "Completed"
        : remedyOpen(pickup, at);
      if (!allowed) throw new StopError("stops:errors.remedyClosed", { confirmationNumber });
      const amountCents = paidCents(tx, pickup);
      if (amountCents <= 0) throw new StopError("stops:errors.nothingToRefund", { confirmationNumber });
      choose(tx, pickup, "refund", at, amountCents);
      return { pickup, amountCents };
    },
    { behavior: "immediate" },
  );
  let status: RefundStatus = "pending";
  try {
    status = (await sendCancelRefund(options.provider ?? paymentProvider(), pickup.id)) ?? "pending";
  } catch (error) {
    console.error(`[stops] full refund of pickup #${pickup.id} could not be sent now; reconcile retries`, error);
  }
  return { confirmationNumber: pickup.confirmationNumber, amountCents, status };
}

/** The resident's "refund me in full" on their order page: their own pickup by its number. */
export function refundOwnPickup(userId: number, confirmationNumber: string, at = now()) {
  const row = db
    .select({ id: schema.pickupRequests.id })
    .from(schema.pickupRequests)
    .where(
      and(eq(schema.pickupRequests.confirmationNumber, confirmationNumber), eq(schema.pickupRequests.userId, userId)),
    )
    .get();
  if (!row) throw new StopError("stops:errors.notFound", {}, 404);
  return refundInFull(row.id, { userId, at });
}
