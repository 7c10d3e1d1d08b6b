// Stripe's webhook (/api/stripe/webhook) against the real SDK's signature check and a local stand-in of
// Stripe's API: a forged event changes nothing; a paid booking whose browser never came back is booked once,
// however often the event is delivered; a completed Checkout Session is booked; an unknown intent is ignored;
// a hosted session expires an hour after it began, and one that expired or whose delayed payment failed never
// books and gives back its promo hold, while one whose delayed payment succeeded is booked once.
import crypto from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const WEBHOOK_SECRET = "whsec_recircle_webhook_test";

// Before any app module reads the environment: Stripe keys, the webhook secret, and the stand-in's address.
const standIn = await vi.hoisted(async () => {
  const { startStripeStandIn, pointStripeAt } = await import("./stripe-stand-in");
  const started = await startStripeStandIn();
  pointStripeAt(started);
  process.env.PAYMENT_PROVIDER = "stripe";
  process.env.STRIPE_SECRET_KEY = "sk_test_x";
  process.env.STRIPE_PUBLISHABLE_KEY = "pk_test_x";
  process.env.STRIPE_WEBHOOK_SECRET = "whsec_recircle_webhook_test";
  return started;
});

import { action, loader } from "~/routes/api.stripe.webhook";
import { fulfilHostedSession } from "~/services/checkout/fulfil.server";
import { startCardPayment } from "~/services/checkout/card.server";
import { startHostedCheckout } from "~/services/checkout/hosted.server";
import { applyPromo, createPromoCodes } from "~/services/booking/promo-rules.server";
import { hostedCheckoutUrls } from "~/services/http/booking-steps.server";
import { db, schema } from "~/services/platform/db.server";
import { isStripe, paymentProvider } from "~/services/payments/provider.server";
import { setNow } from "~/lib/clock";
import { resident, slot } from "./fixtures";

const signer = new Stripe("sk_test_x");

function event(type: string, object: unknown, id = `evt_${crypto.randomBytes(8).toString("hex")}`) {
  return JSON.stringify({
    id,
    object: "event",
    api_version: "2025-01-27.acacia",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
}

function deliver(
  payload: string,
  signature: string | null = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
) {
  const headers = new Headers({
    "Content-Type": "application/json",
    "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
  });
  if (signature !== null) headers.set("Stripe-Signature", signature);
  const request = new Request("http://localhost/api/stripe/webhook", { method: "POST", headers, body: payload });
  return action({ request, params: {}, context: {} }) as Promise<Response>;
}

const count = (table: typeof schema.payments | typeof schema.pickupRequests) => db.select().from(table).all().length;
const pickupsOf = (userId: number) =>
  db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.userId, userId)).all();
const paymentRow = (id: number) => db.select().from(schema.payments).where(eq(schema.payments.id, id)).get()!;
const slotRow = (id: number) => db.select().from(schema.pickupSlots).where(eq(schema.pickupSlots.id, id)).get()!;

/** A resident who paid on Stripe (with JavaScript) and closed the tab before our server heard back. */
async function paidButNeverCameBack(bags: 1 | 2 | 4 = 1, capacity = 10) {
  const user = await resident();
  const s = slot({ capacity });
  const started = await startCardPayment(user, { bags, slotId: s.id });
  const intent = standIn.succeedIntent(started.paymentIntentId, { brand: "visa", last4: "1881" });
  return { user, s, payment: started.payment, intent };
}

let warnings: string[] = [];
beforeEach(() => {
  standIn.reset();
  warnings = [];
  // A refusal is logged (and acknowledged, so Stripe stops retrying it).
  vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => void warnings.push(args.join(" ")));
});
afterEach(() => vi.restoreAllMocks());
afterAll(() => standIn.close());

describe("configuration", () => {
  it("runs on the Stripe provider from the environment, pointed at the stand-in", () => {
    expect(isStripe(paymentProvider())).toBe(true);
  });

  it("answers 405 to GET", async () => {
    const response = loader({
      request: new Request("http://localhost/api/stripe/webhook", { headers: { "Accept-Language": "en-CA" } }),
    });
    expect(response.status).toBe(405);
    expect(await response.json()).toEqual({ message: "Method not allowed" });
  });
});

