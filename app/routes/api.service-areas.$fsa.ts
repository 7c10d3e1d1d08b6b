// GET /api/service-areas/{fsa} → { available, fsa }; a prefix that is not Canadian answers 400 { message }.
// Public, revalidated on each use (an admin may open the prefix): ETag and 304 (http/cached-json.server).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiMessage, apiRateLimit } from "~/services/http/api.server";
import { checkServiceArea, InvalidPostalPrefixError } from "~/services/areas/service-areas.server";
import { methodNotAllowed } from "~/services/http/edge-guard.server";
import { rethrowDatabaseFault } from "~/services/http/database-fault.server";
import { jsonWithEtag } from "~/services/http/cached-json.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await apiRateLimit(request, "postalCheck");
  try {
    return jsonWithEtag(request, checkServiceArea(params.fsa ?? ""), { headers: { "Cache-Control": "no-cache" } });
  } catch (error) {
    if (error instanceof InvalidPostalPrefixError) return apiMessage(request, error.key, 400);
    rethrowDatabaseFault(error);
    console.error("[api/service-areas] check failed", error);
    return apiMessage(request, "visitor:postal.checkFailed", 500);
  }
}

export const action = methodNotAllowed;
