// POST /api/auth/complete-onboarding (spec section 7): empty body, answers the updated user.
import type { ActionFunctionArgs } from "@remix-run/node";
import { completeOnboarding, toPublicUser } from "~/services/accounts/accounts.server";
import { readJson, requireMethod } from "~/services/http/request.server";
import { requireApiUser } from "~/services/http/current-user.server";
import { methodNotAllowed } from "~/services/http/edge-guard.server";

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiUser(request);
  // The body is empty by contract; reading it still applies the same-origin check and size limit.
  await readJson(request);
  return Response.json(toPublicUser(completeOnboarding(user.id)), {
    headers: { "Cache-Control": "private, no-store" },
  });
}

export const loader = methodNotAllowed;
