// reconcilePayments(): what a crash between our database and the payment provider leaves half-done is
// finished at the next start-up (or hourly): paid-but-unbooked payments are booked or refunded in
// full, decided refunds reach the provider exactly once, and nothing is booked for refunded money.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { setNow } from "~/lib/clock";
import { bookFree } from "~/services/checkout/free.server";
import { fulfilPayment } from "~/services/checkout/fulfil.server";
import { startCardPayment } from "~/services/checkout/card.server";
import { REFUND_PENDING, REFUNDING } from "~/services/payments/ledger.server";
import { confirmSimulatedCard, payWithSimulatedCard } from "~/services/checkout/simulated-card.server";
import { db, schema } from "~/services/platform/db.server";
import { cancelPickup } from "~/services/pickups/changes.server";
import { reconcilePayments } from "~/services/checkout/reconcile.server";
import { createPromoCodes } from "~/services/booking/promo-rules.server";
import { CARD, resident, slot } from "./fixtures";

const paymentRow = (id: number) => db.select().from(schema.payments).where(eq(schema.payments.id, id)).get()!;
const ledger = (intentId: string) =>
  db.select().from(schema.simulatedIntents).where(eq(schema.simulatedIntents.id, intentId)).get()!;
const pickupsOfPayment = (paymentId: number) =>
  db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.paymentId, paymentId)).all();
const slotRow = (id: number) => db.select().from(schema.pickupSlots).where(eq(schema.pickupSlots.id, id)).get()!;
const setPayment = (id: number, values: Partial<typeof schema.payments.$inferInsert>) =>
  db.update(schema.payments).set(values).where(eq(schema.payments.id, id)).run();

/** A payment the resident has paid at the (simulated) provider, whose booking request never arrived. */
async function paidButNotBooked(options: { capacity?: number; bags?: 1 | 2 | 4 } = {}) {
  const user = await resident();
  const s = slot({ capacity: options.capacity ?? 5 });
  const { payment, paymentIntentId } = await startCardPayment(user, { bags: options.bags ?? 2, slotId: s.id });
  await confirmSimulatedCard(user.id, paymentIntentId, CARD);
  return { user, slot: s, payment: paymentRow(payment.id), paymentIntentId };
}

// Other tests' payments share the database: assertions are about this test's rows, counts are "at least".
const reconcile = reconcilePayments;

afterEach(() => setNow(null));

