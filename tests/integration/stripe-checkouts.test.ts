// One PaymentIntent (or one hosted Checkout Session) per checkout on Stripe, counted at the Stripe stand-in:
// reused after a decline and after a reload, updated when the promo changes, cancelled after an hour unpaid;
// a paid checkout books its pickup and answers it, and never makes a second intent or session.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

const standIn = await vi.hoisted(async () => {
  const { startStripeStandIn, pointStripeAt } = await import("./stripe-stand-in");
  const started = await startStripeStandIn();
  pointStripeAt(started);
  return started;
});

import { cancelAbandonedIntent, startCardPayment } from "~/services/checkout/card.server";
import { startHostedCheckout } from "~/services/checkout/hosted.server";
import { CheckoutPaidError, newCheckoutId } from "~/services/checkout/record.server";
import { applyPromo, createPromoCodes } from "~/services/booking/promo-rules.server";
import { hostedCheckoutUrls } from "~/services/http/booking-steps.server";
import { setPaymentProvider } from "~/services/payments/provider.server";
import { StripeProvider } from "~/services/payments/stripe.server";
import { db, schema } from "~/services/platform/db.server";
import { resident, slot } from "./fixtures";

const stripe = new StripeProvider({ secretKey: "sk_test_x", publishableKey: "pk_test_x" });
const pickupsOf = (userId: number) =>
  db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.userId, userId)).all();
const createdIntents = () =>
  standIn.requestsTo("POST", "/v1/payment_intents").filter((r) => r.path === "/v1/payment_intents");

beforeAll(() => setPaymentProvider(stripe));
beforeEach(() => standIn.reset());
afterAll(async () => {
  setPaymentProvider(null);
  await standIn.close();
});

describe("one PaymentIntent per checkout", () => {
  it("two Pay attempts after a decline reuse one intent; a promo updates it; once paid no new intent", async () => {
    const user = await resident();
    const s = slot();
    const checkoutId = newCheckoutId();
    const first = await startCardPayment(user, { bags: 1, slotId: s.id }, { checkoutId });
    // Declined in the browser: Stripe leaves the intent waiting for another payment method.
    const second = await startCardPayment(user, { bags: 1, slotId: s.id }, { checkoutId });
    expect(second.paymentIntentId).toBe(first.paymentIntentId);
    expect(second.clientSecret).toBe(first.clientSecret);
    expect(createdIntents()).toHaveLength(1);
    expect(createdIntents()[0]!.idempotencyKey).toBe(`intent-${checkoutId}-1`);

    const [code] = createPromoCodes(1, 50);
    applyPromo(user, code!, 1);
    const third = await startCardPayment(user, { bags: 1, slotId: s.id }, { checkoutId });
    expect(third.paymentIntentId).toBe(first.paymentIntentId);
    const [update] = standIn.requestsTo("POST", `/v1/payment_intents/${first.paymentIntentId}`);
    expect(update!.params).toMatchObject({ amount: String(third.quote.breakdown.totalCents) });
    expect(standIn.intents.get(first.paymentIntentId)!.amount).toBe(third.quote.breakdown.totalCents);
    expect(third.quote.breakdown.totalCents).toBeLessThan(first.quote.breakdown.totalCents);

    standIn.succeedIntent(first.paymentIntentId);
    // Back after paying, before the browser reported it: the checkout books its pickup and answers it.
    const paid = await startCardPayment(user, { bags: 1, slotId: s.id }, { checkoutId }).catch((e) => e);
    expect(paid).toBeInstanceOf(CheckoutPaidError);
    expect(pickupsOf(user.id)).toHaveLength(1);
    expect(pickupsOf(user.id)[0]!.totalCents).toBe(third.quote.breakdown.totalCents);
    expect(createdIntents()).toHaveLength(1);
  });

  it("another tab's confirm landing while the server reads the intent: the paid intent books, none replaces it", async () => {
    const user = await resident();
    const s = slot();
    const checkoutId = newCheckoutId();
    const first = await startCardPayment(user, { bags: 1, slotId: s.id }, { checkoutId });
    // The first read (is the checkout paid?) sees it unpaid; the first tab's confirm lands right after.
    const read = vi.spyOn(stripe, "retrieveIntent");
    read.mockImplementationOnce(async (id) => {
      const unpaid = await StripeProvider.prototype.retrieveIntent.call(stripe, id);
      standIn.succeedIntent(first.paymentIntentId);
      return unpaid;
    });
    try {
      const second = await startCardPayment(user, { bags: 1, slotId: s.id }, { checkoutId }).catch((e) => e);
      expect(second).toBeInstanceOf(CheckoutPaidError);
    } finally {
      read.mockRestore();
    }
    expect(createdIntents()).toHaveLength(1);
    expect(pickupsOf(user.id)).toHaveLength(1);
    expect(standIn.refunds).toHaveLength(0);
  });

  it("an intent unpaid for an hour is cancelled at Stripe; the next attempt gets a new key", async () => {
    const user = await resident();
    const s = slot();
    const checkoutId = newCheckoutId();
    const first = await startCardPayment(user, { bags: 2, slotId: s.id }, { checkoutId });
    expect(await cancelAbandonedIntent(first.payment, stripe, Date.now() + 61 * 60_000)).toBe(true);
    expect(standIn.requestsTo("POST", `/v1/payment_intents/${first.paymentIntentId}/cancel`)).toHaveLength(1);
    expect(standIn.intents.get(first.paymentIntentId)!.status).toBe("canceled");
    const next = await startCardPayment(user, { bags: 2, slotId: s.id }, { checkoutId });
    expect(next.paymentIntentId).not.toBe(first.paymentIntentId);
    expect(createdIntents().map((r) => r.idempotencyKey)).toEqual([`intent-${checkoutId}-1`, `intent-${checkoutId}-2`]);
  });
});

