// Issue 45 part 4, "Change the card", on a real SQLite file with the simulated provider: My plan's "Remove
// the saved card" detaches it at the provider; the next cycle is then booked seven days ahead and waits for
// the resident's payment ("no_saved_card", said in the e-mail); paid on the pay page with a new card and
// "Save this card for my plan" ticked, that card (with the consent's date and language) becomes the plan's
// and pays the cycle after it off-session. A declined card's held pickup paid with a new saved card replaces
// the plan's card and detaches the old one. Without the box, nothing is saved.
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { setNow } from "~/lib/clock";
import { addDays } from "~/lib/dates";
import { cycleDueAt } from "~/lib/plan-dates";
import { db, schema } from "~/services/platform/db.server";
import { removeCard } from "~/services/plans/card-change.server";
import { runPlanCycles } from "~/services/plans/cycle-job.server";
import { payHeldCycleWithSimulatedCard } from "~/services/plans/cycle-holds.server";
import { ownPlan } from "~/services/plans/plan-views.server";
import { PlanError } from "~/services/plans/plan-error.server";
import { planOn } from "./plan-fixtures";

afterEach(() => setNow(null));

const HOUR = 3_600_000;
const NEW_CARD = { cardNumber: "4000056655665556", expMonth: 11, expYear: 2035, cvc: "123", postalCode: "H2X 3K2" };
const cyclesOf = (planId: number) =>
  db
    .select()
    .from(schema.planCycles)
    .where(eq(schema.planCycles.planId, planId))
    .orderBy(schema.planCycles.cycleDate)
    .all();
const planRow = (planId: number) =>
  db.select().from(schema.pickupPlans).where(eq(schema.pickupPlans.id, planId)).get()!;
const methodOf = (id: string) =>
  db.select().from(schema.simulatedPaymentMethods).where(eq(schema.simulatedPaymentMethods.id, id)).get();
const cardsOf = (userId: number) =>
  db.select().from(schema.savedCards).where(eq(schema.savedCards.userId, userId)).orderBy(schema.savedCards.id).all();
const mailTo = (email: string, kind: string) =>
  db
    .select()
    .from(schema.emailOutbox)
    .where(and(eq(schema.emailOutbox.to, email), eq(schema.emailOutbox.kind, kind)))
    .all();

/** The job run at the cycle of `date`'s due time (the week's slots made three hours before). */
async function runAt(date: string) {
  const at = cycleDueAt(date);
  setNow(at - 3 * HOUR);
  await runPlanCycles(at - 3 * HOUR);
  setNow(at);
  await runPlanCycles(at);
  return at;
}

describe("changing a plan's card", () => {
  it("removed from My plan, the next pickup waits for a payment whose new card is saved and charged next time", async () => {
    const date = "2027-06-01";
    const { user, plan, card } = await planOn(date);
    const view = await removeCard(user.id, plan.id);
    expect(view.card).toBeNull();
    expect(planRow(plan.id).savedCardId).toBeNull();
    expect(methodOf(card.paymentMethodId)!.detachedAt).not.toBeNull();
    expect(cardsOf(user.id)[0]!.detachedAt).not.toBeNull();
    // Nothing to remove twice.
    await expect(removeCard(user.id, plan.id)).rejects.toMatchObject({ key: "myplans:errors.noCard", status: 409 });

    const at = await runAt(date);
    expect(cyclesOf(plan.id)[0]).toMatchObject({ status: "payment_needed", failureCode: "no_saved_card" });
    const [mail] = mailTo(user.email, "plan-payment-needed");
    expect(mail!.text).toContain("your plan has no saved card any more");
    expect(mail!.text).toContain(`/plans/${plan.id}/pay`);

    setNow(at + HOUR);
    const paid = await payHeldCycleWithSimulatedCard(user, plan.id, NEW_CARD, {
      saveCard: { language: "fr", at: at + HOUR },
    });
    expect(paid.state).toBe("booked");
    const cards = cardsOf(user.id);
    expect(cards).toHaveLength(2);
    expect(cards[1]).toMatchObject({
      last4: "5556",
      expMonth: 11,
      expYear: 2035,
      consentedAt: at + HOUR,
      consentLanguage: "fr",
      detachedAt: null,
    });
    expect(planRow(plan.id)).toMatchObject({ savedCardId: cards[1]!.id, status: "active", anchorDate: date });
    expect(ownPlan(user.id, plan.id).card).toMatchObject({ last4: "5556", expMonth: 11, expYear: 2035 });

    // The cycle after it is charged to the new card, off-session, by itself.
    const next = addDays(date, 28);
    await runAt(next);
    const after = cyclesOf(plan.id);
    expect(after.map((c) => c.status)).toEqual(["booked", "booked"]);
    const charge = db
      .select()
      .from(schema.simulatedIntents)
      .where(eq(schema.simulatedIntents.id, after[1]!.providerPaymentId!))
      .get()!;
    expect(charge).toMatchObject({ status: "succeeded", paymentMethodId: cards[1]!.paymentMethodId });
  });

  it("a declined card's held pickup paid with a new saved card: the plan's card replaced, the old one detached", async () => {
    const date = "2027-06-08";
    const { user, plan, card } = await planOn(date, { behaviour: "card_declined" });
    const at = await runAt(date);
    expect(cyclesOf(plan.id)[0]!.status).toBe("payment_needed");
    setNow(at + HOUR);
    const paid = await payHeldCycleWithSimulatedCard(user, plan.id, NEW_CARD, {
      saveCard: { language: "en", at: at + HOUR },
    });
    expect(paid.state).toBe("booked");
    const cards = cardsOf(user.id);
    expect(cards).toHaveLength(2);
    expect(planRow(plan.id).savedCardId).toBe(cards[1]!.id);
    expect(cards[0]!.detachedAt).not.toBeNull();
    expect(methodOf(card.paymentMethodId)!.detachedAt).not.toBeNull();
  });

  it("without the box ticked, the pickup is paid and no card is saved; a stopped plan's card cannot be removed", async () => {
    const date = "2027-06-15";
    const { user, plan, card } = await planOn(date, { behaviour: "card_declined" });
    const at = await runAt(date);
    setNow(at + HOUR);
    const paid = await payHeldCycleWithSimulatedCard(user, plan.id, NEW_CARD);
    expect(paid.state).toBe("booked");
    expect(cardsOf(user.id)).toHaveLength(1);
    expect(planRow(plan.id).savedCardId).toBe(card.id);
    db.update(schema.pickupPlans).set({ status: "stopped" }).where(eq(schema.pickupPlans.id, plan.id)).run();
    await expect(removeCard(user.id, plan.id)).rejects.toBeInstanceOf(PlanError);
  });
});
