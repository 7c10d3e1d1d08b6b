// Promo codes (service and JSON API) on the simulated card provider: codes are unique and expire after 30 days;
// applying one reserves it; every rule refuses with its own message; and the checkout API endpoints (validate,
// create-payment-intent, simulated confirm, pickup-requests, checkout/session) answer as spec section 7 says.
import { and, eq, isNull } from "drizzle-orm";
import type { ActionFunctionArgs } from "@remix-run/node";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setNow } from "~/lib/clock";
import { action as checkoutSessionAction } from "~/routes/api.checkout.session";
import { action as createIntentAction } from "~/routes/api.create-payment-intent";
import { action as pickupRequestsAction, loader as pickupRequestsLoader } from "~/routes/api.pickup-requests";
import { action as simulatedConfirmAction } from "~/routes/api.payments.simulated.confirm";
import { action as promoValidateAction } from "~/routes/api.promo.validate";
import { payWithSimulatedCard } from "~/services/checkout/simulated-card.server";
import { db, schema } from "~/services/platform/db.server";
import { isSimulated, paymentProvider } from "~/services/payments/provider.server";
import {
  appliedPromo,
  applyPromo,
  clearPromo,
  createPromoCodes,
  PENDING_HOLD_MS,
  PROMO_TTL_MS,
} from "~/services/booking/promo-rules.server";
import { resetRateLimits } from "~/services/http/rate-limit.server";
import { createUserSession } from "~/services/http/current-user.server";
import type { User } from "../../db/schema";
import { CARD, resident, slot } from "./fixtures";

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;

const codeRow = (code: string) => db.select().from(schema.promoCodes).where(eq(schema.promoCodes.code, code)).get()!;
const redemptionsOf = (code: string) =>
  db
    .select()
    .from(schema.promoRedemptions)
    .where(eq(schema.promoRedemptions.promoCodeId, codeRow(code).id))
    .all();
const pendingOf = (userId: number) =>
  db
    .select()
    .from(schema.promoRedemptions)
    .where(and(eq(schema.promoRedemptions.userId, userId), isNull(schema.promoRedemptions.pickupRequestId)))
    .all();
const pickupsOf = (userId: number) =>
  db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.userId, userId)).all();
const paymentsOf = (userId: number) =>
  db.select().from(schema.payments).where(eq(schema.payments.userId, userId)).all();

/** The rule's key, or null when the code applies. */
function refusal(user: User, code: string, bags = 1): string | null {
  try {
    applyPromo(user, code, bags);
    return null;
  } catch (error) {
    return (error as { key?: string }).key ?? String(error);
  }
}

/** A resident who already has a pickup (paid, no promo). */
async function returningResident(options: Parameters<typeof resident>[0] = {}) {
  const user = await resident(options);
  await payWithSimulatedCard(user, { bags: 1, slotId: slot().id }, CARD);
  return user;
}

let t0 = 0;
beforeEach(() => {
  // A fixed clock for each test, so hold and expiry arithmetic is exact.
  t0 = Date.now();
  setNow(t0);
  resetRateLimits();
});
afterEach(() => setNow(null));

describe("createPromoCodes", () => {
  it("makes unique codes RC-XXXXXXXX (no look-alike characters) that expire 30 days after creation", () => {
    const codes = createPromoCodes(60, 50);
    expect(codes).toHaveLength(60);
    expect(new Set(codes).size).toBe(60);
    for (const code of codes) {
      expect(code).toMatch(/^RC-[A-HJ-NP-Z2-9]{8}$/);
      const row = codeRow(code);
      expect(row).toMatchObject({ percent: 50, active: true, createdAt: t0, expiresAt: t0 + 30 * DAY });
    }
    expect(PROMO_TTL_MS).toBe(30 * DAY);
    expect(createPromoCodes(1)[0]).toMatch(/^RC-/);
    expect(codeRow(createPromoCodes(1)[0]!).percent).toBe(50);
  });
});

