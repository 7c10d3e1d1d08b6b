import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { setNow } from "~/lib/clock";
import { payWithSimulatedCard } from "~/services/checkout/simulated-card.server";
import { db, schema } from "~/services/platform/db.server";
import { findPickup, listPickups } from "~/services/pickups/pickups.server";
import { markAllNotificationsRead, notificationsFor } from "~/services/pickups/notifications.server";
import { cancelPickup, modifyPickup } from "~/services/pickups/changes.server";
import { CARD, resident, slot } from "./fixtures";

const HOUR = 3_600_000;
const slotRow = (id: number) => db.select().from(schema.pickupSlots).where(eq(schema.pickupSlots.id, id)).get()!;
const intent = (id: string) =>
  db.select().from(schema.simulatedIntents).where(eq(schema.simulatedIntents.id, id)).get()!;

afterEach(() => setNow(null));

async function booked(bags: 1 | 2 | 4 = 1) {
  const user = await resident();
  const s = slot();
  const pickup = await payWithSimulatedCard(user, { bags, slotId: s.id }, CARD);
  return { user, slot: s, pickup };
}

describe("cancel", () => {
  it("refunds the total minus $2.30 through the provider, frees the place, and is final", async () => {
    const { user, slot: s, pickup } = await booked(2);
    const cancelled = await cancelPickup(user, pickup.id);
    expect(cancelled).toMatchObject({ status: "Cancelled", refundCents: 2070 - 230 });
    expect(slotRow(s.id).currentBooked).toBe(0);
    const payment = db.select().from(schema.payments).where(eq(schema.payments.id, pickup.paymentId!)).get()!;
    expect(payment).toMatchObject({ refundedCents: 1840, status: "partially_refunded" });
    expect(intent(payment.providerPaymentId).refundedCents).toBe(1840);
    await expect(cancelPickup(user, pickup.id)).rejects.toMatchObject({ key: "errors.alreadyCancelled" });
    expect(intent(payment.providerPaymentId).refundedCents).toBe(1840);
    const mail = db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, user.email)).all().at(-1)!;
    expect(mail.kind).toBe("pickup-cancelled");
    expect(mail.text).toContain("$18.40");
  });

  it("is refused at exactly 12 hours before the window, and allowed just before", async () => {
    const { user, slot: s, pickup } = await booked();
    setNow(s.startsAt - 12 * HOUR);
    await expect(cancelPickup(user, pickup.id)).rejects.toMatchObject({ key: "errors.tooLateToChange" });
    setNow(s.startsAt - 12 * HOUR - 1);
    await expect(cancelPickup(user, pickup.id)).resolves.toMatchObject({ status: "Cancelled" });
  });

  it("someone else's pickup is not found and stays as it was", async () => {
    const { pickup } = await booked();
    const other = await resident();
    await expect(cancelPickup(other, pickup.id)).rejects.toMatchObject({ key: "errors.orderNotFound", status: 404 });
    expect(db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.id, pickup.id)).get()!.status).toBe(
      "Scheduled",
    );
    expect(findPickup(other.id, pickup.confirmationNumber)).toBeNull();
  });
});

describe("modify", () => {
  it("moves to another bookable slot in one transaction: old place freed, new place taken, no payment", async () => {
    const { user, slot: from, pickup } = await booked(4);
    const to = slot();
    const moved = await modifyPickup(user, pickup.id, to.id);
    expect(moved.pickupSlotId).toBe(to.id);
    expect(moved.bagsRequested).toBe(4);
    expect(moved.totalCents).toBe(pickup.totalCents);
    expect(slotRow(from.id).currentBooked).toBe(0);
    expect(slotRow(to.id).currentBooked).toBe(1);
    expect(db.select().from(schema.payments).where(eq(schema.payments.userId, user.id)).all()).toHaveLength(1);
  });

  it("refuses a full slot, a slot within 24 hours, the same slot, and within 12 hours", async () => {
    const { user, slot: from, pickup } = await booked();
    const full = slot({ capacity: 1 });
    db.update(schema.pickupSlots).set({ currentBooked: 1 }).where(eq(schema.pickupSlots.id, full.id)).run();
    await expect(modifyPickup(user, pickup.id, full.id)).rejects.toMatchObject({ key: "errors.slotFull" });
    const soon = slot({ startsAt: Date.now() + 20 * HOUR });
    await expect(modifyPickup(user, pickup.id, soon.id)).rejects.toMatchObject({ key: "errors.slotTooSoon" });
    await expect(modifyPickup(user, pickup.id, from.id)).rejects.toMatchObject({ key: "errors.sameSlot" });
    setNow(from.startsAt - 11 * HOUR);
    await expect(modifyPickup(user, pickup.id, slot().id)).rejects.toMatchObject({ key: "errors.tooLateToChange" });
    expect(slotRow(from.id).currentBooked).toBe(1);
  });
});

describe("orders and notifications", () => {
  it("lists the resident's own orders with the breakdown and the allowed changes", async () => {
    const { user, pickup } = await booked(2);
    const [order] = listPickups(user.id);
    expect(order).toMatchObject({
      confirmationNumber: pickup.confirmationNumber,
      displayStatus: "scheduled",
      price: {
        listPriceCents: 2000,
        multiBagDiscountCents: 200,
        subtotalCents: 1800,
        gstCents: 90,
        qstCents: 180,
        totalCents: 2070,
      },
      payment: { cardBrand: "visa", cardLast4: "4242" },
      changes: { visible: true, allowed: true, refundIfCancelledCents: 1840 },
    });
  });

  it("computes notifications with a per-resident read state", async () => {
    const { user } = await booked();
    const list = notificationsFor(user.id);
    expect(list.map((n) => n.type)).toContain("pickup_confirmed");
    expect(list.every((n) => !n.isRead)).toBe(true);
    markAllNotificationsRead(user.id);
    expect(notificationsFor(user.id).every((n) => n.isRead)).toBe(true);
    const other = await resident();
    expect(notificationsFor(other.id)).toMatchObject([{ id: "welcome", isRead: false }]);
  });
});

describe("the JSON API refuses changes within 12 hours, on the server", () => {
  it("PUT and DELETE answer 409 with the cutoff message and change nothing", async () => {
    const { action } = await import("~/routes/api.pickup-requests.$key");
    const { createUserSession } = await import("~/services/http/current-user.server");
    const { user, slot: from, pickup } = await booked();
    const to = slot();
    const cookie = (await createUserSession(user.id)).get("Set-Cookie")!.split(";")[0]!;
    setNow(from.startsAt - 11 * HOUR);
    const call = (method: string, body?: unknown) =>
      action({
        request: new Request(`http://localhost/api/pickup-requests/${pickup.id}`, {
          method,
          headers: { Cookie: cookie, "Content-Type": "application/json", "Accept-Language": "en-CA" },
          body: body ? JSON.stringify(body) : undefined,
        }),
        params: { key: String(pickup.id) },
        context: {},
      });
    for (const response of [await call("PUT", { pickupSlotId: to.id }), await call("DELETE")]) {
      expect(response.status).toBe(409);
      expect((await response.json()).message).toBe(
        "Pickups can only be changed or cancelled more than 12 hours before the time window starts.",
      );
    }
    const row = db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.id, pickup.id)).get()!;
    expect(row).toMatchObject({ status: "Scheduled", pickupSlotId: from.id });
    expect(slotRow(to.id).currentBooked).toBe(0);
  });
});
