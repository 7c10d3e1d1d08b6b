// Issue 45 part 4: the resident in charge of their plans (read in plan-views.server): skip the next pickup,
// change the interval, the bags or the window, pause until a date, and stop a plan (its saved card detached at the provider when no other plan of theirs uses it).
// Every query is scoped to the resident: another resident's plan reads as none (PlanError 404). The page
// and the API call the same functions.
import { and, eq, inArray, ne } from "drizzle-orm";
import { addDays, dateKey } from "~/lib/dates";
import { now } from "~/lib/clock";
import { isCalendarDate, MAX_PAUSE_DAYS, type PlanChange } from "~/lib/plan-rules";
import { paymentProvider } from "~/services/payments/provider.server";
import type { PaymentProvider } from "~/services/payments/provider-types";
import { releasePlace } from "~/services/booking/book.server";
import { db, schema, type Tx } from "~/services/platform/db.server";
import { nextPlanDate } from "~/lib/plan-dates";
import { cancelOpenPayment } from "./open-payments.server";
import { PlanError } from "./plan-error.server";
import { ownPlan, type CardRow, type PlanRow } from "./plan-views.server";

function livePlan(userId: number, planId: number, at: number) {
  const plan = ownPlan(userId, planId, at);
  if (plan.status === "stopped") throw new PlanError("myplans:errors.stopped", 409);
  return plan;
}

/**
 * Skips the next pickup: nothing is booked nor charged for it, and the one after it is planned. A next
 * pickup already booked (seven days ahead, paid) is the resident's to cancel from its order page.
 */
export function skipNext(userId: number, planId: number, at = now()) {
  const plan = livePlan(userId, planId, at);
  if (plan.nextIsBooked) {
    throw new PlanError("myplans:errors.alreadyBooked", 409, { confirmationNumber: plan.nextBooked ?? "" });
  }
  const row = db.select().from(schema.pickupPlans).where(eq(schema.pickupPlans.id, planId)).get()!;
  const skipped = plan.nextDate ?? nextPlanDate(row, dateKey(at));
  db.transaction((tx) => {
    // A second skip: the one skipped before counts as the plan's last date, and this one is skipped in turn.
    const anchorDate = row.skipDate && row.skipDate < skipped ? row.skipDate : row.anchorDate;
    tx.update(schema.pickupPlans)
      .set({ skipDate: skipped, anchorDate, updatedAt: at })
      .where(and(eq(schema.pickupPlans.id, planId), ne(schema.pickupPlans.status, "stopped")))
      .run();
  });
  return { skipped, plan: ownPlan(userId, planId, at) };
}

/** Changes the interval, the bags, the window or the pause (null resumes); the next cycle follows. */
export function changePlan(userId: number, planId: number, change: PlanChange, at = now()) {
  livePlan(userId, planId, at);
  const today = dateKey(at);
  const set: Partial<PlanRow> = { updatedAt: at };
  if (change.intervalWeeks !== undefined) set.intervalWeeks = change.intervalWeeks;
  if (change.bagCount !== undefined) set.bagCount = change.bagCount;
  if (change.window !== undefined) set.window = change.window;
  if (change.pausedUntil !== undefined) {
    if (change.pausedUntil === null) {
      Object.assign(set, { pausedUntil: null, pauseReason: null, status: "active" });
    } else {
      if (!isCalendarDate(change.pausedUntil)) throw new PlanError("myplans:errors.dateInvalid");
      if (change.pausedUntil <= today) throw new PlanError("myplans:errors.pauseInPast");
      if (change.pausedUntil > addDays(today, MAX_PAUSE_DAYS)) throw new PlanError("myplans:errors.pauseTooLong");
      Object.assign(set, { pausedUntil: change.pausedUntil, pauseReason: null, status: "paused" });
    }
  }
  db.transaction((tx) => {
    const current = tx.select().from(schema.pickupPlans).where(eq(schema.pickupPlans.id, planId)).get()!;
    // A plan waiting for a payment stays so: the held pickup is paid or released first.
    if (current.status === "payment_needed" && set.status) delete set.status;
    tx.update(schema.pickupPlans).set(set).where(eq(schema.pickupPlans.id, planId)).run();
  });
  return ownPlan(userId, planId, at);
}

/**
 * In the caller's transaction, a stopping plan's held cycle ("Payment needed") is released: its place given
 * back to the slot, nothing booked; its open payment at the provider (the intent or hosted session) is
 * returned, to cancel after the commit (one paid in between is refunded by completeHeldCycle).
 */
