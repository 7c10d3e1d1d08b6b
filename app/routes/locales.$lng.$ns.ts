// Translation files for the browser, one language and namespace at a time. The URL carries the
// translations' version, so the browser may keep them for a year.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { isLanguage } from "~/lib/i18n";
import { PUBLIC_NAMESPACES, resources, type Namespace } from "~/locales/resources";
import { translationsVersion } from "~/services/http/pages.server";

export async function loader({ params, request }: LoaderFunctionArgs) {
  const { lng, ns } = params;
  if (!isLanguage(lng) || !PUBLIC_NAMESPACES.includes(ns as Namespace)) {
    return Response.json({ message: "Not found" }, { status: 404 });
  }
  const versioned = new URL(request.url).searchParams.get("v") === translationsVersion;
  return Response.json(resources[lng][ns as Namespace], {
    headers: {
      "Cache-Control": versioned ? "public, max-age=31536000, immutable" : "public, max-age=300",
    },
  });
}
