// GET /api/pickup-plans: the resident's plans (issue 45 part 4), each with its next date, status and
// saved card (brand, last four, expiry); only the resident's own. POST starts one (plans-provider).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { StartPlanSchema } from "~/lib/checkout-schema";
import { parseApiBody } from "~/services/http/api.server";
import { requireApiUser } from "~/services/http/current-user.server";
import { startPlanAnswer } from "~/services/http/plan-api.server";
import { planJson } from "~/services/http/plans.server";
import { listPlans } from "~/services/plans/plan-views.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return Response.json(listPlans(user.id).map(planJson), { headers: { "Cache-Control": "private, no-store" } });
}

/**
 * Issue 45: `{ "pickupRequestId": 123, "intervalWeeks": 4 | 8 }` starts a plan repeating a booked pickup
 * whose payment saved the card: 201 with the plan; 409 `{ message, code: "card_not_saved" }` (or
 * not_scheduled, already_planned); 404 for a pickup that is not the resident's. An unknown field is refused.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  const body = await parseApiBody(request, StartPlanSchema, "POST", "checkout");
  return startPlanAnswer(request, user.id, {
    pickupRequestId: body.pickupRequestId,
    intervalWeeks: body.intervalWeeks as 4 | 8,
  });
}
