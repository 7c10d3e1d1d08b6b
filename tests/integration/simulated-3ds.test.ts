// The simulated 3-D Secure card (4000 0027 6000 3184), as Stripe's: confirming it answers
// "requires_action" with our authentication page; nothing is booked until "Complete authentication"
// there (not by the hourly reconcile either); "Fail" books nothing and the checkout can be paid again;
// only the resident who owns the payment sees the page.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { setNow } from "~/lib/clock";
import {
  AuthenticationRequired,
  finishSimulatedAuthentication,
  payWithSimulatedCard,
} from "~/services/checkout/simulated-card.server";
import { newCheckoutId } from "~/services/checkout/record.server";
import { reconcilePayments } from "~/services/checkout/reconcile.server";
import { createUserSession } from "~/services/http/current-user.server";
import { takeToast } from "~/services/http/toast.server";
import { db, schema } from "~/services/platform/db.server";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/checkout/route";
import { action as createIntentAction } from "~/routes/api.create-payment-intent";
import { action as confirmApiAction } from "~/routes/api.payments.simulated.confirm";
import { action as pickupRequestsAction } from "~/routes/api.pickup-requests";
import { action as authAction, loader as authLoader } from "~/routes/payments.simulated.authenticate";
import { CARD, resident, slot } from "./fixtures";

const SECURE = "4000 0027 6000 3184";
const HOUR = 3_600_000;

const pickupsOf = (userId: number) =>
  db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.userId, userId)).all();
const paymentsOf = (userId: number) =>
  db.select().from(schema.payments).where(eq(schema.payments.userId, userId)).all();
const ledger = (id: string) =>
  db.select().from(schema.simulatedIntents).where(eq(schema.simulatedIntents.id, id)).get()!;
const slotBooked = (id: number) =>
  db.select().from(schema.pickupSlots).where(eq(schema.pickupSlots.id, id)).get()!.currentBooked;

afterEach(() => setNow(null));

async function cookieFor(userId: number) {
  return (await createUserSession(userId)).get("Set-Cookie")!.split(";")[0]!;
}

type Route = (args: { request: Request; params: object; context: object }) => Promise<unknown>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bodies of several routes, read by each test
type Body = any;

/** A route's answer, thrown or returned: a Response, or Remix's data() with its status. */
async function call(route: Route, request: Request): Promise<{ status: number; location: string | null; body: Body }> {
  const answer = await route({ request, params: {}, context: {} }).catch((thrown: unknown) => thrown);
  if (answer instanceof Response) {
    const location = answer.headers.get("Location");
    const body: Body = location ? null : await answer.json().catch(() => null);
    return { status: answer.status, location, body };
  }
  const withInit = answer as { init?: { status?: number } | null; data?: Body };
  if (withInit.init !== undefined) return { status: withInit.init?.status ?? 200, location: null, body: withInit.data };
  return { status: 200, location: null, body: answer };
}

const page = (path: string, cookie: string) =>
  new Request(`http://localhost${path}`, { headers: { Cookie: cookie, "Accept-Language": "en-CA" } });

