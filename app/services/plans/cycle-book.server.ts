// One plan cycle's writes (issue 45 parts 2 and 3), each a transaction, each a conditional move of the
// plan_cycles row, so that two runs at once, a run after a restart and the reconcile do each once:
// - claim: the cycle's row written "charging" with its idempotency key BEFORE the provider is asked (the
//   primary key (plan_id, cycle_date) lets one claimer in), its slot chosen (lib/plan-dates) and its place
//   taken with the conditional update bookings use (takePlace), all at once;
// - book: a charge that succeeded (or a held place paid on-session) becomes the payment row, the pickup
//   (plan_id set) and its messages; the plan's anchor moves to the booked date;
// - hold: a card that did not go through keeps the place ("Payment needed") until its hold runs out;
// - release: a hold run out gives the place back and pauses the plan ("payment_unpaid").
// A held place is counted in pickup_slots.current_booked (nobody else takes it) but is no pickup: the day
// sheet, the driver's route and the reminders, which read pickups, never see it.
import { and, eq } from "drizzle-orm";
import { env } from "~/services/platform/config.server";
import { durably, schema, type Tx } from "~/services/platform/db.server";
import { newConfirmationNumber, pickupPosition, releasePlace, takePlace } from "~/services/booking/book.server";
import { recordPickupNotice } from "~/services/booking/pickup-notices.server";
import { openedHolidays } from "~/services/booking/slot-supply.server";
import { slotAreasReader } from "~/services/booking/slots.server";
import type { ProviderIntent } from "~/services/payments/provider-types";
import {
  queuePlanNoPlace,
  queuePlanPaymentNeeded,
  queuePlanPickupBooked,
  queuePlanReleased,
} from "./cycle-messages.server";
import { cycleStatements } from "./cycle-statements.server";
import { now } from "~/lib/clock";
import { dateKey } from "~/lib/dates";
import { chooseCycleSlot, holdExpiresAt, nextPlanDate, weekEndOf, weekStartOf } from "~/lib/plan-dates";
import { fsaOf } from "~/lib/postal";
import { CURRENCY, priceBreakdown, storedPriceColumns, type BagCount } from "~/lib/pricing";
import { addressLine, isProfileComplete } from "~/lib/profile";
import type { SlotView } from "~/lib/slots";
import type { PickupRequest, User } from "../../../db/schema";

export type Plan = typeof schema.pickupPlans.$inferSelect;
export type Cycle = typeof schema.planCycles.$inferSelect;

const c = schema.planCycles;

/** The provider's idempotency key of a plan's cycle: asked again after a crash, the provider answers the same charge. */
function cycleKey(planId: number, cycleDate: string): string {
  return `plan-${planId}-${cycleDate}`;
}

/** Plans whose cycles the job books: active, or paused until a date (they resume by themselves). */
export function planTakesCycles(plan: Pick<Plan, "status" | "pausedUntil">): boolean {
  return plan.status === "active" || (plan.status === "paused" && plan.pausedUntil !== null);
}

// The reads take `tx` to say they belong to its transaction; the prepared statements run on its connection.
export function readCycle(_tx: Tx, planId: number, cycleDate: string): Cycle | undefined {
  return cycleStatements().cycle.get({ planId, cycleDate });
}

function readPlan(_tx: Tx, planId: number): Plan {
  return cycleStatements().plan.get({ id: planId })!;
}

/** The slot a cycle holds (its row: date, window, start; the prefixes it serves are not needed here). */
function slotRow(_tx: Tx, slotId: number) {
  return cycleStatements().slot.get({ id: slotId })!;
}

function readUser(_tx: Tx, userId: number): User {
  return cycleStatements().user.get({ id: userId })!;
}

function updateCycle(tx: Tx, cycle: Cycle, values: Partial<Cycle>, from: Cycle["status"], at: number) {
  const moved = tx
    .update(c)
    .set({ ...values, updatedAt: at })
    .where(and(eq(c.planId, cycle.planId), eq(c.cycleDate, cycle.cycleDate), eq(c.status, from)))
    .run();
  if (moved.changes !== 1) throw new Error(`Plan ${cycle.planId}, cycle ${cycle.cycleDate}: not ${from} any more`);
}

function updatePlan(tx: Tx, planId: number, values: Partial<Plan>, at: number) {
  tx.update(schema.pickupPlans)
    .set({ ...values, updatedAt: at })
    .where(eq(schema.pickupPlans.id, planId))
    .run();
}

