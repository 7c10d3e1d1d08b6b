import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { setNow } from "~/lib/clock";
import { bookFree } from "~/services/checkout/free.server";
import { fulfilPayment } from "~/services/checkout/fulfil.server";
import { startCardPayment } from "~/services/checkout/card.server";
import { BookingError } from "~/services/booking/booking-error.server";
import { quoteBooking } from "~/services/booking/quote.server";
import { CardError, confirmSimulatedCard, payWithSimulatedCard } from "~/services/checkout/simulated-card.server";
import { db, schema } from "~/services/platform/db.server";
import { applyPromo, createPromoCodes } from "~/services/booking/promo-rules.server";
import { CARD, resident, slot } from "./fixtures";

const pickupsOf = (userId: number) =>
  db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.userId, userId)).all();
const slotRow = (id: number) => db.select().from(schema.pickupSlots).where(eq(schema.pickupSlots.id, id)).get()!;

afterEach(() => setNow(null));

describe("booking with the simulated card", () => {
  it.each([
    [1, 1150],
    [2, 2070],
    [4, 3679],
  ] as const)("%i bag(s) charge %i cents and book one pickup", async (bags, total) => {
    const user = await resident();
    const s = slot();
    const pickup = await payWithSimulatedCard(user, { bags, slotId: s.id }, CARD);
    expect(pickup.totalCents).toBe(total);
    expect(pickup.bagsRequested).toBe(bags);
    expect(pickup.confirmationNumber).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(pickup.address).toContain("Rue Saint-Denis");
    expect(pickup.address).toContain("H2X 3K2");
    expect(slotRow(s.id).currentBooked).toBe(1);
    const payment = db.select().from(schema.payments).where(eq(schema.payments.id, pickup.paymentId!)).get()!;
    expect(payment).toMatchObject({ status: "succeeded", amountCents: total, cardBrand: "visa", cardLast4: "4242" });
    const mail = db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, user.email)).all().at(-1)!;
    expect(mail.subject).toContain(pickup.confirmationNumber);
  });

  it.each([
    ["4000 0000 0000 0002", "card_declined"],
    ["4000 0000 0000 9995", "insufficient_funds"],
    ["4000 0000 0000 0127", "incorrect_cvc"],
    ["4000 0000 0000 0069", "expired_card"],
    ["4242 4242 4242 4241", "incorrect_number"],
  ])("card %s fails with %s and books nothing", async (cardNumber, code) => {
    const user = await resident();
    const s = slot();
    await expect(payWithSimulatedCard(user, { bags: 1, slotId: s.id }, { ...CARD, cardNumber })).rejects.toMatchObject({
      code,
    });
    expect(pickupsOf(user.id)).toHaveLength(0);
    expect(slotRow(s.id).currentBooked).toBe(0);
  });

  it("a promo code makes a 1-bag pickup $5.75 and is completed by the booking", async () => {
    const user = await resident();
    const [code] = createPromoCodes(1, 50);
    applyPromo(user, code!.toLowerCase(), 1);
    const pending = db.select().from(schema.promoRedemptions).where(eq(schema.promoRedemptions.userId, user.id)).get()!;
    expect(pending.pickupRequestId).toBeNull();
    const pickup = await payWithSimulatedCard(user, { bags: 1, slotId: slot().id }, CARD);
    expect(pickup.totalCents).toBe(575);
    expect(pickup.promoDiscountCents).toBe(500);
    const done = db.select().from(schema.promoRedemptions).where(eq(schema.promoRedemptions.id, pending.id)).get()!;
    expect(done.pickupRequestId).toBe(pickup.id);
    expect(done.discountCents).toBe(500);
  });

  it("a 100% code books a free pickup without a card", async () => {
    const user = await resident();
    const [code] = createPromoCodes(1, 100);
    const pickup = await bookFree(user, { bags: 1, slotId: slot().id, promoCode: code });
    expect(pickup.totalCents).toBe(0);
    const payment = db.select().from(schema.payments).where(eq(schema.payments.id, pickup.paymentId!)).get()!;
    expect(payment.provider).toBe("free");
  });
});

