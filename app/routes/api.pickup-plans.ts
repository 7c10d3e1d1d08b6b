// GET /api/pickup-plans: the resident's plans (issue 45 part 4), each with its next date, status and
// saved card (brand, last four, expiry). Only the resident's own.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/services/http/current-user.server";
import { planJson } from "~/services/http/plans.server";
import { listPlans } from "~/services/plans/manage.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return Response.json(listPlans(user.id).map(planJson), { headers: { "Cache-Control": "private, no-store" } });
}
