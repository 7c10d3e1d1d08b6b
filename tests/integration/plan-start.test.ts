// Issue 45 part 1 with the simulated provider: the consent and the plan chosen at checkout are stored on the
// checkout before payment; the consented payment writes its saved card once (brand, last four, expiry,
// consentedAt, the contract's language), however often it is fulfilled, and starts the plan (all paths: the
// no-JavaScript card form, the JSON API's card, the 3-D Secure page); startPlan's refusals; the JSON API's
// 400, 404, 409 and 201.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { fulfilPayment } from "~/services/checkout/fulfil.server";
import { finishSimulatedAuthentication, payWithSimulatedCard } from "~/services/checkout/simulated-card.server";
import { newCheckoutId } from "~/services/checkout/record.server";
import { createUserSession } from "~/services/http/current-user.server";
import { PlanStartError, startPlan } from "~/services/plans/start.server";
import { paymentProvider } from "~/services/payments/provider.server";
import { db, schema } from "~/services/platform/db.server";
import { action as checkoutAction } from "~/routes/checkout/route";
import { action as createIntentAction } from "~/routes/api.create-payment-intent";
import { action as confirmApiAction } from "~/routes/api.payments.simulated.confirm";
import { action as pickupRequestsAction } from "~/routes/api.pickup-requests";
import { action as pickupPlansAction } from "~/routes/api.pickup-plans";
import { CARD, resident, routeAnswer, slot } from "./fixtures";

const pickupsOf = (userId: number) =>
  db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.userId, userId)).all();
const paymentsOf = (userId: number) =>
  db.select().from(schema.payments).where(eq(schema.payments.userId, userId)).all();
const cardsOf = (userId: number) =>
  db.select().from(schema.savedCards).where(eq(schema.savedCards.userId, userId)).all();
const plansOf = (userId: number) =>
  db.select().from(schema.pickupPlans).where(eq(schema.pickupPlans.userId, userId)).all();
const slotRow = (id: number) => db.select().from(schema.pickupSlots).where(eq(schema.pickupSlots.id, id)).get()!;

async function cookieFor(userId: number) {
  return (await createUserSession(userId)).get("Set-Cookie")!.split(";")[0]!;
}

