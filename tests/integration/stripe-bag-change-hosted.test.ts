// Issue 45 part 5 without JavaScript on Stripe (the real SDK on the local stand-in): "Pay the difference"
// opens a hosted Checkout Session for exactly the difference (its amount, metadata, customer, return URLs
// and idempotency key on the wire; a double submit makes one session); the order page's return reads it
// back and applies the change once, whether it is read twice or the webhook (checkout.session.completed,
// payment_intent.succeeded) comes first; a session of another pickup, bag count or amount is refused; an
// unpaid one changes nothing; paid after the 12-hour cutoff, the difference is refunded in full.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const WEBHOOK_SECRET = "whsec_recircle_bag_hosted";

const standIn = await vi.hoisted(async () => {
  const { startStripeStandIn, pointStripeAt } = await import("./stripe-stand-in");
  const started = await startStripeStandIn();
  pointStripeAt(started);
  process.env.PAYMENT_PROVIDER = "stripe";
  process.env.STRIPE_SECRET_KEY = "sk_test_x";
  process.env.STRIPE_PUBLISHABLE_KEY = "pk_test_x";
  process.env.STRIPE_WEBHOOK_SECRET = "whsec_recircle_bag_hosted";
  return started;
});

import { action as webhook } from "~/routes/api.stripe.webhook";
import { applyHostedBagChange, startHostedBagChange } from "~/services/checkout/bag-change-hosted.server";
import { startCardPayment } from "~/services/checkout/card.server";
import { fulfilPayment } from "~/services/checkout/fulfil.server";
import { reconcilePayments } from "~/services/checkout/reconcile.server";
import { BookingError } from "~/services/booking/booking-error.server";
import { bagsHostedFromPage, bagsReturnFromHosted } from "~/services/http/bag-hosted.server";
import { paymentLedger } from "~/services/http/order-actions.server";
import { appUrl } from "~/services/platform/config.server";
import { db, schema } from "~/services/platform/db.server";
import { findPickup } from "~/services/pickups/pickups.server";
import { setNow } from "~/lib/clock";
import type { User } from "../../db/schema";
import { resident, slot } from "./fixtures";

const HOUR = 3_600_000;
const SESSIONS = /^\/v1\/checkout\/sessions$/;
const signer = new Stripe("sk_test_x");

beforeEach(() => standIn.reset());
afterEach(() => setNow(null));
afterAll(() => standIn.close());

const pickupRow = (id: number) =>
  db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.id, id)).get()!;
const bagPayments = (pickupId: number) =>
  db.select().from(schema.payments).where(eq(schema.payments.pickupRequestId, pickupId)).all();
const bagMails = (to: string) =>
  db
    .select()
    .from(schema.emailOutbox)
    .where(eq(schema.emailOutbox.to, to))
    .all()
    .filter((m) => m.subject.includes("now has"));

/** A resident's pickup of 2 bags, paid at Stripe and booked. */
async function paidPickup(user?: User, daysAhead = 5) {
  const owner = user ?? (await resident());
  const s = slot({ daysAhead });
  const started = await startCardPayment(owner, { bags: 2, slotId: s.id });
  standIn.succeedIntent(started.paymentIntentId);
  const pickup = await fulfilPayment(started.paymentIntentId);
  standIn.requests.length = 0;
  return { user: owner, pickup, slot: s, customerId: started.customerId };
}

const urls = (cn: string) => ({
  successUrl: `http://localhost/order/${cn}?bags=4&session_id={CHECKOUT_SESSION_ID}`,
  cancelUrl: `http://localhost/order/${cn}?bags=4`,
});

/** The order page's loader, back from Stripe's page with this session. */
function comeBack(user: User, cn: string, sessionId: string, bags = 4) {
  const request = new Request(`http://localhost/order/${cn}?bags=${bags}&session_id=${sessionId}`);
  return bagsReturnFromHosted(request, user, findPickup(user.id, cn)!);
}

