// Issue 32, part 3: every path that books or moves refuses a slot that has come within 24 hours since it was
// shown (the booking page's choice, the quote behind the checkout page and the API, the payment intent, a
// move), with the clock fixed; a payment already taken for it is booked (within the card form's hour) or
// refunded in full (after it) by the browser's return, the webhook and the reconcile alike.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { setNow } from "~/lib/clock";
import { dateKey } from "~/lib/dates";
import { fulfilFromWebhook, fulfilPayment } from "~/services/checkout/fulfil.server";
import { startCardPayment } from "~/services/checkout/card.server";
import { confirmSimulatedCard, payWithSimulatedCard } from "~/services/checkout/simulated-card.server";
import { checkBookingChoice } from "~/services/booking/choice.server";
import { quoteBooking } from "~/services/booking/quote.server";
import { reconcilePayments } from "~/services/checkout/reconcile.server";
import { modifyPickup } from "~/services/pickups/changes.server";
import { paymentProvider } from "~/services/payments/provider.server";
import { db, schema } from "~/services/platform/db.server";
import { CARD, resident, slot } from "./fixtures";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const paymentRow = (id: number) => db.select().from(schema.payments).where(eq(schema.payments.id, id)).get()!;
const pickupsOfPayment = (paymentId: number) =>
  db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.paymentId, paymentId)).all();

afterEach(() => setNow(null));

/** A slot of its own that starts 24 h and 1 min after the fixed "now" it returns. */
function slotJustPastTheLead(capacity = 5) {
  const s = slot({ capacity, daysAhead: 40 });
  const shownAt = s.startsAt - 24 * HOUR - MINUTE;
  setNow(shownAt);
  return { slot: s, shownAt };
}

describe("a slot that has come within 24 hours since it was shown", () => {
  it("is offered at 24 h 1 min, and refused at 23 h 59 min on the page, the quote and the payment intent", async () => {
    const user = await resident();
    const { slot: s, shownAt } = slotJustPastTheLead();
    const choice = { bags: "1", date: s.date, slotId: String(s.id) };
    expect(checkBookingChoice(user, choice, shownAt)).toEqual({ ok: true, bags: 1, slotId: s.id });
    expect(quoteBooking(user, { bags: 1, slotId: s.id }, shownAt).slot.id).toBe(s.id);

    const later = shownAt + 2 * MINUTE;
    setNow(later);
    expect(checkBookingChoice(user, choice, later)).toMatchObject({ ok: false, error: "errors.slotUnavailable" });
    expect(() => quoteBooking(user, { bags: 1, slotId: s.id }, later)).toThrow(
      expect.objectContaining({ key: "errors.slotTooSoon", status: 409 }),
    );
    await expect(startCardPayment(user, { bags: 1, slotId: s.id })).rejects.toMatchObject({
      key: "errors.slotTooSoon",
    });
    expect(db.select().from(schema.payments).where(eq(schema.payments.userId, user.id)).all()).toHaveLength(0);
  });

  it("is refused as the new date of a move, which changes nothing", async () => {
    const user = await resident();
    const { slot: s, shownAt } = slotJustPastTheLead();
    const other = slot();
    const pickup = await payWithSimulatedCard(user, { bags: 2, slotId: other.id }, CARD);
    setNow(shownAt + 2 * MINUTE);
    await expect(modifyPickup(user, pickup.id, s.id)).rejects.toMatchObject({ key: "errors.slotTooSoon" });
    const after = db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.id, pickup.id)).get()!;
    expect(after.pickupSlotId).toBe(other.id);
    expect(db.select().from(schema.pickupSlots).where(eq(schema.pickupSlots.id, s.id)).get()!.currentBooked).toBe(0);
  });

  it("a payment taken for it is booked by the browser's return within the card form's hour", async () => {
    const user = await resident();
    const { slot: s, shownAt } = slotJustPastTheLead();
    const { payment, paymentIntentId } = await startCardPayment(user, { bags: 2, slotId: s.id });
    await confirmSimulatedCard(user.id, paymentIntentId, CARD);
    setNow(shownAt + 30 * MINUTE);
    const pickup = await fulfilPayment(paymentIntentId, { userId: user.id });
    expect(pickup).toMatchObject({ pickupSlotId: s.id, status: "Scheduled" });
    expect(paymentRow(payment.id)).toMatchObject({ status: "succeeded", refundedCents: 0 });
  });

  it.each(["return", "webhook", "reconcile"] as const)(
    "a payment taken for it and fulfilled by the %s after that hour is refunded in full, never booked",
    async (path) => {
      const user = await resident();
      const { slot: s, shownAt } = slotJustPastTheLead();
      const { payment, paymentIntentId } = await startCardPayment(user, { bags: 4, slotId: s.id });
      await confirmSimulatedCard(user.id, paymentIntentId, CARD);
      setNow(shownAt + HOUR + 2 * MINUTE);
      if (path === "return") {
        await expect(fulfilPayment(paymentIntentId, { userId: user.id })).rejects.toMatchObject({
          key: "errors.slotTooSoonRefunded",
        });
      } else if (path === "webhook") {
        await expect(fulfilFromWebhook(paymentIntentId, undefined, paymentProvider())).rejects.toMatchObject({
          key: "errors.slotTooSoonRefunded",
        });
      } else {
        const report = await reconcilePayments();
        expect(report.refunded).toBeGreaterThanOrEqual(1);
      }
      expect(paymentRow(payment.id)).toMatchObject({
        status: "refunded",
        refundedCents: payment.amountCents,
        failureCode: "errors.slotTooSoon",
      });
      expect(pickupsOfPayment(payment.id)).toHaveLength(0);
      expect(db.select().from(schema.pickupSlots).where(eq(schema.pickupSlots.id, s.id)).get()!.currentBooked).toBe(0);
      expect(dateKey(s.startsAt)).toBe(s.date);
    },
  );
});