/** The slots of a date's week with the prefixes each serves (read in the transaction that takes one). */
function weekSlots(tx: Tx, date: string): SlotView[] {
  const areas = slotAreasReader(tx);
  return cycleStatements()
    .weekSlots.all({ from: weekStartOf(date), to: weekEndOf(date) })
    .map((row) => ({
      id: row.id,
      date: row.date,
      window: row.window,
      startsAt: row.startsAt,
      maxCapacity: row.maxCapacity,
      currentBooked: row.currentBooked,
      serviceAreas: areas(row),
      closed: row.closed,
    }));
}

export type Claim = { kind: "charge"; cycle: Cycle; plan: Plan; user: User } | { kind: "noPlace" } | { kind: "taken" };

/**
 * Claims the cycle of `date` for the plan, in `tx`: its row "charging" with its key (none when another run
 * claimed it, or the plan changed since it was read), its place taken in the nearest open window of that
 * week; a week with no place is recorded "failed" (no_place), the resident told, and the plan goes on.
 */
export function claimCycle(tx: Tx, planId: number, date: string, at: number): Claim {
  const plan = readPlan(tx, planId);
  if (!planTakesCycles(plan) || nextPlanDate(plan, dateKey(at)) !== date) return { kind: "taken" };
  const user = readUser(tx, plan.userId);
  if (user.deletedAt !== null) return { kind: "taken" };
  const bags = plan.bagCount as BagCount;
  const amountCents = priceBreakdown({ bags, serviceFeeCents: env.SERVICE_FEE_CENTS }).totalCents;
  const cycle = durably({
    all: () =>
      cycleStatements().claim.all({
        planId,
        cycleDate: date,
        idempotencyKey: cycleKey(planId, date),
        bags,
        amountCents,
        at,
      }),
  });
  if (!cycle) return { kind: "taken" };
  const slot = isProfileComplete(user)
    ? chooseCycleSlot(weekSlots(tx, date), {
        date,
        window: plan.window,
        fsa: fsaOf(user.postalCode),
        at,
        openedHolidays: openedHolidays(tx),
      })
    : null;
  if (!slot) {
    updateCycle(tx, cycle, { status: "failed", failureCode: "no_place" }, "charging", at);
    // The plan goes on: its next cycle falls an interval after this one.
    const nextDate = nextPlanDate({ ...plan, anchorDate: date }, dateKey(at));
    updatePlan(tx, planId, { anchorDate: date }, at);
    queuePlanNoPlace(tx, user, { date, nextDate });
    return { kind: "noPlace" };
  }
  takePlace(tx, slot.id);
  const placed = cycleStatements().placeCycle.run({ slotId: slot.id, at, planId, cycleDate: date });
  if (placed.changes !== 1) throw new Error(`Plan ${planId}, cycle ${date}: not charging any more`);
  return { kind: "charge", cycle: { ...cycle, slotId: slot.id }, plan, user };
}

/** The origin pickup's acceptance of the terms, copied to each pickup the plan books. */
function originContract(_tx: Tx, plan: Plan) {
  const origin = cycleStatements().originContract.get({ id: plan.originPickupId });
  return {
    termsVersion: origin?.termsVersion ?? null,
    termsAcceptedAt: origin?.termsAcceptedAt ?? null,
    frenchTermsReceivedAt: origin?.frenchTermsReceivedAt ?? null,
    contractLanguage: origin?.contractLanguage ?? null,
  };
}

/**
 * The cycle's held place becomes a booked, paid pickup, in `tx`: the payment row (paid, with the card),
 * the pickup (plan_id set) on the slot whose place the cycle already holds (not taken twice), the cycle
 * "booked", the plan's anchor moved to the booked date, the bell's notice, the e-mail and text. Only from
 * `from` ("charging" after an off-session charge, "payment_needed" after an on-session payment).
 */
