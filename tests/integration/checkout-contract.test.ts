// Issue 43, parts 2-3: the consumer's contract at checkout. Every way to pay (the card form, the free
// booking, the JSON API) carries the resident's acceptance of the terms: without the box ticked (and, in
// English, the box choosing English after the French terms) nothing is claimed, charged or booked; with it
// the acceptance (terms version, time, contract language) is stored on the checkout and copied to the pickup.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { setNow } from "~/lib/clock";
import { TERMS_VERSION } from "~/lib/contract";
import { applyPromo, createPromoCodes } from "~/services/booking/promo-rules.server";
import { newCheckoutId } from "~/services/checkout/record.server";
import { createUserSession } from "~/services/http/current-user.server";
import { db, schema } from "~/services/platform/db.server";
import { action as checkoutAction } from "~/routes/checkout/route";
import { action as createIntentAction } from "~/routes/api.create-payment-intent";
import { action as simulatedConfirmAction } from "~/routes/api.payments.simulated.confirm";
import { action as createPickupAction, loader as listPickupsLoader } from "~/routes/api.pickup-requests";
import { loader as pickupLoader } from "~/routes/api.pickup-requests.$key";
import { CARD, resident, routeAnswer, slot } from "./fixtures";

const AT = Date.parse("2026-12-01T15:00:00.000Z");
afterEach(() => setNow(null));

const pickupsOf = (userId: number) =>
  db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.userId, userId)).all();
const paymentsOf = (userId: number) =>
  db.select().from(schema.payments).where(eq(schema.payments.userId, userId)).all();
const checkoutsOf = (userId: number) =>
  db.select().from(schema.checkouts).where(eq(schema.checkouts.userId, userId)).all();

async function cookieFor(userId: number) {
  return (await createUserSession(userId)).get("Set-Cookie")!.split(";")[0]!;
}

const LANGUAGES = { en: "en-CA", fr: "fr-CA" } as const;

/** Posts the checkout page's form (as a data request: the reply comes back, not the refused-form redirect). */
async function postCheckout(
  userId: number,
  slotId: number,
  bags: number,
  fields: Record<string, string>,
  lng: keyof typeof LANGUAGES,
) {
  const url = `http://localhost/checkout?bags=${bags}&slotId=${slotId}&checkout=${newCheckoutId()}`;
  const request = new Request(url, {
    method: "POST",
    headers: {
      Cookie: await cookieFor(userId),
      "Accept-Language": LANGUAGES[lng],
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields).toString(),
  });
  return routeAnswer(checkoutAction, request);
}

/** The reply's errors of a refused checkout form (a `data()` answer). */
function replyErrors(answer: unknown): Record<string, string[] | null> {
  const body = (answer as { data: { reply: { error: Record<string, string[] | null> } } }).data;
  return body.reply.error;
}

const CARD_FIELDS = { intent: "pay", cardNumber: CARD.cardNumber, expiry: "12/34", cvc: "123", postalCode: "H2X 3K2" };

describe("the checkout page refuses a payment without the terms accepted", () => {
  it("the card: no box ticked → the box's error, nothing claimed, charged or booked (French and English)", async () => {
    for (const lng of ["fr", "en"] as const) {
      const user = await resident();
      const s = slot();
      const answer = await postCheckout(user.id, s.id, 2, CARD_FIELDS, lng);
      expect(replyErrors(answer).acceptTerms).toEqual(["checkout:contract.acceptRequired"]);
      expect((answer as unknown as { init: { status: number } }).init.status).toBe(400);
      expect(checkoutsOf(user.id)).toHaveLength(0);
      expect(paymentsOf(user.id)).toHaveLength(0);
      expect(pickupsOf(user.id)).toHaveLength(0);
    }
  });

  it("English without the French-terms box is refused next to that box; the free booking too", async () => {
    const user = await resident();
    const s = slot();
    const answer = await postCheckout(user.id, s.id, 2, { ...CARD_FIELDS, acceptTerms: "on" }, "en");
    expect(replyErrors(answer).frenchTermsReceived).toEqual(["checkout:contract.frenchRequired"]);
    const [code] = createPromoCodes(1, 100);
    applyPromo(user, code!, 1);
    const free = await postCheckout(user.id, s.id, 1, { intent: "bookFree" }, "fr");
    expect(replyErrors(free).acceptTerms).toEqual(["checkout:contract.acceptRequired"]);
    expect(checkoutsOf(user.id)).toHaveLength(0);
    expect(paymentsOf(user.id)).toHaveLength(0);
    expect(pickupsOf(user.id)).toHaveLength(0);
  });
});

