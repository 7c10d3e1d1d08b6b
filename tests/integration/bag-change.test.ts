// Issue 45 part 5, a bag more or less, on a real SQLite file with the simulated provider: more bags pay
// the difference by a second payment (API: intent, then PUT), fewer refund it in full, each with its
// e-mail and the calendar event one version later; a double apply applies once and charges once; the
// refused cases change nothing; the reconcile finishes a paid change that was not applied.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { setNow } from "~/lib/clock";
import {
  AuthenticationRequired,
  finishSimulatedAuthentication,
  payWithSimulatedCard,
} from "~/services/checkout/simulated-card.server";
import { payBagChangeWithSimulatedCard } from "~/services/checkout/bag-change-payment.server";
import { reconcilePayments } from "~/services/checkout/reconcile.server";
import { cancelAbandonedIntent } from "~/services/checkout/card.server";
import { cancelPickup } from "~/services/pickups/changes.server";
import { paymentProvider } from "~/services/payments/provider.server";
import type { SimulatedProvider } from "~/services/payments/simulated.server";
import { db, schema } from "~/services/platform/db.server";
import { action as intentAction } from "~/routes/api.create-payment-intent";
import { action as pickupAction } from "~/routes/api.pickup-requests.$key";
import { cookieFor, send, type Action } from "./api-action";
import { CARD, resident, slot } from "./fixtures";

const HOUR = 3_600_000;
const pickupRow = (id: number) =>
  db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.id, id)).get()!;
const slotRow = (id: number) => db.select().from(schema.pickupSlots).where(eq(schema.pickupSlots.id, id)).get()!;
const paymentsOf = (userId: number) =>
  db.select().from(schema.payments).where(eq(schema.payments.userId, userId)).orderBy(schema.payments.id).all();
const simulated = (id: string) =>
  db.select().from(schema.simulatedIntents).where(eq(schema.simulatedIntents.id, id)).get()!;
const mails = (to: string) => db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, to)).all();
const provider = () => paymentProvider() as SimulatedProvider;

afterEach(() => setNow(null));

async function booked(bags: 1 | 2 | 4 = 1, promoCode?: string) {
  const user = await resident();
  const s = slot();
  const pickup = await payWithSimulatedCard(user, { bags, slotId: s.id, promoCode: promoCode ?? null }, CARD);
  return { user, slot: s, pickup, cookie: await cookieFor(user.id) };
}

const post = (cookie: string, body: unknown) =>
  send(intentAction as Action, "/api/create-payment-intent", JSON.stringify(body), { cookie });
const put = (cookie: string, id: number, body: unknown) =>
  send(pickupAction as Action, `/api/pickup-requests/${id}`, JSON.stringify(body), {
    cookie,
    method: "PUT",
    params: { key: String(id) },
  });

