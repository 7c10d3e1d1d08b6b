// GET /profile/export.json: "Download as JSON" on the readable export (issue 34, issue 43): a JSON file
// (Content-Disposition: attachment) with everything kept about the signed-in resident, the same file as
// GET /api/auth/export; the shape is in docs/privacy.md. Signed out: to the sign-in page.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportDownload } from "~/services/http/privacy-actions.server";
import { requireUser } from "~/services/http/current-user.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return exportDownload(request, user);
}