describe("paid payments without a pickup", () => {
  it("are booked when their slot still has room, with the confirmation e-mail", async () => {
    const { user, slot: s, payment } = await paidButNotBooked();
    expect(pickupsOfPayment(payment.id)).toHaveLength(0);

    const report = await reconcile();
    expect(report.booked).toBeGreaterThanOrEqual(1);
    const [pickup] = pickupsOfPayment(payment.id);
    expect(pickup).toMatchObject({
      userId: user.id,
      pickupSlotId: s.id,
      status: "Scheduled",
      totalCents: payment.amountCents,
    });
    expect(paymentRow(payment.id)).toMatchObject({ status: "succeeded", cardLast4: "4242", refundedCents: 0 });
    expect(slotRow(s.id).currentBooked).toBe(1);
    const mail = db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, user.email)).all().at(-1)!;
    expect(mail.subject).toContain(pickup!.confirmationNumber);

    // A second run (or the browser coming back) changes nothing.
    await reconcile();
    expect(pickupsOfPayment(payment.id)).toHaveLength(1);
    expect(slotRow(s.id).currentBooked).toBe(1);
    await expect(fulfilPayment(payment.providerPaymentId, { userId: user.id })).resolves.toMatchObject({
      id: pickup!.id,
    });
  });

  it("are refunded in full when their slot filled up meanwhile, and never booked later", async () => {
    const { slot: s, payment, paymentIntentId } = await paidButNotBooked({ capacity: 1, bags: 4 });
    db.update(schema.pickupSlots).set({ currentBooked: 1 }).where(eq(schema.pickupSlots.id, s.id)).run();

    const report = await reconcile();
    expect(report.refunded).toBeGreaterThanOrEqual(1);
    expect(paymentRow(payment.id)).toMatchObject({
      status: "refunded",
      refundedCents: 3679,
      failureCode: "errors.slotFull",
    });
    expect(ledger(paymentIntentId).refundedCents).toBe(3679);
    expect(pickupsOfPayment(payment.id)).toHaveLength(0);

    // Room appears again: the refunded payment still books nothing, and is not refunded twice.
    db.update(schema.pickupSlots).set({ currentBooked: 0 }).where(eq(schema.pickupSlots.id, s.id)).run();
    await reconcile();
    await expect(fulfilPayment(paymentIntentId)).rejects.toMatchObject({ key: "errors.paymentRefunded" });
    expect(pickupsOfPayment(payment.id)).toHaveLength(0);
    expect(ledger(paymentIntentId).refundedCents).toBe(3679);
  });

  it("are found even when the crash came between the provider's success and our record of it", async () => {
    const user = await resident();
    const s = slot();
    const { payment, paymentIntentId } = await startCardPayment(user, { bags: 1, slotId: s.id });
    // A declined card first, then a good one accepted by the provider; the process died before our row said so.
    await confirmSimulatedCard(user.id, paymentIntentId, { ...CARD, cardNumber: "4000 0000 0000 0002" }).catch(
      () => null,
    );
    expect(paymentRow(payment.id).status).toBe("failed");
    db.update(schema.simulatedIntents)
      .set({ status: "succeeded", cardBrand: "visa", cardLast4: "4242" })
      .where(eq(schema.simulatedIntents.id, paymentIntentId))
      .run();

    await reconcile();
    expect(pickupsOfPayment(payment.id)).toHaveLength(1);
    expect(paymentRow(payment.id).status).toBe("succeeded");
  });

  it("leave unpaid and declined payments alone", async () => {
    const user = await resident();
    const s = slot();
    const unpaid = await startCardPayment(user, { bags: 1, slotId: s.id });
    const declined = await startCardPayment(user, { bags: 2, slotId: s.id });
    await confirmSimulatedCard(user.id, declined.paymentIntentId, { ...CARD, cardNumber: "4000 0000 0000 9995" }).catch(
      () => null,
    );

    const report = await reconcile();
    expect(report.errors).toBe(0);
    expect(paymentRow(unpaid.payment.id)).toMatchObject({ status: "requires_payment", refundedCents: 0 });
    expect(paymentRow(declined.payment.id)).toMatchObject({ status: "failed", failureCode: "insufficient_funds" });
    expect(pickupsOfPayment(unpaid.payment.id)).toHaveLength(0);
    expect(slotRow(s.id).currentBooked).toBe(0);
  });

  it("the hourly run leaves alone payments a live request may still be working on", async () => {
    const { payment } = await paidButNotBooked();
    await reconcile({ graceMs: 10 * 60_000 });
    expect(pickupsOfPayment(payment.id)).toHaveLength(0);
    setNow(Date.now() + 11 * 60_000);
    await reconcile({ graceMs: 10 * 60_000 });
    expect(pickupsOfPayment(payment.id)).toHaveLength(1);
  });

  it("racing the browser's own booking request, one pickup is made", async () => {
    const { user, slot: s, payment, paymentIntentId } = await paidButNotBooked();
    const [fromBrowser] = await Promise.all([
      fulfilPayment(paymentIntentId, { userId: user.id }),
      reconcile(),
      reconcile(),
    ]);
    expect(pickupsOfPayment(payment.id)).toEqual([expect.objectContaining({ id: fromBrowser.id })]);
    expect(slotRow(s.id).currentBooked).toBe(1);
  });
});

