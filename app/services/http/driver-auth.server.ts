// Who drives: /driver is for accounts with the driver role (and admins, who run the service). A visitor is
// sent to sign in, a resident gets 403. A driver gets 403 on every admin page and admin API (admin-auth).
import { isAdmin, isDriver } from "~/services/accounts/accounts.server";
import { requireUser } from "./current-user.server";
import type { User } from "../../../db/schema";

export async function requireDriver(request: Request): Promise<User> {
  const user = await requireUser(request);
  if (!isDriver(user) && !isAdmin(user)) throw new Response("Forbidden", { status: 403, statusText: "Forbidden" });
  return user;
}
