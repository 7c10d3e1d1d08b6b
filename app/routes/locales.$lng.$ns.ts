// Translation files for the browser, one language at a time: one namespace (its texts), or several joined
// by "+" (an object of their texts by namespace: a page's own, fetched by one request before hydrating).
// The URL carries the translations' version, so the browser may keep them for a year.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { isLanguage } from "~/lib/i18n";
import { localesAnswer, requestedNamespaces } from "~/locales/resources";
import { translationsVersion } from "~/services/http/pages.server";

export async function loader({ params, request }: LoaderFunctionArgs) {
  const { lng } = params;
  const names = requestedNamespaces(params.ns);
  if (!isLanguage(lng) || !names) {
    return Response.json({ message: "Not found" }, { status: 404 });
  }
  const versioned = new URL(request.url).searchParams.get("v") === translationsVersion;
  return Response.json(localesAnswer(lng, names), {
    headers: {
      "Cache-Control": versioned ? "public, max-age=31536000, immutable" : "public, max-age=300",
    },
  });
}
