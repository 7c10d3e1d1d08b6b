// DELETE /api/auth/account { "password": "…" } (issue 34): the profile's Delete my account as JSON, through
// the same service. A wrong password answers 400 and changes nothing; a pickup starting within 12 hours
// (or under way) answers 409; success answers 200 and ends the session.
import type { ActionFunctionArgs } from "@remix-run/node";
import { DeleteAccountSchema } from "~/lib/privacy-schemas";
import { apiMessage, apiRateLimit, parseApiBody } from "~/services/http/api.server";
import { destroyUserSession, requireApiUser } from "~/services/http/current-user.server";
import { methodNotAllowed } from "~/services/http/edge-guard.server";
import { deleteAccount, PrivacyError } from "~/services/privacy/deletion.server";

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  const { password } = await parseApiBody(request, DeleteAccountSchema, "DELETE");
  await apiRateLimit(request, "signIn");
  try {
    await deleteAccount(user, password);
  } catch (error) {
    if (error instanceof PrivacyError) return apiMessage(request, `privacy:${error.key}`, error.status);
    throw error;
  }
  const headers = await destroyUserSession(request);
  headers.set("Cache-Control", "private, no-store");
  return apiMessage(request, "common:toast.accountDeleted", 200, headers);
}

export const loader = methodNotAllowed;
