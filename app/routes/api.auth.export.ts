// GET /api/auth/export (issue 34): the signed-in resident's data, the same JSON file as the profile's
// Download my data; 401 signed out.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportDownload } from "~/services/http/privacy-actions.server";
import { requireApiUser } from "~/services/http/current-user.server";
import { methodNotAllowed } from "~/services/http/edge-guard.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return exportDownload(request, user);
}

export const action = methodNotAllowed;
