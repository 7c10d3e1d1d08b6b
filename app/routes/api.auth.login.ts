import type { ActionFunctionArgs } from "@remix-run/node";
import { SignInSchema } from "~/lib/auth-schemas";
import { AccountError, toPublicUser } from "~/services/accounts/accounts.server";
import { apiMessage, apiRateLimit, parseApiBody } from "~/services/http/api.server";
import { signIn } from "~/services/http/sign-in.server";
import { createUserSession } from "~/services/http/current-user.server";
import { RateLimitedError } from "~/services/http/rate-limit.server";
import { methodNotAllowed } from "~/services/http/edge-guard.server";

export async function action({ request }: ActionFunctionArgs) {
  const body = await parseApiBody(request, SignInSchema);
  await apiRateLimit(request, "signIn");
  try {
    const user = await signIn(request, body);
    return Response.json(toPublicUser(user), { headers: await createUserSession(user.id, { request }) });
  } catch (error) {
    if (error instanceof AccountError) return apiMessage(request, error.key, error.status);
    if (error instanceof RateLimitedError) {
      return apiMessage(request, "errors.accountLocked", 429, { "Retry-After": String(error.retryAfterSeconds) });
    }
    throw error;
  }
}

export const loader = methodNotAllowed;
