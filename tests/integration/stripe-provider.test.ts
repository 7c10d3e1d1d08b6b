// The Stripe provider end to end with the real Stripe SDK, pointed at a local stand-in of Stripe's HTTP API:
// the intent is created for the server's own total, nothing is booked until Stripe says the payment succeeded
// for that amount, currency and booking, an unplaceable paid booking is refunded in full, and the hosted
// Checkout path (no JavaScript) books on return and re-keys our payment to the PaymentIntent.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

// Before any app module reads the environment: start the stand-in and point the SDK at it.
const standIn = await vi.hoisted(async () => {
  const { startStripeStandIn, pointStripeAt } = await import("./stripe-stand-in");
  const started = await startStripeStandIn();
  pointStripeAt(started);
  return started;
});

import { fulfilHostedSession, fulfilPayment } from "~/services/checkout/fulfil.server";
import { startCardPayment } from "~/services/checkout/card.server";
import { BookingError } from "~/services/booking/booking-error.server";
import { startHostedCheckout } from "~/services/checkout/hosted.server";
import { hostedCheckoutUrls } from "~/services/http/booking-steps.server";
import { createPromoCodes } from "~/services/booking/promo-rules.server";
import { db, schema } from "~/services/platform/db.server";
import { paymentProvider, setPaymentProvider } from "~/services/payments/provider.server";
import { StripeProvider } from "~/services/payments/stripe.server";
import { resident, slot } from "./fixtures";

const stripe = new StripeProvider({ secretKey: "sk_test_x", publishableKey: "pk_test_x" });

const paymentBy = (providerPaymentId: string) =>
  db.select().from(schema.payments).where(eq(schema.payments.providerPaymentId, providerPaymentId)).get();
const paymentRow = (id: number) => db.select().from(schema.payments).where(eq(schema.payments.id, id)).get()!;
const pickupsOf = (userId: number) =>
  db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.userId, userId)).all();
const slotRow = (id: number) => db.select().from(schema.pickupSlots).where(eq(schema.pickupSlots.id, id)).get()!;
const bookingRefOf = (paymentId: number) => (JSON.parse(paymentRow(paymentId).booking) as { ref: string }).ref;

beforeAll(() => setPaymentProvider(stripe));
beforeEach(() => standIn.reset());
afterAll(async () => {
  setPaymentProvider(null);
  await standIn.close();
});

describe("the SDK talks to the stand-in", () => {
  it("is configured from STRIPE_API_HOST / PORT / PROTOCOL and authenticates with the secret key", async () => {
    expect(paymentProvider()).toBe(stripe);
    expect(stripe.testMode).toBe(true);
    expect(await stripe.retrieveIntent("pi_does_not_exist")).toBeNull();
    const [request] = standIn.requestsTo("GET", "/v1/payment_intents/pi_does_not_exist");
    expect(request).toBeDefined();
    expect(request!.authorization).toBe("Bearer sk_test_x");
    expect(request!.params).toEqual({ expand: ["latest_charge"] });
  });
});

describe("startCardPayment with Stripe", () => {
  it.each([
    [1, 1150],
    [2, 2070],
    [4, 3679],
  ] as const)(
    "%i bag(s): one PaymentIntent for exactly %i cents in CAD, with the booking in its metadata",
    async (bags, total) => {
      const user = await resident();
      const s = slot();
      const started = await startCardPayment(user, { bags, slotId: s.id, expectedTotalCents: total });

      const creates = standIn.requestsTo("POST", "/v1/payment_intents");
      expect(creates).toHaveLength(1);
      const sent = creates[0]!;
      const ref = bookingRefOf(started.payment.id);
      expect(sent.params).toMatchObject({
        amount: String(total),
        currency: "cad",
        receipt_email: user.email,
        metadata: { bookingRef: ref, userId: String(user.id), slotId: String(s.id), bags: String(bags), promoCode: "" },
        automatic_payment_methods: { enabled: "true" },
      });
      expect(sent.params.automatic_payment_methods).not.toHaveProperty("allow_redirects");
      // The item's name in the contract's language: French unless English was chosen (issue 43).
      expect(sent.params.description).toBe(`Collecte ReCircle : ${bags} sac${bags > 1 ? "s" : ""}`);
      // Derived from the checkout and its attempt: a retried request never makes a second intent.
      expect(sent.idempotencyKey).toBe(`intent-${started.checkoutId}-1`);

      const intent = standIn.intents.get(started.paymentIntentId)!;
      expect(started.paymentIntentId).toMatch(/^pi_/);
      expect(started.clientSecret).toBe(intent.client_secret);
      expect(started.payment).toMatchObject({
        provider: "stripe",
        providerPaymentId: intent.id,
        userId: user.id,
        amountCents: total,
        currency: "cad",
        status: "requires_payment",
      });
      expect(slotRow(s.id).currentBooked).toBe(0);
    },
  );

  it("a tampered total is refused before Stripe is asked for anything", async () => {
    const user = await resident();
    await expect(startCardPayment(user, { bags: 2, slotId: slot().id, expectedTotalCents: 100 })).rejects.toMatchObject(
      {
        key: "errors.priceChanged",
      },
    );
    expect(standIn.requests).toHaveLength(0);
    expect(db.select().from(schema.payments).where(eq(schema.payments.userId, user.id)).all()).toHaveLength(0);
  });

  it("a Stripe failure stores no payment of ours", async () => {
    const user = await resident();
    standIn.failNext("POST", "/v1/payment_intents", 400, {
      type: "invalid_request_error",
      message: "Invalid currency",
    });
    await expect(startCardPayment(user, { bags: 1, slotId: slot().id })).rejects.toThrow(/Invalid currency/);
    expect(db.select().from(schema.payments).where(eq(schema.payments.userId, user.id)).all()).toHaveLength(0);
  });
});