function deliver(type: string, object: unknown) {
  const payload = JSON.stringify({
    id: `evt_${crypto.randomBytes(8).toString("hex")}`,
    object: "event",
    api_version: "2025-01-27.acacia",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const request = new Request("http://localhost/api/stripe/webhook", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: payload,
  });
  return webhook({ request, params: {}, context: {} }) as Promise<Response>;
}

async function refusal(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BookingError);
  return (error as BookingError).key;
}

describe("a bag more paid on Stripe's hosted page", () => {
  it("the session for exactly the difference on the wire; a double submit makes one session", async () => {
    const { user, pickup, customerId } = await paidPickup();
    const before = pickupRow(pickup.id);
    const form = new FormData();
    form.set("intent", "bagsHosted");
    form.set("bags", "4");
    const order = findPickup(user.id, pickup.confirmationNumber)!;
    const post = () =>
      bagsHostedFromPage(new Request(`http://localhost/order/${pickup.confirmationNumber}`), user, order, form);
    // Two posts at once (a double click) and one more (Back, submitted again): one session, the same page.
    const answers = [...(await Promise.all([post(), post()])), await post()];
    const creates = standIn.requestsTo("POST", SESSIONS);
    expect(creates).toHaveLength(1);
    const session = [...standIn.sessions.values()][0]!;
    for (const answer of answers) {
      expect(answer.status).toBe(303);
      expect(answer.headers.get("Location")).toBe(session.url);
    }

    const [payment] = bagPayments(pickup.id).filter((p) => p.purpose === "bag_change");
    const difference = payment!.amountCents;
    expect(difference).toBe(1609); // 2 → 4 bags: $36.79 − $20.70
    const { params, idempotencyKey } = creates[0]!;
    expect(idempotencyKey).toBe(`bag-change-session-${pickup.id}-4-${before.totalCents}-1`);
    const metadata = {
      purpose: "bag_change",
      pickupRequestId: String(pickup.id),
      bags: "4",
      fromBags: "2",
      amountCents: String(difference),
    };
    expect(params).toMatchObject({
      mode: "payment",
      customer: customerId,
      line_items: [{ quantity: "1", price_data: { currency: "cad", unit_amount: String(difference) } }],
      metadata,
      payment_intent_data: { metadata },
      success_url: `${appUrl()}/order/${pickup.confirmationNumber}?bags=4&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${appUrl()}/order/${pickup.confirmationNumber}?bags=4`,
    });
    // Stripe keeps it open until the 12-hour cutoff (within its 30 minutes to 24 hours).
    const expiresAt = Number(params.expires_at) * 1000;
    expect(expiresAt).toBeGreaterThan(Date.now() + 30 * 60_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 24 * HOUR);
    expect(payment).toMatchObject({ providerPaymentId: session.id, status: "requires_payment" });
    // Nothing changes before it is paid.
    expect(pickupRow(pickup.id)).toMatchObject({ bagsRequested: 2, totalCents: before.totalCents });
  });

  it("paid: applied once, read twice by the return and by both webhooks; the receipt lists it", async () => {
    const { user, pickup } = await paidPickup();
    const before = pickupRow(pickup.id);
    const { sessionId } = await startHostedBagChange(user, pickup.id, 4, urls(pickup.confirmationNumber));
    const intent = standIn.paySession(sessionId);

    // The webhook comes first: applied through the same function.
    expect((await deliver("checkout.session.completed", standIn.sessions.get(sessionId))).status).toBe(200);
    const after = pickupRow(pickup.id);
    expect(after).toMatchObject({ bagsRequested: 4, totalCents: 3679 });
    expect(after.calendarSequence).toBe(before.calendarSequence + 1);

    // Then the resident's return, a reload of it, and the intent's own webhook: nothing more.
    for (let i = 0; i < 2; i++) {
      const answer = (await comeBack(user, pickup.confirmationNumber, sessionId))!;
      expect(answer.status).toBe(302);
      expect(answer.headers.get("Location")).toBe(`/order/${pickup.confirmationNumber}#bag-change`);
    }
    await deliver("payment_intent.succeeded", intent);
    await deliver("checkout.session.completed", standIn.sessions.get(sessionId));
    expect(pickupRow(pickup.id)).toEqual(after);
    expect(bagMails(user.email)).toHaveLength(1);
    const payment = bagPayments(pickup.id).find((p) => p.purpose === "bag_change")!;
    expect(payment).toMatchObject({ providerPaymentId: intent.id, status: "succeeded", amountCents: 1609 });
    const ledger = paymentLedger(findPickup(user.id, pickup.confirmationNumber)!);
    expect(ledger.map((p) => [p.bagChange, p.amountCents])).toEqual([
      [false, 2070],
      [true, 1609],
    ]);
    expect(standIn.refunds).toHaveLength(0);
  });

  it("paid: the return first applies it; the webhook after it changes nothing", async () => {
    const { user, pickup } = await paidPickup();
    const { sessionId } = await startHostedBagChange(user, pickup.id, 4, urls(pickup.confirmationNumber));
    standIn.paySession(sessionId);
    const outcome = await applyHostedBagChange(user, pickup.id, 4, sessionId);
    expect(outcome).toMatchObject({ changed: true, paidCents: 1609 });
    expect((await applyHostedBagChange(user, pickup.id, 4, sessionId)).changed).toBe(false);
    await deliver("checkout.session.completed", standIn.sessions.get(sessionId));
    expect((await reconcilePayments({ graceMs: 0 })).bagChangesApplied).toBe(0);
    expect(pickupRow(pickup.id).bagsRequested).toBe(4);
    expect(bagMails(user.email)).toHaveLength(1);
  });

  it("paid, the browser gone and no webhook: the reconcile applies it once; a new post says it is done", async () => {
    const { user, pickup } = await paidPickup();
    const { sessionId } = await startHostedBagChange(user, pickup.id, 4, urls(pickup.confirmationNumber));
    standIn.paySession(sessionId);
    // The resident posts again before anything read the session back (a kept tab): applied, said as done.
    const form = new FormData();
    form.set("bags", "4");
    const order = findPickup(user.id, pickup.confirmationNumber)!;
    const again = await bagsHostedFromPage(new Request("http://localhost/"), user, order, form);
    expect(again.headers.get("Location")).toBe(`/order/${pickup.confirmationNumber}#bag-change`);
    expect(pickupRow(pickup.id).bagsRequested).toBe(4);
    expect((await reconcilePayments({ graceMs: 0 })).bagChangesApplied).toBe(0);
    expect(bagMails(user.email)).toHaveLength(1);
    expect(standIn.requestsTo("POST", SESSIONS)).toHaveLength(1);

    // Another pickup paid on Stripe's page, never read back: the reconcile applies it.
    const other = await paidPickup(user, 6);
    const { sessionId: second } = await startHostedBagChange(user, other.pickup.id, 4, urls("x"));
    standIn.paySession(second);
    expect((await reconcilePayments({ graceMs: 0 })).bagChangesApplied).toBe(1);
    expect((await reconcilePayments({ graceMs: 0 })).bagChangesApplied).toBe(0);
    expect(pickupRow(other.pickup.id).bagsRequested).toBe(4);
  });

  it("unpaid: nothing changes, and a new try after it expired opens a new session", async () => {
    const { user, pickup } = await paidPickup();
    const before = pickupRow(pickup.id);
    const { sessionId } = await startHostedBagChange(user, pickup.id, 4, urls(pickup.confirmationNumber));
    expect(await refusal(applyHostedBagChange(user, pickup.id, 4, sessionId))).toBe("errors.paymentNotCompleted");
    const answer = (await comeBack(user, pickup.confirmationNumber, sessionId))!;
    expect(answer.headers.get("Location")).toBe(`/order/${pickup.confirmationNumber}?bags=4#bag-change`);
    await reconcilePayments({ graceMs: 0 });
    expect(pickupRow(pickup.id)).toEqual(before);

    // Stripe expires it (its webhook releases it); the next "Pay the difference" opens another.
    standIn.sessions.get(sessionId)!.status = "expired";
    await deliver("checkout.session.expired", standIn.sessions.get(sessionId));
    const next = await startHostedBagChange(user, pickup.id, 4, urls(pickup.confirmationNumber));
    expect(next.sessionId).not.toBe(sessionId);
    expect(standIn.requestsTo("POST", SESSIONS).map((r) => r.idempotencyKey)).toEqual([
      `bag-change-session-${pickup.id}-4-${before.totalCents}-1`,
      `bag-change-session-${pickup.id}-4-${before.totalCents}-2`,
    ]);
    expect(pickupRow(pickup.id)).toEqual(before);
    expect(bagMails(user.email)).toHaveLength(0);
  });

  it("refused: another pickup's session, another bag count, another amount, garbage", async () => {
    const { user, pickup: a } = await paidPickup();
    const { pickup: b } = await paidPickup(user, 6);
    const beforeA = pickupRow(a.id);
    const ofB = await startHostedBagChange(user, b.id, 4, urls(b.confirmationNumber));
    standIn.paySession(ofB.sessionId);
    // B's session brought back to A's page, or with other bags: refused, nothing changes on A.
    expect(await refusal(applyHostedBagChange(user, a.id, 4, ofB.sessionId))).toBe("errors.bagChangeMismatch");
    expect(await refusal(applyHostedBagChange(user, b.id, 2, ofB.sessionId))).toBe("errors.bagChangeMismatch");
    const answer = (await comeBack(user, a.confirmationNumber, ofB.sessionId))!;
    expect(answer.status).toBe(302);
    expect(pickupRow(a.id)).toEqual(beforeA);
    // Someone else's session: not found.
    const other = await resident();
    expect(await refusal(applyHostedBagChange(other, b.id, 4, ofB.sessionId))).toBe("errors.orderNotFound");
    // Garbage in the address: not found, never asked of Stripe.
    standIn.requests.length = 0;
    for (const garbage of ["x", "cs_", "cs_'; drop table", "cs_test_unknownunknown"]) {
      expect(await refusal(applyHostedBagChange(user, a.id, 4, garbage))).toBe("errors.paymentNotFound");
    }
    expect(standIn.requests.filter((r) => !r.path.endsWith("cs_test_unknownunknown"))).toHaveLength(0);

    // A session paid for another amount than the difference (tampered with at Stripe): not applied.
    const beforeB = pickupRow(b.id);
    const ofA = await startHostedBagChange(user, a.id, 4, urls(a.confirmationNumber));
    standIn.sessions.get(ofA.sessionId)!.amount_total = 100;
    standIn.paySession(ofA.sessionId);
    expect(await refusal(applyHostedBagChange(user, a.id, 4, ofA.sessionId))).toBe("errors.paymentNotCompleted");
    await deliver("checkout.session.completed", standIn.sessions.get(ofA.sessionId));
    expect(pickupRow(a.id)).toEqual(beforeA);
    // B is now paid and applied (its own page): 4 bags, once.
    expect((await applyHostedBagChange(user, b.id, 4, ofB.sessionId)).changed).toBe(true);
    expect(pickupRow(b.id)).toMatchObject({ bagsRequested: 4, calendarSequence: beforeB.calendarSequence + 1 });
  });

  it("paid after the 12-hour cutoff: the difference refunded in full, the bags unchanged", async () => {
    const { user, pickup, slot: s } = await paidPickup(undefined, 2);
    const before = pickupRow(pickup.id);
    const { sessionId } = await startHostedBagChange(user, pickup.id, 4, urls(pickup.confirmationNumber));
    const intent = standIn.paySession(sessionId);
    setNow(s.startsAt - 6 * HOUR);
    expect(await refusal(applyHostedBagChange(user, pickup.id, 4, sessionId))).toBe("errors.bagChangeRefunded");
    expect(standIn.refunds.map((r) => [r.payment_intent, r.amount])).toEqual([[intent.id, 1609]]);
    // Read again (a reload, the webhook): refunded once, never applied.
    expect(await refusal(applyHostedBagChange(user, pickup.id, 4, sessionId))).toBe("errors.paymentRefunded");
    await deliver("checkout.session.completed", standIn.sessions.get(sessionId));
    expect(standIn.refunds).toHaveLength(1);
    expect(pickupRow(pickup.id)).toEqual(before);
    const payment = bagPayments(pickup.id).find((p) => p.purpose === "bag_change")!;
    expect(payment).toMatchObject({ status: "refunded", refundedCents: 1609 });
  });
});
