import type { ActionFunctionArgs } from "@remix-run/node";
import { RegisterApiSchema } from "~/lib/auth-schemas";
import { AccountError, registerUser, toPublicUser } from "~/services/accounts/accounts.server";
import { apiMessage, apiRateLimit, parseApiBody } from "~/services/http/api.server";
import { getLanguage } from "~/services/http/language.server";
import { requestOrigin } from "~/services/http/request.server";
import { createUserSession } from "~/services/http/current-user.server";
import { methodNotAllowed } from "~/services/http/edge-guard.server";

export async function action({ request }: ActionFunctionArgs) {
  const body = await parseApiBody(request, RegisterApiSchema);
  await apiRateLimit(request, "signUp");
  try {
    const user = await registerUser({
      ...body,
      locale: await getLanguage(request),
      origin: requestOrigin(request),
      welcome: true,
    });
    return Response.json(toPublicUser(user), { status: 201, headers: await createUserSession(user.id, { request }) });
  } catch (error) {
    if (error instanceof AccountError) return apiMessage(request, error.key, error.status);
    throw error;
  }
}

export const loader = methodNotAllowed;
