// GET /api/address-suggestions?q= : Canadian addresses for the profile's street field (signed-in
// residents only). Always a list; an unavailable provider gives an empty one. Each suggestion carries a
// positionToken (its position signed by the server): PUT /api/auth/profile and the profile form send it
// back with the picked address so its coordinates are kept.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRateLimit } from "~/services/http/api.server";
import { signedSuggestions } from "~/services/areas/geocoder/geocoder.server";
import { getLanguage } from "~/services/http/language.server";
import { requireApiUser } from "~/services/http/current-user.server";
import { methodNotAllowed } from "~/services/http/edge-guard.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request);
  await apiRateLimit(request, "addressLookup");
  const q = new URL(request.url).searchParams.get("q") ?? "";
  const suggestions = await signedSuggestions(q, await getLanguage(request));
  return Response.json(suggestions, { headers: { "Cache-Control": "private, max-age=300" } });
}

export const action = methodNotAllowed;
