import type { LoaderFunctionArgs } from "@remix-run/node";
import { toPublicUser } from "~/services/accounts/accounts.server";
import { requireApiUser } from "~/services/http/current-user.server";
import { methodNotAllowed } from "~/services/http/edge-guard.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return Response.json(toPublicUser(user), { headers: { "Cache-Control": "private, no-store" } });
}

export const action = methodNotAllowed;
