// GET /profile/export: the profile's "Download my data" (issue 34), a JSON file (Content-Disposition:
// attachment) with everything kept about the signed-in resident; the shape is in docs/privacy.md.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportDownload } from "~/services/http/privacy-actions.server";
import { requireUser } from "~/services/http/current-user.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return exportDownload(request, user);
}