describe("applyPromo", () => {
  it("reserves the code as a pending redemption for this resident and address, case and spaces ignored", async () => {
    const user = await resident();
    const [code] = createPromoCodes(1);
    expect(applyPromo(user, `  ${code!.toLowerCase()} `, 1)).toEqual({ code, percent: 50 });
    const [row] = redemptionsOf(code!);
    expect(row).toMatchObject({
      userId: user.id,
      email: user.email,
      pickupRequestId: null,
      discountCents: 0,
      redeemedAt: t0,
    });
    expect(row!.normalizedAddress).toContain("rue saint denis");
    // Applying again (or another code) keeps a single pending reservation.
    applyPromo(user, code!, 1);
    const [other] = createPromoCodes(1);
    applyPromo(user, other!, 1);
    expect(pendingOf(user.id)).toHaveLength(1);
    expect(pendingOf(user.id)[0]!.promoCodeId).toBe(codeRow(other!).id);
    expect(redemptionsOf(code!)).toHaveLength(0);
  });

  it("unknown, blank or inactive codes are invalid", async () => {
    const user = await resident();
    expect(refusal(user, "RC-NOPE2345")).toBe("promo.invalid");
    expect(refusal(user, "   ")).toBe("promo.invalid");
    expect(refusal(user, "<script>")).toBe("promo.invalid");
    const [code] = createPromoCodes(1);
    db.update(schema.promoCodes).set({ active: false }).where(eq(schema.promoCodes.code, code!)).run();
    expect(refusal(user, code!)).toBe("promo.invalid");
    expect(pendingOf(user.id)).toHaveLength(0);
  });

  it("a code expires 30 days after it was made", async () => {
    const user = await resident();
    const [code] = createPromoCodes(1);
    setNow(t0 + 30 * DAY - MINUTE);
    expect(refusal(user, code!)).toBeNull();
    clearPromo(user.id);
    setNow(t0 + 30 * DAY + 1);
    expect(refusal(user, code!)).toBe("promo.expired");
    expect(pendingOf(user.id)).toHaveLength(0);
  });

  it("a code used by a booking is used for everyone", async () => {
    const first = await resident();
    const second = await resident();
    const [code] = createPromoCodes(1);
    applyPromo(first, code!, 1);
    const pickup = await payWithSimulatedCard(first, { bags: 1, slotId: slot().id }, CARD);
    expect(pickup.totalCents).toBe(575);
    expect(redemptionsOf(code!)).toEqual([
      expect.objectContaining({ userId: first.id, pickupRequestId: pickup.id, discountCents: 500 }),
    ]);
    expect(refusal(second, code!)).toBe("promo.used");
    // Even a day later: a completed redemption never goes stale.
    setNow(t0 + DAY);
    expect(refusal(second, code!)).toBe("promo.used");
  });

  it("another resident's hold blocks the code for an hour; a stale hold is released", async () => {
    const holder = await resident();
    const other = await resident();
    const [code] = createPromoCodes(1);
    applyPromo(holder, code!, 1);

    setNow(t0 + PENDING_HOLD_MS - MINUTE);
    expect(refusal(other, code!)).toBe("promo.used");
    // The holder may re-apply their own code.
    expect(refusal(holder, code!)).toBeNull();

    setNow(t0 + PENDING_HOLD_MS - MINUTE + PENDING_HOLD_MS + 1);
    expect(refusal(other, code!)).toBeNull();
    expect(redemptionsOf(code!)).toEqual([expect.objectContaining({ userId: other.id, pickupRequestId: null })]);
    expect(pendingOf(holder.id)).toHaveLength(0);
    expect(appliedPromo(holder, 1)).toBeNull();
    expect(appliedPromo(other, 1)).toEqual({ code, percent: 50 });
  });

  it.each([2, 4])("%i bags: the code is for 1-bag pickups only", async (bags) => {
    const user = await resident();
    const [code] = createPromoCodes(1);
    expect(refusal(user, code!, bags)).toBe("promo.oneBagOnly");
    expect(pendingOf(user.id)).toHaveLength(0);
  });

  it("a resident who already had a pickup is not a first-time customer, even if it was cancelled", async () => {
    const user = await returningResident();
    const [code] = createPromoCodes(1);
    expect(refusal(user, code!)).toBe("promo.firstTimeOnly");
    db.update(schema.pickupRequests)
      .set({ status: "Cancelled" })
      .where(eq(schema.pickupRequests.userId, user.id))
      .run();
    expect(refusal(user, code!)).toBe("promo.firstTimeOnly");
    expect(pendingOf(user.id)).toHaveLength(0);
  });

  it("once per address: the same address written differently, by another account, is refused", async () => {
    const [first, second] = createPromoCodes(2);
    const a = await resident({ street: "9123 Rue Saint-Denis", postalCode: "H2X 3K2" });
    applyPromo(a, first!, 1);
    await payWithSimulatedCard(a, { bags: 1, slotId: slot().id }, CARD);

    const b = await resident({ street: "  9123 rue saint denis ", postalCode: "h2x3k2" });
    expect(refusal(b, second!)).toBe("promo.addressUsed");
    const accented = await resident({ street: "9123 Rue Saint-Dénis", postalCode: "H2X 3K2" });
    expect(refusal(accented, second!)).toBe("promo.addressUsed");
    // Another street is fine.
    const elsewhere = await resident({ street: "9125 Rue Saint-Denis", postalCode: "H2X 3K2" });
    expect(refusal(elsewhere, second!)).toBeNull();
  });

  it("once per address also counts another account's fresh hold on the same address", async () => {
    const [first, second] = createPromoCodes(2);
    const a = await resident({ street: "9200 Boulevard Saint-Laurent", postalCode: "H2X 3K2" });
    const b = await resident({ street: "9200 boulevard saint laurent", postalCode: "H2X3K2" });
    applyPromo(a, first!, 1);
    expect(refusal(b, second!)).toBe("promo.addressUsed");
    setNow(t0 + PENDING_HOLD_MS + 1);
    expect(refusal(b, second!)).toBeNull();
  });
});