describe("refunds decided but maybe not sent", () => {
  it("an unplaceable payment whose refund never reached the provider is refunded once, not booked", async () => {
    const { user, slot: s, payment, paymentIntentId } = await paidButNotBooked({ bags: 1 });
    // The process decided to refund (slot full), recorded it, and died before asking the provider.
    setPayment(payment.id, { failureCode: `${REFUNDING}errors.slotFull` });
    // Even with room now and the browser coming back, the money is on its way back: no booking.
    await expect(fulfilPayment(paymentIntentId, { userId: user.id })).rejects.toMatchObject({
      key: "errors.slotFullRefunded",
    });
    expect(pickupsOfPayment(payment.id)).toHaveLength(0);
    expect(paymentRow(payment.id)).toMatchObject({
      status: "refunded",
      refundedCents: 1150,
      failureCode: "errors.slotFull",
    });
    expect(ledger(paymentIntentId).refundedCents).toBe(1150);
    expect(slotRow(s.id).currentBooked).toBe(0);
  });

  it("a refund the provider made just before the crash is recorded without refunding again", async () => {
    const { payment, paymentIntentId } = await paidButNotBooked({ bags: 2 });
    setPayment(payment.id, { failureCode: `${REFUNDING}errors.slotUnavailable` });
    db.update(schema.simulatedIntents)
      .set({ refundedCents: 2070 })
      .where(eq(schema.simulatedIntents.id, paymentIntentId))
      .run();

    const report = await reconcile();
    expect(report.errors).toBe(0);
    expect(paymentRow(payment.id)).toMatchObject({
      status: "refunded",
      refundedCents: 2070,
      failureCode: "errors.slotUnavailable",
    });
    expect(ledger(paymentIntentId).refundedCents).toBe(2070);
    expect(pickupsOfPayment(payment.id)).toHaveLength(0);
  });

  it("a cancelled pickup whose refund was recorded but never sent gets it sent, exactly once", async () => {
    const user = await resident();
    const s = slot();
    const pickup = await payWithSimulatedCard(user, { bags: 2, slotId: s.id }, CARD);
    const payment = paymentRow(pickup.paymentId!);
    // Cancel normally: the refund goes out and the marker is cleared.
    await cancelPickup(user, pickup.id);
    expect(paymentRow(payment.id)).toMatchObject({
      status: "partially_refunded",
      refundedCents: 1840,
      failureCode: null,
    });
    expect(ledger(payment.providerPaymentId).refundedCents).toBe(1840);

    // Now the crash: another pickup cancelled in the database, the process gone before the provider call.
    const other = await payWithSimulatedCard(user, { bags: 4, slotId: s.id }, CARD);
    const otherPayment = paymentRow(other.paymentId!);
    db.update(schema.pickupRequests)
      .set({ status: "Cancelled", cancelledAt: Date.now(), refundCents: 3449 })
      .where(eq(schema.pickupRequests.id, other.id))
      .run();
    setPayment(otherPayment.id, { status: "partially_refunded", refundedCents: 3449, failureCode: REFUND_PENDING });
    expect(ledger(otherPayment.providerPaymentId).refundedCents).toBe(0);

    const report = await reconcile();
    expect(report.refundsSent).toBeGreaterThanOrEqual(1);
    expect(ledger(otherPayment.providerPaymentId).refundedCents).toBe(3449);
    expect(paymentRow(otherPayment.id).failureCode).toBeNull();
    await reconcile();
    expect(ledger(otherPayment.providerPaymentId).refundedCents).toBe(3449);
    // The first cancellation was never touched again.
    expect(ledger(payment.providerPaymentId).refundedCents).toBe(1840);
  });

  it("a pending cancel refund the provider had already made is not sent twice", async () => {
    const user = await resident();
    const pickup = await payWithSimulatedCard(user, { bags: 1, slotId: slot().id }, CARD);
    await cancelPickup(user, pickup.id);
    const payment = paymentRow(pickup.paymentId!);
    // As if the process died after the provider's refund but before clearing the marker.
    setPayment(payment.id, { failureCode: REFUND_PENDING });
    await reconcile();
    expect(ledger(payment.providerPaymentId).refundedCents).toBe(920);
    expect(paymentRow(payment.id).failureCode).toBeNull();
  });
});

describe("free orders", () => {
  it("a free payment row left without its pickup is marked failed; a booked one is untouched", async () => {
    const user = await resident();
    const [code] = createPromoCodes(1, 100);
    const booked = await bookFree(user, { bags: 1, slotId: slot().id, promoCode: code });
    const orphan = db
      .insert(schema.payments)
      .values({
        provider: "free",
        providerPaymentId: `free_orphan_${Date.now()}`,
        userId: user.id,
        amountCents: 0,
        currency: "cad",
        booking: "{}",
        status: "succeeded",
        createdAt: Date.now(),
        updatedAt: Date.now(),
      })
      .returning()
      .get();

    const report = await reconcile();
    expect(report.abandonedFree).toBeGreaterThanOrEqual(1);
    expect(paymentRow(orphan.id)).toMatchObject({ status: "failed", failureCode: "interrupted" });
    expect(paymentRow(booked.paymentId!).status).toBe("succeeded");
  });
});

describe("confirmation e-mails", () => {
  const confirmations = (to: string, number: string) =>
    db
      .select()
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.to, to))
      .all()
      .filter((m) => m.kind === "booking-confirmed" && m.subject.includes(number));

  it("a pickup booked just before the crash, without its e-mail, gets it once; a brand-new one is left to its request", async () => {
    const user = await resident();
    const pickup = await payWithSimulatedCard(user, { bags: 1, slotId: slot().id }, CARD);
    // The crash came after the booking's transaction, before the outbox.
    db.delete(schema.emailOutbox).where(eq(schema.emailOutbox.to, user.email)).run();

    await reconcile();
    expect(confirmations(user.email, pickup.confirmationNumber)).toHaveLength(0);

    setNow(Date.now() + 2 * 60_000);
    const report = await reconcile();
    expect(report.confirmationsSent).toBeGreaterThanOrEqual(1);
    expect(confirmations(user.email, pickup.confirmationNumber)).toHaveLength(1);
    await reconcile();
    expect(confirmations(user.email, pickup.confirmationNumber)).toHaveLength(1);
  });
});