describe("the signature", () => {
  it.each([
    [
      "signed with another secret",
      (payload: string) => signer.webhooks.generateTestHeaderString({ payload, secret: "whsec_someone_else" }),
    ],
    ["without a signature", () => null],
    ["with a garbage signature", () => "t=1,v1=deadbeef"],
    [
      "signed too long ago",
      (payload: string) =>
        signer.webhooks.generateTestHeaderString({
          payload,
          secret: WEBHOOK_SECRET,
          timestamp: Math.floor(Date.now() / 1000) - 3600,
        }),
    ],
  ])("an event %s is refused with 400 and books nothing", async (_label, sign) => {
    const { user, payment, intent } = await paidButNeverCameBack();
    const payload = event("payment_intent.succeeded", intent);
    const response = await deliver(payload, sign(payload));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "Invalid signature" });
    expect(pickupsOf(user.id)).toHaveLength(0);
    expect(paymentRow(payment.id).status).toBe("requires_payment");
    // Nothing was even asked of Stripe.
    expect(standIn.requestsTo("GET", "/v1/payment_intents")).toHaveLength(0);
  });

  it("a signed payload that was altered afterwards is refused", async () => {
    const { user, intent } = await paidButNeverCameBack();
    const payload = event("payment_intent.succeeded", intent);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const response = await deliver(payload.replace(intent.id, "pi_other"), signature);
    expect(response.status).toBe(400);
    expect(pickupsOf(user.id)).toHaveLength(0);
  });
});

