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
import { and, eq, gte, lte } from "drizzle-orm";
import { env } from "~/services/platform/config.server";
import { durably, schema, type Tx } from "~/services/platform/db.server";
import { newConfirmationNumber, pickupPosition, releasePlace, takePlace } from "~/services/booking/book.server";
import { recordPickupNotice } from "~/services/booking/pickup-notices.server";
import { openedHolidays } from "~/services/booking/slot-supply.server";
import { slotAreasReader } from "~/services/booking/slots.server";
import { markPaid, recordPayment } from "~/services/payments/ledger.server";
import type { ProviderIntent } from "~/services/payments/provider-types";
import {
  queuePlanNoPlace,
  queuePlanPaymentNeeded,
  queuePlanPickupBooked,
  queuePlanReleased,
} from "./cycle-messages.server";
import { dateKey } from "~/lib/dates";
import { chooseCycleSlot, holdExpiresAt, nextPlanDate, weekEndOf, weekStartOf } from "~/lib/plan-dates";
import { fsaOf } from "~/lib/postal";
import { priceBreakdown, storedPriceColumns, type BagCount } from "~/lib/pricing";
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

export function readCycle(tx: Tx, planId: number, cycleDate: string): Cycle | undefined {
  return tx
    .select()
    .from(c)
    .where(and(eq(c.planId, planId), eq(c.cycleDate, cycleDate)))
    .get();
}

function readPlan(tx: Tx, planId: number): Plan {
  return tx.select().from(schema.pickupPlans).where(eq(schema.pickupPlans.id, planId)).get()!;
}

/** The slot a cycle holds (its row: date, window, start; the prefixes it serves are not needed here). */
function slotRow(tx: Tx, slotId: number) {
  return tx.select().from(schema.pickupSlots).where(eq(schema.pickupSlots.id, slotId)).get()!;
}

function readUser(tx: Tx, userId: number): User {
  return tx.select().from(schema.users).where(eq(schema.users.id, userId)).get()!;
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
  const s = schema.pickupSlots;
  return tx
    .select()
    .from(s)
    .where(and(gte(s.date, weekStartOf(date)), lte(s.date, weekEndOf(date))))
    .all()
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
  const claimed = tx
    .insert(c)
    .values({
      planId,
      cycleDate: date,
      status: "charging",
      idempotencyKey: cycleKey(planId, date),
      bags,
      amountCents,
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoNothing()
    .run();
  if (claimed.changes !== 1) return { kind: "taken" };
  const cycle = readCycle(tx, planId, date)!;
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
  updateCycle(tx, cycle, { slotId: slot.id }, "charging", at);
  return { kind: "charge", cycle: { ...cycle, slotId: slot.id }, plan, user };
}

/** The origin pickup's acceptance of the terms, copied to each pickup the plan books. */
function originContract(tx: Tx, plan: Plan) {
  const r = schema.pickupRequests;
  const origin = tx
    .select({
      termsVersion: r.termsVersion,
      termsAcceptedAt: r.termsAcceptedAt,
      frenchTermsReceivedAt: r.frenchTermsReceivedAt,
      contractLanguage: r.contractLanguage,
    })
    .from(r)
    .where(eq(r.id, plan.originPickupId))
    .get();
  return origin ?? {};
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
  const payment = recordPayment(
    {
      provider: providerName,
      providerPaymentId: intent.id,
      userId: user.id,
      amountCents: intent.amountCents,
      booking: {
        ref: cycle.idempotencyKey,
        ...{ bags, slotId: slot.id, promoCode: null, breakdown: b, address, fsa },
        ...{ planId: plan.id, cycleDate: cycle.cycleDate },
      },
    },
    tx,
  );
  markPaid(tx, payment.id, intent);
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
    createdAt: at,
    updatedAt: at,
  };
  let pickup: PickupRequest | undefined;
  for (let attempt = 0; !pickup && attempt < 5; attempt++) {
    pickup = durably(
      tx
        .insert(schema.pickupRequests)
        .values({ ...values, confirmationNumber: newConfirmationNumber() })
        .onConflictDoNothing({ target: schema.pickupRequests.confirmationNumber })
        .returning(),
    );
  }
  if (!pickup) throw new Error("Could not draw a unique confirmation number");
  updateCycle(
    tx,
    cycle,
    {
      status: "booked",
      pickupRequestId: pickup.id,
      paymentId: payment.id,
      providerPaymentId: intent.id,
      holdExpiresAt: null,
    },
    from,
    at,
  );
  const resumed = plan.status !== "stopped" ? { status: "active" as const, pausedUntil: null, pauseReason: null } : {};
  updatePlan(tx, plan.id, { anchorDate: slot.date, ...resumed }, at);
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