describe("one hosted Checkout Session per checkout (no JavaScript)", () => {
  const hosted = (user: Awaited<ReturnType<typeof resident>>, slotId: number, checkoutId: string) =>
    startHostedCheckout(
      user,
      { bags: 2, slotId },
      "en",
      hostedCheckoutUrls(`/checkout?bags=2&slotId=${slotId}&checkout=${checkoutId}`),
      checkoutId,
    );

  it("Back from Stripe's page or a second tab gets the same session; once paid, the checkout answers its pickup", async () => {
    const user = await resident();
    const s = slot();
    const checkoutId = newCheckoutId();
    const url = await hosted(user, s.id, checkoutId);
    expect(await hosted(user, s.id, checkoutId)).toBe(url);
    expect(standIn.requestsTo("POST", "/v1/checkout/sessions")).toHaveLength(1);
    const session = [...standIn.sessions.values()][0]!;
    standIn.paySession(session.id);
    const again = await hosted(user, s.id, checkoutId).catch((e) => e);
    expect(again).toBeInstanceOf(CheckoutPaidError);
    expect(pickupsOf(user.id)).toHaveLength(1);
    expect(standIn.requestsTo("POST", "/v1/checkout/sessions")).toHaveLength(1);
  });

  it("a new price (promo applied) expires the old session, so only the new one can be paid", async () => {
    const user = await resident();
    const s = slot();
    const checkoutId = newCheckoutId();
    await hosted(user, s.id, checkoutId);
    const [old] = [...standIn.sessions.values()];
    const [code] = createPromoCodes(1, 50);
    // The promo is for one bag: use a one-bag checkout instead to see a price change.
    const oneBag = newCheckoutId();
    const one = (id: string) =>
      startHostedCheckout(user, { bags: 1, slotId: s.id }, "en", hostedCheckoutUrls("/checkout"), id);
    await one(oneBag);
    applyPromo(user, code!, 1);
    await one(oneBag);
    const sessions = [...standIn.sessions.values()].filter((x) => x.id !== old!.id);
    expect(sessions).toHaveLength(2);
    expect(sessions[0]!.status).toBe("expired");
    expect(sessions[1]!.status).toBe("open");
    expect(sessions[1]!.amount_total).toBeLessThan(sessions[0]!.amount_total);
    expect(standIn.requestsTo("POST", `/v1/checkout/sessions/${sessions[0]!.id}/expire`)).toHaveLength(1);
  });
});