export function bookCycle(
  tx: Tx,
  cycle: Cycle,
  from: "charging" | "payment_needed",
  intent: ProviderIntent,
  providerName: "simulated" | "stripe",
  at: number,
): PickupRequest {
  const plan = readPlan(tx, cycle.planId);
  const user = readUser(tx, plan.userId);
  const slot = slotRow(tx, cycle.slotId!);
  const bags = (cycle.bags ?? plan.bagCount) as BagCount;
  const b = priceBreakdown({ bags, serviceFeeCents: env.SERVICE_FEE_CENTS });
  const fsa = fsaOf(user.postalCode);
  const address = addressLine(user);
  const statements = cycleStatements();
  // The payment row written paid with its card at once (ledger's recordPayment then markPaid).
  const payment = durably({
    all: () =>
      statements.paidPayment.all({
        provider: providerName,
        providerPaymentId: intent.id,
        userId: user.id,
        amountCents: intent.amountCents,
        currency: CURRENCY,
        booking: JSON.stringify({
          ref: cycle.idempotencyKey,
          ...{ bags, slotId: slot.id, promoCode: null, breakdown: b, address, fsa },
          ...{ planId: plan.id, cycleDate: cycle.cycleDate },
        }),
        cardBrand: intent.cardBrand,
        cardLast4: intent.cardLast4,
        at: now(),
      }),
  });
  const values = {
    userId: user.id,
    pickupSlotId: slot.id,
    paymentId: payment.id,
    planId: plan.id,
    bagsRequested: bags,
    ...storedPriceColumns(b),
    address,
    postalFsa: fsa,
    ...pickupPosition(tx, user.id, fsa),
    ...originContract(tx, plan),
    at,
  };
  let pickup: PickupRequest | undefined;
  for (let attempt = 0; !pickup && attempt < 5; attempt++) {
    const confirmationNumber = newConfirmationNumber();
    pickup = durably({ all: () => statements.pickup.all({ ...values, confirmationNumber }) });
  }
  if (!pickup) throw new Error("Could not draw a unique confirmation number");
  const booked = statements.bookCycle.run({
    pickupRequestId: pickup.id,
    paymentId: payment.id,
    providerPaymentId: intent.id,
    at,
    planId: cycle.planId,
    cycleDate: cycle.cycleDate,
    from,
  });
  if (booked.changes !== 1) throw new Error(`Plan ${cycle.planId}, cycle ${cycle.cycleDate}: not ${from} any more`);
  const anchor = plan.status !== "stopped" ? statements.anchorAndResume : statements.anchor;
  anchor.run({ anchorDate: slot.date, at, id: plan.id });
  recordPickupNotice(tx, pickup, "confirmed", at);
  queuePlanPickupBooked(tx, user, pickup, slot, intent);
  return pickup;
}

/**
 * The card did not go through: the place stays taken as "Payment needed" until 48 hours from now, or 24
 * hours before the window if that comes first; the plan waits for the payment; the resident gets the link.
 */
export function holdCycle(tx: Tx, cycle: Cycle, failureCode: string, intentId: string | null, at: number) {
  const plan = readPlan(tx, cycle.planId);
  const user = readUser(tx, plan.userId);
  const slot = slotRow(tx, cycle.slotId!);
  const holdUntil = holdExpiresAt(at, slot.startsAt);
  updateCycle(
    tx,
    cycle,
    { status: "payment_needed", failureCode, providerPaymentId: intentId, holdExpiresAt: holdUntil },
    "charging",
    at,
  );
  updatePlan(tx, plan.id, { status: "payment_needed" }, at);
  queuePlanPaymentNeeded(tx, user, {
    planId: plan.id,
    slot,
    bags: cycle.bags ?? plan.bagCount,
    amountCents: cycle.amountCents ?? 0,
    failureCode,
    holdUntil,
  });
}

/**
 * A hold run out, unpaid: the place given back, the cycle "released", the plan paused (payment_unpaid;
 * anchored on this cycle, so resuming plans the one after), the resident told why and how to resume.
 */
export function releaseCycle(tx: Tx, cycle: Cycle, at: number) {
  const plan = readPlan(tx, cycle.planId);
  const user = readUser(tx, plan.userId);
  const slot = slotRow(tx, cycle.slotId!);
  updateCycle(tx, cycle, { status: "released" }, "payment_needed", at);
  releasePlace(tx, slot.id);
  if (plan.status === "payment_needed") {
    updatePlan(
      tx,
      plan.id,
      { status: "paused", pauseReason: "payment_unpaid", pausedUntil: null, anchorDate: cycle.cycleDate },
      at,
    );
  }
  if (user.deletedAt === null) queuePlanReleased(tx, user, { slot, intervalWeeks: plan.intervalWeeks });
}
