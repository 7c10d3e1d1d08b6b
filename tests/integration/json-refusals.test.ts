// Issue 32, part 5: every 400 of a JSON edge names the field and what is expected, in the caller's language
// (the way POST /api/create-payment-intent answers a bagCount of the wrong type), and changes nothing. A card
// sent with `expiry` instead of `expMonth`/`expYear` is told that expMonth is missing, not "Something went wrong".
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as checkoutSessionAction } from "~/routes/api.checkout.session";
import { action as createIntentAction } from "~/routes/api.create-payment-intent";
import { action as notificationsAction } from "~/routes/api.notifications";
import { action as simulatedConfirmAction } from "~/routes/api.payments.simulated.confirm";
import { action as pickupRequestsAction } from "~/routes/api.pickup-requests";
import { action as movePickupAction } from "~/routes/api.pickup-requests.$key";
import { action as promoValidateAction } from "~/routes/api.promo.validate";
import { startCardPayment } from "~/services/checkout/card.server";
import { db, schema } from "~/services/platform/db.server";
import { cookieFor, type Action } from "./api-action";
import { CARD, resident, slot } from "./fixtures";

const LANGUAGES = { en: "en-CA", fr: "fr-CA" } as const;

async function ask(
  action: Action,
  path: string,
  body: unknown,
  options: { cookie: string; lang: keyof typeof LANGUAGES; method?: string; params?: Record<string, string> },
) {
  const request = new Request(`http://localhost${path}`, {
    method: options.method ?? "POST",
    headers: { "Content-Type": "application/json", "Accept-Language": LANGUAGES[options.lang], Cookie: options.cookie },
    body: JSON.stringify(body),
  });
  const response = await action({ request, params: options.params ?? {}, context: {} }).catch((r: Response) => r);
  return { status: response.status, body: (await response.json()) as { message: string } };
}

const SIMULATED_CARD = { cardNumber: CARD.cardNumber, cvc: CARD.cvc, postalCode: CARD.postalCode };

describe("the simulated card confirmation", () => {
  it.each([
    ["en", { expiry: "12/30" }, "expMonth is missing: a number is expected"],
    ["fr", { expiry: "12/30" }, "expMonth manque : un nombre est attendu"],
    ["en", { expMonth: 12 }, "expYear is missing: a number is expected"],
    ["fr", { expMonth: "12", expYear: 2030 }, "expMonth : un nombre est attendu"],
    ["en", { expMonth: 12.5, expYear: 2030 }, "expMonth: a whole number is expected"],
    ["en", { expMonth: 12, expYear: -1 }, "expYear: a number of at least 0 is expected"],
    ["fr", { expMonth: 12, expYear: 20300 }, "expYear : un nombre d’au plus 9999 est attendu"],
  ] as const)("%s %j: 400 %s, and the payment is untouched", async (lang, expiry, message) => {
    const user = await resident();
    const { paymentIntentId, payment } = await startCardPayment(user, { bags: 1, slotId: slot().id });
    const answer = await ask(
      simulatedConfirmAction as Action,
      "/api/payments/simulated/confirm",
      { paymentIntentId, ...SIMULATED_CARD, ...expiry },
      { cookie: await cookieFor(user.id), lang },
    );
    expect(answer).toEqual({ status: 400, body: { message } });
    const after = db.select().from(schema.payments).where(eq(schema.payments.id, payment.id)).get()!;
    expect(after.status).toBe(payment.status);
  });

  it("a missing payment intent id names it too", async () => {
    const user = await resident();
    const answer = await ask(
      simulatedConfirmAction as Action,
      "/api/payments/simulated/confirm",
      { ...SIMULATED_CARD, expMonth: 12, expYear: 2030 },
      { cookie: await cookieFor(user.id), lang: "en" },
    );
    expect(answer).toEqual({ status: 400, body: { message: "paymentIntentId is missing: a text is expected" } });
  });
});

