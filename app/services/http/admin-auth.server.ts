// Who may run the service: /admin pages and /api/admin endpoints are for accounts with the admin role
// (decisions.md section 4). Visitors are sent to sign in (pages) or get 401 (API); residents get 403.
import { isAdmin } from "~/services/accounts/accounts.server";
import { AdminError } from "~/services/admin/admin-error.server";
import { getT } from "./language.server";
import { getUser, requireUser, unauthorizedMessage } from "./current-user.server";
import type { User } from "../../../db/schema";

/** Pages and their actions: a visitor is sent to sign in, a resident gets the 403 error page. */
export async function requireAdmin(request: Request): Promise<User> {
  const user = await requireUser(request);
  if (!isAdmin(user)) throw new Response("Forbidden", { status: 403, statusText: "Forbidden" });
  return user;
}

/** JSON API: 401 without a session, 403 for a resident, both as `{ message }` in the caller's language. */
export async function requireApiAdmin(request: Request): Promise<User> {
  const user = await getUser(request);
  if (isAdmin(user)) return user!;
  const t = await getT(request, "admin");
  if (!user) throw Response.json({ message: unauthorizedMessage(request, t) }, { status: 401 });
  throw Response.json({ message: t("errors.forbidden") }, { status: 403 });
}

/** JSON API: a refused admin change as `{ message }` (admin namespace, its status); anything else is rethrown. */
export async function adminApiRefusal(request: Request, error: unknown): Promise<Response> {
  if (!(error instanceof AdminError)) throw error;
  const t = await getT(request, "admin");
  return Response.json({ message: t(error.key, error.values) }, { status: error.status });
}