const formPost = (path: string, cookie: string, fields: Record<string, string>, lang = "en-CA") =>
  new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { Cookie: cookie, "Accept-Language": lang, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

const jsonPost = (path: string, cookie: string, body: unknown, lang = "en-CA") =>
  new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { Cookie: cookie, "Accept-Language": lang, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

const payFields = (extra: Record<string, string> = {}, cardNumber = "4242 4242 4242 4242") => ({
  intent: "pay",
  acceptTerms: "on",
  frenchTermsReceived: "on",
  cardNumber,
  expiry: "12/34",
  cvc: "123",
  postalCode: "H2X 3K2",
  ...extra,
});

async function onCheckout(bags = 2) {
  const user = await resident();
  const s = slot();
  const cookie = await cookieFor(user.id);
  return { user, s, cookie, checkoutUrl: `/checkout?bags=${bags}&slotId=${s.id}&checkout=${newCheckoutId()}` };
}

/** A refused form's reply (Remix data(): its status and field errors). */
function refusal(answer: unknown) {
  const reply = answer as { init: { status: number }; data: { reply: { error: Record<string, string[] | null> } } };
  return { status: reply.init.status, errors: reply.data.reply.error };
}

describe("the checkout form (no JavaScript, simulated card)", () => {
  it("a consented payment with a plan keeps the card once and starts the plan from the pickup", async () => {
    const { user, s, cookie, checkoutUrl } = await onCheckout(2);
    const answer = await routeAnswer(
      checkoutAction,
      formPost(checkoutUrl, cookie, payFields({ saveCardConsent: "on", planIntervalWeeks: "4" })),
    );
    expect(answer.status).toBe(302);
    const [pickup] = pickupsOf(user.id);
    const [card] = cardsOf(user.id);
    expect(card).toMatchObject({
      provider: "simulated",
      brand: "visa",
      last4: "4242",
      expMonth: 12,
      expYear: 2034,
      consentLanguage: "en",
      paymentId: pickup!.paymentId,
      detachedAt: null,
    });
    expect(card!.paymentMethodId).toMatch(/^pm_sim_/);
    expect(card!.consentedAt).toBeGreaterThan(0);
    const slotNow = slotRow(s.id);
    const [plan] = plansOf(user.id);
    expect(plan).toMatchObject({
      originPickupId: pickup!.id,
      intervalWeeks: 4,
      bagCount: 2,
      window: slotNow.window,
      anchorDate: slotNow.date,
      savedCardId: card!.id,
      status: "active",
    });
    expect(pickupsOf(user.id)[0]!.planId).toBe(plan!.id);

    // The same payment fulfilled again (the return page, the webhook, the reconcile): nothing more written.
    const intentId = paymentsOf(user.id)[0]!.providerPaymentId;
    await fulfilPayment(intentId);
    await Promise.all([fulfilPayment(intentId), fulfilPayment(intentId)]);
    expect(cardsOf(user.id)).toHaveLength(1);
    expect(plansOf(user.id)).toHaveLength(1);
  });

  it("the consent alone keeps the card, in the contract's language (French), and starts no plan", async () => {
    const { user, cookie, checkoutUrl } = await onCheckout(1);
    const fields = payFields({ saveCardConsent: "on", planIntervalWeeks: "" });
    const answer = await routeAnswer(checkoutAction, formPost(checkoutUrl, cookie, fields, "fr-CA"));
    expect(answer.status).toBe(302);
    expect(cardsOf(user.id)).toMatchObject([{ consentLanguage: "fr", last4: "4242" }]);
    expect(plansOf(user.id)).toHaveLength(0);
  });

  it("without the consent nothing is kept", async () => {
    const { user, cookie, checkoutUrl } = await onCheckout(1);
    expect((await routeAnswer(checkoutAction, formPost(checkoutUrl, cookie, payFields()))).status).toBe(302);
    expect(pickupsOf(user.id)).toHaveLength(1);
    expect(cardsOf(user.id)).toHaveLength(0);
  });

  it.each([
    [{ planIntervalWeeks: "4" }, "saveCardConsent", "checkout:planStart.consentRequired"],
    [{ planIntervalWeeks: "3", saveCardConsent: "on" }, "planIntervalWeeks", "checkout:planStart.intervalInvalid"],
  ])("%o is refused (%s), nothing claimed or charged", async (extra, field, key) => {
    const { user, cookie, checkoutUrl } = await onCheckout(1);
    const answer = await routeAnswer(checkoutAction, formPost(checkoutUrl, cookie, payFields(extra)));
    expect(refusal(answer).status).toBe(400);
    expect(refusal(answer).errors[field]).toEqual([key]);
    expect(paymentsOf(user.id)).toHaveLength(0);
    expect(pickupsOf(user.id)).toHaveLength(0);
  });

  it("4000 0027 6000 3184: saved once its first payment's 3-D Secure step is completed, and the plan starts", async () => {
    const user = await resident();
    const s = slot();
    const plan = { saveCardConsent: true, intervalWeeks: 8 as const };
    const checkoutId = newCheckoutId();
    const waiting = await payWithSimulatedCard(
      user,
      { bags: 4, slotId: s.id, plan },
      { ...CARD, cardNumber: "4000 0027 6000 3184" },
      checkoutId,
    ).catch((e: unknown) => e as { redirectUrl: string });
    expect(cardsOf(user.id)).toHaveLength(0);
    const intentId = new URL(`http://x${(waiting as { redirectUrl: string }).redirectUrl}`).searchParams.get(
      "payment_intent",
    )!;
    const done = await finishSimulatedAuthentication(user.id, intentId, "complete");
    expect(done.state).toBe("booked");
    const [card] = cardsOf(user.id);
    expect(card).toMatchObject({ last4: "3184" });
    expect(plansOf(user.id)).toMatchObject([{ intervalWeeks: 8, bagCount: 4, savedCardId: card!.id }]);
    // Every off-session charge of it asks for authentication.
    const charged = await paymentProvider().chargeOffSession({
      customerId: card!.customerId,
      paymentMethodId: card!.paymentMethodId,
      amountCents: 3679,
      currency: "cad",
      metadata: {},
      description: "plan",
      idempotencyKey: `plan-test-${card!.id}`,
    });
    expect(charged).toMatchObject({ ok: false, code: "authentication_required" });
  });
});

describe("startPlan's refusals", () => {
  async function bookedWith(consent: boolean) {
    const user = await resident();
    const pickup = await payWithSimulatedCard(
      user,
      { bags: 1, slotId: slot().id, plan: { saveCardConsent: consent, intervalWeeks: null } },
      CARD,
    );
    return { user, pickup };
  }
  const refusal = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      return error instanceof PlanStartError ? error.code : error;
    }
    return null;
  };

  it("card_not_saved: the pickup's payment kept no card (or it was detached)", async () => {
    const { user, pickup } = await bookedWith(false);
    expect(refusal(() => startPlan(db, { userId: user.id, pickupRequestId: pickup.id, intervalWeeks: 4 }))).toBe(
      "card_not_saved",
    );
    const saved = await bookedWith(true);
    db.update(schema.savedCards)
      .set({ detachedAt: Date.now() })
      .where(eq(schema.savedCards.userId, saved.user.id))
      .run();
    expect(
      refusal(() => startPlan(db, { userId: saved.user.id, pickupRequestId: saved.pickup.id, intervalWeeks: 4 })),
    ).toBe("card_not_saved");
    expect(plansOf(user.id)).toHaveLength(0);
  });

  it("pickup_not_found: another resident's pickup; not_scheduled; already_planned", async () => {
    const { user, pickup } = await bookedWith(true);
    const other = await resident();
    expect(refusal(() => startPlan(db, { userId: other.id, pickupRequestId: pickup.id, intervalWeeks: 4 }))).toBe(
      "pickup_not_found",
    );
    const plan = startPlan(db, { userId: user.id, pickupRequestId: pickup.id, intervalWeeks: 4 });
    expect(plan.originPickupId).toBe(pickup.id);
    expect(refusal(() => startPlan(db, { userId: user.id, pickupRequestId: pickup.id, intervalWeeks: 8 }))).toBe(
      "already_planned",
    );
    const cancelled = await bookedWith(true);
    db.update(schema.pickupRequests)
      .set({ status: "Cancelled" })
      .where(eq(schema.pickupRequests.id, cancelled.pickup.id))
      .run();
    expect(
      refusal(() =>
        startPlan(db, { userId: cancelled.user.id, pickupRequestId: cancelled.pickup.id, intervalWeeks: 4 }),
      ),
    ).toBe("not_scheduled");
    expect(plansOf(cancelled.user.id)).toHaveLength(0);
  });
});

