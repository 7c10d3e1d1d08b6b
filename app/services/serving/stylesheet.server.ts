// The app's one stylesheet, inlined into every document (issue 11, part 5). A linked stylesheet is
// render-blocking: on a phone the first paint waited for a second connection and the file (about 7 KB gzip),
// which cost one to two round trips on every first visit. Inlined, the page paints as soon as its HTML
// arrives; the HTML grows by the same 7 KB gzip (it stays within TCP's first window), and navigations with
// JavaScript on fetch only data, so they do not pay it again. In two parts (http/stylesheet-parts): the
// container queries go in a data: URL stylesheet first in the body (components/inline-stylesheet).
import { stylesheetParts } from "../http/stylesheet-parts.server";

/** If the built stylesheet cannot be read, an `@import` of it: the page still gets its styles, linked. */
export const stylesheetReader = {
  inline: (href: string) => stylesheetParts(href)?.inline ?? `@import url(${JSON.stringify(href)});`,
  container: (href: string) => stylesheetParts(href)?.container ?? "",
};
