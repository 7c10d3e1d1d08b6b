// Issue 32, part 4: the resident's customer at the payment provider. POST /api/create-payment-intent answers
// its id as `customerId`: with Stripe (the real SDK against the local stand-in) a Customer made once for the
// resident (one even for simultaneous requests), stored, and attached to every PaymentIntent and hosted
// session; with the simulated provider a stable `cus_sim_` id of the same shape, attached to its intents.
// Issue 43 part 5: deleting the account deletes the Stripe Customer (DELETE /v1/customers/{id}); Stripe down,
// the deletion completes here and the retention job's run deletes the Customer once Stripe answers.
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";

// Before any app module reads the environment: start the stand-in and point the SDK at it.
const standIn = await vi.hoisted(async () => {
  const { startStripeStandIn, pointStripeAt } = await import("./stripe-stand-in");
  const started = await startStripeStandIn();
  pointStripeAt(started);
  return started;
});

import { action as createIntentAction } from "~/routes/api.create-payment-intent";
import { startCardPayment } from "~/services/checkout/card.server";
import { startHostedCheckout } from "~/services/checkout/hosted.server";
import { hostedCheckoutUrls } from "~/services/http/booking-steps.server";
import { setPaymentProvider } from "~/services/payments/provider.server";
import { StripeProvider } from "~/services/payments/stripe.server";
import { SimulatedProvider } from "~/services/payments/simulated.server";
import { db, schema } from "~/services/platform/db.server";
import { deleteAccount } from "~/services/privacy/deletion.server";
import { runRetention } from "~/services/privacy/retention.server";
import { cookieFor, send } from "./api-action";
import { resident, slot } from "./fixtures";

const stripe = new StripeProvider({ secretKey: "sk_test_x", publishableKey: "pk_test_x" });
const customersOf = (userId: number) =>
  db.select().from(schema.paymentCustomers).where(eq(schema.paymentCustomers.userId, userId)).all();