describe("payment_intent.succeeded", () => {
  it("books the pickup of a paid intent whose browser never came back, once even when delivered twice", async () => {
    const { user, s, payment, intent } = await paidButNeverCameBack(2);
    const payload = event("payment_intent.succeeded", intent);

    const first = await deliver(payload);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true });
    const [pickup] = pickupsOf(user.id);
    expect(pickup).toMatchObject({
      paymentId: payment.id,
      bagsRequested: 2,
      totalCents: 2070,
      pickupSlotId: s.id,
      status: "Scheduled",
    });
    expect(paymentRow(payment.id)).toMatchObject({ status: "succeeded", cardBrand: "visa", cardLast4: "1881" });
    // The server read the intent back from Stripe rather than trusting the event.
    expect(standIn.requestsTo("GET", `/v1/payment_intents/${intent.id}`).length).toBeGreaterThan(0);

    // Stripe delivers at least once: the same event again, and a second event for the same intent.
    expect((await deliver(payload)).status).toBe(200);
    expect((await deliver(event("payment_intent.succeeded", intent))).status).toBe(200);
    expect(pickupsOf(user.id)).toHaveLength(1);
    expect(slotRow(s.id).currentBooked).toBe(1);
    const mails = db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, user.email)).all();
    expect(mails.filter((m) => m.subject.includes(pickup!.confirmationNumber))).toHaveLength(1);
  });

  it("two deliveries at the same moment still book one pickup", async () => {
    const { user, s, intent } = await paidButNeverCameBack();
    const payload = event("payment_intent.succeeded", intent);
    const responses = await Promise.all([deliver(payload), deliver(payload), deliver(payload)]);
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(pickupsOf(user.id)).toHaveLength(1);
    expect(slotRow(s.id).currentBooked).toBe(1);
  });

  it("an event whose intent Stripe does not report as paid books nothing", async () => {
    const user = await resident();
    const { payment, paymentIntentId } = await startCardPayment(user, { bags: 1, slotId: slot().id });
    const unpaid = standIn.intents.get(paymentIntentId)!;
    // A signed event claiming success: the server still asks Stripe, which says it is not paid.
    const response = await deliver(event("payment_intent.succeeded", { ...unpaid, status: "succeeded" }));
    expect(response.status).toBe(200);
    expect(pickupsOf(user.id)).toHaveLength(0);
    expect(paymentRow(payment.id).status).toBe("requires_payment");
  });

  it("a paid intent for a slot that filled up meanwhile is refunded in full and the event acknowledged", async () => {
    const { user, s, payment, intent } = await paidButNeverCameBack(1, 1);
    db.update(schema.pickupSlots).set({ currentBooked: 1 }).where(eq(schema.pickupSlots.id, s.id)).run();
    const response = await deliver(event("payment_intent.succeeded", intent));
    expect(response.status).toBe(200);
    expect(pickupsOf(user.id)).toHaveLength(0);
    expect(paymentRow(payment.id)).toMatchObject({ status: "refunded", refundedCents: 1150 });
    expect(standIn.requestsTo("POST", "/v1/refunds").map((r) => r.params)).toEqual([
      { payment_intent: intent.id, amount: "1150" },
    ]);
    expect(warnings).toEqual([expect.stringContaining("errors.slotFullRefunded")]);
  });

  it("when Stripe cannot be reached the event fails (so Stripe retries) and the retry books it", async () => {
    const { user, intent } = await paidButNeverCameBack();
    const payload = event("payment_intent.succeeded", intent);
    // The SDK retries once on a 500: fail both attempts.
    for (let i = 0; i < 2; i++) {
      standIn.failNext("GET", `/v1/payment_intents/${intent.id}`, 500, {
        type: "api_error",
        message: "Stripe is down",
      });
    }
    await expect(deliver(payload)).rejects.toThrow(/Stripe is down/);
    expect(pickupsOf(user.id)).toHaveLength(0);
    expect((await deliver(payload)).status).toBe(200);
    expect(pickupsOf(user.id)).toHaveLength(1);
  });

  it("an event for an intent we never created answers 200 and stores nothing", async () => {
    await resident();
    const payments = count(schema.payments);
    const pickups = count(schema.pickupRequests);
    const stranger = {
      id: "pi_from_another_integration",
      object: "payment_intent",
      amount: 5000,
      currency: "cad",
      status: "succeeded",
      metadata: { bookingRef: "not-one-of-ours" },
    };
    const response = await deliver(event("payment_intent.succeeded", stranger));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    const noRef = await deliver(event("payment_intent.succeeded", { ...stranger, id: "pi_no_metadata", metadata: {} }));
    expect(noRef.status).toBe(200);
    expect(count(schema.payments)).toBe(payments);
    expect(count(schema.pickupRequests)).toBe(pickups);
  });

  it("other event types are acknowledged and change nothing", async () => {
    const { user, intent } = await paidButNeverCameBack();
    const response = await deliver(
      event("charge.refunded", { id: "ch_x", object: "charge", payment_intent: intent.id }),
    );
    expect(response.status).toBe(200);
    expect(pickupsOf(user.id)).toHaveLength(0);
  });
});

