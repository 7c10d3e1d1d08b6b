// Issue 45 part 4, the web edge of "My plan": what the order page and the profile show of a resident's
// plans (in the reader's language), their forms' posts (skip, change, pause, resume, stop: POST → 303 →
// GET with a toast, a refusal answered in place with nothing changed), and the JSON API's shape and
// refusals. The page and /api/pickup-plans call the same services/plans functions.
import { data } from "@remix-run/node";
import { formatDate, windowLabel } from "~/lib/dates";
import {
  formChoice,
  PLAN_BAGS,
  PLAN_INTERVALS,
  PLAN_WINDOWS,
  PlanChangeSchema,
  type PlanChange,
} from "~/lib/plan-rules";
import { toInteger } from "~/lib/ids";
import { changePlan, skipNext, stopPlan } from "~/services/plans/manage.server";
import { listPlans, planOfPickup, savedCardOf, type PlanView } from "~/services/plans/plan-views.server";
import { removeCard } from "~/services/plans/card-change.server";
import { PlanError } from "~/services/plans/plan-error.server";
import { PlanStartError, startPlan } from "~/services/plans/start.server";
import { db } from "~/services/platform/db.server";
import type { User } from "../../../db/schema";
import { reject, submissionOf } from "./forms.server";
import { getT } from "./language.server";
import { redirectWithToast } from "./toast.server";

const PLAN_INTENTS = [
  "plan-start",
  "plan-skip",
  "plan-change",
  "plan-pause",
  "plan-resume",
  "plan-stop",
  "plan-card-remove",
] as const;

/** A plan as the page shows it: the stored values and their words in the reader's language. */
function planScreen(plan: PlanView, lng: string) {
  return {
    ...plan,
    nextDateLabel: plan.nextDate ? formatDate(plan.nextDate, lng) : null,
    pausedUntilLabel: plan.pausedUntil ? formatDate(plan.pausedUntil, lng) : null,
    skipDateLabel: plan.skipDate ? formatDate(plan.skipDate, lng) : null,
    windowLabel: windowLabel(plan.window, lng),
  };
}

/**
 * The order page's plan section: the pickup's plan, or (a Scheduled pickup without one) whether a plan
 * can start from it: its payment saved a card, or not.
 */
export function orderPlan(user: User, pickup: { id: number; status: string }, lng: string) {
  const plan = planOfPickup(user.id, pickup);
  if (plan) return { plan: planScreen(plan, lng), canStart: null, pickupId: pickup.id };
  if (pickup.status !== "Scheduled") return null;
  return { plan: null, canStart: savedCardOf(user.id) !== null, pickupId: pickup.id };
}

/** The profile's "My plans": every plan of the resident's, the stopped ones last. */
export function profilePlans(user: User, lng: string) {
  const order = (status: string) => (status === "stopped" ? 1 : 0);
  return listPlans(user.id)
    .sort((a, b) => order(a.status) - order(b.status))
    .map((plan) => planScreen(plan, lng));
}

/** The change form's fields read strictly: each one given must be one of its choices. */
function formChange(form: FormData): PlanChange | string {
  const change: PlanChange = {};
  const interval = form.get("intervalWeeks");
  const bags = form.get("bagCount");
  const window = form.get("window");
  if (interval !== null) {
    const value = formChoice(interval, PLAN_INTERVALS);
    if (value === null) return "myplans:errors.intervalInvalid";
    change.intervalWeeks = value;
  }
  if (bags !== null) {
    const value = formChoice(bags, PLAN_BAGS);
    if (value === null) return "myplans:errors.bagsInvalid";
    change.bagCount = value;
  }
  if (window !== null) {
    const value = formChoice(window, PLAN_WINDOWS);
    if (value === null) return "myplans:errors.windowInvalid";
    change.window = value;
  }
  return Object.keys(change).length ? change : "myplans:errors.nothingToChange";
}