describe("a bag more", () => {
  it("pays the difference by a second payment, then applies it once: bags, price, calendar, e-mail", async () => {
    const { user, slot: s, pickup, cookie } = await booked(1);
    const before = pickupRow(pickup.id);
    const opened = await post(cookie, { pickupRequestId: pickup.id, bagCount: 4 });
    expect(opened.status).toBe(200);
    const intent = (await opened.json()) as { paymentIntentId: string; amount: number };
    expect(intent.amount).toBe(3679 - 1150);
    // Not paid yet: the PUT is refused and nothing changes.
    const early = await put(cookie, pickup.id, { bagCount: 4, paymentIntentId: intent.paymentIntentId });
    expect(early.status).toBe(402);
    expect(pickupRow(pickup.id).bagsRequested).toBe(1);

    await provider().confirmCard(intent.paymentIntentId, CARD);
    const applied = await put(cookie, pickup.id, { bagCount: 4, paymentIntentId: intent.paymentIntentId });
    expect(applied.status).toBe(200);
    expect(await applied.json()).toMatchObject({ bagsChanged: true, paidAmount: 25.29 });
    const after = pickupRow(pickup.id);
    expect(after).toMatchObject({
      bagsRequested: 4,
      totalCents: 3679,
      subtotalCents: 3200,
      gstCents: 160,
      qstCents: 319,
    });
    expect(after.calendarSequence).toBe(before.calendarSequence + 1);
    expect(after.paymentId).toBe(pickup.paymentId); // the booking's payment stays the pickup's own
    expect(slotRow(s.id).currentBooked).toBe(1); // the slot counts pickups: unchanged

    const [first, second] = paymentsOf(user.id);
    expect(first).toMatchObject({ amountCents: 1150, purpose: null, status: "succeeded" });
    expect(second).toMatchObject({
      amountCents: 2529,
      purpose: "bag_change",
      pickupRequestId: pickup.id,
      status: "succeeded",
      cardLast4: "4242",
    });
    const mail = mails(user.email).at(-1)!;
    expect(mail.kind).toBe("pickup-bags-changed");
    expect(mail.subject).toContain("4 bags");
    expect(mail.text).toContain("Difference paid: $25.29");
    expect(mail.text).toContain("New total: $36.79");
    expect(mail.text).toContain("Payment of $11.50");
    expect(mail.text).toContain("Payment of $25.29");
    expect(mail.attachments ?? "").toContain("SEQUENCE:1");

    // A double apply (the same PUT again, the webhook, the reconcile) applies nothing twice, charges nothing twice.
    const again = await put(cookie, pickup.id, { bagCount: 4, paymentIntentId: intent.paymentIntentId });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ bagsChanged: false });
    await reconcilePayments({ provider: provider() });
    expect(pickupRow(pickup.id)).toMatchObject({ bagsRequested: 4, totalCents: 3679, calendarSequence: 1 });
    expect(paymentsOf(user.id)).toHaveLength(2);
    expect(mails(user.email).filter((m) => m.kind === "pickup-bags-changed")).toHaveLength(1);
    expect(simulated(intent.paymentIntentId).refundedCents).toBe(0);
  });

  it("opening the intent twice gives the same intent; a promo keeps its percentage", async () => {
    const code = `BAG25${Date.now() % 100000}`;
    db.insert(schema.promoCodes)
      .values({ code, percent: 25, expiresAt: Date.now() + 30 * 24 * HOUR })
      .run();
    const { pickup, cookie } = await booked(1, code);
    expect(pickupRow(pickup.id).totalCents).toBe(863);
    const a = (await (await post(cookie, { pickupRequestId: pickup.id, bagCount: 2 })).json()) as {
      paymentIntentId: string;
      amount: number;
    };
    const b = (await (await post(cookie, { pickupRequestId: pickup.id, bagCount: 2 })).json()) as {
      paymentIntentId: string;
    };
    expect(b.paymentIntentId).toBe(a.paymentIntentId);
    // 25 % off 2 bags: $13.50 + $0.68 + $1.35 = $15.53.
    expect(a.amount).toBe(1553 - 863);
    await provider().confirmCard(a.paymentIntentId, CARD);
    expect((await put(cookie, pickup.id, { bagCount: 2, paymentIntentId: a.paymentIntentId })).status).toBe(200);
    expect(pickupRow(pickup.id)).toMatchObject({ bagsRequested: 2, promoDiscountCents: 450, totalCents: 1553 });
  });

  it("the reconcile applies a paid change the browser never applied, once", async () => {
    const { user, pickup, cookie } = await booked(2);
    const intent = (await (await post(cookie, { pickupRequestId: pickup.id, bagCount: 4 })).json()) as {
      paymentIntentId: string;
    };
    await provider().confirmCard(intent.paymentIntentId, CARD);
    const first = await reconcilePayments({ provider: provider() });
    expect(first.bagChangesApplied).toBe(1);
    expect(first.booked).toBe(0); // never mistaken for a lost booking
    const second = await reconcilePayments({ provider: provider() });
    expect(second.bagChangesApplied).toBe(0);
    expect(pickupRow(pickup.id)).toMatchObject({ bagsRequested: 4, totalCents: 3679 });
    expect(db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.userId, user.id)).all()).toHaveLength(
      1,
    );
    expect(mails(user.email).filter((m) => m.kind === "pickup-bags-changed")).toHaveLength(1);
  });

  it("a change paid but no longer possible (cancelled meanwhile) is refunded in full", async () => {
    const { pickup, cookie, slot: s } = await booked(1);
    const intent = (await (await post(cookie, { pickupRequestId: pickup.id, bagCount: 2 })).json()) as {
      paymentIntentId: string;
    };
    await provider().confirmCard(intent.paymentIntentId, CARD);
    setNow(s.startsAt - 6 * HOUR); // inside the cutoff by the time it is applied
    const late = await put(cookie, pickup.id, { bagCount: 2, paymentIntentId: intent.paymentIntentId });
    expect(late.status).toBe(409);
    expect(pickupRow(pickup.id).bagsRequested).toBe(1);
    expect(simulated(intent.paymentIntentId).refundedCents).toBe(920);
  });

  it("an unpaid intent left for an hour is cancelled and never applied", async () => {
    const { user, pickup, cookie } = await booked(1);
    await post(cookie, { pickupRequestId: pickup.id, bagCount: 2 });
    const payment = paymentsOf(user.id).at(-1)!;
    expect(await cancelAbandonedIntent(payment, provider(), Date.now() + 2 * HOUR)).toBe(true);
    expect(pickupRow(pickup.id).bagsRequested).toBe(1);
  });
});

