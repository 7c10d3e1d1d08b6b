import type { ActionFunctionArgs } from "@remix-run/node";
import { assertSameOrigin, requireMethod } from "~/services/http/request.server";
import { destroyUserSession } from "~/services/http/session.server";
import { methodNotAllowed } from "~/services/http/edge-guard.server";

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  assertSameOrigin(request);
  return Response.json({ ok: true }, { headers: await destroyUserSession(request) });
}

export const loader = methodNotAllowed;