function formPause(form: FormData): PlanChange | string {
  const parsed = PlanChangeSchema.safeParse({ pausedUntil: String(form.get("pausedUntil") ?? "").trim() });
  return parsed.success ? parsed.data : "myplans:errors.dateInvalid";
}

/**
 * A plan form's post from the order page or the profile (`back`), or null when the intent is not one of
 * the plan's. Another resident's plan (or none) is a 404, as the page of an unknown order.
 */
export async function planFromPage(request: Request, user: User, form: FormData, back: string) {
  const intent = form.get("intent");
  if (!PLAN_INTENTS.includes(intent as (typeof PLAN_INTENTS)[number])) return null;
  const planId = toInteger(form.get("planId")) ?? 0;
  const lng = user.locale ?? "en";
  const refuse = (key: string, status = 400, values?: Record<string, string | number>) =>
    reject(submissionOf(form), {
      formErrors: [key],
      values,
      status,
      toast: { title: "myplans:toast.refused", description: key, values },
    });
  if (intent === "plan-start") {
    const intervalWeeks = formChoice(form.get("intervalWeeks"), PLAN_INTERVALS);
    if (intervalWeeks === null) return refuse("myplans:errors.intervalInvalid");
    try {
      startPlan(db, { userId: user.id, pickupRequestId: toInteger(form.get("pickupId")) ?? 0, intervalWeeks });
    } catch (error) {
      if (!(error instanceof PlanStartError)) throw error;
      return refuse(`checkout:${error.key}`, error.status === 404 ? 400 : error.status);
    }
    return redirectWithToast(request, back, { title: "myplans:toast.started", values: { count: intervalWeeks } });
  }
  try {
    if (intent === "plan-skip") {
      const { skipped } = skipNext(user.id, planId);
      return redirectWithToast(request, back, {
        title: "myplans:toast.skipped",
        values: { date: formatDate(skipped, lng) },
      });
    }
    if (intent === "plan-stop") {
      await stopPlan(user.id, planId);
      return redirectWithToast(request, back, { title: "myplans:toast.stopped" });
    }
    if (intent === "plan-card-remove") {
      await removeCard(user.id, planId);
      return redirectWithToast(request, back, { title: "myplans:toast.cardRemoved" });
    }
    if (intent === "plan-resume") {
      changePlan(user.id, planId, { pausedUntil: null });
      return redirectWithToast(request, back, { title: "myplans:toast.resumed" });
    }
    const change = intent === "plan-pause" ? formPause(form) : formChange(form);
    if (typeof change === "string") return refuse(change);
    const plan = changePlan(user.id, planId, change);
    if (intent === "plan-pause") {
      return redirectWithToast(request, back, {
        title: "myplans:toast.paused",
        values: { date: formatDate(plan.pausedUntil!, lng) },
      });
    }
    return redirectWithToast(request, back, { title: "myplans:toast.changed" });
  } catch (error) {
    if (!(error instanceof PlanError)) throw error;
    if (error.status === 404) throw data({ title: "myplans:errors.notFound" }, { status: 404 });
    return refuse(error.key, error.status >= 500 ? 409 : error.status, error.values);
  }
}

/** GET /api/pickup-plans' shape of one plan. */
export function planJson(plan: PlanView) {
  return {
    id: plan.id,
    pickupRequestId: plan.pickupRequestId,
    intervalWeeks: plan.intervalWeeks,
    bagCount: plan.bagCount,
    window: plan.window,
    status: plan.status,
    nextDate: plan.nextDate,
    pausedUntil: plan.pausedUntil,
    card: plan.card,
  };
}

/** A plan refusal as `{ message }` in the caller's language; rethrows anything else. */
export async function planApiError(request: Request, error: unknown): Promise<Response> {
  if (!(error instanceof PlanError)) throw error;
  const t = await getT(request);
  return Response.json({ message: t(error.key, error.values) }, { status: error.status });
}
