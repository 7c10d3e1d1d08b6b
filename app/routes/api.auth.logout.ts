import type { ActionFunctionArgs } from "@remix-run/node";
import { readJson, requireMethod } from "~/services/http/request.server";
import { destroyUserSession } from "~/services/http/current-user.server";
import { methodNotAllowed } from "~/services/http/edge-guard.server";

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  // No body by contract; reading it still applies the same-origin check, the size limit and the JSON type
  // (a malformed or text/plain body is refused, and nobody is signed out by it).
  await readJson(request);
  return Response.json({ ok: true }, { headers: await destroyUserSession(request) });
}

export const loader = methodNotAllowed;
