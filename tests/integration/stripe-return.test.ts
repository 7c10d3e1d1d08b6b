// Stripe's return page after the Payment Element left for a redirect (3-D Secure, a wallet):
// /checkout/return?checkout=…&bags=…&slotId=…&payment_intent=pi_…&redirect_status=…. The route trusts none
// of the query: the intent must be this resident's and read back from Stripe (the stand-in) as succeeded
// before anything is booked. Paid → the confirmation (a reload answers the same pickup); someone else's
// intent → nothing booked, nothing asked of Stripe; not paid → the checkout again with a failure toast.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

// Before any app module reads the environment: start the stand-in and point the SDK at it.
const standIn = await vi.hoisted(async () => {
  const { startStripeStandIn, pointStripeAt } = await import("./stripe-stand-in");
  const started = await startStripeStandIn();
  pointStripeAt(started);
  return started;
});

import { startCardPayment } from "~/services/checkout/card.server";
import { newCheckoutId } from "~/services/checkout/record.server";
import { startHostedCheckout } from "~/services/checkout/hosted.server";
import { hostedCheckoutUrls } from "~/services/http/booking-steps.server";
import { createUserSession } from "~/services/http/current-user.server";
import { takeToast } from "~/services/http/toast.server";
import { setPaymentProvider } from "~/services/payments/provider.server";
import { StripeProvider } from "~/services/payments/stripe.server";
import { db, schema } from "~/services/platform/db.server";
import { loader as returnLoader } from "~/routes/checkout.return";
import { loader as checkoutLoader } from "~/routes/checkout/route";
import { resident, slot } from "./fixtures";

const stripe = new StripeProvider({ secretKey: "sk_test_return", publishableKey: "pk_test_return" });

const pickupsOf = (userId: number) =>
  db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.userId, userId)).all();

beforeAll(() => setPaymentProvider(stripe));
beforeEach(() => standIn.reset());
afterAll(async () => {
  setPaymentProvider(null);
  await standIn.close();
});

async function cookieFor(userId: number) {
  return (await createUserSession(userId)).get("Set-Cookie")!.split(";")[0]!;
}

/** A checkout of two bags with its PaymentIntent at the stand-in, as the Payment Element's Pay makes it. */
async function startedCheckout() {
  const user = await resident();
  const s = slot();
  const checkoutId = newCheckoutId();
  const started = await startCardPayment(user, { bags: 2, slotId: s.id, expectedTotalCents: 2070 }, { checkoutId });
  const query = `checkout=${checkoutId}&bags=2&slotId=${s.id}`;
  return { user, slotId: s.id, checkoutId, intentId: started.paymentIntentId, query, cookie: await cookieFor(user.id) };
}

/** Opens the return page as this cookie's resident; the redirect it answers and the toast it leaves. */
async function openReturn(cookie: string, query: string) {
  const request = new Request(`http://localhost/checkout/return?${query}`, {
    headers: { Cookie: cookie, "Accept-Language": "en-CA" },
  });
  const answer = await returnLoader({ request, params: {}, context: {} }).catch((thrown: unknown) => thrown);
  expect(answer).toBeInstanceOf(Response);
  const response = answer as Response;
  expect(response.status).toBe(302);
  const visitor = response.headers
    .getSetCookie()
    .find((c) => c.startsWith("__visitor="))
    ?.split(";")[0];
  const { toast } = visitor
    ? await takeToast(new Request("http://localhost/", { headers: { Cookie: visitor } }))
    : { toast: null };
  return { location: response.headers.get("Location")!, toast };
}

const returnQuery = (query: string, intentId: string, status: string) =>
  `${query}&payment_intent=${intentId}&payment_intent_client_secret=${intentId}_secret_x&redirect_status=${status}`;

