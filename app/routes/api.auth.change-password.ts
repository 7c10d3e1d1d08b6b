// POST /api/auth/change-password { currentPassword, newPassword }: the profile's Change password form as
// JSON, through the same service. Every other session of the account ends; the caller's stays.
import type { ActionFunctionArgs } from "@remix-run/node";
import { ChangePasswordApiSchema } from "~/lib/auth-schemas";
import { AccountError, changePassword } from "~/services/accounts/accounts.server";
import { apiMessage, apiRateLimit, parseApiBody } from "~/services/http/api.server";
import { getSession, requireApiUser } from "~/services/http/current-user.server";
import { methodNotAllowed } from "~/services/http/edge-guard.server";

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  const { currentPassword, newPassword } = await parseApiBody(request, ChangePasswordApiSchema);
  await apiRateLimit(request, "signIn");
  try {
    await changePassword({
      userId: user.id,
      currentPassword,
      newPassword,
      keepSessionId: (await getSession(request)).id || undefined,
    });
  } catch (error) {
    if (error instanceof AccountError) return apiMessage(request, error.key, error.status);
    throw error;
  }
  return apiMessage(request, "profile:password.changed", 200, { "Cache-Control": "private, no-store" });
}

export const loader = methodNotAllowed;
