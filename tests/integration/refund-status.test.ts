// Refunds with a status (issue 20, item 6): a cancelled pickup's refund is "succeeded", "pending" or "failed",
// answered by DELETE /api/pickup-requests/{id}, shown on the order page and My Orders and in the cancellation
// e-mail in the resident's words; failed and pending refunds are retried by the hourly reconcile after listing
// the payment's refunds at the provider (so one that went through is never made twice); Stripe's
// charge.refund.updated updates the status. Against the Stripe stand-in, and the simulated 5126 card.
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const WEBHOOK_SECRET = "whsec_recircle_refunds_test";

const standIn = await vi.hoisted(async () => {
  const { startStripeStandIn, pointStripeAt } = await import("./stripe-stand-in");
  const started = await startStripeStandIn();
  pointStripeAt(started);
  process.env.PAYMENT_PROVIDER = "stripe";
  process.env.STRIPE_SECRET_KEY = "sk_test_x";
  process.env.STRIPE_PUBLISHABLE_KEY = "pk_test_x";
  process.env.STRIPE_WEBHOOK_SECRET = "whsec_recircle_refunds_test";
  return started;
});

import { action as webhook } from "~/routes/api.stripe.webhook";
import { action as apiAction } from "~/routes/api.pickup-requests.$key";
import { loader as orderLoader } from "~/routes/order.$confirmationNumber";
import { loader as historyLoader } from "~/routes/history";
import { payWithSimulatedCard } from "~/services/checkout/simulated-card.server";
import { reconcilePayments } from "~/services/checkout/reconcile.server";
import { unsettledCancelRefunds } from "~/services/checkout/cancel-refunds.server";
import { retryRefund, unsettledRefunds } from "~/services/admin/refunds.server";
import { AdminError } from "~/services/admin/admin-error.server";
import { cancelPickup } from "~/services/pickups/changes.server";
import { createUserSession } from "~/services/http/current-user.server";
import { paymentProvider, setPaymentProvider } from "~/services/payments/provider.server";
import { recordPayment } from "~/services/payments/ledger.server";
import { SimulatedProvider } from "~/services/payments/simulated.server";
import { db, schema } from "~/services/platform/db.server";
import { CARD, resident, slot } from "./fixtures";
import type { User } from "../../db/schema";

const stripe = new Stripe("sk_test_x", { host: standIn.host, port: standIn.port, protocol: "http" });
const signer = new Stripe("sk_test_x");

const pickupRow = (id: number) =>
  db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.id, id)).get()!;
const paymentRow = (id: number) => db.select().from(schema.payments).where(eq(schema.payments.id, id)).get()!;
const cancelMail = (user: User) =>
  db
    .select()
    .from(schema.emailOutbox)
    .where(and(eq(schema.emailOutbox.to, user.email), eq(schema.emailOutbox.kind, "pickup-cancelled")))
    .all()
    .at(-1)!;
const refundPosts = (intentId: string) =>
  standIn.requestsTo("POST", "/v1/refunds").filter((r) => r.params.payment_intent === intentId);
const cookieOf = async (user: User) => (await createUserSession(user.id)).get("Set-Cookie")!.split(";")[0]!;

/** A resident's pickup of 1 bag ($11.50, so $9.20 back on cancelling) paid at Stripe with a succeeded intent. */
async function stripePaidPickup() {
  const user = await resident();
  const s = slot();
  const intent = await stripe.paymentIntents.create({ amount: 1150, currency: "cad" });
  standIn.succeedIntent(intent.id, { brand: "visa", last4: "4242" });
  const payment = recordPayment({
    provider: "stripe",
    providerPaymentId: intent.id,
    userId: user.id,
    amountCents: 1150,
    booking: { ref: `refund-test-${intent.id}` },
    status: "succeeded",
  });
  db.update(schema.pickupSlots).set({ currentBooked: 1 }).where(eq(schema.pickupSlots.id, s.id)).run();
  const pickup = db
    .insert(schema.pickupRequests)
    .values({
      confirmationNumber: `RC-REF${crypto.randomBytes(4).toString("hex").toUpperCase()}`,
      userId: user.id,
      pickupSlotId: s.id,
      paymentId: payment.id,
      bagsRequested: 1,
      listPriceCents: 1000,
      subtotalCents: 1000,
      gstCents: 50,
      qstCents: 100,
      totalCents: 1150,
      address: user.streetAddress ?? "1 Rue Saint-Denis",
      postalFsa: "H2X",
      updatedAt: Date.now(),
    })
    .returning()
    .get();
  return { user, pickup, payment, intentId: intent.id };
}

