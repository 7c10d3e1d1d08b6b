// PUT /api/pickup-plans/{id} any of { intervalWeeks, bagCount, window, pausedUntil } (null resumes), an
// unknown field refused; DELETE /api/pickup-plans/{id} stops the plan and detaches its saved card at the
// provider. Another resident's plan: 404, as none. The page's forms call the same functions.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { parseApiBody } from "~/services/http/api.server";
import { requireApiUser } from "~/services/http/current-user.server";
import { methodNotAllowed } from "~/services/http/edge-guard.server";
import { planApiError, planJson } from "~/services/http/plans.server";
import { changePlan, stopPlan } from "~/services/plans/manage.server";
import { ownPlan } from "~/services/plans/plan-views.server";
import { NoBodySchema, PlanChangeSchema } from "~/lib/plan-rules";
import { parseId } from "~/lib/ids";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  try {
    return Response.json(planJson(ownPlan(user.id, parseId(params.id) ?? 0)), {
      headers: { "Cache-Control": "private, no-store" },
    });
  } catch (error) {
    return planApiError(request, error);
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  const id = parseId(params.id) ?? 0; // no plan has id 0: answered as not found
  try {
    if (request.method === "PUT") {
      ownPlan(user.id, id);
      const change = await parseApiBody(request, PlanChangeSchema, "PUT", "myplans");
      return Response.json(planJson(changePlan(user.id, id, change)));
    }
    if (request.method === "DELETE") {
      // No body by contract: a malformed or non-JSON one is refused before anything is stopped.
      await parseApiBody(request, NoBodySchema, "DELETE");
      const { plan } = await stopPlan(user.id, id);
      return Response.json(planJson(plan));
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    return planApiError(request, error);
  }
  return methodNotAllowed({ request });
}