async function createIntent(userId: number, bagCount: 1 | 2 | 4, slotId: number) {
  const response = await send(
    createIntentAction,
    "/api/create-payment-intent",
    JSON.stringify({ bagCount, slotId, promoCode: null, acceptTerms: true }),
    { cookie: await cookieFor(userId) },
  );
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

beforeEach(() => standIn.reset());
afterAll(async () => {
  setPaymentProvider(null);
  await standIn.close();
});

describe("with Stripe", () => {
  beforeEach(() => setPaymentProvider(stripe));

  it("makes one Customer for the resident, stores it, attaches it to every intent and answers its id", async () => {
    const user = await resident();
    const first = await createIntent(user.id, 1, slot().id);
    const second = await createIntent(user.id, 2, slot().id);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(first.body.customerId).toMatch(/^cus_/);
    expect(second.body.customerId).toBe(first.body.customerId);

    const created = standIn.requestsTo("POST", "/v1/customers");
    expect(created).toHaveLength(1);
    expect(created[0]!.params).toMatchObject({
      email: user.email,
      name: "Marie Tremblay",
      metadata: { userId: String(user.id) },
    });
    expect(created[0]!.idempotencyKey).toBe(`customer-${user.id}`);
    expect(customersOf(user.id)).toEqual([
      expect.objectContaining({ provider: "stripe", customerId: first.body.customerId }),
    ]);
    for (const body of [first.body, second.body]) {
      expect(standIn.intents.get(body.paymentIntentId!)!.customer).toBe(first.body.customerId);
    }
    expect(await stripe.retrieveIntent(first.body.paymentIntentId!)).toMatchObject({
      customerId: first.body.customerId,
    });
  });

  it("gives two residents two Customers, and simultaneous first payments of one resident one", async () => {
    const [a, b] = [await resident(), await resident()];
    const started = await Promise.all([
      startCardPayment(a, { bags: 1, slotId: slot().id }),
      startCardPayment(a, { bags: 2, slotId: slot().id }),
      startCardPayment(b, { bags: 1, slotId: slot().id }),
    ]);
    expect(started[0].customerId).toBe(started[1].customerId);
    expect(started[2].customerId).not.toBe(started[0].customerId);
    expect(standIn.customers.size).toBeGreaterThanOrEqual(2);
    const made = new Set(standIn.requestsTo("POST", "/v1/customers").map((r) => r.idempotencyKey));
    expect(made).toEqual(new Set([`customer-${a.id}`, `customer-${b.id}`]));
    expect(customersOf(a.id)).toHaveLength(1);
  });

  it("attaches the hosted Checkout Session to the same Customer instead of an e-mail", async () => {
    const user = await resident();
    const { body } = await createIntent(user.id, 1, slot().id);
    await startHostedCheckout(user, { bags: 2, slotId: slot().id }, "en", hostedCheckoutUrls("/checkout"));
    const [session] = standIn.requestsTo("POST", "/v1/checkout/sessions");
    expect(session!.params.customer).toBe(body.customerId);
    expect(session!.params.customer_email).toBeUndefined();
    expect(standIn.requestsTo("POST", "/v1/customers")).toHaveLength(1);
  });

  it("deletes the Customer at Stripe when the account is deleted, later when Stripe was down", async () => {
    const user = await resident();
    const { body } = await createIntent(user.id, 1, slot().id);
    const customerId = body.customerId!;
    expect(standIn.customers.has(customerId)).toBe(true);
    // Down for the SDK's request and its one retry.
    for (let i = 0; i < 2; i++) {
      standIn.failNext("DELETE", `/v1/customers/${customerId}`, 500, { type: "api_error", message: "Stripe is down" });
    }

    await deleteAccount(user, "sorting-day-1", stripe);
    expect(db.select().from(schema.users).where(eq(schema.users.id, user.id)).get()!.deletedAt).not.toBeNull();
    expect(standIn.customers.has(customerId)).toBe(true);
    const owed = () =>
      db.select().from(schema.customerDeletions).where(eq(schema.customerDeletions.customerId, customerId)).get()!;
    expect(owed()).toMatchObject({ provider: "stripe", deletedAt: null });

    // The retention job's next run: Stripe answers, the Customer is gone.
    const run = await runRetention(Date.now(), stripe);
    expect(run.customers.deleted).toBeGreaterThanOrEqual(1);
    expect(standIn.customers.has(customerId)).toBe(false);
    expect(owed().deletedAt).not.toBeNull();
    expect(standIn.requestsTo("DELETE", `/v1/customers/${customerId}`).length).toBeGreaterThanOrEqual(3);
  });
});

describe("with the simulated provider", () => {
  beforeEach(() => setPaymentProvider(new SimulatedProvider()));

  it("answers a stable cus_sim_ id of Stripe's shape, the same on every payment, attached to its intents", async () => {
    const user = await resident();
    const other = await resident();
    const first = await createIntent(user.id, 1, slot().id);
    const second = await createIntent(user.id, 4, slot().id);
    const theirs = await createIntent(other.id, 1, slot().id);
    expect(first.body.customerId).toMatch(/^cus_sim_[0-9A-Za-z]{14}$/);
    expect(second.body.customerId).toBe(first.body.customerId);
    expect(theirs.body.customerId).toMatch(/^cus_sim_[0-9A-Za-z]{14}$/);
    expect(theirs.body.customerId).not.toBe(first.body.customerId);
    expect(first.body.customerId).not.toBe(String(user.id));
    expect(customersOf(user.id)).toEqual([
      expect.objectContaining({ provider: "simulated", customerId: first.body.customerId }),
    ]);
    const intent = db
      .select()
      .from(schema.simulatedIntents)
      .where(eq(schema.simulatedIntents.id, first.body.paymentIntentId!))
      .get()!;
    expect(intent.customerId).toBe(first.body.customerId);
    // Stable: the provider derives it from the resident, so a lost row gives the same id back.
    db.delete(schema.paymentCustomers).where(eq(schema.paymentCustomers.userId, user.id)).run();
    expect((await createIntent(user.id, 2, slot().id)).body.customerId).toBe(first.body.customerId);
    expect(standIn.requests).toHaveLength(0);
  });
});