describe("clearPromo and appliedPromo", () => {
  it("clearPromo removes the pending reservation only", async () => {
    const user = await resident();
    const [code] = createPromoCodes(1);
    applyPromo(user, code!, 1);
    expect(appliedPromo(user, 1)).toEqual({ code, percent: 50 });
    clearPromo(user.id);
    expect(pendingOf(user.id)).toHaveLength(0);
    expect(appliedPromo(user, 1)).toBeNull();

    // A completed redemption is not touched.
    const booker = await resident();
    applyPromo(booker, code!, 1);
    await payWithSimulatedCard(booker, { bags: 1, slotId: slot().id }, CARD);
    clearPromo(booker.id);
    expect(redemptionsOf(code!)).toEqual([
      expect.objectContaining({ userId: booker.id, pickupRequestId: expect.any(Number) }),
    ]);
  });

  it("appliedPromo returns the code only while it is still valid for these bags", async () => {
    const user = await resident();
    const [code] = createPromoCodes(1, 30);
    applyPromo(user, code!, 1);
    expect(appliedPromo(user, 1)).toEqual({ code, percent: 30 });
    expect(appliedPromo(user, 2)).toBeNull();
    db.update(schema.promoCodes).set({ active: false }).where(eq(schema.promoCodes.code, code!)).run();
    expect(appliedPromo(user, 1)).toBeNull();
    db.update(schema.promoCodes).set({ active: true }).where(eq(schema.promoCodes.code, code!)).run();
    expect(appliedPromo(user, 1)).toEqual({ code, percent: 30 });
    setNow(t0 + 31 * DAY);
    expect(appliedPromo(user, 1)).toBeNull();
  });

  it("appliedPromo is what the price uses: 50% off one bag is $5.75", async () => {
    const user = await resident();
    const [code] = createPromoCodes(1);
    applyPromo(user, code!, 1);
    const pickup = await payWithSimulatedCard(user, { bags: 1, slotId: slot().id }, CARD);
    expect(pickup).toMatchObject({
      listPriceCents: 1000,
      promoDiscountCents: 500,
      subtotalCents: 500,
      gstCents: 25,
      qstCents: 50,
      totalCents: 575,
    });
  });
});

// ---- The JSON API, called through the route actions with a real session cookie ----

type Action = (args: ActionFunctionArgs) => Promise<Response>;

