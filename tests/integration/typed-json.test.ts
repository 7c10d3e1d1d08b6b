// Typed JSON, one content type (issue 21, part 6): a JSON body's number field takes a JSON number only
// (true, [1], "1", null and {} are refused with a 400 `{ message }` naming the field, nothing created or
// moved), and a body sent as anything but application/json is a 415 before anything happens.
import { count, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { action as createCodesAction } from "~/routes/api.admin.promo-codes";
import { action as registerAction } from "~/routes/api.auth.register";
import { action as checkoutSessionAction } from "~/routes/api.checkout.session";
import { action as createIntentAction } from "~/routes/api.create-payment-intent";
import { action as simulatedConfirmAction } from "~/routes/api.payments.simulated.confirm";
import { action as pickupRequestsAction } from "~/routes/api.pickup-requests";
import { action as pickupAction } from "~/routes/api.pickup-requests.$key";
import { action as promoValidateAction } from "~/routes/api.promo.validate";
import { createAdmin } from "~/services/accounts/accounts.server";
import { payWithSimulatedCard } from "~/services/checkout/simulated-card.server";
import { resetRateLimits } from "~/services/http/rate-limit.server";
import { db, schema } from "~/services/platform/db.server";
import { type Action, cookieFor, send } from "./api-action";
import { CARD, resident, slot } from "./fixtures";

const WRONG = [true, [1], "1", null, {}] as const;

const rows = (table: typeof schema.pickupRequests | typeof schema.payments | typeof schema.promoCodes) =>
  db.select({ n: count() }).from(table).get()!.n;
const booked = (slotId: number) =>
  db.select().from(schema.pickupSlots).where(eq(schema.pickupSlots.id, slotId)).get()!.currentBooked;
const state = (slotIds: number[]) => ({
  pickups: rows(schema.pickupRequests),
  payments: rows(schema.payments),
  codes: rows(schema.promoCodes),
  pending: db.select({ n: count() }).from(schema.promoRedemptions).get()!.n,
  checkouts: db.select({ n: count() }).from(schema.checkouts).get()!.n,
  users: db.select({ n: count() }).from(schema.users).get()!.n,
  slots: slotIds.map(booked),
});

beforeEach(() => resetRateLimits());

describe("JSON number fields take JSON numbers only", () => {
  it.each([
    ["/api/pickup-requests", pickupRequestsAction, ["bagsRequested", "pickupSlotId", "totalPrice"]],
    ["/api/create-payment-intent", createIntentAction, ["bagCount", "slotId", "amount"]],
    ["/api/checkout/session", checkoutSessionAction, ["bagCount", "slotId"]],
    ["/api/promo/validate", promoValidateAction, ["bagCount"]],
    ["/api/payments/simulated/confirm", simulatedConfirmAction, ["expMonth", "expYear"]],
  ] as const)('%s refuses true, [1], "1", null and {} in each number field', async (path, action, fields) => {
    const user = await resident();
    const cookie = await cookieFor(user.id);
    const open = slot();
    const valid: Record<string, Record<string, unknown>> = {
      "/api/pickup-requests": {
        bagsRequested: 1,
        pickupSlotId: open.id,
        totalPrice: 11.5,
        paymentIntentId: "pi_x",
        acceptTerms: true,
      },
      "/api/create-payment-intent": { bagCount: 1, slotId: open.id, amount: 1150, acceptTerms: true },
      "/api/checkout/session": { bagCount: 1, slotId: open.id, acceptTerms: true },
      "/api/promo/validate": { code: "RC-AAAAAAAA", bagCount: 1 },
      "/api/payments/simulated/confirm": { paymentIntentId: "pi_sim_x", ...CARD },
    };
    const before = state([open.id]);
    for (const field of fields) {
      for (const wrong of WRONG) {
        const body = JSON.stringify({ ...valid[path], [field]: wrong });
        const response = await send(action as Action, path, body, { cookie });
        expect(response.status, `${field}: ${JSON.stringify(wrong)}`).toBe(400);
        expect(await response.json()).toEqual({ message: `${field}: a number is expected` });
      }
    }
    expect(state([open.id])).toEqual(before);
  });

  it("PUT /api/pickup-requests/{id} (moving) refuses them in pickupSlotId; the pickup stays where it was", async () => {
    const user = await resident();
    const cookie = await cookieFor(user.id);
    const from = slot();
    const to = slot();
    await payWithSimulatedCard(user, { bags: 1, slotId: from.id }, CARD);
    const pickup = db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.userId, user.id)).get()!;
    const before = state([from.id, to.id]);
    for (const wrong of [...WRONG, String(to.id)]) {
      const response = await send(
        pickupAction as Action,
        `/api/pickup-requests/${pickup.id}`,
        JSON.stringify({ pickupSlotId: wrong }),
        {
          cookie,
          method: "PUT",
          params: { key: String(pickup.id) },
        },
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: "pickupSlotId: a number is expected" });
    }
    expect(state([from.id, to.id])).toEqual(before);
    const still = db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.id, pickup.id)).get()!;
    expect(still.pickupSlotId).toBe(from.id);
  });

  it("POST /api/admin/promo-codes refuses them in count and percent; no code is made", async () => {
    const admin = await createAdmin(`typed-${Date.now()}@recircle-admin.ca`, "ops-admin-pass-12");
    const cookie = await cookieFor(admin.id);
    const before = state([]);
    for (const field of ["count", "percent"]) {
      for (const wrong of WRONG) {
        const body = JSON.stringify({ count: 2, percent: 20, [field]: wrong });
        const response = await send(createCodesAction as Action, "/api/admin/promo-codes", body, { cookie });
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({ message: `${field}: a number is expected` });
      }
    }
    expect(state([])).toEqual(before);
  });

  it("a string field takes a JSON string only, and French callers read it in French", async () => {
    const user = await resident();
    const cookie = await cookieFor(user.id);
    const response = await send(
      promoValidateAction as Action,
      "/api/promo/validate",
      JSON.stringify({ code: 12, bagCount: 1 }),
      {
        cookie,
      },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "code: a text is expected" });
    const request = new Request("http://localhost/api/promo/validate", {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookie },
      body: JSON.stringify({ code: "RC-AAAAAAAA", bagCount: "1" }),
    });
    const french = await promoValidateAction({ request, params: {}, context: {} }).catch((r: Response) => r);
    expect(french.status).toBe(400);
    expect(await french.json()).toEqual({ message: "bagCount : un nombre est attendu" });
  });

  it("a well-typed booking still goes through (numbers as numbers)", async () => {
    const user = await resident();
    const cookie = await cookieFor(user.id);
    const open = slot();
    const response = await send(
      createIntentAction as Action,
      "/api/create-payment-intent",
      JSON.stringify({ bagCount: 1, slotId: open.id, promoCode: null, checkoutId: null, acceptTerms: true }),
      { cookie },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ paymentIntentId: expect.any(String) });
  });
});

