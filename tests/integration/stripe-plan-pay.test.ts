// Issue 45 with Stripe (the real SDK on the local stand-in): a plan's held pickup paid on-session with the
// Payment Element (JavaScript: the pay page's "stripeIntent" answers the held cycle's intent to confirm) with
// "Save this card for my plan" ticked: the intent carries setup_future_usage=off_session on the wire; once
// Stripe paid it, the pay page's return (`?payment_intent=`) books the held place once and the card Stripe
// saved becomes the plan's (its consent's date and language kept). Without the box, nothing is saved.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

const standIn = await vi.hoisted(async () => {
  const { startStripeStandIn, pointStripeAt } = await import("./stripe-stand-in");
  const started = await startStripeStandIn();
  pointStripeAt(started);
  return started;
});

import { setNow } from "~/lib/clock";
import { cycleDueAt } from "~/lib/plan-dates";
import { planPayAction, planPayPage } from "~/services/http/plan-pay.server";
import { setPaymentProvider } from "~/services/payments/provider.server";
import { StripeProvider } from "~/services/payments/stripe.server";
import { db, schema } from "~/services/platform/db.server";
import { runPlanCycles } from "~/services/plans/cycle-job.server";
import { planOn } from "./plan-fixtures";

const stripe = new StripeProvider({ secretKey: "sk_test_x", publishableKey: "pk_test_x" });
const HOUR = 3_600_000;

beforeAll(() => setPaymentProvider(stripe));
beforeEach(() => standIn.reset());
afterEach(() => setNow(null));
afterAll(async () => {
  setPaymentProvider(null);
  await standIn.close();
});

const planRow = (planId: number) =>
  db.select().from(schema.pickupPlans).where(eq(schema.pickupPlans.id, planId)).get()!;
const cardsOf = (userId: number) =>
  db.select().from(schema.savedCards).where(eq(schema.savedCards.userId, userId)).all();
const cycleOf = (planId: number) =>
  db.select().from(schema.planCycles).where(eq(schema.planCycles.planId, planId)).get()!;

/** A plan without a saved card (its resident removed it) whose cycle of `date` the job held for payment. */
async function heldWithoutCard(date: string) {
  const held = await planOn(date);
  db.update(schema.pickupPlans).set({ savedCardId: null }).where(eq(schema.pickupPlans.id, held.plan.id)).run();
  const at = cycleDueAt(date);
  setNow(at - 3 * HOUR);
  await runPlanCycles(at - 3 * HOUR, { provider: stripe });
  setNow(at);
  await runPlanCycles(at, { provider: stripe });
  expect(cycleOf(held.plan.id)).toMatchObject({ status: "payment_needed", failureCode: "no_saved_card" });
  setNow(at + HOUR);
  return { ...held, at };
}

function post(planId: number, fields: Record<string, string>) {
  return new Request(`http://localhost/plans/${planId}/pay`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", "Accept-Language": "fr-CA" },
  });
}

/** What a page function answered or threw (a redirect is thrown). */
async function answerOf<T>(work: Promise<T>): Promise<T | Response> {
  return work.catch((thrown: unknown) => thrown as Response);
}

describe("the pay page with the Payment Element", () => {
  it("saves the card with the consent: setup_future_usage on the wire, booked once, the plan's card", async () => {
    const { user, plan, at } = await heldWithoutCard("2027-07-06");
    const answer = (await planPayAction(
      post(plan.id, { intent: "stripeIntent", saveCardConsent: "on" }),
      user,
      plan.id,
    )) as unknown as { data: { stripe: { clientSecret: string; intentId: string } } };
    const { clientSecret, intentId } = answer.data.stripe;
    expect(clientSecret).toContain(intentId);
    const [create] = standIn.requestsTo("POST", "/v1/payment_intents");
    expect(create!.params).toMatchObject({
      amount: String(cycleOf(plan.id).amountCents),
      setup_future_usage: "off_session",
      metadata: { planId: String(plan.id), saveCardConsentAt: String(at + HOUR) },
    });
    expect(create!.idempotencyKey).toBe(`${cycleOf(plan.id).idempotencyKey}-pay-first-save`);

    // Stripe.js confirmed it in the page; the return reads it back and books the held place, once.
    standIn.succeedIntent(intentId, { brand: "visa", last4: "1881", exp_month: 9, exp_year: 2033 });
    const back = new Request(`http://localhost/plans/${plan.id}/pay?payment_intent=${intentId}`);
    for (let i = 0; i < 2; i++) {
      const page = await answerOf(planPayPage(back, user, plan.id));
      expect(page).toBeInstanceOf(Response);
      expect((page as Response).headers.get("Location")).toMatch(/^\/order\/[A-Z0-9-]+$/);
    }
    expect(cycleOf(plan.id).status).toBe("booked");
    const cards = cardsOf(user.id).filter((card) => card.provider === "stripe");
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({
      last4: "1881",
      expMonth: 9,
      expYear: 2033,
      consentedAt: at + HOUR,
      consentLanguage: "fr",
      paymentMethodId: standIn.intents.get(intentId)!.payment_method,
    });
    expect(planRow(plan.id).savedCardId).toBe(cards[0]!.id);
  });

  it("without the box: no setup_future_usage, paid and booked, no card saved", async () => {
    const { user, plan } = await heldWithoutCard("2027-07-13");
    const answer = (await planPayAction(post(plan.id, { intent: "stripeIntent" }), user, plan.id)) as unknown as {
      data: { stripe: { intentId: string } };
    };
    const [create] = standIn.requestsTo("POST", "/v1/payment_intents");
    expect(create!.params).not.toHaveProperty("setup_future_usage");
    standIn.succeedIntent(answer.data.stripe.intentId);
    await answerOf(planPayPage(new Request(`http://localhost/plans/${plan.id}/pay?payment_intent=x`), user, plan.id));
    expect(cycleOf(plan.id).status).toBe("booked");
    expect(cardsOf(user.id).filter((card) => card.provider === "stripe")).toHaveLength(0);
    expect(planRow(plan.id).savedCardId).toBeNull();
  });
});
