import type { ActionFunctionArgs } from "@remix-run/node";
import { assertSameOrigin, requireMethod } from "~/services/http.server";
import { destroyUserSession } from "~/services/session.server";

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  assertSameOrigin(request);
  return Response.json({ ok: true }, { headers: await destroyUserSession(request) });
}

export const loader = () => Response.json({ message: "Method not allowed" }, { status: 405 });
