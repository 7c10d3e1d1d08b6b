// Issue 46 part 5 with Stripe (the real SDK on the local stand-in): a pickup booked by phone paid from its link
// with the Payment Element (JavaScript: the link page's "stripeIntent" checks the terms' boxes, then answers
// the held booking's intent to confirm in the page). The intent is for exactly the held amount and carries the
// booking and the terms (the metadata the hosted path writes); asked again, the same intent. Once Stripe paid
// it, the page's return (`?payment_intent=`) reads it back and books the held place once, the terms kept on
// the pickup. An intent of another booking is refused (nothing booked), one of another amount refunded and not
// booked; an expired or spent link makes no intent. Stripe's webhook books a paid one whose page never heard
// back, once, whichever comes first.
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

const standIn = await vi.hoisted(async () => {
  const { startStripeStandIn, pointStripeAt } = await import("./stripe-stand-in");
  const started = await startStripeStandIn();
  pointStripeAt(started);
  process.env.STRIPE_WEBHOOK_SECRET = "whsec_phone_pay_test";
  return started;
});

import { setNow } from "~/lib/clock";
import { TERMS_VERSION } from "~/lib/contract";
import { createAdmin } from "~/services/accounts/accounts.server";
import { customerIdFor } from "~/services/payments/customers.server";
import { holdPhoneBooking, phoneBookingByToken } from "~/services/checkout/phone-booking.server";
import { setPaymentProvider } from "~/services/payments/provider.server";
import { StripeProvider } from "~/services/payments/stripe.server";
import { db, schema } from "~/services/platform/db.server";
import * as payRoute from "~/routes/pay.$token";
import * as webhookRoute from "~/routes/api.stripe.webhook";
import { resident, slot } from "./fixtures";

const stripe = new StripeProvider({ secretKey: "sk_test_x", publishableKey: "pk_test_x" });
const INTENT_CREATIONS = /^\/v1\/payment_intents$/;

beforeAll(() => setPaymentProvider(stripe));
beforeEach(() => standIn.reset());
afterEach(() => setNow(null));
afterAll(async () => {
  setPaymentProvider(null);
  await standIn.close();
});

let n = 0;
/** A pickup of `bags` an operator booked by phone for a new resident: its place held, its link's token. */
async function held(bags: 1 | 2 | 4 = 2) {
  n += 1;
  const admin = await createAdmin(`phone-stripe-${n}-${Date.now()}@recircle-admin.ca`, "sorting-day-1");
  const user = await resident();
  const s = slot({ capacity: 3 });
  const { booking, token } = holdPhoneBooking({ operatorId: admin.id, userId: user.id, bags, slotId: s.id });
  return { admin, user, slot: s, booking, token };
}

/** What a route function answered: the Response it returned or threw, or its data and status. */
async function answerOf(work: Promise<unknown>) {
  const result = await work.catch((thrown: unknown) => thrown);
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location") };
  const answer = result as {
    init?: { status?: number };
    data?: { stripe?: { clientSecret: string; intentId: string }; reply?: { error?: Record<string, string[]> } };
  };
  return { status: answer.init?.status ?? 200, stripe: answer.data?.stripe, errors: answer.data?.reply?.error ?? {} };
}

/** The Payment Element's fetcher post (intent "stripeIntent"), with the boxes ticked, from a page in `lng`. */
function askIntent(token: string, boxes: string[], lng: "fr" | "en" = "fr") {
  const body = new URLSearchParams({ intent: "stripeIntent" });
  for (const box of boxes) body.set(box, "on");
  const request = new Request(`http://localhost/pay/${token}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "Accept-Language": `${lng}-CA` },
    body,
  });
  return answerOf(payRoute.action({ request, params: { token }, context: {} } as never));
}

/** The link's page as the Payment Element's return (or Stripe's 3-D Secure page) opens it. */
function returnTo(token: string, intentId: string) {
  const request = new Request(`http://localhost/pay/${token}?payment_intent=${encodeURIComponent(intentId)}`);
  return answerOf(payRoute.loader({ request, params: { token }, context: {} } as never));
}

const pickupsOf = (userId: number) =>
  db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.userId, userId)).all();

