// GET /narrow.css: the stylesheet's container queries (http/stylesheet-parts), linked at the end of every
// page's body. Kept for good when asked for the current version (`?v=`, lib/paths narrowStylesheetPath),
// briefly otherwise (a page of an older build).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { narrowStylesheetPath } from "~/lib/paths";
import { stylesheetParts } from "~/services/http/stylesheet-parts.server";
import stylesheet from "~/tailwind.css";

export function loader({ request }: LoaderFunctionArgs) {
  const current = new URL(request.url).search === new URL(narrowStylesheetPath(stylesheet), "http://x").search;
  return new Response(stylesheetParts(stylesheet)?.container ?? "", {
    headers: {
      "Content-Type": "text/css; charset=utf-8",
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=300",
    },
  });
}
