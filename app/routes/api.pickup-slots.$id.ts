// GET /api/pickup-slots/{id} (spec section 7): one slot with its serviceAreas and pickupDate.
// A malformed id answers 400, an unknown one 404, both as { message }.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiMessage } from "~/services/http/api.server";
import { getLanguage } from "~/services/http/language.server";
import { requireApiUser } from "~/services/http/current-user.server";
import { findSlot } from "~/services/booking/slots.server";
import { slotJson } from "~/services/http/api-json.server";
import { methodNotAllowed } from "~/services/http/edge-guard.server";
import { jsonWithEtag, privateRevalidated } from "~/services/http/cached-json.server";
import { parseId } from "~/lib/ids";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiUser(request);
  const id = parseId(params.id);
  if (id === null) return apiMessage(request, "booking:api.invalidSlotId", 400);
  const slot = findSlot(id);
  if (!slot) return apiMessage(request, "booking:api.slotNotFound", 404);
  const lng = await getLanguage(request);
  // As the list: revalidated on each use, with its ETag (http/cached-json.server).
  return jsonWithEtag(request, slotJson(slot, lng), { headers: privateRevalidated(lng) });
}

export const action = methodNotAllowed;