describe("a bag more from the order page's card form", () => {
  it("a card that asks for 3-D Secure applies the change once the bank's step is completed, then back to the order", async () => {
    const { user, pickup } = await booked(1);
    const card = { ...CARD, cardNumber: "4000 0027 6000 3184" };
    const asked = await payBagChangeWithSimulatedCard(user, pickup.id, 2, card).catch((error: unknown) => error);
    expect(asked).toBeInstanceOf(AuthenticationRequired);
    expect(pickupRow(pickup.id).bagsRequested).toBe(1);
    const intentId = new URL((asked as AuthenticationRequired).redirectUrl, "http://x").searchParams.get(
      "payment_intent",
    )!;
    const done = await finishSimulatedAuthentication(user.id, intentId, "complete");
    expect(done).toMatchObject({ state: "booked", back: `/order/${pickup.confirmationNumber}#bag-change` });
    expect(pickupRow(pickup.id)).toMatchObject({ bagsRequested: 2, totalCents: 2070 });
    // Completed again (a reload): the same, nothing applied twice.
    await finishSimulatedAuthentication(user.id, intentId, "complete");
    expect(pickupRow(pickup.id).calendarSequence).toBe(1);
  });

  it("a declined card changes nothing", async () => {
    const { user, pickup } = await booked(1);
    const card = { ...CARD, cardNumber: "4000 0000 0000 0002" };
    await expect(payBagChangeWithSimulatedCard(user, pickup.id, 4, card)).rejects.toMatchObject({
      code: "card_declined",
    });
    expect(pickupRow(pickup.id).bagsRequested).toBe(1);
  });
});

describe("a bag less", () => {
  it("refunds the difference in full (no fee) through the provider, with its e-mail", async () => {
    const { user, pickup, cookie } = await booked(4);
    const answer = await put(cookie, pickup.id, { bagCount: 1 });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ bagsChanged: true, refundAmount: 25.29 });
    expect(pickupRow(pickup.id)).toMatchObject({ bagsRequested: 1, totalCents: 1150, calendarSequence: 1 });
    const payment = paymentsOf(user.id)[0]!;
    expect(payment).toMatchObject({ refundedCents: 2529, status: "partially_refunded", failureCode: null });
    expect(simulated(payment.providerPaymentId).refundedCents).toBe(2529);
    const mail = mails(user.email).at(-1)!;
    expect(mail.kind).toBe("pickup-bags-changed");
    expect(mail.text).toContain("Difference refunded in full: $25.29");
    expect(mail.text).toContain("of which refunded: $25.29");
    // The same PUT again: nothing more refunded, no second e-mail.
    expect(await (await put(cookie, pickup.id, { bagCount: 1 })).json()).toMatchObject({ bagsChanged: false });
    expect(simulated(payment.providerPaymentId).refundedCents).toBe(2529);
    expect(mails(user.email).filter((m) => m.kind === "pickup-bags-changed")).toHaveLength(1);
  });

  it("after a bag more, a bag less refunds the bag change's payment first", async () => {
    const { user, pickup, cookie } = await booked(1);
    const intent = (await (await post(cookie, { pickupRequestId: pickup.id, bagCount: 4 })).json()) as {
      paymentIntentId: string;
    };
    await provider().confirmCard(intent.paymentIntentId, CARD);
    await put(cookie, pickup.id, { bagCount: 4, paymentIntentId: intent.paymentIntentId });
    await put(cookie, pickup.id, { bagCount: 2 });
    expect(simulated(intent.paymentIntentId).refundedCents).toBe(3679 - 2070);
    expect(paymentsOf(user.id)[0]!.refundedCents).toBe(0);
    expect(pickupRow(pickup.id)).toMatchObject({ bagsRequested: 2, totalCents: 2070, calendarSequence: 2 });
  });
});

