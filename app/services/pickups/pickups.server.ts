// My Orders: a resident's pickups with their slot and payment, the order view with its full price
// breakdown, the confirmation page's pickup, and the rule of whether a pickup can still change. Every
// query is scoped to the resident: a resident never sees another resident's pickup.
import { and, desc, eq, sql, type Placeholder, type SQL } from "drizzle-orm";
import { env } from "~/services/platform/config.server";
import { refundStatusOf } from "~/services/checkout/cancel-refunds.server";
import { slotAreasReader } from "~/services/booking/slots.server";
import { db, perConnection, schema, type Db } from "~/services/platform/db.server";
import { now } from "~/lib/clock";
import { dateKey } from "~/lib/dates";
import { displayStatus, type StoredStatus } from "~/lib/pickup-status";
import { canChange } from "~/lib/slots";
import { isFreeTotal, refundOnCancel } from "~/lib/pricing";
import type { PickupRequest } from "../../../db/schema";

/** What cancelling refunds: the total minus the fee, or the whole total when the service closed the date. */
export function cancelRefundCents(totalCents: number, dateClosed: boolean): number {
  return dateClosed ? totalCents : refundOnCancel(totalCents);
}

export type PickupRow = ReturnType<typeof toPickupView>;

const MAX_CONFIRMATION_NUMBER_LENGTH = 64;

/** A confirmation number as typed (trimmed), or null when it cannot be one. */
function confirmationNumberOf(raw: string | null | undefined): string | null {
  const number = (raw ?? "").trim();
  return number && number.length <= MAX_CONFIRMATION_NUMBER_LENGTH ? number : null;
}

/**
 * Why a pickup can no longer be moved or cancelled, or null while it can: only a scheduled pickup, and
 * only while more than 12 hours remain before its window starts, unless the service closed its date
 * (then it may move or cancel whatever the time: the closing was not the resident's doing).
 */
export function changeRefusal(status: StoredStatus, startsAt: number, at = now(), dateClosed = false): string | null {
  if (status === "Cancelled") return "errors.alreadyCancelled";
  if (status === "Scheduled" && dateClosed) return null;
  if (status !== "Scheduled" || startsAt <= at) return "errors.pickupPast";
  if (!canChange(startsAt, at)) return "errors.tooLateToChange";
  return null;
}

/** A pickup's price breakdown as it was charged (integer cents), stored with it at booking. */
export function priceOf(pickup: PickupRequest) {
  return {
    listPriceCents: pickup.listPriceCents,
    multiBagDiscountCents: pickup.multiBagDiscountCents,
    serviceFeeCents: pickup.serviceFeeCents,
    promoDiscountCents: pickup.promoDiscountCents,
    subtotalCents: pickup.subtotalCents,
    gstCents: pickup.gstCents,
    qstCents: pickup.qstCents,
    totalCents: pickup.totalCents,
  };
}

function toPickupView(
  pickup: PickupRequest,
  slot: typeof schema.pickupSlots.$inferSelect,
  payment: typeof schema.payments.$inferSelect | null,
  at: number,
  areasOf = slotAreasReader(),
) {
  const dateClosed = pickup.status === "Scheduled" && slot.closed;
  const visible = pickup.status === "Scheduled" && (slot.startsAt > at || dateClosed);
  return {
    id: pickup.id,
    confirmationNumber: pickup.confirmationNumber,
    status: pickup.status,
    displayStatus: displayStatus(pickup.status, slot.date, at, dateClosed),
    dateClosed,
    bagsRequested: pickup.bagsRequested,
    address: pickup.address,
    postalFsa: pickup.postalFsa,
    createdAt: pickup.createdAt,
    /** The contract's language (issue 43): null for a pickup booked before contracts were stored. */
    contractLanguage: pickup.contractLanguage,
    cancelledAt: pickup.cancelledAt,
    modifiedAt: pickup.modifiedAt,
    /** Booked by a plan's cycle (issue 45): My Orders and the bell label it. */
    fromPlan: pickup.planId !== null,
    /** Issue 46 part 5: booked by the ReCircle team for a resident who called: the day it was booked ('YYYY-MM-DD'). */
    bookedForYouOn: pickup.bookedById !== null ? dateKey(pickup.createdAt) : null,
    slot: {
      id: slot.id,
      date: slot.date,
      window: slot.window,
      startsAt: slot.startsAt,
      /** Every prefix the slot serves (an empty stored list means all the open ones), as the slot API answers. */
      serviceAreas: areasOf(slot),
    },
    price: { ...priceOf(pickup), isFree: isFreeTotal(pickup.totalCents) },
    /** The terms the resident accepted before paying (issue 43); nulls for pickups booked before. */
    contract: {
      termsVersion: pickup.termsVersion,
      termsAcceptedAt: pickup.termsAcceptedAt,
      contractLanguage: pickup.contractLanguage,
    },
    payment: payment
      ? {
          provider: payment.provider,
          cardBrand: payment.cardBrand,
          cardLast4: payment.cardLast4,
          refundedCents: pickup.refundCents ?? 0,
          /** Where the refund stands at the provider; null when nothing was refunded. */
          refundStatus: refundStatusOf(pickup, payment),
        }
      : null,
    /** Hidden for cancelled or past pickups; otherwise shown, and enabled while more than 12 h remain. */
    changes: {
      visible,
      allowed: changeRefusal(pickup.status, slot.startsAt, at, dateClosed) === null,
      refundIfCancelledCents: cancelRefundCents(pickup.totalCents, dateClosed),
    },
  };
}

