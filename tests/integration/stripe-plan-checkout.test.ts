// Issue 45 with Stripe (the real SDK on the local stand-in): a checkout whose resident consented makes its
// PaymentIntent (JavaScript) or hosted Checkout Session (no JavaScript) with setup_future_usage=off_session;
// once paid and fulfilled, the card Stripe saved is written once and the chosen plan starts. Changing the
// consent never reuses an intent made the other way.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

const standIn = await vi.hoisted(async () => {
  const { startStripeStandIn, pointStripeAt } = await import("./stripe-stand-in");
  const started = await startStripeStandIn();
  pointStripeAt(started);
  return started;
});

import { startCardPayment } from "~/services/checkout/card.server";
import { fulfilHostedSession, fulfilPayment } from "~/services/checkout/fulfil.server";
import { startHostedCheckout } from "~/services/checkout/hosted.server";
import { newCheckoutId } from "~/services/checkout/record.server";
import { hostedCheckoutUrls } from "~/services/http/booking-steps.server";
import { setPaymentProvider } from "~/services/payments/provider.server";
import { StripeProvider } from "~/services/payments/stripe.server";
import { db, schema } from "~/services/platform/db.server";
import { resident, slot } from "./fixtures";

const stripe = new StripeProvider({ secretKey: "sk_test_x", publishableKey: "pk_test_x" });
const cardsOf = (userId: number) =>
  db.select().from(schema.savedCards).where(eq(schema.savedCards.userId, userId)).all();
const plansOf = (userId: number) =>
  db.select().from(schema.pickupPlans).where(eq(schema.pickupPlans.userId, userId)).all();

beforeAll(() => setPaymentProvider(stripe));
beforeEach(() => standIn.reset());
afterAll(async () => {
  setPaymentProvider(null);
  await standIn.close();
});

const PLAN = { saveCardConsent: true, intervalWeeks: 4 as const };

describe("Stripe with JavaScript (PaymentIntent)", () => {
  it("setup_future_usage on the intent; paid and fulfilled twice, one saved card and one plan", async () => {
    const user = await resident();
    const s = slot();
    const started = await startCardPayment(user, { bags: 2, slotId: s.id, plan: PLAN });
    const [create] = standIn.requestsTo("POST", "/v1/payment_intents");
    expect(create!.params).toMatchObject({ setup_future_usage: "off_session", customer: started.customerId });
    standIn.succeedIntent(started.paymentIntentId, { brand: "visa", last4: "4242", exp_month: 8, exp_year: 2032 });

    const pickup = await fulfilPayment(started.paymentIntentId);
    await fulfilPayment(started.paymentIntentId);
    const [card] = cardsOf(user.id);
    expect(cardsOf(user.id)).toHaveLength(1);
    expect(card).toMatchObject({
      provider: "stripe",
      customerId: started.customerId,
      paymentMethodId: standIn.intents.get(started.paymentIntentId)!.payment_method,
      brand: "visa",
      last4: "4242",
      expMonth: 8,
      expYear: 2032,
      paymentId: started.payment.id,
    });
    expect(plansOf(user.id)).toMatchObject([{ originPickupId: pickup.id, intervalWeeks: 4, savedCardId: card!.id }]);
  });

  it("no consent: no setup_future_usage, nothing saved; consent given later: a new intent, never the old one", async () => {
    const user = await resident();
    const s = slot();
    const checkoutId = newCheckoutId();
    const first = await startCardPayment(user, { bags: 1, slotId: s.id }, { checkoutId });
    expect(standIn.requestsTo("POST", "/v1/payment_intents")[0]!.params).not.toHaveProperty("setup_future_usage");
    const second = await startCardPayment(user, { bags: 1, slotId: s.id, plan: PLAN }, { checkoutId });
    expect(second.paymentIntentId).not.toBe(first.paymentIntentId);
    expect(standIn.intents.get(first.paymentIntentId)!.status).toBe("canceled");
    expect(standIn.intents.get(second.paymentIntentId)!.setup_future_usage).toBe("off_session");
    // The same consent again: the open intent is reused.
    const third = await startCardPayment(user, { bags: 1, slotId: s.id, plan: PLAN }, { checkoutId });
    expect(third.paymentIntentId).toBe(second.paymentIntentId);
  });
});

describe("Stripe without JavaScript (hosted Checkout)", () => {
  it("payment_intent_data.setup_future_usage on the session; the return keeps the card and starts the plan", async () => {
    const user = await resident();
    const s = slot();
    await startHostedCheckout(user, { bags: 4, slotId: s.id, plan: PLAN }, "fr", hostedCheckoutUrls("/checkout"));
    const [create] = standIn.requestsTo("POST", "/v1/checkout/sessions");
    expect(create!.params).toMatchObject({ payment_intent_data: { setup_future_usage: "off_session" } });
    const session = [...standIn.sessions.values()][0]!;
    standIn.paySession(session.id, { brand: "mastercard", last4: "4444" });
    const pickup = await fulfilHostedSession(session.id, stripe, user.id);
    await fulfilHostedSession(session.id, stripe, user.id);
    expect(cardsOf(user.id)).toMatchObject([{ brand: "mastercard", last4: "4444", consentLanguage: "fr" }]);
    expect(plansOf(user.id)).toMatchObject([{ originPickupId: pickup.id, bagCount: 4 }]);
  });
});
