// Moving and cancelling a pickup. Both are allowed while more than 12 hours remain before the window
// starts, are checked here on the server (not only hidden in the page), and run in one transaction.
// Cancelling refunds the total minus $2.30 through the provider that took the payment.
import { and, eq, lt, sql } from "drizzle-orm";
import { BookingError, refundAtProvider, REFUND_PENDING, slotRefusal } from "~/services/booking/book.server";
import { appUrl, env } from "~/services/platform/config.server";
import { db, schema } from "~/services/platform/db.server";
import { getTFor } from "~/services/platform/i18n.server";
import { sendEmail } from "~/services/platform/mailer.server";
import { paymentProvider } from "~/services/payments/index.server";
import type { PaymentProvider } from "~/services/payments/types";
import { findSlot } from "~/services/booking/slots.server";
import { now } from "~/lib/clock";
import { formatDate, windowLabel } from "~/lib/dates";
import { isLanguage } from "~/lib/i18n";
import { formatMoney, refundOnCancel } from "~/lib/pricing";
import { canChange } from "~/lib/slots";
import type { PickupRequest, User } from "../../../db/schema";

/** The resident's own pickup with its slot, or a not-found refusal (the same for someone else's). */
function ownPickup(userId: number, pickupId: number) {
  const row =
    Number.isInteger(pickupId) && pickupId > 0
      ? db
          .select({ pickup: schema.pickupRequests, slot: schema.pickupSlots })
          .from(schema.pickupRequests)
          .innerJoin(schema.pickupSlots, eq(schema.pickupSlots.id, schema.pickupRequests.pickupSlotId))
          .where(and(eq(schema.pickupRequests.id, pickupId), eq(schema.pickupRequests.userId, userId)))
          .get()
      : undefined;
  if (!row) throw new BookingError("errors.orderNotFound", 404);
  return row;
}

function assertChangeable(pickup: PickupRequest, startsAt: number, at: number) {
  if (pickup.status === "Cancelled") throw new BookingError("errors.alreadyCancelled", 409);
  if (pickup.status !== "Scheduled" || startsAt <= at) throw new BookingError("errors.pickupPast", 409);
  if (!canChange(startsAt, at)) throw new BookingError("errors.tooLateToChange", 409);
}

function cancellationQuote(userId: number, pickupId: number, at = now()) {
  const { pickup, slot } = ownPickup(userId, pickupId);
  assertChangeable(pickup, slot.startsAt, at);
  return { pickup, slot, refundCents: refundOnCancel(pickup.totalCents) };
}

export async function cancelPickup(user: User, pickupId: number, provider: PaymentProvider = paymentProvider()) {
  const at = now();
  const { pickup, refundCents } = cancellationQuote(user.id, pickupId, at);
  const payment = pickup.paymentId
    ? db.select().from(schema.payments).where(eq(schema.payments.id, pickup.paymentId)).get()
    : undefined;
  // The status flips only if it is still Scheduled: two cancels at once cannot both refund.
  const cancelled = db.transaction((tx) => {
    const flipped = tx
      .update(schema.pickupRequests)
      .set({ status: "Cancelled", cancelledAt: at, refundCents, updatedAt: at })
      .where(and(eq(schema.pickupRequests.id, pickup.id), eq(schema.pickupRequests.status, "Scheduled")))
      .returning()
      .get();
    if (!flipped) throw new BookingError("errors.alreadyCancelled", 409);
    tx.update(schema.pickupSlots)
      .set({ currentBooked: sql`max(${schema.pickupSlots.currentBooked} - 1, 0)` })
      .where(eq(schema.pickupSlots.id, pickup.pickupSlotId))
      .run();
    if (payment) {
      tx.update(schema.payments)
        .set({
          refundedCents: payment.refundedCents + refundCents,
          status:
            refundCents >= payment.amountCents ? "refunded" : refundCents > 0 ? "partially_refunded" : payment.status,
          // Recorded before the provider is asked: a crash in between is finished by reconcilePayments().
          ...(refundCents > 0 && payment.provider !== "free" ? { failureCode: REFUND_PENDING } : {}),
          updatedAt: at,
        })
        .where(eq(schema.payments.id, payment.id))
        .run();
    }
    return flipped;
  });
  if (payment && refundCents > 0 && payment.provider !== "free") {
    try {
      await refundAtProvider(provider, payment, refundCents, payment.refundedCents + refundCents);
      db.update(schema.payments)
        .set({ failureCode: null, updatedAt: now() })
        .where(and(eq(schema.payments.id, payment.id), eq(schema.payments.failureCode, REFUND_PENDING)))
        .run();
    } catch (error) {
      // The pickup stays cancelled; the failed refund is recorded for the team to settle by hand.
      console.error(`[cancel] refund of ${refundCents} cents for payment #${payment.id} failed`, error);
      db.update(schema.payments)
        .set({ failureCode: "refund_failed", updatedAt: now() })
        .where(eq(schema.payments.id, payment.id))
        .run();
    }
  }
  await notify(user, cancelled, "pickup-cancelled", { refund: formatMoney(refundCents, user.locale) });
  return cancelled;
}

