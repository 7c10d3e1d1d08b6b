import type { ActionFunctionArgs } from "@remix-run/node";
import { ForgotPasswordSchema } from "~/lib/auth-schemas";
import { requestPasswordReset } from "~/services/accounts/accounts.server";
import { apiMessage, apiRateLimit, parseApiBody } from "~/services/http/api.server";
import { requestOrigin } from "~/services/http/request.server";
import { getLanguage } from "~/services/http/language.server";
import { methodNotAllowed } from "~/services/http/edge-guard.server";
import { rethrowDatabaseFault } from "~/services/http/database-fault.server";

export async function action({ request }: ActionFunctionArgs) {
  const { email } = await parseApiBody(request, ForgotPasswordSchema);
  await apiRateLimit(request, "passwordReset");
  try {
    await requestPasswordReset(email, requestOrigin(request), await getLanguage(request));
  } catch (error) {
    rethrowDatabaseFault(error);
    console.error("[api forgot-password]", error);
    return apiMessage(request, "errors.forgotFailed", 503);
  }
  return apiMessage(request, "forgot.sentTitle", 200);
}

export const loader = methodNotAllowed;
