// GET /api/pickup-slots[?fsa=H2X] (spec section 7): the slots offered to a postal prefix (by default
// the resident's own), soonest first, in the shape of spec section 3. Signed-in residents only.
// The body is serialized once per state of the slots and prefixes (http/api-json.server's slotListBody),
// with a strong ETag (a hash of it), 304 to If-None-Match and gzip when asked (http/cached-json.server).
// Private and revalidated on each use: without ?fsa= it depends on who asks (their own prefix).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiMessage } from "~/services/http/api.server";
import { getLanguage } from "~/services/http/language.server";
import { InvalidPostalPrefixError, parsePostalPrefix } from "~/services/areas/service-areas.server";
import { requireApiUser } from "~/services/http/current-user.server";
import { slotListBody } from "~/services/http/api-json.server";
import { answerJson, privateRevalidated } from "~/services/http/cached-json.server";
import { methodNotAllowed } from "~/services/http/edge-guard.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const requested = new URL(request.url).searchParams.get("fsa");
  let fsa: string | null = user.postalFsa || null;
  if (requested !== null) {
    try {
      fsa = parsePostalPrefix(requested.trim());
    } catch (error) {
      if (error instanceof InvalidPostalPrefixError) return apiMessage(request, error.key, 400);
      throw error;
    }
  }
  const lng = await getLanguage(request);
  return answerJson(request, slotListBody(fsa, lng), { headers: privateRevalidated(lng) });
}

export const action = methodNotAllowed;
