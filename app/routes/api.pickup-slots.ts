// GET /api/pickup-slots[?fsa=H2X] (spec section 7): the slots offered to a postal prefix (by default
// the resident's own), soonest first, in the shape of spec section 3. Signed-in residents only.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiMessage } from "~/services/http/api.server";
import { getLanguage } from "~/services/http/i18n.server";
import { InvalidPostalPrefixError, parsePostalPrefix } from "~/services/areas/service-areas.server";
import { requireApiUser } from "~/services/http/session.server";
import { offeredSlots } from "~/services/booking/slots.server";
import { slotJson } from "~/services/http/api-json.server";
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
  return Response.json(
    offeredSlots(fsa).map((slot) => slotJson(slot, lng)),
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const action = methodNotAllowed;
