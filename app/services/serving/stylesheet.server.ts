// The app's one stylesheet, inlined into every document (issue 11, part 5). A linked stylesheet is
// render-blocking: on a phone the first paint waited for a second connection and the file (about 7 KB gzip),
// which cost one to two round trips on every first visit. Inlined, the page paints as soon as its HTML
// arrives; the HTML grows by the same 7 KB gzip (it stays within TCP's first window), and navigations with
// JavaScript on fetch only data, so they do not pay it again. In two parts (http/stylesheet-parts): the
// container queries go in a data: URL stylesheet first in the body (components/inline-stylesheet).
// Issue 44: React renders a marker in the <style>, and the server entry puts the stylesheet's bytes, encoded
// and compressed once per process, in its place (serving/document-pieces): a first view no longer encodes and
// compresses 37 KB of CSS.
import { containerQueriesUrl } from "~/lib/paths";
import { stylesheetParts } from "../http/stylesheet-parts.server";
import { documentPiece, type DocumentPiece } from "./document-pieces.server";

const pieces = new Map<string, DocumentPiece | null>();
const containerUrls = new Map<string, string>();

function inlinePiece(href: string): DocumentPiece | null {
  if (!pieces.has(href)) {
    const parts = stylesheetParts(href);
    // React's escaping turns any "<" of a page's own text into "&lt;": no text can read as this marker.
    pieces.set(href, parts ? documentPiece(`<!--recircle:stylesheet:${pieces.size}-->`, parts.inline) : null);
  }
  return pieces.get(href) ?? null;
}

/** If the built stylesheet cannot be read, an `@import` of it: the page still gets its styles, linked. */
export const stylesheetReader = {
  inline: (href: string) => inlinePiece(href)?.marker.toString("utf8") ?? `@import url(${JSON.stringify(href)});`,
  /** The container queries' `data:` URL, made once per stylesheet. */
  containerUrl(href: string): string {
    let url = containerUrls.get(href);
    if (url === undefined) {
      url = containerQueriesUrl(stylesheetParts(href)?.container ?? "");
      containerUrls.set(href, url);
    }
    return url;
  },
};

/** Every stylesheet piece a document may have rendered a marker of (one per built stylesheet: one). */
export function stylesheetPieces(): DocumentPiece[] {
  return [...pieces.values()].filter((piece) => piece !== null);
}