describe("the acceptance is stored on the checkout and copied to the pickup", () => {
  it("the card (simulated), French: version, time, contract language fr, no French-terms time", async () => {
    setNow(AT);
    const user = await resident();
    const s = slot();
    const answer = await postCheckout(user.id, s.id, 2, { ...CARD_FIELDS, acceptTerms: "on" }, "fr");
    expect(answer.status).toBe(302);
    const [checkout] = checkoutsOf(user.id);
    expect(checkout).toMatchObject({ termsVersion: TERMS_VERSION, termsAcceptedAt: AT, contractLanguage: "fr" });
    expect(checkout!.frenchTermsReceivedAt).toBeNull();
    const [pickup] = pickupsOf(user.id);
    expect(pickup).toMatchObject({
      termsVersion: TERMS_VERSION,
      termsAcceptedAt: AT,
      contractLanguage: "fr",
      frenchTermsReceivedAt: null,
    });
  });

  it("the card, English with both boxes: contract language en and the French terms' receipt stored", async () => {
    setNow(AT);
    const user = await resident();
    const s = slot();
    const fields = { ...CARD_FIELDS, acceptTerms: "on", frenchTermsReceived: "on" };
    expect((await postCheckout(user.id, s.id, 2, fields, "en")).status).toBe(302);
    expect(pickupsOf(user.id)[0]).toMatchObject({
      termsVersion: TERMS_VERSION,
      termsAcceptedAt: AT,
      contractLanguage: "en",
      frenchTermsReceivedAt: AT,
    });
  });

  it("the free booking (a 100 % promo)", async () => {
    setNow(AT);
    const user = await resident();
    const s = slot();
    const [code] = createPromoCodes(1, 100);
    applyPromo(user, code!, 1);
    const answer = await postCheckout(user.id, s.id, 1, { intent: "bookFree", acceptTerms: "on" }, "fr");
    expect(answer.status).toBe(302);
    expect(pickupsOf(user.id)[0]).toMatchObject({
      totalCents: 0,
      termsVersion: TERMS_VERSION,
      termsAcceptedAt: AT,
      contractLanguage: "fr",
    });
  });
});

