// GET /api/service-areas/{fsa} → { available, fsa }; a prefix that is not Canadian answers 400 { message }.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiMessage, apiRateLimit } from "~/services/http/api.server";
import { checkServiceArea, InvalidPostalPrefixError } from "~/services/areas/service-areas.server";
import { methodNotAllowed } from "~/services/http/edge-guard.server";
import { rethrowDatabaseFault } from "~/services/http/database-fault.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await apiRateLimit(request, "postalCheck");
  try {
    return Response.json(checkServiceArea(params.fsa ?? ""));
  } catch (error) {
    if (error instanceof InvalidPostalPrefixError) return apiMessage(request, error.key, 400);
    rethrowDatabaseFault(error);
    console.error("[api/service-areas] check failed", error);
    return apiMessage(request, "visitor:postal.checkFailed", 500);
  }
}

export const action = methodNotAllowed;