describe("the link paid with the Payment Element", () => {
  it("makes the intent for exactly the held amount, with the booking and the terms; asked again, the same", async () => {
    const { user, slot: s, booking, token } = await held(2);
    const at = Date.now() + 60_000;
    setNow(at);
    const first = await askIntent(token, ["acceptTerms"]);
    expect(first.status).toBe(200);
    const { clientSecret, intentId } = first.stripe!;
    expect(clientSecret).toContain(intentId);
    const [create] = standIn.requestsTo("POST", INTENT_CREATIONS);
    expect(create!.params).toMatchObject({
      amount: String(booking.amountCents),
      currency: "cad",
      receipt_email: user.email,
      metadata: {
        phoneBooking: String(booking.id),
        userId: String(user.id),
        slotId: String(s.id),
        termsVersion: TERMS_VERSION,
        termsAcceptedAt: String(at),
        contractLanguage: "fr",
        frenchTermsReceivedAt: "",
      },
    });
    expect(create!.idempotencyKey).toBe(`phone-${booking.id}-pay-first`);
    expect(phoneBookingByToken(token)).toMatchObject({ status: "held", providerPaymentId: intentId });

    // A second press (after a declined card, a reload): the same intent, its acceptance renewed, none made.
    setNow(at + 60_000);
    const again = await askIntent(token, ["acceptTerms", "frenchTermsReceived"], "en");
    expect(again.stripe?.intentId).toBe(intentId);
    expect(standIn.requestsTo("POST", INTENT_CREATIONS)).toHaveLength(1);
    expect(standIn.intents.get(intentId)).toMatchObject({
      amount: booking.amountCents,
      metadata: { contractLanguage: "en", termsAcceptedAt: String(at + 60_000) },
    });
  });

  it("refuses the boxes unticked at the box, as without JavaScript, and makes no intent", async () => {
    const { booking, token } = await held(1);
    const refused = await askIntent(token, []);
    expect(refused).toMatchObject({ status: 400, errors: { acceptTerms: ["checkout:contract.acceptRequired"] } });
    const english = await askIntent(token, ["acceptTerms"], "en");
    expect(english).toMatchObject({
      status: 400,
      errors: { frenchTermsReceived: ["checkout:contract.frenchRequired"] },
    });
    expect(standIn.requestsTo("POST", INTENT_CREATIONS)).toHaveLength(0);
    expect(phoneBookingByToken(token)).toMatchObject({ id: booking.id, status: "held", providerPaymentId: null });
  });

  it("reads a paid intent back and books the held place once, the terms on the pickup; read twice, one pickup", async () => {
    const { admin, user, slot: s, booking, token } = await held(2);
    const at = Date.now() + 60_000;
    setNow(at);
    const { intentId } = (await askIntent(token, ["acceptTerms"])).stripe!;
    // Not paid yet (a 3-D Secure page failed, a Back): nothing booked, the page again.
    expect(await returnTo(token, intentId)).toMatchObject({ status: 302, location: `/pay/${token}` });
    expect(pickupsOf(user.id)).toHaveLength(0);

    standIn.succeedIntent(intentId, { brand: "visa", last4: "4242" });
    for (let i = 0; i < 2; i++) {
      expect(await returnTo(token, intentId)).toMatchObject({ status: 302, location: `/pay/${token}` });
    }
    const pickups = pickupsOf(user.id);
    expect(pickups).toHaveLength(1);
    expect(pickups[0]).toMatchObject({
      pickupSlotId: s.id,
      bookedById: admin.id,
      bagsRequested: 2,
      totalCents: booking.amountCents,
      termsVersion: TERMS_VERSION,
      termsAcceptedAt: at,
      contractLanguage: "fr",
      frenchTermsReceivedAt: null,
    });
    expect(phoneBookingByToken(token)).toMatchObject({ status: "booked", pickupRequestId: pickups[0]!.id });
    const payments = db.select().from(schema.payments).where(eq(schema.payments.userId, user.id)).all();
    expect(payments).toEqual([
      expect.objectContaining({ providerPaymentId: intentId, status: "succeeded", amountCents: booking.amountCents }),
    ]);
    // The place was the hold's: counted once.
    expect(db.select().from(schema.pickupSlots).where(eq(schema.pickupSlots.id, s.id)).get()!.currentBooked).toBe(1);
    // The page now says paid, with its confirmation number.
    const page = await payRoute.loader({
      request: new Request(`http://localhost/pay/${token}`),
      params: { token },
      context: {},
    } as never);
    expect(page).toMatchObject({ state: "booked", confirmationNumber: pickups[0]!.confirmationNumber, held: null });
    expect(standIn.refunds).toHaveLength(0);
  });

  it("refuses an intent of another booking, and refunds one of another amount without booking", async () => {
    const mine = await held(2);
    const other = await held(2);
    const { intentId: othersIntent } = (await askIntent(other.token, ["acceptTerms"])).stripe!;
    standIn.succeedIntent(othersIntent);
    expect(await returnTo(mine.token, othersIntent)).toMatchObject({ status: 302, location: `/pay/${mine.token}` });
    expect(phoneBookingByToken(mine.token)).toMatchObject({ status: "held", providerPaymentId: null });
    // The other booking's payment is not touched either: its own return books it.
    expect(phoneBookingByToken(other.token)!.status).toBe("held");
    expect(pickupsOf(mine.user.id)).toHaveLength(0);
    expect(pickupsOf(other.user.id)).toHaveLength(0);
    expect(standIn.refunds).toHaveLength(0);

    // Nothing of ours, or garbage: refused, nothing booked.
    expect(await returnTo(mine.token, "pi_unknown000")).toMatchObject({ status: 302, location: `/pay/${mine.token}` });
    expect(await returnTo(mine.token, "<script>")).toMatchObject({ status: 302, location: `/pay/${mine.token}` });

    // An intent naming this booking but for another amount: not booked, and what was paid goes back.
    const odd = await stripe.createIntent({
      amountCents: mine.booking.amountCents + 100,
      currency: "cad",
      metadata: { phoneBooking: String(mine.booking.id) },
      description: "another amount",
      receiptEmail: mine.user.email,
      customerId: await customerIdFor(mine.user, stripe, "fr"),
      idempotencyKey: `odd-${mine.booking.id}`,
    });
    standIn.succeedIntent(odd.id);
    expect(await returnTo(mine.token, odd.id)).toMatchObject({ status: 302, location: `/pay/${mine.token}` });
    expect(phoneBookingByToken(mine.token)!.status).toBe("held");
    expect(pickupsOf(mine.user.id)).toHaveLength(0);
    expect(standIn.refunds).toEqual([
      expect.objectContaining({ payment_intent: odd.id, amount: mine.booking.amountCents + 100 }),
    ]);
  });

  it("makes no intent for a link whose hold ran out, or that is spent", async () => {
    const expired = await held(1);
    setNow(expired.booking.holdExpiresAt + 1);
    expect(await askIntent(expired.token, ["acceptTerms"])).toMatchObject({
      status: 302,
      location: `/pay/${expired.token}`,
    });
    setNow(null);

    const spent = await held(1);
    const { intentId } = (await askIntent(spent.token, ["acceptTerms"])).stripe!;
    standIn.succeedIntent(intentId);
    await returnTo(spent.token, intentId);
    expect(phoneBookingByToken(spent.token)!.status).toBe("booked");
    const before = standIn.requestsTo("POST", INTENT_CREATIONS).length;
    expect(await askIntent(spent.token, ["acceptTerms"])).toMatchObject({
      status: 302,
      location: `/pay/${spent.token}`,
    });

    expect(standIn.requestsTo("POST", INTENT_CREATIONS)).toHaveLength(before);
    expect(phoneBookingByToken(expired.token)).toMatchObject({ status: "held", providerPaymentId: null });
    expect(pickupsOf(spent.user.id)).toHaveLength(1);
  });
});

