// My Orders: a resident's pickups with their slot and payment, the order view with its full price
// breakdown, and the notifications computed from them. Every query is scoped to the resident.
import { and, desc, eq } from "drizzle-orm";
import { env } from "~/services/platform/config.server";
import { db, schema } from "~/services/platform/db.server";
import { now } from "~/lib/clock";
import { windowLabel } from "~/lib/dates";
import { computeNotifications, type UserNotification } from "~/lib/notifications";
import { displayStatus } from "~/lib/pickup-status";
import { canChange } from "~/lib/slots";
import { refundOnCancel } from "~/lib/pricing";
import type { PickupRequest } from "../../../db/schema";

export type OrderRow = ReturnType<typeof toOrder>;

function toOrder(
  pickup: PickupRequest,
  slot: typeof schema.pickupSlots.$inferSelect,
  payment: typeof schema.payments.$inferSelect | null,
  at: number,
) {
  const changeable = pickup.status === "Scheduled" && slot.startsAt > at;
  return {
    id: pickup.id,
    confirmationNumber: pickup.confirmationNumber,
    status: pickup.status,
    displayStatus: displayStatus(pickup.status, slot.date, at),
    bagsRequested: pickup.bagsRequested,
    address: pickup.address,
    postalFsa: pickup.postalFsa,
    createdAt: pickup.createdAt,
    cancelledAt: pickup.cancelledAt,
    modifiedAt: pickup.modifiedAt,
    slot: {
      id: slot.id,
      date: slot.date,
      window: slot.window,
      startsAt: slot.startsAt,
      serviceAreas: JSON.parse(slot.serviceAreas) as string[],
    },
    price: {
      listPriceCents: pickup.listPriceCents,
      multiBagDiscountCents: pickup.multiBagDiscountCents,
      serviceFeeCents: pickup.serviceFeeCents,
      promoDiscountCents: pickup.promoDiscountCents,
      subtotalCents: pickup.subtotalCents,
      gstCents: pickup.gstCents,
      qstCents: pickup.qstCents,
      totalCents: pickup.totalCents,
      isFree: pickup.totalCents <= 1,
    },
    payment: payment
      ? {
          provider: payment.provider,
          cardBrand: payment.cardBrand,
          cardLast4: payment.cardLast4,
          refundedCents: pickup.refundCents ?? 0,
        }
      : null,
    /** Hidden for cancelled or past pickups; otherwise shown, and enabled while more than 12 h remain. */
    changes: {
      visible: changeable,
      allowed: changeable && canChange(slot.startsAt, at),
      refundIfCancelledCents: refundOnCancel(pickup.totalCents),
    },
  };
}

function ordersWhere(userId: number, extra?: ReturnType<typeof eq>) {
  return db
    .select({ pickup: schema.pickupRequests, slot: schema.pickupSlots, payment: schema.payments })
    .from(schema.pickupRequests)
    .innerJoin(schema.pickupSlots, eq(schema.pickupSlots.id, schema.pickupRequests.pickupSlotId))
    .leftJoin(schema.payments, eq(schema.payments.id, schema.pickupRequests.paymentId))
    .where(and(eq(schema.pickupRequests.userId, userId), extra))
    .orderBy(desc(schema.pickupSlots.startsAt), desc(schema.pickupRequests.id));
}

export function listOrders(userId: number, at = now()) {
  return ordersWhere(userId)
    .all()
    .map((r) => toOrder(r.pickup, r.slot, r.payment, at));
}

export function findOrder(userId: number, confirmationNumber: string, at = now()) {
  if (!confirmationNumber || confirmationNumber.length > 64) return null;
  const row = ordersWhere(userId, eq(schema.pickupRequests.confirmationNumber, confirmationNumber)).get();
  return row ? toOrder(row.pickup, row.slot, row.payment, at) : null;
}

export function findOrderById(userId: number, id: number, at = now()) {
  if (!Number.isInteger(id) || id <= 0) return null;
  const row = ordersWhere(userId, eq(schema.pickupRequests.id, id)).get();
  return row ? toOrder(row.pickup, row.slot, row.payment, at) : null;
}

export function taxNumbers() {
  return { gst: env.GST_NUMBER, qst: env.QST_NUMBER };
}

/** The spec's JSON shape of a pickup request. */
export function orderJson(order: OrderRow, lng = "en") {
  return {
    id: order.id,
    confirmationNumber: order.confirmationNumber,
    bagsRequested: order.bagsRequested,
    pickupSlotId: order.slot.id,
    pickupSlot: {
      id: order.slot.id,
      pickupDate: order.slot.date,
      timeWindow: windowLabel(order.slot.window, lng),
      serviceAreas: order.slot.serviceAreas,
    },
    totalPrice: order.price.totalCents / 100,
    address: order.address,
    status: order.status,
    displayStatus: order.displayStatus,
    createdAt: new Date(order.createdAt).toISOString(),
    canModify: order.changes.allowed,
    canCancel: order.changes.allowed,
  };
}

// --- Notifications ---

export function notificationsFor(userId: number, at = now()): UserNotification[] {
  const pickups = ordersWhere(userId)
    .all()
    .map(({ pickup, slot }) => ({
      id: pickup.id,
      confirmationNumber: pickup.confirmationNumber,
      status: pickup.status,
      createdAt: pickup.createdAt,
      modifiedAt: pickup.modifiedAt,
      cancelledAt: pickup.cancelledAt,
      startsAt: slot.startsAt,
      date: slot.date,
      window: slot.window,
    }));
  const list = computeNotifications(pickups, at);
  const read = new Set(
    db
      .select({ id: schema.notificationReads.notificationId })
      .from(schema.notificationReads)
      .where(eq(schema.notificationReads.userId, userId))
      .all()
      .map((r) => r.id),
  );
  return list.map((n) => ({ ...n, isRead: read.has(n.id) }));
}

export function markNotificationsRead(userId: number, ids: string[]) {
  const valid = new Set(notificationsFor(userId).map((n) => n.id));
  const wanted = ids.filter((id) => valid.has(id)).slice(0, 200);
  if (!wanted.length) return 0;
  db.transaction((tx) => {
    for (const notificationId of wanted) {
      tx.insert(schema.notificationReads).values({ userId, notificationId, readAt: now() }).onConflictDoNothing().run();
    }
  });
  return wanted.length;
}

export function markAllNotificationsRead(userId: number) {
  return markNotificationsRead(
    userId,
    notificationsFor(userId).map((n) => n.id),
  );
}