describe("the JSON API", () => {
  it("create-payment-intent with saveCardConsent and planIntervalWeeks, then pickup-requests: booked with its plan", async () => {
    const user = await resident();
    const s = slot();
    const cookie = await cookieFor(user.id);
    const created = await routeAnswer(
      createIntentAction,
      jsonPost("/api/create-payment-intent", cookie, {
        amount: 1150,
        bagCount: 1,
        slotId: s.id,
        acceptTerms: true,
        saveCardConsent: true,
        planIntervalWeeks: 8,
      }),
    );
    expect(created.status).toBe(200);
    const { paymentIntentId } = (await created.json()) as { paymentIntentId: string };
    const confirmed = await routeAnswer(
      confirmApiAction,
      jsonPost("/api/payments/simulated/confirm", cookie, { paymentIntentId, ...CARD }),
    );
    expect(confirmed.status).toBe(200);
    const booked = await routeAnswer(
      pickupRequestsAction,
      jsonPost("/api/pickup-requests", cookie, {
        paymentIntentId,
        bagsRequested: 1,
        pickupSlotId: s.id,
        totalPrice: 11.5,
        acceptTerms: true,
        saveCardConsent: true,
        planIntervalWeeks: 8,
      }),
    );
    expect(booked.status).toBe(201);
    const body = (await booked.json()) as { id: number; plan: Record<string, unknown> };
    expect(body.plan).toMatchObject({
      pickupRequestId: body.id,
      intervalWeeks: 8,
      bagCount: 1,
      status: "active",
      card: { brand: "visa", last4: "4242", expMonth: 12, expYear: 2034 },
    });
    expect(cardsOf(user.id)).toHaveLength(1);
    expect(cardsOf(user.id)[0]!.consentLanguage).toBe("fr");
  });

  it("planIntervalWeeks without saveCardConsent: 400 naming the consent, nothing claimed", async () => {
    const user = await resident();
    const cookie = await cookieFor(user.id);
    for (const saveCardConsent of [undefined, false]) {
      const answer = await routeAnswer(
        createIntentAction,
        jsonPost("/api/create-payment-intent", cookie, {
          bagCount: 1,
          slotId: slot().id,
          acceptTerms: true,
          planIntervalWeeks: 4,
          ...(saveCardConsent === undefined ? {} : { saveCardConsent }),
        }),
      );
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { message: string }).message).toMatch(
        /tick the box that lets us keep your card/,
      );
    }
    const wrong = await routeAnswer(
      pickupRequestsAction,
      jsonPost("/api/pickup-requests", cookie, {
        paymentIntentId: "pi_sim_x",
        bagsRequested: 1,
        pickupSlotId: 1,
        totalPrice: 11.5,
        acceptTerms: true,
        planIntervalWeeks: 4,
      }),
    );
    expect(wrong.status).toBe(400);
    expect(paymentsOf(user.id)).toHaveLength(0);
  });

  it("POST /api/pickup-plans: 201 with the plan, 409 card_not_saved, 404 for another's, 400 for a bad body", async () => {
    const saved = await resident();
    const savedPickup = await payWithSimulatedCard(
      saved,
      { bags: 2, slotId: slot().id, plan: { saveCardConsent: true, intervalWeeks: null } },
      CARD,
    );
    const plain = await resident();
    const plainPickup = await payWithSimulatedCard(plain, { bags: 1, slotId: slot().id }, CARD);
    const post = async (userId: number, body: unknown, lang = "en-CA") => {
      const answer = await routeAnswer(
        pickupPlansAction,
        jsonPost("/api/pickup-plans", await cookieFor(userId), body, lang),
      );
      return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
    };

    const refused = await post(plain.id, { pickupRequestId: plainPickup.id, intervalWeeks: 4 });
    expect(refused).toEqual({
      status: 409,
      body: { code: "card_not_saved", message: expect.stringMatching(/did not keep your card/) },
    });
    const fr = await post(plain.id, { pickupRequestId: plainPickup.id, intervalWeeks: 4 }, "fr-CA");
    expect(fr.body.message).toMatch(/n'a pas conservé votre carte/);
    expect(await post(plain.id, { pickupRequestId: savedPickup.id, intervalWeeks: 4 })).toMatchObject({
      status: 404,
      body: { code: "pickup_not_found" },
    });
    for (const bad of [
      { pickupRequestId: savedPickup.id, intervalWeeks: 6 },
      { pickupRequestId: savedPickup.id },
      { pickupRequestId: "1", intervalWeeks: 4 },
      { pickupRequestId: savedPickup.id, intervalWeeks: 4, status: "active" },
    ]) {
      const answer = await post(saved.id, bad);
      expect(answer.status).toBe(400);
      expect(typeof answer.body.message).toBe("string");
    }
    expect((await post(saved.id, { pickupRequestId: savedPickup.id, intervalWeeks: 4, userId: 1 })).body.message).toBe(
      "userId: this field is not accepted here",
    );
    expect(plansOf(saved.id)).toHaveLength(0);

    const started = await post(saved.id, { pickupRequestId: savedPickup.id, intervalWeeks: 4 });
    const s = slotRow(savedPickup.pickupSlotId);
    expect(started).toEqual({
      status: 201,
      body: {
        id: expect.any(Number),
        pickupRequestId: savedPickup.id,
        intervalWeeks: 4,
        bagCount: 2,
        window: s.window,
        status: "active",
        nextDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        pausedUntil: null,
        card: { brand: "visa", last4: "4242", expMonth: 12, expYear: 2034 },
      },
    });
    const weeks = (Date.parse(String(started.body.nextDate)) - Date.parse(s.date)) / (7 * 86_400_000);
    expect(weeks).toBe(4);
    expect(await post(saved.id, { pickupRequestId: savedPickup.id, intervalWeeks: 8 })).toMatchObject({
      status: 409,
      body: { code: "already_planned" },
    });
  });
});