async function apiCancel(user: User, id: number, language = "en") {
  const response = (await apiAction({
    request: new Request(`http://localhost/api/pickup-requests/${id}`, {
      method: "DELETE",
      headers: { Cookie: await cookieOf(user), "Accept-Language": language, "Content-Type": "application/json" },
    }),
    params: { key: String(id) },
    context: {},
  })) as Response;
  expect(response.status).toBe(200);
  return response.json();
}

async function orderPage(user: User, confirmationNumber: string) {
  const data = await orderLoader({
    request: new Request(`http://localhost/order/${confirmationNumber}`, { headers: { Cookie: await cookieOf(user) } }),
    params: { confirmationNumber },
    context: {},
  });
  return data.order;
}

async function historyPage(user: User) {
  const data = await historyLoader({
    request: new Request("http://localhost/history", { headers: { Cookie: await cookieOf(user) } }),
    params: {},
    context: {},
  });
  return (data as unknown as { orders: Array<{ id: number; payment: { refundStatus: string | null } | null }> }).orders;
}

function deliverRefundEvent(type: string, refund: unknown) {
  const payload = JSON.stringify({
    id: `evt_${crypto.randomBytes(8).toString("hex")}`,
    object: "event",
    api_version: "2025-01-27.acacia",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: refund },
  });
  const headers = new Headers({
    "Content-Type": "application/json",
    "Stripe-Signature": signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
  });
  const request = new Request("http://localhost/api/stripe/webhook", { method: "POST", headers, body: payload });
  return webhook({ request, params: {}, context: {} }) as Promise<Response>;
}