function releaseHeldInTx(tx: Tx, planIds: number[], at: number): string[] {
  if (!planIds.length) return [];
  const c = schema.planCycles;
  const held = tx
    .select()
    .from(c)
    .where(and(inArray(c.planId, planIds), eq(c.status, "payment_needed")))
    .all();
  const open: string[] = [];
  for (const cycle of held) {
    const moved = tx
      .update(c)
      .set({ status: "released", updatedAt: at })
      .where(and(eq(c.planId, cycle.planId), eq(c.cycleDate, cycle.cycleDate), eq(c.status, "payment_needed")))
      .run();
    if (moved.changes !== 1) continue;
    if (cycle.slotId !== null) releasePlace(tx, cycle.slotId);
    if (cycle.providerPaymentId) open.push(cycle.providerPaymentId);
  }
  return open;
}

/**
 * In the caller's transaction: the plans marked stopped (a held cycle's place given back), and the saved
 * cards no live plan of the resident uses any more, to detach after the commit, with the held cycles' open
 * payments to cancel (cancelHeldPayments). `planIds` null stops them all (a deleted account).
 */
export function stopPlansInTx(tx: Tx, userId: number, planIds: number[] | null, at: number) {
  const mine = tx.select().from(schema.pickupPlans).where(eq(schema.pickupPlans.userId, userId)).all();
  const targeted = mine.filter((plan) => !planIds || planIds.includes(plan.id));
  const stopping = targeted.filter((plan) => plan.status !== "stopped");
  for (const plan of stopping) {
    tx.update(schema.pickupPlans)
      .set({ status: "stopped", stoppedAt: at, skipDate: null, pausedUntil: null, updatedAt: at })
      .where(eq(schema.pickupPlans.id, plan.id))
      .run();
  }
  // Held cycles of every plan stopped here (or stopped before, while one was held).
  const openPayments = releaseHeldInTx(
    tx,
    targeted.map((plan) => plan.id),
    at,
  );
  // A deleted account's saved cards go with its other rows (saved_cards cascades): its plans let go of them.
  if (!planIds)
    tx.update(schema.pickupPlans).set({ savedCardId: null }).where(eq(schema.pickupPlans.userId, userId)).run();
  const stillUsed = new Set(
    mine.filter((plan) => plan.status !== "stopped" && !targeted.includes(plan)).map((plan) => plan.savedCardId),
  );
  const cards = tx
    .select()
    .from(schema.savedCards)
    .where(eq(schema.savedCards.userId, userId))
    .all()
    .filter((card) => card.detachedAt === null && !stillUsed.has(card.id))
    // One plan stopped (again, after a failed detach) detaches its own card; a deleted account every card it saved.
    .filter((card) => !planIds || targeted.some((plan) => plan.savedCardId === card.id));
  return { stopped: stopping.map((plan) => plan.id), cards, openPayments };
}

/**
 * Each card detached at the provider (an unknown one counts as detached there), then marked detached here.
 * A provider that cannot be reached leaves the card's row undetached; the error is thrown to the caller.
 */
export async function detachCards(cards: CardRow[], provider: PaymentProvider = paymentProvider(), at = now()) {
  for (const card of cards) {
    await detachAtProvider(provider, card.paymentMethodId);
    db.update(schema.savedCards).set({ detachedAt: at }).where(eq(schema.savedCards.id, card.id)).run();
  }
}

/** The released cycles' open payments cancelled at the provider, so they can no longer be paid; never throws. */
export async function cancelHeldPayments(openPayments: string[], provider: PaymentProvider = paymentProvider()) {
  for (const id of openPayments) await cancelOpenPayment(provider, id);
}

async function detachAtProvider(provider: PaymentProvider, paymentMethodId: string) {
  // Every provider implements it once plans-provider's SavedCardProvider is merged; until then none saves a card.
  const saved = provider as PaymentProvider & { detachPaymentMethod?: (id: string) => Promise<void> };
  if (typeof saved.detachPaymentMethod === "function") await saved.detachPaymentMethod(paymentMethodId);
}

/**
 * Stops a plan: no further pickup is booked or charged, and its saved card is detached at the provider
 * (unless another live plan of the resident pays with it). A pickup already booked stays booked.
 */
export async function stopPlan(userId: number, planId: number, at = now(), provider?: PaymentProvider) {
  ownPlan(userId, planId, at);
  const { cards, openPayments } = db.transaction((tx) => stopPlansInTx(tx, userId, [planId], at));
  await cancelHeldPayments(openPayments, provider);
  try {
    await detachCards(cards, provider, at);
  } catch {
    throw new PlanError("myplans:errors.detachFailed", 503);
  }
  return { plan: ownPlan(userId, planId, at), detached: cards.length };
}