async function cookieFor(user: User) {
  return (await createUserSession(user.id)).get("Set-Cookie")!.split(";")[0]!;
}

/** Posts JSON to a route action; a thrown Response (401, 400 from parsing) is returned like any other. */
async function post(
  action: Action,
  path: string,
  body: unknown,
  cookie?: string,
  headers: Record<string, string> = {},
) {
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    // English unless the test asks otherwise: a request with no language preference gets French.
    headers: {
      "Content-Type": "application/json",
      "Accept-Language": "en-CA",
      ...(cookie ? { Cookie: cookie } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
  });
  try {
    return await action({ request, params: {}, context: {} });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

async function json(response: Response) {
  return (await response.json()) as Record<string, unknown>;
}

describe("the checkout API refuses visitors", () => {
  it.each([
    ["/api/promo/validate", promoValidateAction, { code: "RC-AAAAAAAA", bagCount: 1 }],
    ["/api/create-payment-intent", createIntentAction, { amount: 1150, bagCount: 1, slotId: 1, acceptTerms: true }],
    ["/api/payments/simulated/confirm", simulatedConfirmAction, { paymentIntentId: "pi_sim_x", ...CARD }],
    [
      "/api/pickup-requests",
      pickupRequestsAction,
      { bagsRequested: 1, pickupSlotId: 1, totalPrice: 11.5, paymentIntentId: "pi_sim_x", acceptTerms: true },
    ],
    ["/api/checkout/session", checkoutSessionAction, { bagCount: 1, slotId: 1, acceptTerms: true }],
  ] as const)("%s answers 401 without a session and stores nothing", async (path, action, body) => {
    const before = db.select().from(schema.payments).all().length;
    const response = await post(action as Action, path, body);
    expect(response.status).toBe(401);
    expect(await json(response)).toEqual({ message: "Please sign in to continue." });
    const forged = await post(action as Action, path, body, "__session=forged-session-id");
    expect(forged.status).toBe(401);
    expect(db.select().from(schema.payments).all()).toHaveLength(before);
  });
});

describe("POST /api/promo/validate", () => {
  it("applies a good code: ok, discount percent and the success message; it is reserved", async () => {
    const user = await resident();
    const cookie = await cookieFor(user);
    const [code] = createPromoCodes(1);
    const response = await post(
      promoValidateAction,
      "/api/promo/validate",
      { code, bagCount: 1, email: user.email, address: "x" },
      cookie,
    );
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ ok: true, discount: 50, message: "50% off applied!" });
    expect(pendingOf(user.id)).toHaveLength(1);
  });

  it("refuses with 400 and the rule's message, in the resident's language", async () => {
    const user = await resident();
    const cookie = await cookieFor(user);
    const unknown = await post(
      promoValidateAction,
      "/api/promo/validate",
      { code: "RC-NOPE2345", bagCount: 1 },
      cookie,
    );
    expect(unknown.status).toBe(400);
    expect(await json(unknown)).toEqual({ ok: false, discount: 0, message: "Invalid promo code" });

    const [code] = createPromoCodes(1);
    const twoBags = await post(promoValidateAction, "/api/promo/validate", { code, bagCount: 2 }, cookie, {
      "Accept-Language": "fr-CA",
    });
    expect(twoBags.status).toBe(400);
    expect(await json(twoBags)).toEqual({
      ok: false,
      discount: 0,
      message: "Ce code promotionnel s'applique seulement aux collectes d'un sac",
    });
    expect(pendingOf(user.id)).toHaveLength(0);
  });

  it("an empty code clears the applied one", async () => {
    const user = await resident();
    const cookie = await cookieFor(user);
    const [code] = createPromoCodes(1);
    await post(promoValidateAction, "/api/promo/validate", { code, bagCount: 1 }, cookie);
    expect(pendingOf(user.id)).toHaveLength(1);
    const cleared = await post(promoValidateAction, "/api/promo/validate", { code: "  ", bagCount: 1 }, cookie);
    expect(cleared.status).toBe(200);
    expect(await json(cleared)).toEqual({ ok: false, discount: 0, message: "" });
    expect(pendingOf(user.id)).toHaveLength(0);
  });

  it("a malformed body is a 400 with a message, never a 500", async () => {
    const user = await resident();
    const cookie = await cookieFor(user);
    const response = await post(promoValidateAction, "/api/promo/validate", { code: 12, bagCount: 1 }, cookie);
    expect(response.status).toBe(400);
    expect(typeof (await json(response)).message).toBe("string");
  });

  it("is rate limited (429 with Retry-After)", async () => {
    const user = await resident();
    const cookie = await cookieFor(user);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await post(promoValidateAction, "/api/promo/validate", { code: "RC-NOPE2345", bagCount: 1 }, cookie)).status,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    const limited = await post(
      promoValidateAction,
      "/api/promo/validate",
      { code: "RC-NOPE2345", bagCount: 1 },
      cookie,
    );
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
  });
});

