// GET /styles/tailwind-<hash>.css: exactly the part of the stylesheet every page inlines in its <head>
// (http/stylesheet-parts; its `data-href`), for whoever wants it as a file. Kept for good: the name is the
// build's. Any other name is not found.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { inlineStylesheetPath } from "~/lib/paths";
import { stylesheetParts } from "~/services/http/stylesheet-parts.server";
import stylesheet from "~/tailwind.css";

export function loader({ params }: LoaderFunctionArgs) {
  const parts = stylesheetParts(stylesheet);
  if (!parts || inlineStylesheetPath(stylesheet) !== `/styles/${params.file ?? ""}`) {
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return new Response(parts.inline, {
    headers: { "Content-Type": "text/css; charset=utf-8", "Cache-Control": "public, max-age=31536000, immutable" },
  });
}
