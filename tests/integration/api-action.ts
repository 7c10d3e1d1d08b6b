// Calling a route's action as Remix would, for the /api tests: a JSON body (or another type), a session
// cookie, English; a thrown Response (a refusal) is returned like an answered one.
import type { ActionFunctionArgs } from "@remix-run/node";
import { createUserSession } from "~/services/http/current-user.server";

export type Action = (args: ActionFunctionArgs) => Promise<Response>;

/** The `__session=…` cookie of a new session of the user. */
export const cookieFor = async (userId: number) => (await createUserSession(userId)).get("Set-Cookie")!.split(";")[0]!;

export async function send(
  action: Action,
  path: string,
  body: string | undefined,
  {
    cookie,
    method = "POST",
    type = "application/json",
    params = {},
  }: { cookie?: string; method?: string; type?: string; params?: Record<string, string> } = {},
) {
  const request = new Request(`http://localhost${path}`, {
    method,
    headers: { "Content-Type": type, "Accept-Language": "en-CA", ...(cookie ? { Cookie: cookie } : {}) },
    body,
  });
  try {
    return await action({ request, params, context: {} });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