describe("cancelling after a bag change", () => {
  it("after a bag more: the total minus $2.30 comes back, the bag change's payment first", async () => {
    const { user, pickup, cookie } = await booked(1);
    const intent = (await (await post(cookie, { pickupRequestId: pickup.id, bagCount: 4 })).json()) as {
      paymentIntentId: string;
    };
    await provider().confirmCard(intent.paymentIntentId, CARD);
    await put(cookie, pickup.id, { bagCount: 4, paymentIntentId: intent.paymentIntentId });
    const cancelled = await cancelPickup(user, pickup.id, provider());
    expect(cancelled).toMatchObject({ refundCents: 3679 - 230, refundStatus: "succeeded" });
    const [booking, change] = paymentsOf(user.id);
    expect(simulated(change!.providerPaymentId).refundedCents).toBe(2529);
    expect(simulated(booking!.providerPaymentId).refundedCents).toBe(1150 - 230);
    expect(pickupRow(pickup.id).refundStatus).toBe("succeeded");
    // The hourly reconcile finds nothing more to refund.
    await reconcilePayments({ provider: provider() });
    expect(simulated(booking!.providerPaymentId).refundedCents).toBe(920);
  });

  it("after a bag less: the new total minus $2.30 comes back on top of the bag less's refund", async () => {
    const { user, pickup, cookie } = await booked(4);
    await put(cookie, pickup.id, { bagCount: 1 });
    const cancelled = await cancelPickup(user, pickup.id, provider());
    expect(cancelled).toMatchObject({ refundCents: 1150 - 230, refundStatus: "succeeded" });
    const booking = paymentsOf(user.id)[0]!;
    expect(simulated(booking.providerPaymentId).refundedCents).toBe(2529 + 920);
    expect(booking.refundedCents).toBe(2529 + 920);
    await reconcilePayments({ provider: provider() });
    expect(simulated(booking.providerPaymentId).refundedCents).toBe(3449);
  });
});

describe("refused, nothing changed", () => {
  it("3 bags: 400; unknown fields: 400", async () => {
    const { pickup, cookie } = await booked(1);
    expect((await put(cookie, pickup.id, { bagCount: 3 })).status).toBe(400);
    expect((await post(cookie, { pickupRequestId: pickup.id, bagCount: 3 })).status).toBe(400);
    expect((await put(cookie, pickup.id, { bagCount: 2, extra: true })).status).toBe(400);
    expect((await post(cookie, { pickupRequestId: pickup.id, bagCount: 2, amount: 920 })).status).toBe(400);
    expect(pickupRow(pickup.id).bagsRequested).toBe(1);
  });

  it("inside the cutoff: 409, with its message", async () => {
    const { pickup, cookie, slot: s, user } = await booked(4);
    setNow(s.startsAt - 12 * HOUR);
    const refused = await put(cookie, pickup.id, { bagCount: 1 });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toMatch(/12 hours/);
    expect((await post(cookie, { pickupRequestId: pickup.id, bagCount: 4 })).status).toBe(409);
    expect(pickupRow(pickup.id)).toMatchObject({ bagsRequested: 4, calendarSequence: 0 });
    expect(paymentsOf(user.id)).toHaveLength(1);
  });

  it("another resident's pickup: 404; another pickup's intent or another amount: refused", async () => {
    const a = await booked(1);
    const b = await booked(1);
    expect((await put(b.cookie, a.pickup.id, { bagCount: 2 })).status).toBe(404);
    expect((await post(b.cookie, { pickupRequestId: a.pickup.id, bagCount: 2 })).status).toBe(404);
    const intent = (await (await post(a.cookie, { pickupRequestId: a.pickup.id, bagCount: 2 })).json()) as {
      paymentIntentId: string;
    };
    await provider().confirmCard(intent.paymentIntentId, CARD);
    // The intent for 2 bags is not one for 4 bags (another amount), nor for b's pickup.
    expect((await put(a.cookie, a.pickup.id, { bagCount: 4, paymentIntentId: intent.paymentIntentId })).status).toBe(
      409,
    );
    expect((await put(b.cookie, b.pickup.id, { bagCount: 2, paymentIntentId: intent.paymentIntentId })).status).toBe(
      404,
    );
    // The booking's own payment is not a bag change's.
    const booking = paymentsOf(a.user.id)[0]!;
    expect((await put(a.cookie, a.pickup.id, { bagCount: 2, paymentIntentId: booking.providerPaymentId })).status).toBe(
      409,
    );
    // More bags with no payment: 402.
    expect((await put(a.cookie, a.pickup.id, { bagCount: 4 })).status).toBe(402);
    expect(pickupRow(a.pickup.id).bagsRequested).toBe(1);
    expect(pickupRow(b.pickup.id).bagsRequested).toBe(1);
  });

  it("a move still works on the same PUT", async () => {
    const { pickup, cookie } = await booked(1);
    const to = slot();
    const moved = await put(cookie, pickup.id, { pickupSlotId: to.id });
    expect(moved.status).toBe(200);
    expect(pickupRow(pickup.id).pickupSlotId).toBe(to.id);
  });
});