const formPost = (path: string, cookie: string, fields: Record<string, string>) =>
  new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { Cookie: cookie, "Accept-Language": "en-CA", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

const jsonPost = (path: string, cookie: string, body: unknown) =>
  new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { Cookie: cookie, "Accept-Language": "en-CA", "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

const cardFields = (cardNumber: string) => ({
  intent: "pay",
  acceptTerms: "on",
  frenchTermsReceived: "on",
  cardNumber,
  expiry: "12/34",
  cvc: "123",
  postalCode: "H2X 3K2",
});

const AUTH_URL = /^\/payments\/simulated\/authenticate\?payment_intent=(pi_sim_[a-f0-9]{24})$/;

/** A resident on a new checkout page (its URL with the checkout's id), signed in. */
async function onCheckout(bags = 2) {
  const user = await resident();
  const s = slot();
  const cookie = await cookieFor(user.id);
  const checkoutUrl = `/checkout?bags=${bags}&slotId=${s.id}&checkout=${newCheckoutId()}`;
  return { user, s, cookie, checkoutUrl };
}

/** Pays on the checkout page with the 3-D Secure card: the answer is a redirect to the authentication page. */
async function payNeedingAuthentication(cookie: string, checkoutUrl: string) {
  const answer = await call(checkoutAction as Route, formPost(checkoutUrl, cookie, cardFields(SECURE)));
  expect(answer.status).toBe(302);
  expect(answer.location).toMatch(AUTH_URL);
  return { authUrl: answer.location!, intentId: answer.location!.match(AUTH_URL)![1]! };
}

describe("4000 0027 6000 3184 needs authentication", () => {
  it("the checkout page redirects to the authentication page; nothing is booked while the intent waits", async () => {
    const { user, s, cookie, checkoutUrl } = await onCheckout();
    const { authUrl, intentId } = await payNeedingAuthentication(cookie, checkoutUrl);
    expect(ledger(intentId)).toMatchObject({ status: "requires_action", cardBrand: "visa", cardLast4: "3184" });
    expect(paymentsOf(user.id)).toMatchObject([{ status: "requires_payment", failureCode: null }]);
    expect(pickupsOf(user.id)).toHaveLength(0);
    expect(slotBooked(s.id)).toBe(0);

    const shown = await call(authLoader as Route, page(authUrl, cookie));
    expect(shown).toMatchObject({
      status: 200,
      body: {
        title: "Confirm this payment with your bank (test)",
        amount: "$20.70",
        cardBrand: "visa",
        cardLast4: "3184",
      },
    });
    // The checkout itself still offers the card form (not paid).
    const checkout = (await checkoutLoader({ request: page(checkoutUrl, cookie), params: {}, context: {} })) as {
      paid: unknown;
    };
    expect(checkout.paid).toBeNull();
  });

  it("the services answer requires_action with the page's URL", async () => {
    const user = await resident();
    const error = await payWithSimulatedCard(user, { bags: 1, slotId: slot().id }, { ...CARD, cardNumber: SECURE })
      .then(() => null)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationRequired);
    expect(error).toMatchObject({ status: "requires_action", redirectUrl: expect.stringMatching(AUTH_URL) });
    expect(pickupsOf(user.id)).toHaveLength(0);
  });

  it("the API answers 200 { status: 'requires_action', redirectUrl }, and the page's Complete books it", async () => {
    const user = await resident();
    const s = slot();
    const cookie = await cookieFor(user.id);
    const created = await call(
      createIntentAction as Route,
      jsonPost("/api/create-payment-intent", cookie, { amount: 1150, bagCount: 1, slotId: s.id, acceptTerms: true }),
    );
    const paymentIntentId = String(created.body.paymentIntentId);
    const confirmed = await call(
      confirmApiAction as Route,
      jsonPost("/api/payments/simulated/confirm", cookie, { paymentIntentId, ...CARD, cardNumber: SECURE }),
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({
      status: "requires_action",
      redirectUrl: `/payments/simulated/authenticate?payment_intent=${paymentIntentId}`,
    });
    // Booking through the API before authenticating is refused: the payment is not completed.
    const early = await call(
      pickupRequestsAction as Route,
      jsonPost("/api/pickup-requests", cookie, {
        paymentIntentId,
        bagsRequested: 1,
        pickupSlotId: s.id,
        totalPrice: 11.5,
        acceptTerms: true,
      }),
    );
    expect(early.status).toBe(402);
    expect(pickupsOf(user.id)).toHaveLength(0);

    const completed = await call(
      authAction as Route,
      formPost(confirmed.body.redirectUrl, cookie, { outcome: "complete" }),
    );
    expect(completed.status).toBe(302);
    expect(completed.location).toMatch(/^\/confirmation\?confirmationNumber=[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(pickupsOf(user.id)).toHaveLength(1);
  });

  it("Complete books exactly one pickup; Complete again (or a reload of the page) answers the same confirmation", async () => {
    const { user, s, cookie, checkoutUrl } = await onCheckout();
    const { authUrl, intentId } = await payNeedingAuthentication(cookie, checkoutUrl);
    const complete = () => call(authAction as Route, formPost(authUrl, cookie, { outcome: "complete" }));
    const first = await complete();
    expect(first.status).toBe(302);
    const [pickup] = pickupsOf(user.id);
    expect(first.location).toBe(`/confirmation?confirmationNumber=${pickup!.confirmationNumber}`);
    expect(pickup).toMatchObject({ bagsRequested: 2, totalCents: 2070, pickupSlotId: s.id });
    expect(ledger(intentId).status).toBe("succeeded");
    expect(paymentsOf(user.id)).toMatchObject([{ status: "succeeded", cardBrand: "visa", cardLast4: "3184" }]);

    expect((await complete()).location).toBe(first.location);
    // Fail pressed on a page kept from before: the pickup stands.
    expect((await call(authAction as Route, formPost(authUrl, cookie, { outcome: "fail" }))).location).toBe(
      first.location,
    );
    expect((await call(authLoader as Route, page(authUrl, cookie))).location).toBe(first.location);
    expect(pickupsOf(user.id)).toHaveLength(1);
    expect(slotBooked(s.id)).toBe(1);
    // The checkout is now paid: its page says so.
    const checkout = (await checkoutLoader({ request: page(checkoutUrl, cookie), params: {}, context: {} })) as {
      paid: { confirmationNumber: string } | null;
    };
    expect(checkout.paid).toMatchObject({ confirmationNumber: pickup!.confirmationNumber });
  });

  it("Fail books nothing and goes back to the checkout with the error; the same checkout then pays with 4242", async () => {
    const { user, s, cookie, checkoutUrl } = await onCheckout();
    const { authUrl, intentId } = await payNeedingAuthentication(cookie, checkoutUrl);
    const failed = await call(authAction as Route, formPost(authUrl, cookie, { outcome: "fail" }));
    expect(failed.status).toBe(302);
    expect(failed.location).toBe(checkoutUrl);
    expect(ledger(intentId)).toMatchObject({
      status: "requires_payment_method",
      lastErrorCode: "authentication_failed",
    });
    expect(paymentsOf(user.id)).toMatchObject([{ status: "failed", failureCode: "authentication_failed" }]);
    expect(pickupsOf(user.id)).toHaveLength(0);
    expect(slotBooked(s.id)).toBe(0);

    // The page no longer waits: it sends the resident back to the checkout; Complete now books nothing.
    expect((await call(authLoader as Route, page(authUrl, cookie))).location).toBe(checkoutUrl);
    const late = await call(authAction as Route, formPost(authUrl, cookie, { outcome: "complete" }));
    expect(late.location).toBe(checkoutUrl);
    expect(pickupsOf(user.id)).toHaveLength(0);

    // Paying again on the same checkout reuses its intent and books.
    const paid = await call(checkoutAction as Route, formPost(checkoutUrl, cookie, cardFields("4242 4242 4242 4242")));
    expect(paid.location).toMatch(/^\/confirmation\?confirmationNumber=/);
    expect(pickupsOf(user.id)).toHaveLength(1);
    expect(paymentsOf(user.id)).toMatchObject([
      { providerPaymentId: intentId, status: "succeeded", cardLast4: "4242" },
    ]);
  });

  it("Fail's toast is the card's authentication message", async () => {
    const { cookie, checkoutUrl } = await onCheckout(1);
    const { authUrl } = await payNeedingAuthentication(cookie, checkoutUrl);
    const response = (await authAction({
      request: formPost(authUrl, cookie, { outcome: "fail" }),
      params: {},
      context: {},
    })) as Response;
    const visitor = response.headers.get("Set-Cookie")!.split(";")[0]!;
    const { toast } = await takeToast(new Request(`http://localhost${checkoutUrl}`, { headers: { Cookie: visitor } }));
    expect(toast).toMatchObject({
      type: "error",
      title: "checkout:toast.paymentFailed",
      description: "checkout:card.errors.authentication_failed",
    });
  });

  it("after a Fail, 3184 again asks for authentication again on the same intent, and Complete books once", async () => {
    const { user, cookie, checkoutUrl } = await onCheckout();
    const first = await payNeedingAuthentication(cookie, checkoutUrl);
    await call(authAction as Route, formPost(first.authUrl, cookie, { outcome: "fail" }));
    const second = await payNeedingAuthentication(cookie, checkoutUrl);
    expect(second.intentId).toBe(first.intentId);
    await call(authAction as Route, formPost(second.authUrl, cookie, { outcome: "complete" }));
    expect(pickupsOf(user.id)).toHaveLength(1);
    expect(paymentsOf(user.id)).toHaveLength(1);
  });

  it("someone else's payment is 404 on the page and its form, and changes nothing", async () => {
    const { user, cookie, checkoutUrl } = await onCheckout();
    const { authUrl, intentId } = await payNeedingAuthentication(cookie, checkoutUrl);
    const other = await resident();
    const otherCookie = await cookieFor(other.id);
    expect((await call(authLoader as Route, page(authUrl, otherCookie))).status).toBe(404);
    for (const outcome of ["complete", "fail"]) {
      expect((await call(authAction as Route, formPost(authUrl, otherCookie, { outcome }))).status).toBe(404);
    }
    await expect(finishSimulatedAuthentication(other.id, intentId, "complete")).rejects.toMatchObject({ status: 404 });
    expect(ledger(intentId).status).toBe("requires_action");
    expect(pickupsOf(user.id)).toHaveLength(0);
    // An unknown or malformed intent reads the same.
    expect(
      (
        await call(
          authLoader as Route,
          page("/payments/simulated/authenticate?payment_intent=pi_sim_" + "0".repeat(24), cookie),
        )
      ).status,
    ).toBe(404);
    expect(
      (await call(authLoader as Route, page("/payments/simulated/authenticate?payment_intent=x", cookie))).status,
    ).toBe(404);
  });

  it("the hourly reconcile never books an intent waiting for authentication; after an hour it cancels it", async () => {
    const { user, cookie, checkoutUrl } = await onCheckout();
    const { authUrl, intentId } = await payNeedingAuthentication(cookie, checkoutUrl);
    await reconcilePayments({ graceMs: 0 });
    expect(pickupsOf(user.id)).toHaveLength(0);
    expect(ledger(intentId).status).toBe("requires_action");

    setNow(Date.now() + 2 * HOUR);
    await reconcilePayments({ graceMs: 0 });
    expect(pickupsOf(user.id)).toHaveLength(0);
    expect(ledger(intentId).status).toBe("canceled");
    // Completing the cancelled intent books nothing: back to the checkout.
    setNow(null);
    const late = await call(authAction as Route, formPost(authUrl, cookie, { outcome: "complete" }));
    expect(late.location).toBe(checkoutUrl);
    expect(pickupsOf(user.id)).toHaveLength(0);
  });
});
