// Issue 45 part 4: a resident's plans as the order page, the profile and GET /api/pickup-plans read them. Every
// query is scoped to the resident: another resident's plan reads as none (PlanError 404). The reads asked on
// every view are prepared once per connection (issue 44). What changes a plan is in manage.server.
import { and, desc, eq, inArray, or, sql, type Placeholder } from "drizzle-orm";
import { now } from "~/lib/clock";
import { dateKey } from "~/lib/dates";
import type { PlanStatus } from "~/lib/plan-rules";
import { nextPlanDate } from "~/lib/plan-dates";
import { db, perConnection, schema } from "~/services/platform/db.server";
import { PlanError } from "./plan-error.server";

export type PlanRow = typeof schema.pickupPlans.$inferSelect;
export type CardRow = typeof schema.savedCards.$inferSelect;

export type PlanView = {
  id: number;
  pickupRequestId: number;
  originConfirmationNumber: string;
  intervalWeeks: 4 | 8;
  bagCount: 1 | 2 | 4;
  window: "morning" | "afternoon";
  status: PlanStatus;
  /** The date the next pickup falls on (booked already, or to be booked); null once stopped. */
  nextDate: string | null;
  /** The next pickup is already booked (or held, or being charged) by the cycle. */
  nextIsBooked: boolean;
  /** Its confirmation number, once its pickup row exists. */
  nextBooked: string | null;
  pausedUntil: string | null;
  skipDate: string | null;
  pauseReason: string | null;
  card: { brand: string | null; last4: string | null; expMonth: number | null; expYear: number | null } | null;
};

/** The cycles still ahead of a plan (booked, held or being charged), by date. */
function cyclesAhead(planIds: number[], today: string) {
  if (!planIds.length) return [];
  return db
    .select({
      planId: schema.planCycles.planId,
      cycleDate: schema.planCycles.cycleDate,
      status: schema.planCycles.status,
      confirmationNumber: schema.pickupRequests.confirmationNumber,
    })
    .from(schema.planCycles)
    .leftJoin(schema.pickupRequests, eq(schema.pickupRequests.id, schema.planCycles.pickupRequestId))
    .where(
      and(
        inArray(schema.planCycles.planId, planIds),
        inArray(schema.planCycles.status, ["charging", "booked", "payment_needed"]),
      ),
    )
    .all()
    .filter((cycle) => cycle.cycleDate >= today)
    .sort((a, b) => a.cycleDate.localeCompare(b.cycleDate));
}

function toView(
  plan: PlanRow,
  card: CardRow | null,
  origin: string,
  ahead: ReturnType<typeof cyclesAhead>,
  today: string,
): PlanView {
  const booked = ahead.find((cycle) => cycle.planId === plan.id) ?? null;
  const stopped = plan.status === "stopped";
  return {
    id: plan.id,
    pickupRequestId: plan.originPickupId,
    originConfirmationNumber: origin,
    intervalWeeks: plan.intervalWeeks as 4 | 8,
    bagCount: plan.bagCount as 1 | 2 | 4,
    window: plan.window,
    status: plan.status,
    nextDate: stopped ? null : (booked?.cycleDate ?? nextPlanDate(plan, today)),
    nextIsBooked: !stopped && booked !== null,
    nextBooked: stopped ? null : (booked?.confirmationNumber ?? null),
    pausedUntil: plan.pausedUntil,
    skipDate: plan.skipDate,
    pauseReason: plan.pauseReason,
    card:
      card && card.detachedAt === null
        ? { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear }
        : null,
  };
}

function plansQuery(conn: Pick<typeof db, "select">, userId: number | Placeholder, extra?: ReturnType<typeof eq>) {
  return conn
    .select({ plan: schema.pickupPlans, card: schema.savedCards, origin: schema.pickupRequests.confirmationNumber })
    .from(schema.pickupPlans)
    .innerJoin(schema.pickupRequests, eq(schema.pickupRequests.id, schema.pickupPlans.originPickupId))
    .leftJoin(schema.savedCards, eq(schema.savedCards.id, schema.pickupPlans.savedCardId))
    .where(and(eq(schema.pickupPlans.userId, userId), extra))
    .orderBy(desc(schema.pickupPlans.id));
}

/** A resident's plans, prepared once per connection: the profile lists them on every view (issue 44). */
const plansOfUser = perConnection((conn) => plansQuery(conn, sql.placeholder("userId")).prepare());

function plansWhere(userId: number, extra?: ReturnType<typeof eq>) {
  return extra ? plansQuery(db, userId, extra).all() : plansOfUser().all({ userId });
}

/** The resident's plans, the newest first (stopped ones too: the API lists them with their status). */
export function listPlans(userId: number, at = now()): PlanView[] {
  const today = dateKey(at);
  const rows = plansWhere(userId);
  const ahead = cyclesAhead(
    rows.map((row) => row.plan.id),
    today,
  );
  return rows.map((row) => toView(row.plan, row.card, row.origin, ahead, today));
}

/** One plan of the resident's, or a 404 refusal (another resident's reads the same as none). */
export function ownPlan(userId: number, planId: number, at = now()): PlanView {
  const row = Number.isInteger(planId) && planId > 0 ? plansWhere(userId, eq(schema.pickupPlans.id, planId))[0] : null;
  if (!row) throw new PlanError("myplans:errors.notFound", 404);
  const today = dateKey(at);
  return toView(row.plan, row.card, row.origin, cyclesAhead([row.plan.id], today), today);
}

/**
 * The order page's two reads (issue 44: asked on every view of an order), prepared once per connection: the
 * plan a pickup started or was booked by, and the resident's saved cards, newest first.
 */
const orderPageReads = perConnection((conn) => {
  const userId = sql.placeholder("userId");
  const pickupId = sql.placeholder("pickupId");
  return {
    planOfPickup: conn
      .select({ id: schema.pickupPlans.id })
      .from(schema.pickupPlans)
      .leftJoin(schema.pickupRequests, eq(schema.pickupRequests.planId, schema.pickupPlans.id))
      .where(
        and(
          eq(schema.pickupPlans.userId, userId),
          or(eq(schema.pickupPlans.originPickupId, pickupId), eq(schema.pickupRequests.id, pickupId)),
        ),
      )
      .orderBy(desc(schema.pickupPlans.id))
      .limit(1)
      .prepare(),
    savedCards: conn
      .select()
      .from(schema.savedCards)
      .where(eq(schema.savedCards.userId, userId))
      .orderBy(desc(schema.savedCards.id))
      .prepare(),
  };
});

/** The plan a pickup started or was booked by (its planId), or null. */
export function planOfPickup(userId: number, pickup: { id: number }, at = now()): PlanView | null {
  const own = orderPageReads().planOfPickup.get({ userId, pickupId: pickup.id });
  return own ? ownPlan(userId, own.id, at) : null;
}

/** The resident's card saved for later payments (not detached), the newest; null when none. */
export function savedCardOf(userId: number) {
  return (
    orderPageReads()
      .savedCards.all({ userId })
      .find((card) => card.detachedAt === null) ?? null
  );
}
