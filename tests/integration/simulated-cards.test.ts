// Stripe's test cards through the simulated provider: which pay (with their brand), which decline with
// their own message, 3184 that asks for authentication (its page: simulated-3ds.test.ts), 5126 whose
// refund fails (and a cancel that says so), and the test-mode banner.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { setNow } from "~/lib/clock";
import { CardFormSchema } from "~/lib/checkout-schema";
import { CardError, payWithSimulatedCard } from "~/services/checkout/simulated-card.server";
import { SimulatedProvider } from "~/services/payments/simulated.server";
import { db, schema } from "~/services/platform/db.server";
import { cancelPickup } from "~/services/pickups/changes.server";
import { createUserSession } from "~/services/http/current-user.server";
import { takeToast } from "~/services/http/toast.server";
import { action as apiAction } from "~/routes/api.pickup-requests.$key";
import { action as cancelPageAction } from "~/routes/order.$confirmationNumber_.cancel";
import enCheckout from "~/locales/en/checkout.json";
import frCheckout from "~/locales/fr/checkout.json";
import enOrders from "~/locales/en/orders.json";
import frOrders from "~/locales/fr/orders.json";
import { CARD, resident, slot } from "./fixtures";

const HOUR = 3_600_000;
const paymentRow = (id: number) => db.select().from(schema.payments).where(eq(schema.payments.id, id)).get()!;
const ledger = (id: string) =>
  db.select().from(schema.simulatedIntents).where(eq(schema.simulatedIntents.id, id)).get()!;
const pickupsOf = (userId: number) =>
  db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.userId, userId)).all();

afterEach(() => setNow(null));

const PAYING: [string, string, string][] = [
  ["4242 4242 4242 4242", "visa", "4242"],
  ["4000 0012 4000 0000", "visa", "0000"],
  ["2223 0031 2200 3222", "mastercard", "3222"],
  ["6011 1111 1111 1117", "discover", "1117"],
  ["3566 0020 2036 0505", "jcb", "0505"],
  ["4000 0000 0000 5126", "visa", "5126"],
];

const DECLINED: [string, string][] = [
  ["4000 0000 0000 9987", "lost_card"],
  ["4000 0000 0000 9979", "stolen_card"],
  ["4000 0000 0000 0119", "processing_error"],
  ["4000 0000 0000 0002", "card_declined"],
  ["4000 0000 0000 9995", "insufficient_funds"],
  ["4000 0000 0000 0127", "incorrect_cvc"],
  ["4000 0000 0000 0069", "expired_card"],
];

async function providerIntent(provider: SimulatedProvider) {
  return provider.createIntent({
    amountCents: 1150,
    currency: "cad",
    metadata: {},
    description: "Collecte ReCircle : 1 sac",
    customerId: "cus_sim_test",
  });
}

describe("the simulated provider follows Stripe's test cards", () => {
  it.each(PAYING)("%s pays as %s ending %s", async (cardNumber, brand, last4) => {
    const provider = new SimulatedProvider();
    const intent = await providerIntent(provider);
    await expect(provider.confirmCard(intent.id, { ...CARD, cardNumber })).resolves.toEqual({ ok: true });
    expect(await provider.retrieveIntent(intent.id)).toMatchObject({
      status: "succeeded",
      cardBrand: brand,
      cardLast4: last4,
    });
  });

  it.each(DECLINED)("%s is refused with %s", async (cardNumber, code) => {
    const provider = new SimulatedProvider();
    const intent = await providerIntent(provider);
    await expect(provider.confirmCard(intent.id, { ...CARD, cardNumber })).resolves.toEqual({ ok: false, code });
    expect(await provider.retrieveIntent(intent.id)).toMatchObject({ status: "requires_payment_method" });
  });

  it("4000 0027 6000 3184 asks for authentication: the intent waits in requires_action with its card", async () => {
    const provider = new SimulatedProvider();
    const intent = await providerIntent(provider);
    await expect(provider.confirmCard(intent.id, { ...CARD, cardNumber: "4000 0027 6000 3184" })).resolves.toEqual({
      ok: false,
      requiresAction: true,
    });
    expect(await provider.retrieveIntent(intent.id)).toMatchObject({
      status: "requires_action",
      cardBrand: "visa",
      cardLast4: "3184",
    });
    // Its expiry and CVC are checked first, as for any card.
    const expired = await providerIntent(provider);
    await expect(
      provider.confirmCard(expired.id, { ...CARD, cardNumber: "4000 0027 6000 3184", expYear: 2020 }),
    ).resolves.toEqual({ ok: false, code: "expired_card" });
    // Completed, it succeeds; failed, it is open again with the error authentication_failed.
    await expect(provider.authenticate(intent.id, "complete")).resolves.toMatchObject({ status: "succeeded" });
    const failing = await providerIntent(provider);
    await provider.confirmCard(failing.id, { ...CARD, cardNumber: "4000 0027 6000 3184" });
    await expect(provider.authenticate(failing.id, "fail")).resolves.toMatchObject({
      status: "requires_payment_method",
    });
    expect(ledger(failing.id)).toMatchObject({ lastErrorCode: "authentication_failed", cardLast4: null });
    // Only an intent waiting for authentication is changed.
    await expect(provider.authenticate(failing.id, "complete")).resolves.toMatchObject({
      status: "requires_payment_method",
    });
  });

  it("5126 pays but its refund fails at the provider, and nothing is refunded", async () => {
    const provider = new SimulatedProvider();
    const intent = await providerIntent(provider);
    await provider.confirmCard(intent.id, { ...CARD, cardNumber: "4000 0000 0000 5126" });
    await expect(provider.refund(intent.id, 920)).resolves.toMatchObject({ amountCents: 920, status: "failed" });
    await expect(provider.listRefunds(intent.id)).resolves.toEqual([]);
    expect(ledger(intent.id).refundedCents).toBe(0);
    // Other paying cards still refund.
    const other = await providerIntent(provider);
    await provider.confirmCard(other.id, { ...CARD, cardNumber: "4000 0012 4000 0000" });
    await expect(provider.refund(other.id, 920)).resolves.toMatchObject({
      id: expect.stringMatching(/^re_sim_/),
      status: "succeeded",
    });
    await expect(provider.listRefunds(other.id)).resolves.toMatchObject([{ amountCents: 920, status: "succeeded" }]);
    expect(ledger(other.id).refundedCents).toBe(920);
  });
});

