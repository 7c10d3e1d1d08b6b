// Issue 45: the simulated provider keeps a card paid with setup_future_usage (brand, last four, expiry: never
// the number) and charges it off-session as Stripe's test cards answer: 4242 and 0446 succeed, 3184 always
// asks for authentication, 0341 is saved and then declined, an expired card is expired_card; an idempotency
// key asked twice answers one intent and charges once; a detached card is gone.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { setNow } from "~/lib/clock";
import { db, schema } from "~/services/platform/db.server";
import { SimulatedProvider } from "~/services/payments/simulated.server";
import type { PaymentProvider } from "~/services/payments/provider-types";

const provider = new SimulatedProvider();
const intentRow = (id: string) =>
  db.select().from(schema.simulatedIntents).where(eq(schema.simulatedIntents.id, id)).get()!;
const offSessionIntents = (key: string) =>
  db.select().from(schema.simulatedIntents).where(eq(schema.simulatedIntents.idempotencyKey, key)).all();

afterEach(() => setNow(null));

let counter = 0;
async function savedCard(cardNumber: string, options: { expYear?: number; expMonth?: number; save?: boolean } = {}) {
  const customerId = await (provider as PaymentProvider).createCustomer({
    email: "a@example.com",
    name: "A",
    metadata: {},
    preferredLocales: ["fr-CA"],
    idempotencyKey: `saved-card-test-${++counter}-${Date.now()}`,
  });
  const intent = await (provider as PaymentProvider).createIntent({
    amountCents: 1150,
    currency: "cad",
    metadata: { bookingRef: "r" },
    description: "1 bag",
    receiptEmail: "a@example.com",
    customerId,
    idempotencyKey: `k-${counter}`,
    ...(options.save === false ? {} : { setupFutureUsage: "off_session" as const }),
  });
  const confirmed = await provider.confirmCard(intent.id, {
    cardNumber,
    expMonth: options.expMonth ?? 12,
    expYear: options.expYear ?? 2034,
    cvc: "123",
    postalCode: "H2X 1Y4",
  });
  if ("requiresAction" in confirmed) await provider.authenticate(intent.id, "complete");
  return { customerId, intentId: intent.id, method: await provider.savedPaymentMethod(intent.id) };
}

function charge(customerId: string, paymentMethodId: string, idempotencyKey: string) {
  return provider.chargeOffSession({
    customerId,
    paymentMethodId,
    amountCents: 1150,
    currency: "cad",
    metadata: { plan: "1" },
    description: "Plan pickup",
    idempotencyKey,
  });
}

describe("saving the card", () => {
  it("keeps brand, last four and expiry of a card paid with setup_future_usage, never the number", async () => {
    const { method, intentId } = await savedCard("4242 4242 4242 4242", { expMonth: 3, expYear: 2031 });
    expect(method).toMatchObject({ brand: "visa", last4: "4242", expMonth: 3, expYear: 2031 });
    expect(method!.id).toMatch(/^pm_sim_/);
    const row = db
      .select()
      .from(schema.simulatedPaymentMethods)
      .where(eq(schema.simulatedPaymentMethods.id, method!.id))
      .get()!;
    expect(JSON.stringify(row)).not.toContain("4242424242424242");
    expect(intentRow(intentId).setupFutureUsage).toBe("off_session");
  });

  it("saves nothing without setup_future_usage, nor for an intent not paid", async () => {
    expect((await savedCard("4242424242424242", { save: false })).method).toBeNull();
    expect((await savedCard("4000000000000002")).method).toBeNull();
  });

  it("saves 3184 and 0446 once the first payment's 3-D Secure step is completed", async () => {
    for (const number of ["4000002760003184", "4000003800000446"]) {
      const { method } = await savedCard(number);
      expect(method?.last4).toBe(number.slice(-4));
    }
  });
});

describe("charging a saved card off-session", () => {
  it.each([
    ["4242424242424242", null, "succeeded"],
    ["4000003800000446", null, "succeeded"],
    ["4000002760003184", "authentication_required", "requires_action"],
    ["4000000000000341", "card_declined", "requires_payment_method"],
  ] as const)("%s: %s", async (number, failure, status) => {
    const { customerId, method } = await savedCard(number);
    for (const attempt of [1, 2]) {
      const key = `plan-1-cycle-${number}-${attempt}`;
      const result = await charge(customerId, method!.id, key);
      if (failure) {
        expect(result).toEqual({ ok: false, code: failure, intentId: expect.stringMatching(/^pi_sim_/) });
      } else {
        expect(result.ok).toBe(true);
        if (result.ok)
          expect(result.intent).toMatchObject({ status: "succeeded", amountCents: 1150, cardLast4: number.slice(-4) });
      }
      expect(offSessionIntents(key)[0]!.status).toBe(status);
    }
  });

  it("an idempotency key asked twice (even at once) answers the same intent and charges once", async () => {
    const { customerId, method } = await savedCard("4242424242424242");
    const [a, b] = await Promise.all([
      charge(customerId, method!.id, "cycle-x"),
      charge(customerId, method!.id, "cycle-x"),
    ]);
    const again = await charge(customerId, method!.id, "cycle-x");
    expect(a.ok && b.ok && again.ok).toBe(true);
    if (a.ok && b.ok && again.ok) {
      expect(b.intent.id).toBe(a.intent.id);
      expect(again.intent.id).toBe(a.intent.id);
    }
    expect(offSessionIntents("cycle-x")).toHaveLength(1);
    // A failed charge replays its failure too, never a second attempt.
    const declined = await savedCard("4000000000000341");
    const first = await charge(declined.customerId, declined.method!.id, "cycle-y");
    expect(await charge(declined.customerId, declined.method!.id, "cycle-y")).toEqual(first);
  });

  it("an expired saved card is expired_card", async () => {
    const { customerId, method } = await savedCard("4242424242424242", { expMonth: 1, expYear: 2031 });
    setNow(Date.UTC(2031, 0, 31, 12));
    expect((await charge(customerId, method!.id, "before-expiry")).ok).toBe(true);
    setNow(Date.UTC(2031, 1, 1, 12));
    expect(await charge(customerId, method!.id, "after-expiry")).toMatchObject({ ok: false, code: "expired_card" });
  });

  it("a detached card is no longer saved and cannot be charged; detaching twice is fine", async () => {
    const { customerId, method, intentId } = await savedCard("4242424242424242");
    await provider.detachPaymentMethod(method!.id);
    await provider.detachPaymentMethod(method!.id);
    await provider.detachPaymentMethod("pm_sim_unknown");
    expect(await provider.savedPaymentMethod(intentId)).toBeNull();
    expect(await charge(customerId, method!.id, "after-detach")).toMatchObject({ ok: false, code: "card_declined" });
    // Another customer's card is never charged.
    const other = await savedCard("4242424242424242");
    expect(await charge(customerId, other.method!.id, "not-yours")).toMatchObject({ ok: false, code: "card_declined" });
  });
});
