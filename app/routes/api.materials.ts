// GET /api/materials: the accepted-materials list in the caller's language (lng cookie, then
// Accept-Language). Public: it is the catalogue of what we take, nothing personal. An optional
// ?q= filters it exactly like the search box of /materials. ETag, 304 and gzip: http/cached-json.server.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getLanguage } from "~/services/http/language.server";
import { listMaterials, searchMaterials } from "~/services/catalogue/materials.server";
import { methodNotAllowed } from "~/services/http/edge-guard.server";
import { jsonWithEtag } from "~/services/http/cached-json.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const lng = await getLanguage(request);
  const q = new URL(request.url).searchParams.get("q");
  return jsonWithEtag(request, q ? searchMaterials(lng, q) : listMaterials(lng), {
    headers: {
      "Content-Language": lng,
      "Cache-Control": "public, max-age=300",
      Vary: "Cookie, Accept-Language",
    },
  });
}

export const action = methodNotAllowed;