/** The resident's pickups with their slot and payment (narrowed by `extra`), newest pickup date first. */
export function ordersWhere(userId: number | Placeholder, extra?: SQL, tx: Pick<Db, "select"> = db) {
  return tx
    .select({ pickup: schema.pickupRequests, slot: schema.pickupSlots, payment: schema.payments })
    .from(schema.pickupRequests)
    .innerJoin(schema.pickupSlots, eq(schema.pickupSlots.id, schema.pickupRequests.pickupSlotId))
    .leftJoin(schema.payments, eq(schema.payments.id, schema.pickupRequests.paymentId))
    .where(and(eq(schema.pickupRequests.userId, userId), extra))
    .orderBy(desc(schema.pickupSlots.startsAt), desc(schema.pickupRequests.id));
}

/**
 * The reads of My Orders, the order page, the home page and the API, prepared once per connection (issue 44): the join
 * selects every column of three tables, and building and compiling its SQL cost more than running it.
 */
const orderReads = perConnection((conn) => {
  const user = sql.placeholder("userId");
  return {
    all: ordersWhere(user, undefined, conn).prepare(),
    byNumber: ordersWhere(
      user,
      eq(schema.pickupRequests.confirmationNumber, sql.placeholder("number")),
      conn,
    ).prepare(),
    byId: ordersWhere(user, eq(schema.pickupRequests.id, sql.placeholder("id")), conn).prepare(),
    onClosedDates: ordersWhere(user, eq(schema.pickupSlots.closed, true), conn).prepare(),
  };
});

export function listPickups(userId: number, at = now()) {
  const areasOf = slotAreasReader();
  return orderReads()
    .all.all({ userId })
    .map((r) => toPickupView(r.pickup, r.slot, r.payment, at, areasOf));
}

export function findPickup(userId: number, confirmationNumber: string, at = now()) {
  if (!confirmationNumberOf(confirmationNumber)) return null;
  const row = orderReads().byNumber.get({ userId, number: confirmationNumber });
  return row ? toPickupView(row.pickup, row.slot, row.payment, at) : null;
}

export function findPickupById(userId: number, id: number, at = now()) {
  if (!Number.isInteger(id) || id <= 0) return null;
  const row = orderReads().byId.get({ userId, id });
  return row ? toPickupView(row.pickup, row.slot, row.payment, at) : null;
}

/** The resident's scheduled pickups on a date the service closed (for the home page's notice). */
export function pickupsOnClosedDates(userId: number): Array<{ confirmationNumber: string; date: string }> {
  return orderReads()
    .onClosedDates.all({ userId })
    .filter((r) => r.pickup.status === "Scheduled")
    .map((r) => ({ confirmationNumber: r.pickup.confirmationNumber, date: r.slot.date }));
}

export function taxNumbers() {
  return { gst: env.GST_NUMBER, qst: env.QST_NUMBER };
}

export type PickupSummary = {
  id: number;
  confirmationNumber: string;
  bagsRequested: number;
  status: StoredStatus;
  totalCents: number;
  address: string;
  createdAt: number;
  slot: { id: number; date: string; window: "morning" | "afternoon"; startsAt: number };
};

/** The resident's pickup with this confirmation number (typed, so trimmed), with its slot; null when unknown or not theirs. */
export function findPickupForUser(userId: number, confirmationNumber: string | null | undefined): PickupSummary | null {
  const number = confirmationNumberOf(confirmationNumber);
  const row = number ? ordersWhere(userId, eq(schema.pickupRequests.confirmationNumber, number)).get() : undefined;
  if (!row) return null;
  const { pickup, slot } = row;
  return {
    id: pickup.id,
    confirmationNumber: pickup.confirmationNumber,
    bagsRequested: pickup.bagsRequested,
    status: pickup.status,
    totalCents: pickup.totalCents,
    address: pickup.address,
    createdAt: pickup.createdAt,
    slot: { id: slot.id, date: slot.date, window: slot.window, startsAt: slot.startsAt },
  };
}

/** A day: an account younger than this, with no pickup yet, is new (welcomed, not welcomed back). */
const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;

/**
 * What the resident's home page leads with: their soonest pickup still ahead (Scheduled, its window not
 * started, on a date that still takes place), with what it takes to move or cancel it, and whether they are
 * coming back (an account older than a day, or with a pickup) or new. A pickup on a date the service closed
 * is never "your next pickup": the home page's banner above asks the resident to choose another date.
 */
export function homePickups(user: { id: number; createdAt: number }, at = now()) {
  const orders = listPickups(user.id, at);
  const next =
    orders.filter((order) => order.changes.visible && !order.dateClosed && order.slot.startsAt > at).at(-1) ?? null;
  return { next, returning: orders.length > 0 || at - user.createdAt > NEW_ACCOUNT_MS };
}
