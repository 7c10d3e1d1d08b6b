import { createContext, useContext } from "react";
import { inlineStylesheetPath } from "~/lib/paths";

/** Given by entry.server: the two inlined parts of a built stylesheet (app/services/serving/stylesheet.server.ts). */
type StylesheetReader = { inline: (href: string) => string; container: (href: string) => string };
const StylesheetReader = createContext<StylesheetReader | null>(null);
export const StylesheetReaderProvider = StylesheetReader.Provider;

/**
 * The app's stylesheet inlined in a <style> (no render-blocking request before the first paint), all but its
 * container queries (ContainerQueries). The server writes its text; the browser hydrates the element with the
 * text it already holds, so React never touches it and the JavaScript carries no copy of the CSS. Its
 * `data-href` serves exactly this text (routes/styles.$file).
 */
export function InlineStylesheet({ href }: { href: string }) {
  const read = useContext(StylesheetReader);
  const path = inlineStylesheetPath(href);
  const css = read ? read.inline(href) : (document.querySelector(`style[data-href="${path}"]`)?.textContent ?? "");
  return <style data-href={path} dangerouslySetInnerHTML={{ __html: css }} />;
}

/**
 * The stylesheet's container queries (the `narrow` variant asked of the page's width in rem, so that a page
 * reflows when only the root's font size doubles), inlined too, first in the body, before the content they lay
 * out. In an SVG <style>, which styles the whole document as a <style> in <head> does: the Nu HTML Checker's CSS
 * grammar predates CSS Containment 3 and reports `@container` in an HTML <style> as an error, and it does not
 * check SVG style sheets. Hidden: the <svg> takes no room and nothing reads it aloud.
 */
export function ContainerQueries({ href }: { href: string }) {
  const read = useContext(StylesheetReader);
  const css = read
    ? read.container(href)
    : (document.querySelector("style[data-container-queries]")?.textContent ?? "");
  if (!css) return null;
  return (
    <svg className="hidden" aria-hidden="true" focusable="false">
      <style data-container-queries="" dangerouslySetInnerHTML={{ __html: css }} />
    </svg>
  );
}