describe("paying through the API on the simulated provider", () => {
  it("runs on the simulated provider", () => {
    expect(isSimulated(paymentProvider())).toBe(true);
  });

  it("create-payment-intent refuses a tampered amount with 409 and creates nothing", async () => {
    const user = await resident();
    const cookie = await cookieFor(user);
    const response = await post(
      createIntentAction,
      "/api/create-payment-intent",
      { amount: 100, bagCount: 2, slotId: slot().id, acceptTerms: true },
      cookie,
    );
    expect(response.status).toBe(409);
    expect(await json(response)).toEqual({ message: "The price has changed. Please review your order and try again." });
    expect(paymentsOf(user.id)).toHaveLength(0);
  });

  it("create-payment-intent answers clientSecret, paymentIntentId and customerId for the server's price", async () => {
    const user = await resident();
    const cookie = await cookieFor(user);
    const s = slot();
    const response = await post(
      createIntentAction,
      "/api/create-payment-intent",
      { amount: 3679, bagCount: 4, slotId: s.id, promoCode: null, acceptTerms: true },
      cookie,
    );
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body).toEqual({
      clientSecret: expect.stringMatching(/^pi_sim_\w+_secret_\w+$/),
      paymentIntentId: expect.stringMatching(/^pi_sim_/),
      checkoutId: expect.stringMatching(/^[\w-]{22}$/),
      customerId: expect.stringMatching(/^cus_sim_[0-9A-Za-z]{14}$/),
    });
    expect(String(body.clientSecret).startsWith(String(body.paymentIntentId))).toBe(true);
    expect(paymentsOf(user.id)).toEqual([
      expect.objectContaining({
        providerPaymentId: body.paymentIntentId,
        amountCents: 3679,
        status: "requires_payment",
      }),
    ]);
  });

  it("create-payment-intent prices a promo code typed with the order; an applied one too", async () => {
    const user = await resident();
    const cookie = await cookieFor(user);
    const [typed, applied] = createPromoCodes(2);
    const withTyped = await post(
      createIntentAction,
      "/api/create-payment-intent",
      { amount: 575, bagCount: 1, slotId: slot().id, promoCode: typed, acceptTerms: true },
      cookie,
    );
    expect(withTyped.status).toBe(200);
    const other = await resident();
    applyPromo(other, applied!, 1);
    const withApplied = await post(
      createIntentAction,
      "/api/create-payment-intent",
      { amount: 575, bagCount: 1, slotId: slot().id, acceptTerms: true },
      await cookieFor(other),
    );
    expect(withApplied.status).toBe(200);
    const badCode = await post(
      createIntentAction,
      "/api/create-payment-intent",
      { amount: 575, bagCount: 2, slotId: slot().id, promoCode: typed, acceptTerms: true },
      cookie,
    );
    expect(badCode.status).toBe(400);
    expect(await json(badCode)).toEqual({ message: "This promo code applies to 1-bag pickups only" });
  });

  it("simulated confirm: a declined card is 402 with the spec's message and the code, in both languages", async () => {
    const user = await resident();
    const cookie = await cookieFor(user);
    const created = await json(
      await post(
        createIntentAction,
        "/api/create-payment-intent",
        { amount: 1150, bagCount: 1, slotId: slot().id, acceptTerms: true },
        cookie,
      ),
    );
    const declined = { paymentIntentId: created.paymentIntentId, ...CARD, cardNumber: "4000000000000002" };

    const en = await post(simulatedConfirmAction, "/api/payments/simulated/confirm", declined, cookie);
    expect(en.status).toBe(402);
    expect(await json(en)).toEqual({
      message: "Your card was declined. Please try a different payment method.",
      code: "card_declined",
    });
    const fr = await post(simulatedConfirmAction, "/api/payments/simulated/confirm", declined, cookie, {
      "Accept-Language": "fr-CA,fr;q=0.9",
    });
    expect(fr.status).toBe(402);
    expect(await json(fr)).toEqual({
      message: "Votre carte a été refusée. Veuillez essayer un autre mode de paiement.",
      code: "card_declined",
    });
    const payment = paymentsOf(user.id)[0]!;
    expect(payment).toMatchObject({ status: "failed", failureCode: "card_declined", cardLast4: null });

    // The same intent then succeeds with a good card.
    const ok = await post(
      simulatedConfirmAction,
      "/api/payments/simulated/confirm",
      { paymentIntentId: created.paymentIntentId, ...CARD },
      cookie,
    );
    expect(ok.status).toBe(200);
    expect(await json(ok)).toEqual({ status: "succeeded" });
  });

  it("simulated confirm: someone else's intent is 404", async () => {
    const owner = await resident();
    const created = await json(
      await post(
        createIntentAction,
        "/api/create-payment-intent",
        { amount: 1150, bagCount: 1, slotId: slot().id, acceptTerms: true },
        await cookieFor(owner),
      ),
    );
    const thief = await resident();
    const response = await post(
      simulatedConfirmAction,
      "/api/payments/simulated/confirm",
      { paymentIntentId: created.paymentIntentId, ...CARD },
      await cookieFor(thief),
    );
    expect(response.status).toBe(404);
    expect(typeof (await json(response)).message).toBe("string");
  });

  it("pickup-requests: wrong total 409, someone else's payment 404, good 201, reused 409 with the confirmation number", async () => {
    const user = await resident();
    const cookie = await cookieFor(user);
    const s = slot();
    const created = await json(
      await post(
        createIntentAction,
        "/api/create-payment-intent",
        { amount: 2070, bagCount: 2, slotId: s.id, acceptTerms: true },
        cookie,
      ),
    );
    const paymentIntentId = String(created.paymentIntentId);
    expect(
      (await post(simulatedConfirmAction, "/api/payments/simulated/confirm", { paymentIntentId, ...CARD }, cookie))
        .status,
    ).toBe(200);
    const good = {
      bagsRequested: 2,
      pickupSlotId: s.id,
      totalPrice: 20.7,
      address: "ignored",
      paymentIntentId,
      acceptTerms: true,
    };

    const wrongTotal = await post(pickupRequestsAction, "/api/pickup-requests", { ...good, totalPrice: 1 }, cookie);
    expect(wrongTotal.status).toBe(409);
    expect(await json(wrongTotal)).toEqual({
      message: "The price has changed. Please review your order and try again.",
    });
    const wrongBags = await post(
      pickupRequestsAction,
      "/api/pickup-requests",
      { ...good, bagsRequested: 4, totalPrice: 36.79 },
      cookie,
    );
    expect(wrongBags.status).toBe(409);
    expect(pickupsOf(user.id)).toHaveLength(0);

    const thief = await resident();
    const stolen = await post(pickupRequestsAction, "/api/pickup-requests", good, await cookieFor(thief));
    expect(stolen.status).toBe(404);
    expect(await json(stolen)).toEqual({ message: "We could not find this payment." });
    expect(pickupsOf(thief.id)).toHaveLength(0);

    const booked = await post(pickupRequestsAction, "/api/pickup-requests", good, cookie);
    expect(booked.status).toBe(201);
    const pickup = await json(booked);
    expect(pickup).toMatchObject({
      confirmationNumber: expect.stringMatching(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/),
      bagsRequested: 2,
      pickupSlotId: s.id,
      totalPrice: 20.7,
      status: "Scheduled",
    });
    expect(pickup.address).toContain("Rue Saint-Denis");
    expect(pickupsOf(user.id)).toHaveLength(1);

    const reused = await post(pickupRequestsAction, "/api/pickup-requests", good, cookie);
    expect(reused.status).toBe(409);
    expect(await json(reused)).toEqual({
      message: "This payment has already been used for a booking.",
      confirmationNumber: pickup.confirmationNumber,
    });
    expect(pickupsOf(user.id)).toHaveLength(1);
  });

  it("pickup-requests: an unpaid intent books nothing (402)", async () => {
    const user = await resident();
    const cookie = await cookieFor(user);
    const s = slot();
    const created = await json(
      await post(
        createIntentAction,
        "/api/create-payment-intent",
        { amount: 1150, bagCount: 1, slotId: s.id, acceptTerms: true },
        cookie,
      ),
    );
    const response = await post(
      pickupRequestsAction,
      "/api/pickup-requests",
      {
        bagsRequested: 1,
        pickupSlotId: s.id,
        totalPrice: 11.5,
        paymentIntentId: created.paymentIntentId,
        acceptTerms: true,
      },
      cookie,
    );
    expect(response.status).toBe(402);
    expect(await json(response)).toEqual({ message: "This payment has not been completed, so nothing was booked." });
    expect(pickupsOf(user.id)).toHaveLength(0);
  });

  it("confirming again after the booking leaves the paid payment as it is", async () => {
    const user = await resident();
    const cookie = await cookieFor(user);
    const s = slot();
    const { paymentIntentId } = await json(
      await post(
        createIntentAction,
        "/api/create-payment-intent",
        { amount: 1150, bagCount: 1, slotId: s.id, acceptTerms: true },
        cookie,
      ),
    );
    await post(simulatedConfirmAction, "/api/payments/simulated/confirm", { paymentIntentId, ...CARD }, cookie);
    const booked = await post(
      pickupRequestsAction,
      "/api/pickup-requests",
      { bagsRequested: 1, pickupSlotId: s.id, totalPrice: 11.5, paymentIntentId, acceptTerms: true },
      cookie,
    );
    expect(booked.status).toBe(201);

    const again = await post(
      simulatedConfirmAction,
      "/api/payments/simulated/confirm",
      { paymentIntentId, ...CARD, cardNumber: "4000000000000002" },
      cookie,
    );
    expect(again.status).toBe(200);
    expect(paymentsOf(user.id)).toEqual([
      expect.objectContaining({ status: "succeeded", cardBrand: "visa", cardLast4: "4242" }),
    ]);
  });

  it("a payment refunded because the date filled up cannot be revived to book later", async () => {
    const user = await resident();
    const cookie = await cookieFor(user);
    const s = slot({ capacity: 1 });
    const { paymentIntentId } = await json(
      await post(
        createIntentAction,
        "/api/create-payment-intent",
        { amount: 1150, bagCount: 1, slotId: s.id, acceptTerms: true },
        cookie,
      ),
    );
    await post(simulatedConfirmAction, "/api/payments/simulated/confirm", { paymentIntentId, ...CARD }, cookie);
    db.update(schema.pickupSlots).set({ currentBooked: 1 }).where(eq(schema.pickupSlots.id, s.id)).run();
    const body = { bagsRequested: 1, pickupSlotId: s.id, totalPrice: 11.5, paymentIntentId, acceptTerms: true };

    const full = await post(pickupRequestsAction, "/api/pickup-requests", body, cookie);
    expect(full.status).toBe(409);
    expect(await json(full)).toEqual({
      message: "Sorry, the last place on this date was just taken. Your payment has been refunded in full.",
    });
    expect(paymentsOf(user.id)).toEqual([expect.objectContaining({ status: "refunded", refundedCents: 1150 })]);

    // A place frees up; the resident replays the card confirmation and the booking call with the refunded payment.
    db.update(schema.pickupSlots).set({ currentBooked: 0 }).where(eq(schema.pickupSlots.id, s.id)).run();
    const replay = await post(
      simulatedConfirmAction,
      "/api/payments/simulated/confirm",
      { paymentIntentId, ...CARD },
      cookie,
    );
    expect(replay.status).toBe(409);
    expect(await json(replay)).toEqual({ message: "This payment was refunded, so nothing was booked." });
    const retry = await post(pickupRequestsAction, "/api/pickup-requests", body, cookie);
    expect(retry.status).toBe(409);
    expect(await json(retry)).toEqual({ message: "This payment was refunded, so nothing was booked." });
    expect(pickupsOf(user.id)).toHaveLength(0);
    expect(paymentsOf(user.id)).toEqual([expect.objectContaining({ status: "refunded", refundedCents: 1150 })]);
  });

  it("pickup-requests answers GET with the resident's own list, and 401 without a session", async () => {
    const user = await resident();
    const listed = await pickupRequestsLoader({
      request: new Request("http://localhost/api/pickup-requests", { headers: { Cookie: await cookieFor(user) } }),
      params: {},
      context: {},
    });
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual([]);
    const anonymous = await pickupRequestsLoader({
      request: new Request("http://localhost/api/pickup-requests"),
      params: {},
      context: {},
    }).catch((response: Response) => response);
    expect(anonymous.status).toBe(401);
  });
});

