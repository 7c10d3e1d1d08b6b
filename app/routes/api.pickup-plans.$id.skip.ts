// POST /api/pickup-plans/{id}/skip (no body): the plan's next pickup is skipped, nothing charged for it;
// the answer is the plan with its new next date. Another resident's plan: 404.
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/services/http/current-user.server";
import { planApiError, planJson } from "~/services/http/plans.server";
import { parseApiBody } from "~/services/http/api.server";
import { skipNext } from "~/services/plans/manage.server";
import { parseId } from "~/lib/ids";
import { NoBodySchema } from "~/lib/plan-rules";

export { methodNotAllowed as loader } from "~/services/http/edge-guard.server";

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  try {
    await parseApiBody(request, NoBodySchema, "POST");
    const { skipped, plan } = skipNext(user.id, parseId(params.id) ?? 0);
    return Response.json({ ...planJson(plan), skippedDate: skipped });
  } catch (error) {
    if (error instanceof Response) throw error;
    return planApiError(request, error);
  }
}
