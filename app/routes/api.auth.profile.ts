// PUT /api/auth/profile (spec section 7): saves name and address, answers the updated user.
// Bad input answers 400 { message } in the caller's language and stores nothing.
import type { ActionFunctionArgs } from "@remix-run/node";
import { ProfileSchema } from "~/lib/profile-schema";
import { toPublicUser } from "~/services/accounts/accounts.server";
import { parseApiBody } from "~/services/http/api.server";
import { requireMethod } from "~/services/http/request.server";
import { updateProfile } from "~/services/accounts/profile.server";
import { requireApiUser } from "~/services/http/session.server";
import { methodNotAllowed } from "~/services/http/edge-guard.server";

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "PUT");
  const user = await requireApiUser(request);
  const input = await parseApiBody(request, ProfileSchema, "PUT");
  return Response.json(toPublicUser(updateProfile(user.id, input)), {
    headers: { "Cache-Control": "private, no-store" },
  });
}

export const loader = methodNotAllowed;