describe("checkout.session.completed (the no-JavaScript path)", () => {
  async function hostedSession(bags: 1 | 2 | 4 = 1) {
    const user = await resident();
    const s = slot();
    const url = await startHostedCheckout(user, { bags, slotId: s.id }, "en", hostedCheckoutUrls("/checkout"));
    const session = [...standIn.sessions.values()].find((x) => url.endsWith(x.id))!;
    const payment = db.select().from(schema.payments).where(eq(schema.payments.providerPaymentId, session.id)).get()!;
    return { user, s, session, payment };
  }

  it("books the pickup of a paid session and re-keys our payment to its PaymentIntent", async () => {
    const { user, s, session, payment } = await hostedSession(4);
    const intent = standIn.paySession(session.id, { brand: "visa", last4: "4242" });

    const payload = event("checkout.session.completed", { ...session, object: "checkout.session" });
    const response = await deliver(payload);
    expect(response.status).toBe(200);
    const [pickup] = pickupsOf(user.id);
    expect(pickup).toMatchObject({ paymentId: payment.id, bagsRequested: 4, totalCents: 3679, pickupSlotId: s.id });
    expect(paymentRow(payment.id)).toMatchObject({
      providerPaymentId: intent.id,
      status: "succeeded",
      cardLast4: "4242",
    });

    // Delivered again, and the resident's browser coming back afterwards: the same single pickup.
    expect((await deliver(payload)).status).toBe(200);
    await expect(fulfilHostedSession(session.id, paymentProvider() as never, user.id)).resolves.toMatchObject({
      id: pickup!.id,
    });
    expect(pickupsOf(user.id)).toHaveLength(1);
    expect(slotRow(s.id).currentBooked).toBe(1);
  });

  it("an unpaid session (e.g. a delayed payment method) books nothing yet", async () => {
    const { user, session, payment } = await hostedSession();
    const response = await deliver(event("checkout.session.completed", session));
    expect(response.status).toBe(200);
    expect(pickupsOf(user.id)).toHaveLength(0);
    expect(paymentRow(payment.id)).toMatchObject({ providerPaymentId: session.id, status: "requires_payment" });
  });

  it("payment_intent.succeeded arriving first books it; the session event and the returning browser then agree", async () => {
    const { user, s, session, payment } = await hostedSession();
    const intent = standIn.paySession(session.id);

    expect((await deliver(event("payment_intent.succeeded", intent))).status).toBe(200);
    const [pickup] = pickupsOf(user.id);
    expect(pickup).toMatchObject({ paymentId: payment.id });
    expect(paymentRow(payment.id).providerPaymentId).toBe(intent.id);

    expect((await deliver(event("checkout.session.completed", session))).status).toBe(200);
    await expect(fulfilHostedSession(session.id, paymentProvider() as never, user.id)).resolves.toMatchObject({
      id: pickup!.id,
    });
    expect(pickupsOf(user.id)).toHaveLength(1);
    expect(slotRow(s.id).currentBooked).toBe(1);
  });

  it("a session we never created answers 200 and stores nothing", async () => {
    const payments = count(schema.payments);
    const response = await deliver(
      event("checkout.session.completed", {
        id: "cs_test_not_ours",
        object: "checkout.session",
        payment_status: "paid",
      }),
    );
    expect(response.status).toBe(200);
    expect(count(schema.payments)).toBe(payments);
    expect(warnings).toEqual([expect.stringMatching(/checkout\.session\.completed evt_\w+: errors\.paymentNotFound/)]);
  });
});