describe("the other JSON bodies", () => {
  const cases: Array<[string, Action, string, unknown, { en: string; fr: string }, string?]> = [
    [
      "create-payment-intent, bagCount 3",
      createIntentAction as Action,
      "/api/create-payment-intent",
      { bagCount: 3, slotId: 1, acceptTerms: true },
      { en: "bagCount: 1, 2 or 4 is expected", fr: "bagCount : 1, 2 ou 4 est attendu" },
    ],
    [
      "create-payment-intent, bagCount as text",
      createIntentAction as Action,
      "/api/create-payment-intent",
      { bagCount: "2", slotId: 1, acceptTerms: true },
      { en: "bagCount: a number is expected", fr: "bagCount : un nombre est attendu" },
    ],
    [
      "create-payment-intent, no slotId",
      createIntentAction as Action,
      "/api/create-payment-intent",
      { bagCount: 1 },
      { en: "slotId is missing: a number is expected", fr: "slotId manque : un nombre est attendu" },
    ],
    [
      "create-payment-intent, slotId 0",
      createIntentAction as Action,
      "/api/create-payment-intent",
      { bagCount: 1, slotId: 0, acceptTerms: true },
      { en: "slotId: a number of at least 1 is expected", fr: "slotId : un nombre d’au moins 1 est attendu" },
    ],
    [
      "checkout session, promoCode too long",
      checkoutSessionAction as Action,
      "/api/checkout/session",
      { bagCount: 1, slotId: 1, promoCode: "X".repeat(41), acceptTerms: true },
      {
        en: "promoCode: at most 40 characters are expected",
        fr: "promoCode : au plus 40 caractères sont attendus",
      },
    ],
    [
      "pickup request, no pickupSlotId",
      pickupRequestsAction as Action,
      "/api/pickup-requests",
      { bagsRequested: 1, totalPrice: 11.5, paymentIntentId: "pi_sim_x", acceptTerms: true },
      { en: "pickupSlotId is missing: a number is expected", fr: "pickupSlotId manque : un nombre est attendu" },
    ],
    [
      "promo validate, bagCount missing",
      promoValidateAction as Action,
      "/api/promo/validate",
      { code: "RC-AAAAAAAA" },
      { en: "bagCount is missing: a number is expected", fr: "bagCount manque : un nombre est attendu" },
    ],
    [
      "notifications, ids not a list",
      notificationsAction as Action,
      "/api/notifications",
      { ids: "all" },
      { en: "ids: a list is expected", fr: "ids : une liste est attendue" },
    ],
    [
      "notifications, too many ids",
      notificationsAction as Action,
      "/api/notifications",
      { ids: Array.from({ length: 201 }, (_, i) => String(i)) },
      { en: "ids: at most 200 items are expected", fr: "ids : au plus 200 éléments sont attendus" },
    ],
  ];

  it.each(cases)("%s", async (_name, action, path, body, messages) => {
    const user = await resident();
    const cookie = await cookieFor(user.id);
    for (const lang of ["en", "fr"] as const) {
      expect(await ask(action, path, body, { cookie, lang })).toEqual({
        status: 400,
        body: { message: messages[lang] },
      });
    }
    expect(db.select().from(schema.payments).where(eq(schema.payments.userId, user.id)).all()).toHaveLength(0);
  });

  it("moving a pickup without its new slot names pickupSlotId, in both languages", async () => {
    const user = await resident();
    const cookie = await cookieFor(user.id);
    for (const [lang, message] of [
      ["en", "pickupSlotId is missing: a number is expected"],
      ["fr", "pickupSlotId manque : un nombre est attendu"],
    ] as const) {
      const answer = await ask(
        movePickupAction as Action,
        "/api/pickup-requests/1",
        { slotId: 3 },
        {
          cookie,
          lang,
          method: "PUT",
          params: { key: "1" },
        },
      );
      expect(answer).toEqual({ status: 400, body: { message } });
    }
  });
});