describe("POST /api/checkout/session", () => {
  it("a 100% code books the free pickup at once and answers the confirmation page's URL", async () => {
    const user = await resident();
    const cookie = await cookieFor(user);
    const [code] = createPromoCodes(1, 100);
    const s = slot();
    const response = await post(
      checkoutSessionAction,
      "/api/checkout/session",
      { bagCount: 1, slotId: s.id, email: user.email, address: "x", promoCode: code, acceptTerms: true },
      cookie,
    );
    expect(response.status).toBe(200);
    const { url } = await json(response);
    const [pickup] = pickupsOf(user.id);
    expect(pickup).toMatchObject({ totalCents: 0, promoDiscountCents: 1000, pickupSlotId: s.id });
    expect(url).toBe(`/confirmation?confirmationNumber=${pickup!.confirmationNumber}`);
    expect(paymentsOf(user.id)).toEqual([
      expect.objectContaining({ provider: "free", status: "succeeded", amountCents: 0 }),
    ]);
    expect(redemptionsOf(code!)).toEqual([
      expect.objectContaining({ userId: user.id, pickupRequestId: pickup!.id, discountCents: 1000 }),
    ]);
  });

  it("a paid order on the simulated provider is 409 (pay by card) and stores nothing", async () => {
    const user = await resident();
    const cookie = await cookieFor(user);
    const response = await post(
      checkoutSessionAction,
      "/api/checkout/session",
      { bagCount: 2, slotId: slot().id, acceptTerms: true },
      cookie,
    );
    expect(response.status).toBe(409);
    expect(await json(response)).toEqual({ message: "Please pay by card for this order." });
    expect(paymentsOf(user.id)).toHaveLength(0);
    expect(pickupsOf(user.id)).toHaveLength(0);
  });

  it("a code the resident may not use is refused with its message", async () => {
    const user = await returningResident();
    const [code] = createPromoCodes(1, 100);
    const response = await post(
      checkoutSessionAction,
      "/api/checkout/session",
      { bagCount: 1, slotId: slot().id, promoCode: code, acceptTerms: true },
      await cookieFor(user),
    );
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ message: "This promo code is for first-time customers only" });
    expect(pickupsOf(user.id)).toHaveLength(1);
  });
});

describe("validation errors are translated messages, not keys", () => {
  it.each([
    ["/api/pickup-requests", pickupRequestsAction, { bagsRequested: 1, pickupSlotId: 1, totalPrice: 11.5 }],
    ["/api/create-payment-intent", createIntentAction, { amount: 1150, bagCount: 3, slotId: 1, acceptTerms: true }],
    ["/api/checkout/session", checkoutSessionAction, { bagCount: 1 }],
  ] as const)("%s", async (path, action, body) => {
    const user = await resident();
    const response = await post(action as Action, path, body, await cookieFor(user));
    expect(response.status).toBe(400);
    const { message } = await json(response);
    expect(message).not.toMatch(/^[a-zA-Z]+\.[a-zA-Z.]+$/);
    expect(String(message)).toMatch(/ /);
  });
});
