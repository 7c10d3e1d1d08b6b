// Issue 45 part 1: a plan started from a booked pickup whose payment saved the card (at checkout, when the
// checkout's payment is fulfilled, or afterwards from the order page and POST /api/pickup-plans).
//
// What the checkout accepts (app/routes/checkout/checkout-actions.server.ts, for the page `plans-resident`
// builds; names in lib/plan-choice):
//   - form field `planIntervalWeeks`: "" (or absent) no plan, "4" or "8" repeat every 4 or 8 weeks;
//   - form field `saveCardConsent`: a checkbox ("on" when ticked), the consent to keep the card for the
//     plan's payments; required when an interval is chosen, allowed alone (the card is then kept, no plan);
//   - refused (nothing claimed or charged), as the form's field errors (checkout namespace):
//       saveCardConsent   -> "checkout:planStart.consentRequired" (an interval without the consent)
//       planIntervalWeeks -> "checkout:planStart.intervalInvalid" (neither "", "4" nor "8")
//       planIntervalWeeks -> "checkout:planStart.freeNoPlan"      (a free order: no card to keep)
//   Both travel with every way to pay: intent "pay" (the simulated card form, no JavaScript), "payHosted"
//   (Stripe's hosted page) and, with JavaScript, the JSON bodies of POST /api/create-payment-intent and
//   POST /api/pickup-requests (`"saveCardConsent": true`, `"planIntervalWeeks": 4 | 8`).
// startPlan's refusals (PlanStartError.code, message key `checkout:planStart.<code>`): card_not_saved (409),
// pickup_not_found (404: another resident's too), not_scheduled (409), already_planned (409).
import { and, eq, isNull } from "drizzle-orm";
import { db as appDb, durably, schema, type Tx } from "~/services/platform/db.server";
import { savedCardOfPayment } from "~/services/payments/saved-cards.server";
import { now } from "~/lib/clock";
import type { PlanInterval } from "~/lib/plan-choice";

export type PickupPlan = typeof schema.pickupPlans.$inferSelect;

const PLAN_START_REFUSALS = {
  card_not_saved: 409,
  pickup_not_found: 404,
  not_scheduled: 409,
  already_planned: 409,
} as const;

export type PlanStartCode = keyof typeof PLAN_START_REFUSALS;

/** Why a plan cannot start from this pickup; `key` is the checkout namespace's message. */
export class PlanStartError extends Error {
  constructor(public readonly code: PlanStartCode) {
    super(code);
  }
  get status() {
    return PLAN_START_REFUSALS[this.code];
  }
  get key() {
    return `planStart.${this.code}`;
  }
}

/**
 * Starts a plan repeating a booked pickup every `intervalWeeks`: its bags and window, anchored on its date
 * (the next cycle falls `intervalWeeks` after it), charged to the card its payment saved. In one transaction
 * the plan is written and the pickup marked as the plan's. Refused (PlanStartError) when the pickup is not
 * the resident's, not Scheduled, already has a plan, or its payment saved no card (still attached).
 */
export function startPlan(
  database: Tx | typeof appDb,
  input: { userId: number; pickupRequestId: number; intervalWeeks: PlanInterval },
): PickupPlan {
  return database.transaction((tx) => {
    const pickup = tx
      .select()
      .from(schema.pickupRequests)
      .where(eq(schema.pickupRequests.id, input.pickupRequestId))
      .get();
    if (!pickup || pickup.userId !== input.userId) throw new PlanStartError("pickup_not_found");
    const existing = tx
      .select({ id: schema.pickupPlans.id })
      .from(schema.pickupPlans)
      .where(eq(schema.pickupPlans.originPickupId, pickup.id))
      .get();
    if (pickup.planId !== null || existing) throw new PlanStartError("already_planned");
    if (pickup.status !== "Scheduled") throw new PlanStartError("not_scheduled");
    const card = pickup.paymentId === null ? undefined : savedCardOfPayment(pickup.paymentId, tx);
    if (!card || card.userId !== input.userId || card.detachedAt !== null) throw new PlanStartError("card_not_saved");
    const slot = tx.select().from(schema.pickupSlots).where(eq(schema.pickupSlots.id, pickup.pickupSlotId)).get()!;
    const at = now();
    const plan = durably(
      tx
        .insert(schema.pickupPlans)
        .values({
          userId: input.userId,
          originPickupId: pickup.id,
          intervalWeeks: input.intervalWeeks,
          bagCount: pickup.bagsRequested,
          window: slot.window,
          savedCardId: card.id,
          status: "active",
          anchorDate: slot.date,
          createdAt: at,
          updatedAt: at,
        })
        .returning(),
    );
    tx.update(schema.pickupRequests)
      .set({ planId: plan.id, updatedAt: at })
      .where(and(eq(schema.pickupRequests.id, pickup.id), isNull(schema.pickupRequests.planId)))
      .run();
    return plan;
  });
}

/** A resident's plan with the card it charges (brand, last four, expiry), or undefined when not theirs. */
export function planWithCard(userId: number, planId: number) {
  const plan = appDb
    .select()
    .from(schema.pickupPlans)
    .where(and(eq(schema.pickupPlans.id, planId), eq(schema.pickupPlans.userId, userId)))
    .get();
  if (!plan) return undefined;
  const card =
    plan.savedCardId === null
      ? null
      : (appDb.select().from(schema.savedCards).where(eq(schema.savedCards.id, plan.savedCardId)).get() ?? null);
  return { plan, card };
}