describe("the server refuses and stores nothing", () => {
  it("a tampered price", async () => {
    const user = await resident();
    const s = slot();
    await expect(startCardPayment(user, { bags: 2, slotId: s.id, expectedTotalCents: 100 })).rejects.toMatchObject({
      key: "errors.priceChanged",
    });
    expect(db.select().from(schema.payments).where(eq(schema.payments.userId, user.id)).all()).toHaveLength(0);
  });

  it("an unpaid payment", async () => {
    const user = await resident();
    const { paymentIntentId } = await startCardPayment(user, { bags: 1, slotId: slot().id });
    await expect(fulfilPayment(paymentIntentId, { userId: user.id })).rejects.toMatchObject({
      key: "errors.paymentNotCompleted",
    });
    expect(pickupsOf(user.id)).toHaveLength(0);
  });

  it("someone else's payment", async () => {
    const owner = await resident();
    const thief = await resident();
    const { paymentIntentId } = await startCardPayment(owner, { bags: 1, slotId: slot().id });
    await confirmSimulatedCard(owner.id, paymentIntentId, CARD);
    await expect(confirmSimulatedCard(thief.id, paymentIntentId, CARD)).rejects.toMatchObject({
      key: "errors.paymentMissing",
    });
    await expect(fulfilPayment(paymentIntentId, { userId: thief.id })).rejects.toMatchObject({
      key: "errors.paymentNotFound",
    });
    expect(pickupsOf(thief.id)).toHaveLength(0);
  });

  it("a reused payment books one pickup only", async () => {
    const user = await resident();
    const { paymentIntentId } = await startCardPayment(user, { bags: 1, slotId: slot().id });
    await confirmSimulatedCard(user.id, paymentIntentId, CARD);
    const first = await fulfilPayment(paymentIntentId, { userId: user.id });
    const second = await fulfilPayment(paymentIntentId, { userId: user.id });
    expect(second.id).toBe(first.id);
    expect(pickupsOf(user.id)).toHaveLength(1);
  });

  it("a slot that does not serve the prefix", async () => {
    const user = await resident({ postalCode: "H3Z 2Y7" });
    const s = slot({ serviceAreas: ["H2X"] });
    expect(() => quoteBooking(user, { bags: 1, slotId: s.id })).toThrow(BookingError);
    await expect(startCardPayment(user, { bags: 1, slotId: s.id })).rejects.toMatchObject({
      key: "errors.addressMismatch",
    });
  });

  it("a slot starting within 24 hours", async () => {
    const user = await resident();
    const s = slot({ startsAt: Date.now() + 23 * 60 * 60 * 1000 });
    await expect(startCardPayment(user, { bags: 1, slotId: s.id })).rejects.toMatchObject({
      key: "errors.slotTooSoon",
    });
  });

  it("a full slot", async () => {
    const user = await resident();
    const s = slot({ capacity: 1 });
    db.update(schema.pickupSlots).set({ currentBooked: 1 }).where(eq(schema.pickupSlots.id, s.id)).run();
    await expect(startCardPayment(user, { bags: 1, slotId: s.id })).rejects.toMatchObject({ key: "errors.slotFull" });
  });

  it("an incomplete profile", async () => {
    const user = await resident();
    const bare = db
      .update(schema.users)
      .set({ streetAddress: "" })
      .where(eq(schema.users.id, user.id))
      .returning()
      .get();
    await expect(startCardPayment(bare, { bags: 1, slotId: slot().id })).rejects.toMatchObject({
      key: "errors.profileIncomplete",
    });
  });
});

describe("the last places", () => {
  it("more simultaneous bookings than places: exactly the room is booked, the rest refunded", async () => {
    const room = 3;
    const s = slot({ capacity: room });
    const residents = await Promise.all(Array.from({ length: 8 }, () => resident()));
    const results = await Promise.allSettled(
      residents.map((u) => payWithSimulatedCard(u, { bags: 1, slotId: s.id }, CARD)),
    );
    const booked = results.filter((r) => r.status === "fulfilled");
    expect(booked).toHaveLength(room);
    for (const r of results) {
      if (r.status === "rejected") expect(r.reason).toBeInstanceOf(BookingError);
    }
    expect(slotRow(s.id).currentBooked).toBe(room);
    const pickups = db
      .select({ n: sql<number>`count(*)` })
      .from(schema.pickupRequests)
      .where(eq(schema.pickupRequests.pickupSlotId, s.id))
      .get()!;
    expect(pickups.n).toBe(room);
    // Every paid payment has exactly one pickup or a full refund.
    const payments = db
      .select()
      .from(schema.payments)
      .all()
      .filter((p) => (JSON.parse(p.booking) as { slotId: number }).slotId === s.id && p.status !== "requires_payment");
    for (const p of payments) {
      const pickup = db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.paymentId, p.id)).get();
      if (pickup) expect(p.status).toBe("succeeded");
      else expect(p).toMatchObject({ status: "refunded", refundedCents: p.amountCents });
    }
  });

  it("a card failure is a CardError the page can translate", async () => {
    const user = await resident();
    const error = await payWithSimulatedCard(
      user,
      { bags: 1, slotId: slot().id },
      { ...CARD, cardNumber: "4000000000000002" },
    ).catch((e) => e);
    expect(error).toBeInstanceOf(CardError);
    expect(error.key).toBe("card.errors.card_declined");
  });
});
