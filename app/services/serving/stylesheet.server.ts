// The app's one stylesheet, inlined into every document's <head> (issue 11, part 5). A linked stylesheet
// is render-blocking: on a phone the first paint waited for a second connection and the file (about
// 7 KB gzip), which cost one to two round trips on every first visit. Inlined, the page paints as soon as
// its HTML arrives; the HTML grows by the same 7 KB gzip (it stays within TCP's first window), and
// navigations with JavaScript on fetch only data, so they do not pay it again.
import { stylesheetParts } from "../http/stylesheet-parts.server";

const cache = new Map<string, string>();

/**
 * The text of the built stylesheet at `href` (`/<build>/_assets/tailwind-<hash>.css`, served from
 * `public/`, as scripts/server.mjs does), read once, without its container queries (http/stylesheet-parts:
 * linked at the end of the body). If it cannot be read, an `@import` of it: the page still gets its styles,
 * linked as before.
 */
export function stylesheetText(href: string): string {
  let text = cache.get(href);
  if (text === undefined) {
    text = stylesheetParts(href)?.inline ?? `@import url(${JSON.stringify(href)});`;
    // A stylesheet cannot close its own <style> element (the minified CSS has no "</style", but be sure).
    text = text.replace(/<\/style/gi, "<\\/style");
    cache.set(href, text);
  }
  return text;
}
