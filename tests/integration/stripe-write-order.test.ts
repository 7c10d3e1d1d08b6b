// Stripe and our rows (issue 22, part 1): an intent whose payment row cannot be written is cancelled at
// Stripe (its secret never leaves), and the retry gets a payable intent of its own; the reconcile lists the
// intents that succeeded at Stripe and settles those with no row of ours: booked when their metadata
// names a checkout still bookable at the price paid, refunded in full (once) otherwise.
import Database from "better-sqlite3";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

const standIn = await vi.hoisted(async () => {
  const { startStripeStandIn, pointStripeAt } = await import("./stripe-stand-in");
  const started = await startStripeStandIn();
  pointStripeAt(started);
  return started;
});

import { startCardPayment } from "~/services/checkout/card.server";
import { newCheckoutId } from "~/services/checkout/record.server";
import { reconcilePayments } from "~/services/checkout/reconcile.server";
import { setPaymentProvider } from "~/services/payments/provider.server";
import { StripeProvider } from "~/services/payments/stripe.server";
import { env } from "~/services/platform/config.server";
import { databaseFault, db, schema } from "~/services/platform/db.server";
import { resident, slot } from "./fixtures";

const stripe = new StripeProvider({ secretKey: "sk_test_x", publishableKey: "pk_test_x" });

beforeAll(() => setPaymentProvider(stripe));
beforeEach(() => standIn.reset());
afterAll(async () => {
  setPaymentProvider(null);
  await standIn.close();
});

const paymentsOf = (checkoutId: string) =>
  db.select().from(schema.payments).where(eq(schema.payments.checkoutId, checkoutId)).all();
const pickupOf = (checkoutId: string) =>
  db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.checkoutId, checkoutId)).get();

/** Stripe answers, then another process takes the write lock before our payment row is written. */
function lockingAfterCreate(): { provider: StripeProvider; release: () => void } {
  const other = new Database(env.DATABASE_PATH);
  const provider = Object.create(stripe) as StripeProvider;
  provider.createIntent = async (input) => {
    const intent = await stripe.createIntent(input);
    if (!other.inTransaction) other.exec("BEGIN IMMEDIATE");
    return intent;
  };
  return {
    provider,
    release: () => {
      if (other.inTransaction) other.exec("ROLLBACK");
      other.close();
    },
  };
}

describe("an intent is never left payable without its payment row", () => {
  it("the row cannot be written: the intent is cancelled at Stripe; the retry gets its own intent and books", async () => {
    const user = await resident();
    const s = slot({ capacity: 5 });
    const checkoutId = newCheckoutId();
    const { provider, release } = lockingAfterCreate();
    const failed = await startCardPayment(user, { bags: 1, slotId: s.id }, { checkoutId, provider }).then(
      () => null,
      (error: unknown) => error,
    );
    release();
    expect(databaseFault(failed)).toBe("busy");
    expect(paymentsOf(checkoutId)).toEqual([]);
    const [first] = [...standIn.intents.values()];
    expect(first!.status).toBe("canceled");

    // The retry's create is replayed by Stripe (same checkout, same attempt): that intent is cancelled and
    // for another booking, so a new one is made, and it is the one recorded and paid.
    const retry = await startCardPayment(user, { bags: 1, slotId: s.id }, { checkoutId });
    expect(retry.paymentIntentId).not.toBe(first!.id);
    expect(standIn.intents.get(retry.paymentIntentId)!.status).toBe("requires_payment_method");
    expect(paymentsOf(checkoutId).map((p) => p.providerPaymentId)).toEqual([retry.paymentIntentId]);
    standIn.succeedIntent(retry.paymentIntentId);
    const report = await reconcilePayments({ provider: stripe });
    expect(report.booked).toBe(1);
    expect(pickupOf(checkoutId)?.paymentId).toBe(paymentsOf(checkoutId)[0]!.id);
  });
});

describe("the reconcile settles intents paid at Stripe with no row of ours", () => {
  /** A checkout paid at Stripe whose payment row was lost (written before writes were durable). */
  async function paidWithoutRow(capacity = 5) {
    const user = await resident();
    const s = slot({ capacity });
    const checkoutId = newCheckoutId();
    const started = await startCardPayment(user, { bags: 1, slotId: s.id }, { checkoutId });
    db.delete(schema.payments).where(eq(schema.payments.id, started.payment.id)).run();
    standIn.succeedIntent(started.paymentIntentId);
    return { user, s, checkoutId, intentId: started.paymentIntentId, amount: started.quote.breakdown.totalCents };
  }

  it("a still-bookable checkout is booked once, with its payment row rebuilt", async () => {
    const { checkoutId, intentId, amount } = await paidWithoutRow();
    const report = await reconcilePayments({ provider: stripe });
    expect(report.orphansBooked).toBe(1);
    const [payment] = paymentsOf(checkoutId);
    expect(payment).toMatchObject({ providerPaymentId: intentId, amountCents: amount, status: "succeeded" });
    expect(pickupOf(checkoutId)?.paymentId).toBe(payment!.id);
    expect(standIn.refunds).toEqual([]);
    const again = await reconcilePayments({ provider: stripe });
    expect(again.orphansBooked + again.orphansRefunded + again.booked).toBe(0);
  });

  it("a checkout that can no longer be booked (its slot is full) is refunded in full, once", async () => {
    const { s, checkoutId, intentId, amount } = await paidWithoutRow(1);
    db.update(schema.pickupSlots).set({ currentBooked: 1 }).where(eq(schema.pickupSlots.id, s.id)).run();
    const report = await reconcilePayments({ provider: stripe });
    expect(report.orphansRefunded).toBe(1);
    expect(pickupOf(checkoutId)).toBeUndefined();
    expect(standIn.refunds.map((r) => [r.payment_intent, r.amount])).toEqual([[intentId, amount]]);
    await reconcilePayments({ provider: stripe });
    expect(standIn.refunds).toHaveLength(1);
  });

  it("an intent whose metadata names no checkout of ours is refunded in full, once", async () => {
    const { checkoutId, intentId, amount } = await paidWithoutRow();
    standIn.intents.get(intentId)!.metadata.checkoutId = "unknown-checkout-id-xxxx";
    const report = await reconcilePayments({ provider: stripe });
    expect(report.orphansRefunded).toBe(1);
    expect(pickupOf(checkoutId)).toBeUndefined();
    expect(standIn.refunds.map((r) => [r.payment_intent, r.amount])).toEqual([[intentId, amount]]);
    const again = await reconcilePayments({ provider: stripe });
    expect(again.orphansRefunded).toBe(0);
    expect(standIn.refunds).toHaveLength(1);
  });

  it("a payment the app did not make (no booking reference: another use of the account) is left alone", async () => {
    const { checkoutId, intentId } = await paidWithoutRow();
    standIn.intents.get(intentId)!.metadata = { order: "someone else's" };
    const report = await reconcilePayments({ provider: stripe });
    expect(report.orphansBooked + report.orphansRefunded).toBe(0);
    expect(pickupOf(checkoutId)).toBeUndefined();
    expect(standIn.refunds).toEqual([]);
  });
});
