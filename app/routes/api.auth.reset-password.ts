import type { ActionFunctionArgs } from "@remix-run/node";
import { ResetPasswordApiSchema } from "~/lib/auth-schemas";
import { AccountError, resetPassword } from "~/services/accounts/accounts.server";
import { apiMessage, apiRateLimit, parseApiBody } from "~/services/http/api.server";
import { methodNotAllowed } from "~/services/http/edge-guard.server";

export async function action({ request }: ActionFunctionArgs) {
  const { token, newPassword } = await parseApiBody(request, ResetPasswordApiSchema);
  await apiRateLimit(request, "passwordReset");
  try {
    await resetPassword(token, newPassword);
  } catch (error) {
    if (error instanceof AccountError) {
      return apiMessage(request, error.key === "errors.passwordCommon" ? error.key : "errors.resetFailed", 400);
    }
    throw error;
  }
  return apiMessage(request, "reset.successTitle", 200);
}

export const loader = methodNotAllowed;
