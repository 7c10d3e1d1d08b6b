import { createContext, useContext } from "react";

/** Given by entry.server: the text of a built stylesheet (app/services/serving/stylesheet.server.ts). */
const StylesheetReader = createContext<((href: string) => string) | null>(null);
export const StylesheetReaderProvider = StylesheetReader.Provider;

/**
 * The app's stylesheet inlined in a <style> (no render-blocking request before the first paint). The
 * server writes its text; the browser hydrates the element with the text it already holds, so React
 * never touches it and the JavaScript carries no copy of the CSS.
 */
export function InlineStylesheet({ href }: { href: string }) {
  const read = useContext(StylesheetReader);
  const css = read ? read(href) : (document.querySelector(`style[data-href="${href}"]`)?.textContent ?? "");
  return <style data-href={href} dangerouslySetInnerHTML={{ __html: css }} />;
}