beforeEach(() => {
  standIn.reset();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());
afterAll(() => standIn.close());

describe("a refund Stripe refuses", () => {
  it("is failed in the DELETE answer, on the order page, on My Orders and in the e-mail, then retried as a new refund", async () => {
    const { user, pickup, payment, intentId } = await stripePaidPickup();
    standIn.nextRefund(intentId, "failed");

    const body = await apiCancel(user, pickup.id);
    expect(body).toMatchObject({ status: "Cancelled", refundStatus: "failed", refundAmount: 0, refundFailed: true });
    expect(body.refundMessage).toBe(
      "Refund of $9.20: could not be sent to your card. We will try again and contact you.",
    );
    expect(pickupRow(pickup.id)).toMatchObject({ refundCents: 920, refundStatus: "failed" });
    expect(paymentRow(payment.id)).toMatchObject({
      status: "succeeded",
      refundedCents: 0,
      failureCode: "refund_failed",
    });
    expect((await orderPage(user, pickup.confirmationNumber)).payment).toMatchObject({
      refundedCents: 920,
      refundStatus: "failed",
    });
    expect((await historyPage(user)).find((o) => o.id === pickup.id)?.payment?.refundStatus).toBe("failed");
    const mail = cancelMail(user);
    expect(mail.text).toContain("Refund of $9.20: it could not be sent to your card. We will try again");
    expect(mail.text).not.toMatch(/Refund: \$/);
    expect(unsettledCancelRefunds().map((r) => r.pickup.id)).toContain(pickup.id);

    // The hourly job lists the payment's refunds first, then asks for a new refund under a new key.
    const report = await reconcilePayments({ provider: paymentProvider() });
    expect(report.refundsSent).toBeGreaterThanOrEqual(1);
    const calls = standIn.requests.filter((r) => r.path === "/v1/refunds").map((r) => r.method);
    expect(calls).toEqual(["GET", "POST", "GET", "POST"]);
    const keys = refundPosts(intentId).map((r) => r.idempotencyKey);
    expect(keys).toEqual([`refund-${intentId}-920`, `refund-${intentId}-920-1`]);
    expect(standIn.refunds.map((r) => [r.amount, r.status])).toEqual([
      [920, "failed"],
      [920, "succeeded"],
    ]);
    expect(pickupRow(pickup.id).refundStatus).toBe("succeeded");
    expect(paymentRow(payment.id)).toMatchObject({
      status: "partially_refunded",
      refundedCents: 920,
      failureCode: null,
    });
    expect((await orderPage(user, pickup.confirmationNumber)).payment?.refundStatus).toBe("succeeded");
    expect(unsettledCancelRefunds().map((r) => r.pickup.id)).not.toContain(pickup.id);

    // Settled: the next runs ask Stripe for nothing more.
    await reconcilePayments({ provider: paymentProvider() });
    expect(refundPosts(intentId)).toHaveLength(2);
  });

  it("is said in French in the answer and the e-mail", async () => {
    const { user, pickup, intentId } = await stripePaidPickup();
    db.update(schema.users).set({ locale: "fr" }).where(eq(schema.users.id, user.id)).run();
    standIn.nextRefund(intentId, "failed");
    const body = await apiCancel({ ...user, locale: "fr" }, pickup.id, "fr");
    expect(body.refundStatus).toBe("failed");
    expect(body.message).toContain("Remboursement de 9,20");
    expect(body.message).toContain("n'a pas pu être envoyé sur votre carte");
    expect(cancelMail(user).text).toContain("n'a pas pu être envoyé sur votre carte. Nous allons réessayer");
  });
});

describe("a refund made at Stripe whose answer was lost", () => {
  it("is found by the retry (refunds listed first) and never made twice, even past the idempotency window", async () => {
    const { user, pickup, payment, intentId } = await stripePaidPickup();
    standIn.nextRefund(intentId, "lost");

    const cancelled = await cancelPickup(user, pickup.id);
    // The app could not know: it says failed (and will find out), not that money went back.
    expect(cancelled.refundStatus).toBe("failed");
    expect(standIn.refunds).toHaveLength(1);
    expect(standIn.refunds[0]).toMatchObject({ amount: 920, status: "succeeded" });
    const postsBefore = refundPosts(intentId).length;

    // A day later, Stripe has forgotten the idempotency key: only listing can tell the refund was made.
    const report = await reconcilePayments({ provider: paymentProvider() });
    expect(report.refundsSent).toBeGreaterThanOrEqual(1);
    expect(standIn.requestsTo("GET", "/v1/refunds").at(-1)!.params).toMatchObject({ payment_intent: intentId });
    expect(refundPosts(intentId)).toHaveLength(postsBefore);
    expect(standIn.refunds).toHaveLength(1);
    expect(pickupRow(pickup.id).refundStatus).toBe("succeeded");
    expect(paymentRow(payment.id)).toMatchObject({ refundedCents: 920, failureCode: null });
  });
});

describe("a pending refund", () => {
  it("is on its way for the resident, is not sent again by the hourly job, and charge.refund.updated settles it", async () => {
    const { user, pickup, payment, intentId } = await stripePaidPickup();
    standIn.nextRefund(intentId, "pending");

    const body = await apiCancel(user, pickup.id);
    expect(body).toMatchObject({ refundStatus: "pending", refundAmount: 9.2 });
    expect(body.refundMessage).toBe("Refund of $9.20: on its way to your card");
    expect(cancelMail(user).text).toContain(
      "Refund of $9.20 (the total minus the $2.00 cancellation fee plus tax): on its way",
    );
    expect(paymentRow(payment.id)).toMatchObject({ refundedCents: 920, failureCode: "refund_pending" });

    await reconcilePayments({ provider: paymentProvider() });
    expect(refundPosts(intentId)).toHaveLength(1);
    expect(pickupRow(pickup.id).refundStatus).toBe("pending");

    const refund = standIn.settleRefund(standIn.refunds[0]!.id);
    const response = await deliverRefundEvent("charge.refund.updated", refund);
    expect(response.status).toBe(200);
    expect(pickupRow(pickup.id).refundStatus).toBe("succeeded");
    expect(paymentRow(payment.id)).toMatchObject({ refundedCents: 920, failureCode: null });
    expect((await orderPage(user, pickup.confirmationNumber)).payment?.refundStatus).toBe("succeeded");
  });

  it("that fails later is marked failed by refund.updated, then retried by the hourly job", async () => {
    const { user, pickup, intentId } = await stripePaidPickup();
    standIn.nextRefund(intentId, "pending");
    await cancelPickup(user, pickup.id);

    const refund = standIn.settleRefund(standIn.refunds[0]!.id, "failed");
    expect((await deliverRefundEvent("refund.updated", refund)).status).toBe(200);
    expect(pickupRow(pickup.id).refundStatus).toBe("failed");

    await reconcilePayments({ provider: paymentProvider() });
    expect(refundPosts(intentId)).toHaveLength(2);
    expect(pickupRow(pickup.id).refundStatus).toBe("succeeded");
  });

  it("an event about a refund of no pickup of ours is acknowledged and changes nothing", async () => {
    const response = await deliverRefundEvent("charge.refund.updated", {
      id: "re_stranger",
      object: "refund",
      amount: 500,
      status: "succeeded",
      payment_intent: "pi_not_ours",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
  });
});

describe("the simulated 5126 card (pays, its refund fails)", () => {
  beforeEach(() => setPaymentProvider(new SimulatedProvider()));
  afterEach(() => setPaymentProvider(null));

  it("cancels with refundStatus failed everywhere, and the hourly job retries without refunding money it did not", async () => {
    const user = await resident();
    const pickup = await payWithSimulatedCard(
      user,
      { bags: 1, slotId: slot().id },
      { ...CARD, cardNumber: "4000 0000 0000 5126" },
    );
    const body = await apiCancel(user, pickup.id);
    expect(body).toMatchObject({ refundStatus: "failed", refundAmount: 0 });
    expect((await orderPage(user, pickup.confirmationNumber)).payment?.refundStatus).toBe("failed");
    expect(cancelMail(user).text).toContain("Refund of $9.20: it could not be sent to your card.");

    const report = await reconcilePayments();
    expect(report.refundsFailed).toBeGreaterThanOrEqual(1);
    expect(pickupRow(pickup.id).refundStatus).toBe("failed");
    expect(paymentRow(pickup.paymentId!)).toMatchObject({ refundedCents: 0, failureCode: "refund_failed" });
    const intent = db
      .select()
      .from(schema.simulatedIntents)
      .where(eq(schema.simulatedIntents.id, paymentRow(pickup.paymentId!).providerPaymentId))
      .get()!;
    expect(intent.refundedCents).toBe(0);
  });

  it("a card that refunds says sent to your card, and a free cancel has no refund status", async () => {
    const user = await resident();
    const pickup = await payWithSimulatedCard(user, { bags: 1, slotId: slot().id }, CARD);
    const body = await apiCancel(user, pickup.id);
    expect(body).toMatchObject({ refundStatus: "succeeded", refundAmount: 9.2 });
    expect(body.refundMessage).toBe("Refund of $9.20: sent to your card");
    expect(body.refundFailed).toBeUndefined();
    expect(cancelMail(user).text).toContain(
      "Refund of $9.20 (the total minus the $2.00 cancellation fee plus tax): sent to your card.",
    );
    expect(pickupRow(pickup.id).refundStatus).toBe("succeeded");
  });
});

describe("the admin's list of refunds not settled", () => {
  beforeEach(() => setPaymentProvider(new SimulatedProvider()));
  afterEach(() => setPaymentProvider(null));

  it("lists a failed refund with the resident, amount and since when; a retry refused again keeps it listed", async () => {
    const user = await resident();
    const pickup = await payWithSimulatedCard(
      user,
      { bags: 1, slotId: slot().id },
      { ...CARD, cardNumber: "4000 0000 0000 5126" },
    );
    await cancelPickup(user, pickup.id);
    const listed = unsettledRefunds().find((r) => r.pickupId === pickup.id);
    expect(listed).toEqual({
      pickupId: pickup.id,
      confirmationNumber: pickup.confirmationNumber,
      email: user.email,
      amountCents: 920,
      status: "failed",
      since: pickupRow(pickup.id).cancelledAt,
    });

    await expect(retryRefund(user, pickup.id)).resolves.toEqual({
      confirmationNumber: pickup.confirmationNumber,
      status: "failed",
    });
    expect(unsettledRefunds().map((r) => r.pickupId)).toContain(pickup.id);
    const activity = db.select().from(schema.adminActivity).all().at(-1)!;
    expect(activity).toMatchObject({ adminUserId: user.id, action: "refund.retry" });
  });

  it("a settled refund (or no pickup) cannot be retried", async () => {
    const user = await resident();
    const pickup = await payWithSimulatedCard(user, { bags: 1, slotId: slot().id }, CARD);
    await cancelPickup(user, pickup.id);
    expect(unsettledRefunds().map((r) => r.pickupId)).not.toContain(pickup.id);
    const error = await retryRefund(user, pickup.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AdminError);
    expect(error).toMatchObject({ key: "refunds.errors.settled", status: 404 });
    await expect(retryRefund(user, null)).rejects.toMatchObject({ key: "refunds.errors.settled" });
  });

  it("a pickup cancelled before statuses were stored reads its payment's mark", async () => {
    const user = await resident();
    const pickup = await payWithSimulatedCard(
      user,
      { bags: 1, slotId: slot().id },
      { ...CARD, cardNumber: "4000 0000 0000 5126" },
    );
    await cancelPickup(user, pickup.id);
    db.update(schema.pickupRequests).set({ refundStatus: null }).where(eq(schema.pickupRequests.id, pickup.id)).run();
    expect((await orderPage(user, pickup.confirmationNumber)).payment?.refundStatus).toBe("failed");
    expect(unsettledRefunds().find((r) => r.pickupId === pickup.id)?.status).toBe("failed");
  });
});
