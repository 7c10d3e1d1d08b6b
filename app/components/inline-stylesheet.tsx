import { createContext, useContext } from "react";
import { inlineStylesheetPath } from "~/lib/paths";

/** Given by entry.server: the two inlined parts of a built stylesheet (app/services/serving/stylesheet.server.ts). */
type StylesheetReader = { inline: (href: string) => string; containerUrl: (href: string) => string };
const StylesheetReader = createContext<StylesheetReader | null>(null);
export const StylesheetReaderProvider = StylesheetReader.Provider;

/**
 * The app's stylesheet inlined in a <style> (no render-blocking request before the first paint), all but its
 * container queries (ContainerQueries). On the server React renders a marker there, which the server entry
 * replaces with the stylesheet's bytes, encoded and compressed once (services/serving/document-pieces); the
 * browser hydrates the element with the text it already holds, so React never touches it and the JavaScript
 * carries no copy of the CSS. Its `data-href` serves exactly this text (routes/styles.$file).
 */
export function InlineStylesheet({ href }: { href: string }) {
  const read = useContext(StylesheetReader);
  const path = inlineStylesheetPath(href);
  const css = read ? read.inline(href) : (document.querySelector(`style[data-href="${path}"]`)?.textContent ?? "");
  return <style data-href={path} dangerouslySetInnerHTML={{ __html: css }} />;
}

/**
 * The stylesheet's container queries (the `narrow` variant asked of the page's width in rem, so that a page
 * reflows when only the root's font size doubles), inlined too, as a `data:` URL first in the body, before the
 * content they lay out: nothing is fetched. Not in a <style>: the Nu HTML Checker's CSS grammar predates CSS
 * Containment 3 and reports `@container` there as an error, and its language guess would read the CSS as the
 * page's words.
 */
export function ContainerQueries({ href }: { href: string }) {
  const read = useContext(StylesheetReader);
  const url = read
    ? read.containerUrl(href)
    : (document.querySelector("link[data-container-queries]")?.getAttribute("href") ?? "");
  if (!url) return null;
  return <link rel="stylesheet" href={url} data-container-queries="" />;
}