describe("paying at checkout with Stripe's test cards", () => {
  it.each(PAYING)("%s books the pickup and stores brand %s, last four %s", async (cardNumber, brand, last4) => {
    const user = await resident();
    const pickup = await payWithSimulatedCard(user, { bags: 1, slotId: slot().id }, { ...CARD, cardNumber });
    expect(paymentRow(pickup.paymentId!)).toMatchObject({ status: "succeeded", cardBrand: brand, cardLast4: last4 });
  });

  it.each(DECLINED)("%s books nothing and answers %s", async (cardNumber, code) => {
    const user = await resident();
    const error = await payWithSimulatedCard(user, { bags: 1, slotId: slot().id }, { ...CARD, cardNumber }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CardError);
    expect(error).toMatchObject({ code, key: `card.errors.${code}` });
    expect(pickupsOf(user.id)).toHaveLength(0);
  });

  it("lost, stolen and processing errors have their own words in English and French", () => {
    const en = enCheckout.card.errors as Record<string, string>;
    const fr = frCheckout.card.errors as Record<string, string>;
    expect(en.lost_card).toMatch(/declined.*reported lost/);
    expect(en.stolen_card).toMatch(/declined.*reported stolen/);
    expect(en.processing_error).toMatch(/error occurred while processing.*try again/);
    expect(fr.lost_card).toMatch(/refusée.*déclarée perdue/);
    expect(fr.stolen_card).toMatch(/refusée.*déclarée volée/);
    expect(fr.processing_error).toMatch(/erreur.*réessayer/);
    for (const errors of [en, fr]) {
      expect(new Set([errors.lost_card, errors.stolen_card, errors.processing_error, errors.card_declined]).size).toBe(
        4,
      );
    }
  });
});

