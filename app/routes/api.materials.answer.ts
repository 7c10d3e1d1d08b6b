// GET /api/materials/answer?q=propane: "will you take this?" as the landing page and /materials answer it
// (catalogue askMaterials, then lib/elsewhere's verdict and drop-off places, the functions the page's
// answer box uses): { answer: "yes" | "no" | "unknown", thing, category, matches, dropOff }. Public like
// the landing page's answer (no account, no rate limit: a read of the catalogue). A missing, blank or
// over-long q is a 400 { message }. GET /api/materials keeps the spec's list of categories.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { dropOffFor, verdictOf } from "~/lib/elsewhere";
import { MAX_MATERIAL_QUERY } from "~/lib/material-text";
import { getLanguage, getT } from "~/services/http/language.server";
import { askMaterials } from "~/services/catalogue/materials.server";
import { methodNotAllowed } from "~/services/http/edge-guard.server";
import { jsonWithEtag } from "~/services/http/cached-json.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const [lng, t] = await Promise.all([getLanguage(request), getT(request, "search")]);
  const q = new URL(request.url).searchParams.get("q") ?? "";
  if (!q.trim()) return Response.json({ message: t("api.queryMissing") }, { status: 400 });
  if (q.length > MAX_MATERIAL_QUERY) {
    return Response.json({ message: t("api.queryTooLong", { max: MAX_MATERIAL_QUERY }) }, { status: 400 });
  }
  const { answer, materials } = askMaterials(lng, q);
  const body = {
    answer: verdictOf(answer),
    /** What the query named ("Propane tank"), or null when only the categories' texts matched. */
    thing: answer?.thing ?? null,
    category: answer?.category ?? null,
    matches: materials,
    dropOff: dropOffFor(answer).map((place) => ({ name: t(place.id), url: place.url })),
  };
  return jsonWithEtag(request, body, {
    headers: {
      "Content-Language": lng,
      "Cache-Control": "public, max-age=300",
      Vary: "Cookie, Accept-Language",
    },
  });
}

export const action = methodNotAllowed;