/** Moves the pickup to another bookable slot: the old place is freed and the new one taken atomically. */
export async function modifyPickup(user: User, pickupId: number, newSlotId: number) {
  const at = now();
  const { pickup, slot } = ownPickup(user.id, pickupId);
  assertChangeable(pickup, slot.startsAt, at);
  if (newSlotId === pickup.pickupSlotId) throw new BookingError("errors.sameSlot", 400);
  const refusal = slotRefusal(findSlot(newSlotId), pickup.postalFsa, at);
  if (refusal) throw new BookingError(refusal, refusal === "errors.slotNotFound" ? 404 : 409);
  const moved = db.transaction((tx) => {
    const taken = tx
      .update(schema.pickupSlots)
      .set({ currentBooked: sql`${schema.pickupSlots.currentBooked} + 1` })
      .where(
        and(
          eq(schema.pickupSlots.id, newSlotId),
          lt(schema.pickupSlots.currentBooked, schema.pickupSlots.maxCapacity),
          eq(schema.pickupSlots.closed, false),
        ),
      )
      .run();
    if (taken.changes !== 1) throw new BookingError("errors.slotFull", 409);
    const updated = tx
      .update(schema.pickupRequests)
      .set({ pickupSlotId: newSlotId, modifiedAt: at, updatedAt: at })
      .where(
        and(
          eq(schema.pickupRequests.id, pickup.id),
          eq(schema.pickupRequests.status, "Scheduled"),
          eq(schema.pickupRequests.pickupSlotId, pickup.pickupSlotId),
        ),
      )
      .returning()
      .get();
    if (!updated) throw new BookingError("errors.alreadyCancelled", 409);
    tx.update(schema.pickupSlots)
      .set({ currentBooked: sql`max(${schema.pickupSlots.currentBooked} - 1, 0)` })
      .where(eq(schema.pickupSlots.id, pickup.pickupSlotId))
      .run();
    return updated;
  });
  await notify(user, moved, "pickup-modified", {});
  return moved;
}

async function notify(
  user: User,
  pickup: PickupRequest,
  kind: "pickup-cancelled" | "pickup-modified",
  extra: Record<string, string>,
) {
  const lng = isLanguage(user.locale) ? user.locale : "en";
  const slot = findSlot(pickup.pickupSlotId)!;
  const t = await getTFor(lng, "emails");
  try {
    await sendEmail({
      to: user.email,
      kind,
      locale: lng,
      values: {
        confirmationNumber: pickup.confirmationNumber,
        date: formatDate(slot.date, lng),
        window: windowLabel(slot.window, lng),
        bagsLabel: t("bags", { count: pickup.bagsRequested }),
        link: `${appUrl()}/order/${pickup.confirmationNumber}`,
        supportEmail: env.SUPPORT_EMAIL,
        ...extra,
      },
    });
  } catch (error) {
    console.error(`[${kind}] e-mail failed`, error);
  }
}