describe("a cancel whose refund fails says so", () => {
  async function bookedWith(cardNumber: string) {
    const user = await resident();
    const pickup = await payWithSimulatedCard(user, { bags: 1, slotId: slot().id }, { ...CARD, cardNumber });
    const cookie = (await createUserSession(user.id)).get("Set-Cookie")!.split(";")[0]!;
    return { user, pickup, cookie };
  }

  const apiDelete = (id: number, cookie: string, language = "en") =>
    apiAction({
      request: new Request(`http://localhost/api/pickup-requests/${id}`, {
        method: "DELETE",
        headers: { Cookie: cookie, "Accept-Language": language, "Content-Type": "application/json" },
      }),
      params: { key: String(id) },
      context: {},
    });

  async function cancelOnPage(confirmationNumber: string, cookie: string) {
    const response = (await cancelPageAction({
      request: new Request(`http://localhost/order/${confirmationNumber}/cancel`, {
        method: "POST",
        // The page is read in English: its toast's amount is written the page's way (issue 33 part 7).
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", "Accept-Language": "en-CA" },
        body: new URLSearchParams({ intent: "cancel" }),
      }),
      params: { confirmationNumber },
      context: {},
    })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/history");
    const visitor = response.headers.get("Set-Cookie")!.split(";")[0]!;
    const { toast } = await takeToast(new Request("http://localhost/history", { headers: { Cookie: visitor } }));
    return toast!;
  }

  function expectNoRefundRecorded(paymentId: number) {
    const payment = paymentRow(paymentId);
    expect(payment).toMatchObject({ status: "succeeded", refundedCents: 0, failureCode: "refund_failed" });
    expect(ledger(payment.providerPaymentId).refundedCents).toBe(0);
  }

  it("cancelPickup reports the failed refund and records none as sent", async () => {
    const { user, pickup } = await bookedWith("4000 0000 0000 5126");
    const cancelled = await cancelPickup(user, pickup.id);
    expect(cancelled).toMatchObject({ status: "Cancelled", refundFailed: true });
    expectNoRefundRecorded(pickup.paymentId!);
  });

  it("the page's toast says the refund failed, not 'Refund: $9.20'", async () => {
    const { pickup, cookie } = await bookedWith("4000 0000 0000 5126");
    const toast = await cancelOnPage(pickup.confirmationNumber, cookie);
    expect(toast).toMatchObject({
      type: "error",
      title: "orders:cancel.done",
      description: "orders:refund.failed",
      values: { amount: "$9.20" },
    });
    expectNoRefundRecorded(pickup.paymentId!);
    expect(enOrders.refund.failed).toMatch(
      /Refund of \{\{amount\}\}: could not be sent to your card\. We will try again/,
    );
    expect(frOrders.refund.failed).toMatch(
      /Remboursement de \{\{amount\}\} : il n'a pas pu être envoyé sur votre carte/,
    );
  });

  it("a card that refunds still gets 'Refund: $9.20' on the page", async () => {
    const { pickup, cookie } = await bookedWith("4242 4242 4242 4242");
    const toast = await cancelOnPage(pickup.confirmationNumber, cookie);
    expect(toast).toMatchObject({
      type: "success",
      description: "orders:refund.succeeded",
      values: { amount: "$9.20" },
    });
  });

  it("DELETE /api/pickup-requests/{id} answers refundFailed with no refund amount, in the resident's language", async () => {
    const { pickup, cookie } = await bookedWith("4000 0000 0000 5126");
    const response = await apiDelete(pickup.id, cookie);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ status: "Cancelled", refundFailed: true, refundAmount: 0, refundStatus: "failed" });
    expect(body.message).toBe("Refund of $9.20: could not be sent to your card. We will try again and contact you.");
    expectNoRefundRecorded(pickup.paymentId!);

    const fr = await bookedWith("4000 0000 0000 5126");
    const frBody = await (await apiDelete(fr.pickup.id, fr.cookie, "fr")).json();
    expect(frBody).toMatchObject({ refundFailed: true, refundAmount: 0, refundStatus: "failed" });
    expect(frBody.message).toContain("Remboursement de 9,20");
    expect(frBody.message).toContain("n'a pas pu être envoyé");
  });

  it("DELETE of a card that refunds answers the refund amount as before", async () => {
    const { pickup, cookie } = await bookedWith("4242 4242 4242 4242");
    const body = await (await apiDelete(pickup.id, cookie)).json();
    expect(body).toMatchObject({ status: "Cancelled", refundAmount: 9.2, refundStatus: "succeeded" });
    expect(body.refundFailed).toBeUndefined();
  });

  it("is refused the same way within 12 hours (the rule is unchanged)", async () => {
    const user = await resident();
    const s = slot();
    const pickup = await payWithSimulatedCard(
      user,
      { bags: 1, slotId: s.id },
      { ...CARD, cardNumber: "4000 0000 0000 5126" },
    );
    setNow(s.startsAt - 11 * HOUR);
    await expect(cancelPickup(user, pickup.id)).rejects.toMatchObject({ key: "errors.tooLateToChange" });
  });
});

describe("the test-mode banner", () => {
  it.each([
    ["en", enCheckout.testMode, "any postal code"],
    ["fr", frCheckout.testMode, "n'importe quel code postal"],
  ])("in %s states the postal-code format the card form takes", (_lng, banner, old) => {
    expect(banner).not.toContain(old);
    expect(banner).toContain("A1A 1A1");
    const example = banner.match(/[A-Z]\d[A-Z] \d[A-Z]\d/g)!.find((code) => code !== "A1A 1A1")!;
    expect(
      CardFormSchema.safeParse({ cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", postalCode: example }),
    ).toMatchObject({ success: true });
  });
});