async function postJson(handler: unknown, path: string, body: unknown, cookie: string) {
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { Cookie: cookie, "Accept-Language": "en-CA", "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const response = await routeAnswer(handler, request);
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe("the JSON API carries the same contract", () => {
  it("create-payment-intent without acceptTerms: 400 naming it, and no checkout is claimed", async () => {
    const user = await resident();
    const s = slot();
    const cookie = await cookieFor(user.id);
    const missing = await postJson(
      createIntentAction,
      "/api/create-payment-intent",
      { bagCount: 1, slotId: s.id },
      cookie,
    );
    expect(missing.status).toBe(400);
    expect(missing.json.message).toContain("acceptTerms");
    const refused = await postJson(
      createIntentAction,
      "/api/create-payment-intent",
      { bagCount: 1, slotId: s.id, acceptTerms: false },
      cookie,
    );
    expect(refused.status).toBe(400);
    expect(refused.json.message).toContain("acceptTerms");
    const english = await postJson(
      createIntentAction,
      "/api/create-payment-intent",
      { bagCount: 1, slotId: s.id, acceptTerms: true, contractLanguage: "en" },
      cookie,
    );
    expect(english.status).toBe(400);
    expect(english.json.message).toContain("frenchTermsReceived");
    expect(checkoutsOf(user.id)).toHaveLength(0);
    expect(paymentsOf(user.id)).toHaveLength(0);
  });

  it("POST /api/pickup-requests: 400 without acceptTerms or (in English) frenchTermsReceived; then books in English, and GET shows it", async () => {
    setNow(AT);
    const user = await resident();
    const s = slot();
    const cookie = await cookieFor(user.id);
    const intent = await postJson(
      createIntentAction,
      "/api/create-payment-intent",
      { bagCount: 1, slotId: s.id, acceptTerms: true },
      cookie,
    );
    expect(intent.status).toBe(200);
    const paymentIntentId = String(intent.json.paymentIntentId);
    const confirmed = await postJson(
      simulatedConfirmAction,
      "/api/payments/simulated/confirm",
      { paymentIntentId, ...CARD },
      cookie,
    );
    expect(confirmed.json.status).toBe("succeeded");
    const booking = { bagsRequested: 1, pickupSlotId: s.id, totalPrice: 11.5, paymentIntentId };

    const missing = await postJson(createPickupAction, "/api/pickup-requests", booking, cookie);
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual({ message: expect.stringContaining("acceptTerms") });
    const refused = await postJson(
      createPickupAction,
      "/api/pickup-requests",
      { ...booking, acceptTerms: false },
      cookie,
    );
    expect(refused.status).toBe(400);
    expect(refused.json.message).toContain("acceptTerms");
    const english = await postJson(
      createPickupAction,
      "/api/pickup-requests",
      { ...booking, acceptTerms: true, contractLanguage: "en" },
      cookie,
    );
    expect(english.status).toBe(400);
    expect(english.json.message).toContain("frenchTermsReceived");
    expect(pickupsOf(user.id)).toHaveLength(0);

    setNow(AT + 60_000);
    const booked = await postJson(
      createPickupAction,
      "/api/pickup-requests",
      { ...booking, acceptTerms: true, contractLanguage: "en", frenchTermsReceived: true },
      cookie,
    );
    expect(booked.status).toBe(201);
    const iso = new Date(AT + 60_000).toISOString();
    expect(booked.json).toMatchObject({ termsVersion: TERMS_VERSION, termsAcceptedAt: iso, contractLanguage: "en" });
    expect(pickupsOf(user.id)[0]).toMatchObject({ contractLanguage: "en", frenchTermsReceivedAt: AT + 60_000 });

    const get = (url: string) =>
      pickupLoader({
        request: new Request(url, { headers: { Cookie: cookie } }),
        params: { key: String(booked.json.confirmationNumber) },
        context: {},
      });
    const one = (await (
      await get(`http://localhost/api/pickup-requests/${booked.json.confirmationNumber}`)
    ).json()) as Record<string, unknown>;
    expect(one).toMatchObject({ termsVersion: TERMS_VERSION, termsAcceptedAt: iso, contractLanguage: "en" });
    const list = (await (
      await routeAnswer(
        listPickupsLoader,
        new Request("http://localhost/api/pickup-requests", { headers: { Cookie: cookie } }),
      )
    ).json()) as Record<string, unknown>[];
    expect(list[0]).toMatchObject({ termsVersion: TERMS_VERSION, termsAcceptedAt: iso, contractLanguage: "en" });
  });

  it("the contract language is French by default", async () => {
    setNow(AT);
    const user = await resident();
    const s = slot();
    const cookie = await cookieFor(user.id);
    const intent = await postJson(
      createIntentAction,
      "/api/create-payment-intent",
      { bagCount: 1, slotId: s.id, acceptTerms: true },
      cookie,
    );
    const paymentIntentId = String(intent.json.paymentIntentId);
    await postJson(simulatedConfirmAction, "/api/payments/simulated/confirm", { paymentIntentId, ...CARD }, cookie);
    const booked = await postJson(
      createPickupAction,
      "/api/pickup-requests",
      { bagsRequested: 1, pickupSlotId: s.id, totalPrice: 11.5, paymentIntentId, acceptTerms: true },
      cookie,
    );
    expect(booked.status).toBe(201);
    expect(booked.json).toMatchObject({ contractLanguage: "fr", termsVersion: TERMS_VERSION });
    expect(pickupsOf(user.id)[0]!.frenchTermsReceivedAt).toBeNull();
  });
});