describe("Stripe's webhook for a link's payment", () => {
  const signer = new Stripe("sk_test_x");
  function deliver(type: string, object: unknown) {
    const payload = JSON.stringify({
      id: `evt_${Date.now().toString(36)}${n++}`,
      object: "event",
      api_version: "2025-01-27.acacia",
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: "whsec_phone_pay_test" });
    const request = new Request("http://localhost/api/stripe/webhook", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
      body: payload,
    });
    return webhookRoute.action({ request, params: {}, context: {} }) as Promise<Response>;
  }

  it("books a paid intent whose page never heard back, once however often delivered; the return finds it", async () => {
    const { user, token } = await held(2);
    const { intentId } = (await askIntent(token, ["acceptTerms"])).stripe!;
    const paid = standIn.succeedIntent(intentId);
    for (let i = 0; i < 2; i++) expect((await deliver("payment_intent.succeeded", paid)).status).toBe(200);
    const pickups = pickupsOf(user.id);
    expect(pickups).toHaveLength(1);
    expect(pickups[0]!.termsVersion).toBe(TERMS_VERSION);
    expect(phoneBookingByToken(token)).toMatchObject({ status: "booked", pickupRequestId: pickups[0]!.id });
    expect(await returnTo(token, intentId)).toMatchObject({ status: 302, location: `/pay/${token}` });
    expect(pickupsOf(user.id)).toHaveLength(1);
    expect(standIn.refunds).toHaveLength(0);
  });

  it("books a hosted session paid from the link; an event naming no booking of ours changes nothing", async () => {
    const { user, booking, token } = await held(1);
    const form = new URLSearchParams({ intent: "payHosted", acceptTerms: "on" });
    await answerOf(
      payRoute.action({
        request: new Request(`http://localhost/pay/${token}`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", "Accept-Language": "fr-CA" },
          body: form,
        }),
        params: { token },
        context: {},
      } as never),
    );
    const session = [...standIn.sessions.values()][0]!;
    standIn.paySession(session.id);
    expect((await deliver("checkout.session.completed", standIn.sessions.get(session.id))).status).toBe(200);
    expect(pickupsOf(user.id)).toHaveLength(1);
    expect(phoneBookingByToken(token)!.status).toBe("booked");

    const other = await held(1);
    const { intentId } = (await askIntent(other.token, ["acceptTerms"])).stripe!;
    const paid = standIn.succeedIntent(intentId);
    const forged = { ...paid, metadata: { ...paid.metadata, phoneBooking: String(booking.id + 100000) } };
    expect((await deliver("payment_intent.succeeded", forged)).status).toBe(200);
    expect((await deliver("payment_intent.succeeded", { ...paid, metadata: { phoneBooking: "x" } })).status).toBe(200);
    expect(phoneBookingByToken(other.token)!.status).toBe("held");
    expect(pickupsOf(other.user.id)).toHaveLength(0);
  });
});