describe("JSON bodies must be sent as application/json", () => {
  it("a registration sent as text/plain is a 415 and creates no account", async () => {
    const before = state([]);
    const email = `plain-${Date.now()}@example.com`;
    const body = JSON.stringify({ email, password: "a-good-password-1", postalFsa: "H2X" });
    const response = await send(registerAction as Action, "/api/auth/register", body, { type: "text/plain" });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      message: "The request body must be sent as JSON (Content-Type: application/json).",
    });
    expect(db.select().from(schema.users).where(eq(schema.users.email, email)).get()).toBeUndefined();
    expect(state([])).toEqual(before);
  });

  it("a paid booking sent as text/plain is a 415 and books nothing; the charset parameter and any case are fine", async () => {
    const user = await resident();
    const cookie = await cookieFor(user.id);
    const open = slot();
    const before = state([open.id]);
    const body = JSON.stringify({
      bagsRequested: 1,
      pickupSlotId: open.id,
      totalPrice: 11.5,
      paymentIntentId: "pi_x",
      acceptTerms: true,
    });
    for (const type of ["text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", ""]) {
      const response = await send(pickupRequestsAction as Action, "/api/pickup-requests", body, { cookie, type });
      expect(response.status, type).toBe(415);
      expect(typeof ((await response.json()) as { message: unknown }).message).toBe("string");
    }
    expect(state([open.id])).toEqual(before);
    // JSON with a charset, in capitals: read (then refused for its unknown payment, not for its type).
    const typed = await send(pickupRequestsAction as Action, "/api/pickup-requests", body, {
      cookie,
      type: "Application/JSON; charset=utf-8",
    });
    expect(typed.status).not.toBe(415);
    expect(state([open.id])).toEqual(before);
  });
});
