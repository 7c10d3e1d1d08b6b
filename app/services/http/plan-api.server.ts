// Issue 45: the JSON of a pickup plan (POST /api/pickup-plans, POST /api/pickup-requests with a plan; the
// shape GET /api/pickup-plans lists) and a plan's refusals as `{ message, code }`, translated.
import { DateTime } from "luxon";
import { PlanStartError, planWithCard, startPlan, type PlanStartCode } from "~/services/plans/start.server";
import { db } from "~/services/platform/db.server";
import type { PlanInterval } from "~/lib/plan-choice";
import { getT } from "./language.server";

type PlanView = NonNullable<ReturnType<typeof planWithCard>>;

/**
 * `nextDate` is the date the plan falls on next: `intervalWeeks` after its anchor (its last pickup, booked or
 * skipped). The cycle job books the nearest open window of that week when that day cannot be.
 */
function planJson({ plan, card }: PlanView) {
  return {
    id: plan.id,
    pickupRequestId: plan.originPickupId,
    intervalWeeks: plan.intervalWeeks,
    bagCount: plan.bagCount,
    window: plan.window,
    status: plan.status,
    nextDate: DateTime.fromISO(plan.anchorDate).plus({ weeks: plan.intervalWeeks }).toISODate(),
    pausedUntil: plan.pausedUntil,
    card: card && { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear },
  };
}

/** A plan refusal as the API answers it: 404 for a pickup that is not the resident's, else 409 with its code. */
async function planRefusalAnswer(request: Request, error: PlanStartError) {
  const t = await getT(request);
  return Response.json({ message: t(`checkout:${error.key}`), code: error.code }, { status: error.status });
}

/** A refusal's `{ message, code }`, translated (the booking answered with `plan: null` says why). */
export async function planRefusalJson(request: Request, code: PlanStartCode) {
  const error = new PlanStartError(code);
  return { message: (await getT(request))(`checkout:${error.key}`), code };
}

/** POST /api/pickup-plans: 201 with the plan, or its refusal. */
export async function startPlanAnswer(
  request: Request,
  userId: number,
  body: { pickupRequestId: number; intervalWeeks: PlanInterval },
) {
  try {
    const plan = startPlan(db, { userId, ...body });
    return Response.json(planJson(planWithCard(userId, plan.id)!), { status: 201 });
  } catch (error) {
    if (error instanceof PlanStartError) return planRefusalAnswer(request, error);
    throw error;
  }
}

/** The plan a pickup belongs to, as JSON (null when it has none). */
export function planJsonOf(userId: number, planId: number | null) {
  const view = planId === null ? undefined : planWithCard(userId, planId);
  return view ? planJson(view) : null;
}
