// Issue 45 against Stripe's API through the real SDK on the local stand-in: setup_future_usage on the
// PaymentIntent and on the hosted Checkout Session's payment_intent_data, the saved PaymentMethod read back
// (brand, last four, expiry), off-session charges (customer, payment_method, off_session, confirm and the
// Idempotency-Key header on the wire) with Stripe's card errors mapped, and the card detached.
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";

const standIn = await vi.hoisted(async () => {
  const { startStripeStandIn, pointStripeAt } = await import("./stripe-stand-in");
  const started = await startStripeStandIn();
  pointStripeAt(started);
  return started;
});

import { StripeProvider } from "~/services/payments/stripe.server";

const stripe = new StripeProvider({ secretKey: "sk_test_x", publishableKey: "pk_test_x" });

beforeEach(() => standIn.reset());
afterAll(() => standIn.close());

let counter = 0;
async function customer() {
  return stripe.createCustomer({
    email: "r@example.com",
    name: "R",
    metadata: {},
    preferredLocales: ["fr-CA"],
    idempotencyKey: `cus-${++counter}-${Date.now()}`,
  });
}

async function paidAndSaved(card: { brand: string; last4: string; exp_month?: number; exp_year?: number }) {
  const customerId = await customer();
  const intent = await stripe.createIntent({
    amountCents: 1150,
    currency: "cad",
    metadata: { bookingRef: "r" },
    description: "1 bag",
    receiptEmail: "r@example.com",
    customerId,
    idempotencyKey: `intent-${counter}`,
    setupFutureUsage: "off_session",
  });
  standIn.succeedIntent(intent.id, card);
  return { customerId, intentId: intent.id, method: await stripe.savedPaymentMethod(intent.id) };
}

const charge = (customerId: string, paymentMethodId: string, idempotencyKey: string) =>
  stripe.chargeOffSession({
    customerId,
    paymentMethodId,
    amountCents: 2070,
    currency: "cad",
    metadata: { planId: "7", cycleDate: "2026-12-01" },
    description: "2 bags",
    idempotencyKey,
  });

describe("saving the card at Stripe", () => {
  it("sends setup_future_usage=off_session on the intent, and reads the saved card back", async () => {
    const { method } = await paidAndSaved({ brand: "mastercard", last4: "4444", exp_month: 5, exp_year: 2030 });
    const [create] = standIn.requestsTo("POST", "/v1/payment_intents");
    expect(create!.params).toMatchObject({ setup_future_usage: "off_session" });
    expect(method).toEqual({
      id: expect.stringMatching(/^pm_/),
      brand: "mastercard",
      last4: "4444",
      expMonth: 5,
      expYear: 2030,
    });
  });

  it("sends no setup_future_usage without consent, and an intent without it saved nothing", async () => {
    const customerId = await customer();
    const intent = await stripe.createIntent({
      amountCents: 1150,
      currency: "cad",
      metadata: {},
      description: "1 bag",
      receiptEmail: "r@example.com",
      customerId,
      idempotencyKey: "no-consent",
    });
    standIn.succeedIntent(intent.id);
    expect(standIn.requestsTo("POST", "/v1/payment_intents")[0]!.params).not.toHaveProperty("setup_future_usage");
    expect(await stripe.savedPaymentMethod(intent.id)).toBeNull();
    expect(await stripe.savedPaymentMethod("pi_unknown")).toBeNull();
  });

  it("the hosted Checkout Session carries payment_intent_data.setup_future_usage", async () => {
    const customerId = await customer();
    const session = await stripe.createCheckoutSession({
      amountCents: 1150,
      currency: "cad",
      metadata: { bookingRef: "r" },
      description: "1 bag",
      customerId,
      successUrl: "http://localhost/checkout/return?session_id={CHECKOUT_SESSION_ID}",
      cancelUrl: "http://localhost/checkout",
      locale: "fr",
      expiresAt: Date.now() + 3_600_000,
      idempotencyKey: "session-1",
      setupFutureUsage: "off_session",
    });
    const [create] = standIn.requestsTo("POST", "/v1/checkout/sessions");
    expect(create!.params).toMatchObject({ payment_intent_data: { setup_future_usage: "off_session" } });
    const paid = standIn.paySession(session.id, { brand: "visa", last4: "4242" });
    expect((await stripe.savedPaymentMethod(paid.id))?.last4).toBe("4242");
  });
});

describe("charging the saved card off-session at Stripe", () => {
  it("one confirmed off-session PaymentIntent with customer, payment_method and the Idempotency-Key header", async () => {
    const { customerId, method } = await paidAndSaved({ brand: "visa", last4: "4242" });
    standIn.requests.length = 0;
    const result = await charge(customerId, method!.id, "plan-7-2026-12-01");
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.intent).toMatchObject({ status: "succeeded", amountCents: 2070, cardLast4: "4242" });
    const [sent] = standIn.requestsTo("POST", "/v1/payment_intents");
    expect(sent!.idempotencyKey).toBe("plan-7-2026-12-01");
    expect(sent!.params).toMatchObject({
      customer: customerId,
      payment_method: method!.id,
      off_session: "true",
      confirm: "true",
      amount: "2070",
      currency: "cad",
      metadata: { planId: "7", cycleDate: "2026-12-01" },
    });
    // Asked again with the same key, Stripe replays: the same intent, one charge.
    const again = await charge(customerId, method!.id, "plan-7-2026-12-01");
    expect(again.ok && result.ok && again.intent.id === result.intent.id).toBe(true);
    expect([...standIn.charges.values()].filter((c) => c.amount === 2070)).toHaveLength(1);
  });

  it.each([
    ["3184", "authentication_required", "requires_action"],
    ["0341", "card_declined", "requires_payment_method"],
  ] as const)("a saved %s answers %s, its intent left %s", async (last4, code, status) => {
    const { customerId, method } = await paidAndSaved({ brand: "visa", last4 });
    const result = await charge(customerId, method!.id, `fail-${last4}`);
    expect(result).toEqual({ ok: false, code, intentId: expect.stringMatching(/^pi_/) });
    if (!result.ok) expect(standIn.intents.get(result.intentId!)!.status).toBe(status);
    expect(await charge(customerId, method!.id, `fail-${last4}`)).toEqual(result);
  });

  it("an expired card is expired_card; a detached one is card_declined", async () => {
    const expired = await paidAndSaved({ brand: "visa", last4: "4242", exp_month: 1, exp_year: 2020 });
    expect(await charge(expired.customerId, expired.method!.id, "exp")).toMatchObject({
      ok: false,
      code: "expired_card",
    });
    const { customerId, method } = await paidAndSaved({ brand: "visa", last4: "4242" });
    await stripe.detachPaymentMethod(method!.id);
    expect(standIn.requestsTo("POST", `/v1/payment_methods/${method!.id}/detach`)).toHaveLength(1);
    expect(standIn.paymentMethods.get(method!.id)!.customer).toBeNull();
    // Detached twice, or unknown: counts as removed.
    await stripe.detachPaymentMethod(method!.id);
    await stripe.detachPaymentMethod("pm_unknown");
    expect(await charge(customerId, method!.id, "detached")).toMatchObject({ ok: false, code: "card_declined" });
  });
});
