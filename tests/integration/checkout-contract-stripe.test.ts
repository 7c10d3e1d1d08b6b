// Issue 43, part 2 on Stripe (the local stand-in): the hosted Checkout (no JavaScript) and the Payment
// Element's intent (JavaScript) carry the resident's acceptance of the terms. Without it nothing is asked of
// Stripe; with it the acceptance is on the checkout, and the pickup booked by the return page or the webhook
// copies it.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

const standIn = await vi.hoisted(async () => {
  const { startStripeStandIn, pointStripeAt } = await import("./stripe-stand-in");
  const started = await startStripeStandIn();
  pointStripeAt(started);
  return started;
});

import { setNow } from "~/lib/clock";
import { TERMS_VERSION } from "~/lib/contract";
import { fulfilFromWebhook, fulfilHostedSession } from "~/services/checkout/fulfil.server";
import { newCheckoutId } from "~/services/checkout/record.server";
import { createUserSession } from "~/services/http/current-user.server";
import { setPaymentProvider } from "~/services/payments/provider.server";
import { StripeProvider } from "~/services/payments/stripe.server";
import { db, schema } from "~/services/platform/db.server";
import { action as checkoutAction } from "~/routes/checkout/route";
import { action as createIntentAction } from "~/routes/api.create-payment-intent";
import { resident, routeAnswer, slot } from "./fixtures";

const stripe = new StripeProvider({ secretKey: "sk_test_contract", publishableKey: "pk_test_contract" });
const AT = Date.parse("2026-12-02T14:00:00.000Z");

const pickupsOf = (userId: number) =>
  db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.userId, userId)).all();
const checkoutsOf = (userId: number) =>
  db.select().from(schema.checkouts).where(eq(schema.checkouts.userId, userId)).all();

beforeAll(() => setPaymentProvider(stripe));
beforeEach(() => standIn.reset());
afterEach(() => setNow(null));
afterAll(async () => {
  setPaymentProvider(null);
  await standIn.close();
});

async function cookieFor(userId: number) {
  return (await createUserSession(userId)).get("Set-Cookie")!.split(";")[0]!;
}

async function payHosted(userId: number, slotId: number, fields: Record<string, string>) {
  const url = `http://localhost/checkout?bags=2&slotId=${slotId}&checkout=${newCheckoutId()}`;
  return routeAnswer(
    checkoutAction,
    new Request(url, {
      method: "POST",
      headers: {
        Cookie: await cookieFor(userId),
        "Accept-Language": "en-CA",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ intent: "payHosted", ...fields }).toString(),
    }),
  );
}

describe("the hosted Checkout (no JavaScript)", () => {
  it("without the boxes: refused, no session asked of Stripe, no checkout claimed", async () => {
    const user = await resident();
    const s = slot();
    const answer = await payHosted(user.id, s.id, {});
    const reply = (answer as unknown as { data: { reply: { error: Record<string, string[]> } } }).data.reply;
    expect(reply.error.acceptTerms).toEqual(["checkout:contract.acceptRequired"]);
    expect(standIn.requestsTo("POST", "/v1/checkout/sessions")).toHaveLength(0);
    expect(checkoutsOf(user.id)).toHaveLength(0);
  });

  it("with both boxes (English): stored on the checkout, copied to the pickup booked on return", async () => {
    setNow(AT);
    const user = await resident();
    const s = slot();
    const answer = await payHosted(user.id, s.id, { acceptTerms: "on", frenchTermsReceived: "on" });
    expect(answer.status).toBe(302);
    expect(checkoutsOf(user.id)[0]).toMatchObject({
      termsVersion: TERMS_VERSION,
      termsAcceptedAt: AT,
      contractLanguage: "en",
      frenchTermsReceivedAt: AT,
    });
    const session = [...standIn.sessions.values()][0]!;
    standIn.paySession(session.id);
    await fulfilHostedSession(session.id, stripe, user.id);
    expect(pickupsOf(user.id)[0]).toMatchObject({
      termsVersion: TERMS_VERSION,
      termsAcceptedAt: AT,
      contractLanguage: "en",
      frenchTermsReceivedAt: AT,
    });
  });
});

describe("the Payment Element's intent (JavaScript)", () => {
  it("refused without acceptTerms before anything is asked of Stripe; with it, the webhook's booking copies it", async () => {
    setNow(AT);
    const user = await resident();
    const s = slot();
    const cookie = await cookieFor(user.id);
    const create = (body: Record<string, unknown>) =>
      routeAnswer(
        createIntentAction,
        new Request("http://localhost/api/create-payment-intent", {
          method: "POST",
          headers: { Cookie: cookie, "Accept-Language": "en-CA", "Content-Type": "application/json" },
          body: JSON.stringify(body),
        }),
      );
    const refused = await create({ bagCount: 2, slotId: s.id });
    expect(refused.status).toBe(400);
    expect(standIn.requestsTo("POST", "/v1/payment_intents")).toHaveLength(0);
    expect(checkoutsOf(user.id)).toHaveLength(0);

    const started = await create({ bagCount: 2, slotId: s.id, acceptTerms: true });
    expect(started.status).toBe(200);
    const { paymentIntentId } = (await started.json()) as { paymentIntentId: string };
    standIn.succeedIntent(paymentIntentId);
    await fulfilFromWebhook(paymentIntentId, undefined, stripe);
    expect(pickupsOf(user.id)[0]).toMatchObject({
      termsVersion: TERMS_VERSION,
      termsAcceptedAt: AT,
      contractLanguage: "fr",
      frenchTermsReceivedAt: null,
    });
  });
});