describe("fulfilPayment reads the payment back from Stripe", () => {
  it("refuses while the intent is unpaid, then books once it succeeded and keeps the card's brand and last four", async () => {
    const user = await resident();
    const s = slot();
    const { paymentIntentId, payment } = await startCardPayment(user, { bags: 2, slotId: s.id });

    await expect(fulfilPayment(paymentIntentId, { userId: user.id })).rejects.toMatchObject({
      key: "errors.paymentNotCompleted",
      status: 402,
    });
    expect(pickupsOf(user.id)).toHaveLength(0);
    expect(slotRow(s.id).currentBooked).toBe(0);

    standIn.succeedIntent(paymentIntentId, { brand: "mastercard", last4: "4444" });
    const pickup = await fulfilPayment(paymentIntentId, { userId: user.id });
    expect(pickup).toMatchObject({ paymentId: payment.id, bagsRequested: 2, totalCents: 2070, pickupSlotId: s.id });
    expect(paymentRow(payment.id)).toMatchObject({ status: "succeeded", cardBrand: "mastercard", cardLast4: "4444" });
    expect(slotRow(s.id).currentBooked).toBe(1);
    // It was read with the charge expanded, which is where the card's details live.
    const reads = standIn.requestsTo("GET", `/v1/payment_intents/${paymentIntentId}`);
    expect(reads.at(-1)!.params).toEqual({ expand: ["latest_charge"] });

    // The browser and the webhook may both ask: still one pickup, one place taken.
    const again = await fulfilPayment(paymentIntentId, { userId: user.id });
    expect(again.id).toBe(pickup.id);
    expect(pickupsOf(user.id)).toHaveLength(1);
    expect(slotRow(s.id).currentBooked).toBe(1);
    const mails = db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, user.email)).all();
    expect(mails.filter((m) => m.subject.includes(pickup.confirmationNumber))).toHaveLength(1);
  });

  it.each([
    ["a different amount", (i: { amount: number }) => void (i.amount = 1)],
    ["a different currency", (i: { currency: string }) => void (i.currency = "usd")],
    [
      "another booking's reference",
      (i: { metadata: Record<string, string> }) => void (i.metadata = { ...i.metadata, bookingRef: "someone-else" }),
    ],
  ])("refuses a succeeded intent that Stripe reports with %s", async (_label, tamper) => {
    const user = await resident();
    const s = slot();
    const { paymentIntentId, payment } = await startCardPayment(user, { bags: 1, slotId: s.id });
    const intent = standIn.succeedIntent(paymentIntentId);
    const original = structuredClone(intent);
    tamper(intent as never);

    await expect(fulfilPayment(paymentIntentId, { userId: user.id })).rejects.toMatchObject({
      key: "errors.paymentNotCompleted",
    });
    expect(pickupsOf(user.id)).toHaveLength(0);
    expect(slotRow(s.id).currentBooked).toBe(0);
    expect(paymentRow(payment.id)).toMatchObject({ status: "requires_payment", cardBrand: null, cardLast4: null });
    expect(standIn.requestsTo("POST", "/v1/refunds")).toHaveLength(0);

    // Put right on Stripe's side, the same payment books.
    Object.assign(intent, original);
    await expect(fulfilPayment(paymentIntentId, { userId: user.id })).resolves.toMatchObject({ totalCents: 1150 });
  });

  it("another resident cannot book with someone's paid intent", async () => {
    const owner = await resident();
    const thief = await resident();
    const { paymentIntentId } = await startCardPayment(owner, { bags: 1, slotId: slot().id });
    standIn.succeedIntent(paymentIntentId);
    await expect(fulfilPayment(paymentIntentId, { userId: thief.id })).rejects.toMatchObject({
      key: "errors.paymentNotFound",
      status: 404,
    });
    expect(pickupsOf(thief.id)).toHaveLength(0);
    expect(pickupsOf(owner.id)).toHaveLength(0);
  });

  it("a paid booking whose slot filled up meanwhile is refunded in full through Stripe, with no pickup", async () => {
    const user = await resident();
    const s = slot({ capacity: 1 });
    const { paymentIntentId, payment } = await startCardPayment(user, { bags: 4, slotId: s.id });
    standIn.succeedIntent(paymentIntentId);
    // Someone else took the last place while this resident was typing the card.
    db.update(schema.pickupSlots).set({ currentBooked: 1 }).where(eq(schema.pickupSlots.id, s.id)).run();

    const error = await fulfilPayment(paymentIntentId, { userId: user.id }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BookingError);
    expect(error).toMatchObject({ key: "errors.slotFullRefunded", status: 409 });

    const refundRequests = standIn.requestsTo("POST", "/v1/refunds");
    expect(refundRequests).toHaveLength(1);
    expect(refundRequests[0]!.params).toEqual({ payment_intent: paymentIntentId, amount: "3679" });
    expect(refundRequests[0]!.idempotencyKey).toBe(`refund-${paymentIntentId}-3679`);
    expect(standIn.refunds).toEqual([
      expect.objectContaining({ payment_intent: paymentIntentId, amount: 3679, status: "succeeded" }),
    ]);

    expect(paymentRow(payment.id)).toMatchObject({
      status: "refunded",
      refundedCents: 3679,
      failureCode: "errors.slotFull",
    });
    expect(pickupsOf(user.id)).toHaveLength(0);
    expect(slotRow(s.id).currentBooked).toBe(1);

    // Asking again (the webhook) refunds nothing more and books nothing.
    await expect(fulfilPayment(paymentIntentId, { userId: user.id })).rejects.toMatchObject({
      key: "errors.paymentRefunded",
    });
    expect(standIn.requestsTo("POST", "/v1/refunds")).toHaveLength(1);
    expect(pickupsOf(user.id)).toHaveLength(0);
  });

  it("a failed refund leaves the payment as it was so it can be tried again", async () => {
    const user = await resident();
    const s = slot({ capacity: 1 });
    const { paymentIntentId, payment } = await startCardPayment(user, { bags: 1, slotId: s.id });
    standIn.succeedIntent(paymentIntentId);
    db.update(schema.pickupSlots).set({ closed: true }).where(eq(schema.pickupSlots.id, s.id)).run();
    standIn.failNext("POST", "/v1/refunds", 400, { type: "invalid_request_error", message: "Charge already disputed" });

    await expect(fulfilPayment(paymentIntentId, { userId: user.id })).rejects.toThrow(/disputed/);
    expect(paymentRow(payment.id)).toMatchObject({ status: "requires_payment", refundedCents: 0 });

    await expect(fulfilPayment(paymentIntentId, { userId: user.id })).rejects.toMatchObject({
      key: "errors.slotUnavailableRefunded",
    });
    expect(paymentRow(payment.id)).toMatchObject({ status: "refunded", refundedCents: 1150 });
    expect(standIn.refunds).toHaveLength(1);
    expect(pickupsOf(user.id)).toHaveLength(0);
  });
});