describe("hosted sessions that expire, or pay or fail later (delayed payment methods)", () => {
  async function hostedSession(options: { promo?: boolean } = {}) {
    const user = await resident();
    const s = slot();
    const [code] = options.promo ? createPromoCodes(1, 50) : [];
    if (code) applyPromo(user, code, 1);
    const url = await startHostedCheckout(user, { bags: 1, slotId: s.id }, "en", hostedCheckoutUrls("/checkout"));
    const session = [...standIn.sessions.values()].find((x) => url.endsWith(x.id))!;
    const payment = db.select().from(schema.payments).where(eq(schema.payments.providerPaymentId, session.id)).get()!;
    return { user, s, session, payment, code };
  }
  const holdsOf = (userId: number) =>
    db
      .select()
      .from(schema.promoRedemptions)
      .where(and(eq(schema.promoRedemptions.userId, userId), isNull(schema.promoRedemptions.pickupRequestId)))
      .all();

  it("the session is created to expire an hour ahead, as long as the promo hold", async () => {
    const before = Math.floor(Date.now() / 1000);
    await hostedSession();
    const after = Math.floor(Date.now() / 1000);
    const [created] = standIn.requestsTo("POST", "/v1/checkout/sessions");
    const expiresAt = Number(created!.params.expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 3600);
    expect(expiresAt).toBeLessThanOrEqual(after + 3600);
  });

  it("async_payment_succeeded books the session once it is paid, exactly one pickup however often delivered", async () => {
    const { user, s, session, payment } = await hostedSession();
    // Completed with a delayed method: not paid yet, nothing booked.
    expect((await deliver(event("checkout.session.completed", session))).status).toBe(200);
    expect(pickupsOf(user.id)).toHaveLength(0);

    const intent = standIn.paySession(session.id, { brand: "visa", last4: "4242" });
    const payload = event("checkout.session.async_payment_succeeded", { ...session, payment_status: "paid" });
    expect((await deliver(payload)).status).toBe(200);
    const [pickup] = pickupsOf(user.id);
    expect(pickup).toMatchObject({ paymentId: payment.id, pickupSlotId: s.id, status: "Scheduled" });
    expect(paymentRow(payment.id)).toMatchObject({ providerPaymentId: intent.id, status: "succeeded" });

    expect((await deliver(payload)).status).toBe(200);
    expect((await deliver(event("checkout.session.async_payment_succeeded", session))).status).toBe(200);
    expect(pickupsOf(user.id)).toHaveLength(1);
    expect(slotRow(s.id).currentBooked).toBe(1);
  });

  it.each([
    ["checkout.session.async_payment_failed", "async_payment_failed"],
    ["checkout.session.expired", "checkout_expired"],
  ])("%s books nothing, marks the payment so it never books, and releases the promo hold", async (type, code) => {
    const { user, s, session, payment, code: promo } = await hostedSession({ promo: true });
    expect(JSON.parse(payment.booking)).toMatchObject({ promoCode: promo });
    expect(holdsOf(user.id)).toHaveLength(1);

    const payload = event(type, { ...session, status: type.endsWith("expired") ? "expired" : "complete" });
    expect((await deliver(payload)).status).toBe(200);
    const released = paymentRow(payment.id);
    expect(released).toMatchObject({ status: "failed", failureCode: code, providerPaymentId: session.id });
    expect(holdsOf(user.id)).toHaveLength(0);
    expect(pickupsOf(user.id)).toHaveLength(0);
    expect(slotRow(s.id).currentBooked).toBe(0);

    // Delivered again (the same event, and a new one for the session): nothing more changes.
    expect((await deliver(payload)).status).toBe(200);
    expect((await deliver(event(type, session))).status).toBe(200);
    expect(paymentRow(payment.id)).toEqual(released);

    // Whatever arrives later for this session (even a session reported paid) books nothing.
    standIn.paySession(session.id);
    expect((await deliver(event("checkout.session.completed", session))).status).toBe(200);
    expect((await deliver(event("checkout.session.async_payment_succeeded", session))).status).toBe(200);
    await expect(fulfilHostedSession(session.id, paymentProvider() as never, user.id)).rejects.toMatchObject({
      key: "errors.paymentNotCompleted",
    });
    expect(pickupsOf(user.id)).toHaveLength(0);
    expect(slotRow(s.id).currentBooked).toBe(0);
    expect(paymentRow(payment.id)).toMatchObject({ status: "failed", failureCode: code });
    expect(holdsOf(user.id)).toHaveLength(0);
  });

  it("a hold the resident applied again after the session began is kept", async () => {
    const { user, session, code } = await hostedSession({ promo: true });
    const later = Date.now() + 60_000;
    setNow(later);
    try {
      applyPromo(user, code!, 1);
      expect((await deliver(event("checkout.session.expired", session))).status).toBe(200);
    } finally {
      setNow(null);
    }
    expect(holdsOf(user.id)).toMatchObject([{ redeemedAt: later }]);
  });

  it("an expired event for a session that was paid and booked changes nothing", async () => {
    const { user, s, session, payment } = await hostedSession();
    standIn.paySession(session.id);
    expect((await deliver(event("checkout.session.completed", session))).status).toBe(200);
    const booked = paymentRow(payment.id);
    expect((await deliver(event("checkout.session.expired", session))).status).toBe(200);
    expect((await deliver(event("checkout.session.async_payment_failed", session))).status).toBe(200);
    expect(paymentRow(payment.id)).toEqual(booked);
    expect(pickupsOf(user.id)).toHaveLength(1);
    expect(slotRow(s.id).currentBooked).toBe(1);
  });
});