describe("the return page after a Payment Element redirect (payment_intent)", () => {
  it("succeeded: books the checkout's pickup and lands on the confirmation; a reload books nothing more", async () => {
    const c = await startedCheckout();
    standIn.succeedIntent(c.intentId, { brand: "visa", last4: "3184" });

    const first = await openReturn(c.cookie, returnQuery(c.query, c.intentId, "succeeded"));
    const pickups = pickupsOf(c.user.id);
    expect(pickups).toHaveLength(1);
    expect(pickups[0]).toMatchObject({ checkoutId: c.checkoutId, pickupSlotId: c.slotId, totalCents: 2070 });
    expect(first.location).toBe(`/confirmation?confirmationNumber=${pickups[0]!.confirmationNumber}`);
    expect(first.toast).toBeNull();
    // The intent was read back from Stripe before booking.
    expect(standIn.requestsTo("GET", `/v1/payment_intents/${c.intentId}`).length).toBeGreaterThan(0);

    // Reload (or Back to) the return page: the same confirmation, still one pickup and one intent.
    const again = await openReturn(c.cookie, returnQuery(c.query, c.intentId, "succeeded"));
    expect(again.location).toBe(first.location);
    expect(pickupsOf(c.user.id)).toHaveLength(1);
    expect(standIn.intents.size).toBe(1);

    // And the checkout's own page now says it is paid.
    const page = (await checkoutLoader({
      request: new Request(`http://localhost/checkout?${c.query}`, { headers: { Cookie: c.cookie } }),
      params: {},
      context: {},
    })) as { paid: { confirmationNumber: string } | null };
    expect(page.paid?.confirmationNumber).toBe(pickups[0]!.confirmationNumber);
  });

  it("someone else's intent: nothing booked, nothing asked of Stripe, sent to /booking with a toast", async () => {
    const c = await startedCheckout();
    standIn.succeedIntent(c.intentId);
    const other = await resident();
    const before = standIn.requests.length;

    const answer = await openReturn(await cookieFor(other.id), returnQuery(c.query, c.intentId, "succeeded"));
    expect(answer.location).toBe("/booking");
    expect(answer.toast).toMatchObject({
      type: "error",
      title: "checkout:toast.bookingFailed",
      description: "checkout:errors.paymentNotFound",
    });
    expect(standIn.requests.length).toBe(before);
    expect(pickupsOf(other.id)).toHaveLength(0);
    expect(pickupsOf(c.user.id)).toHaveLength(0);

    // The owner coming back books it.
    const owner = await openReturn(c.cookie, returnQuery(c.query, c.intentId, "succeeded"));
    expect(owner.location).toMatch(/^\/confirmation\?confirmationNumber=/);
    expect(pickupsOf(c.user.id)).toHaveLength(1);
  });

  it.each(["failed", "succeeded"])(
    "not paid (requires_payment_method), redirect_status=%s: the checkout again with a failure toast",
    async (redirectStatus) => {
      const c = await startedCheckout();
      const answer = await openReturn(c.cookie, returnQuery(c.query, c.intentId, redirectStatus));
      expect(answer.location).toBe(`/checkout?bags=2&slotId=${c.slotId}&checkout=${c.checkoutId}`);
      expect(answer.toast).toMatchObject({
        type: "error",
        title: "checkout:toast.paymentFailed",
        description: "checkout:return.failed",
      });
      expect(pickupsOf(c.user.id)).toHaveLength(0);
      expect(standIn.intents.get(c.intentId)!.status).toBe("requires_payment_method");

      // Paying again on the same checkout reuses its one intent.
      const retry = await startCardPayment(
        c.user,
        { bags: 2, slotId: c.slotId, expectedTotalCents: 2070 },
        { checkoutId: c.checkoutId },
      );
      expect(retry.paymentIntentId).toBe(c.intentId);
      expect(standIn.requestsTo("POST", "/v1/payment_intents")).toHaveLength(1);
    },
  );

  it("still processing: the checkout again with an information toast, nothing booked yet", async () => {
    const c = await startedCheckout();
    standIn.intents.get(c.intentId)!.status = "processing";
    const answer = await openReturn(c.cookie, returnQuery(c.query, c.intentId, "processing"));
    expect(answer.location).toBe(`/checkout?bags=2&slotId=${c.slotId}&checkout=${c.checkoutId}`);
    expect(answer.toast).toMatchObject({ type: "info", description: "checkout:return.processing" });
    expect(pickupsOf(c.user.id)).toHaveLength(0);
  });

  it("without a checkout in the query, a failure goes back to /booking; a malformed intent id is ignored", async () => {
    const c = await startedCheckout();
    const answer = await openReturn(c.cookie, `payment_intent=${c.intentId}&redirect_status=failed`);
    expect(answer.location).toBe("/booking");
    expect(answer.toast).toMatchObject({ description: "checkout:return.failed" });
    const malformed = await openReturn(c.cookie, "payment_intent=pi_x%27%3B--&redirect_status=succeeded");
    expect(malformed.location).toBe("/booking");
    expect(pickupsOf(c.user.id)).toHaveLength(0);
  });
});

describe("the return page after Stripe's hosted page (session_id) still books", () => {
  it("paid session → the confirmation", async () => {
    const user = await resident();
    const s = slot();
    await startHostedCheckout(user, { bags: 1, slotId: s.id }, "en", hostedCheckoutUrls("/checkout"));
    const session = [...standIn.sessions.values()][0]!;
    standIn.paySession(session.id);
    const answer = await openReturn(await cookieFor(user.id), `session_id=${session.id}`);
    const pickups = pickupsOf(user.id);
    expect(pickups).toHaveLength(1);
    expect(answer.location).toBe(`/confirmation?confirmationNumber=${pickups[0]!.confirmationNumber}`);
  });
});