describe("the hosted Checkout path (no JavaScript)", () => {
  it("creates a session for the server's total and records our payment under the session id", async () => {
    const user = await resident();
    const s = slot();
    const url = await startHostedCheckout(
      user,
      { bags: 2, slotId: s.id },
      "fr",
      hostedCheckoutUrls(`/checkout?bags=2&slotId=${s.id}`),
    );

    const [created] = standIn.requestsTo("POST", "/v1/checkout/sessions");
    expect(created).toBeDefined();
    const session = [...standIn.sessions.values()][0]!;
    expect(url).toBe(`https://checkout.stripe.com/c/pay/${session.id}`);
    expect(session.id).toMatch(/^cs_test_/);

    const payment = paymentBy(session.id)!;
    expect(payment).toMatchObject({
      provider: "stripe",
      userId: user.id,
      amountCents: 2070,
      currency: "cad",
      status: "requires_payment",
    });
    const ref = bookingRefOf(payment.id);
    expect(created!.params).toMatchObject({
      mode: "payment",
      customer: expect.stringMatching(/^cus_/),
      locale: "fr",
      line_items: [{ quantity: "1", price_data: { currency: "cad", unit_amount: "2070" } }],
      metadata: { bookingRef: ref, userId: String(user.id), slotId: String(s.id), bags: "2" },
      payment_intent_data: { metadata: { bookingRef: ref, userId: String(user.id) } },
    });
    expect(created!.params.success_url).toMatch(/\/checkout\/return\?session_id=\{CHECKOUT_SESSION_ID\}$/);
    expect(created!.params.cancel_url).toMatch(new RegExp(`/checkout\\?bags=2&slotId=${s.id}$`));
    expect(created!.idempotencyKey).toBe(`session-${payment.checkoutId}-1`);
    expect(standIn.requestsTo("POST", "/v1/payment_intents")).toHaveLength(0);
  });

  it("refuses before payment, books after it, re-keys our payment to the PaymentIntent, and survives a reload", async () => {
    const user = await resident();
    const s = slot();
    await startHostedCheckout(user, { bags: 1, slotId: s.id }, "en", hostedCheckoutUrls("/checkout"));
    const session = [...standIn.sessions.values()][0]!;
    const payment = paymentBy(session.id)!;

    await expect(fulfilHostedSession(session.id, stripe, user.id)).rejects.toMatchObject({
      key: "errors.paymentNotCompleted",
      status: 402,
    });
    expect(pickupsOf(user.id)).toHaveLength(0);
    expect(paymentBy(session.id)?.id).toBe(payment.id);

    const intent = standIn.paySession(session.id, { brand: "amex", last4: "0005" });
    expect(intent.metadata.bookingRef).toBe(bookingRefOf(payment.id));

    const pickup = await fulfilHostedSession(session.id, stripe, user.id);
    expect(pickup).toMatchObject({ paymentId: payment.id, totalCents: 1150, pickupSlotId: s.id });
    expect(paymentBy(session.id)).toBeUndefined();
    expect(paymentBy(intent.id)).toMatchObject({
      id: payment.id,
      status: "succeeded",
      cardBrand: "amex",
      cardLast4: "0005",
    });
    expect(slotRow(s.id).currentBooked).toBe(1);

    // The resident reloads the return page (/checkout/return?session_id=cs_…): the same pickup, not an error.
    const again = await fulfilHostedSession(session.id, stripe, user.id);
    expect(again.id).toBe(pickup.id);
    expect(pickupsOf(user.id)).toHaveLength(1);
    expect(slotRow(s.id).currentBooked).toBe(1);
  });

  it("someone else's session is not found, and an unknown session id is not found", async () => {
    const owner = await resident();
    const other = await resident();
    await startHostedCheckout(owner, { bags: 1, slotId: slot().id }, "en", hostedCheckoutUrls("/checkout"));
    const session = [...standIn.sessions.values()][0]!;
    standIn.paySession(session.id);

    await expect(fulfilHostedSession(session.id, stripe, other.id)).rejects.toMatchObject({
      key: "errors.paymentNotFound",
      status: 404,
    });
    await expect(fulfilHostedSession("cs_test_unknown", stripe, owner.id)).rejects.toMatchObject({
      key: "errors.paymentNotFound",
    });
    expect(pickupsOf(other.id)).toHaveLength(0);
    expect(pickupsOf(owner.id)).toHaveLength(0);
    // The owner still books it.
    await expect(fulfilHostedSession(session.id, stripe, owner.id)).resolves.toMatchObject({ userId: owner.id });
  });

  it("a free order is not sent to Stripe's page", async () => {
    const user = await resident();
    const [code] = createPromoCodes(1, 100);
    await expect(
      startHostedCheckout(user, { bags: 1, slotId: slot().id, promoCode: code }, "en", hostedCheckoutUrls("/checkout")),
    ).rejects.toMatchObject({
      key: "errors.freeOrder",
    });
    expect(standIn.requests).toHaveLength(0);
  });
});
