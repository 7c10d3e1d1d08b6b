// The stylesheet in two parts (issue 42 part 10): what every page inlines in its <head>, and its container
// queries, inlined as a data: URL stylesheet first in the body (components/inline-stylesheet). The `narrow`
// variant asks both the viewport (a media query in em) and the page's width in rem (a container query), so
// that a page reflows when the root's font size doubles too. The Nu HTML Checker's CSS grammar does not know
// container queries yet: in the <head>'s <style> every page would read as invalid. Nothing is fetched: no
// stylesheet is ever requested.
import fs from "node:fs";
import path from "node:path";

/** The page as the container the queries ask (tailwind.css: `container: page / inline-size`). */
const CONTAINER_DECLARATION = /container:\s*page\s*\/\s*inline-size;?/g;

/** `css` split: `inline` without its @container rules and the container declaration, `container` with them. */
export function splitStylesheet(css: string): { inline: string; container: string } {
  const blocks: string[] = [];
  let inline = "";
  let at = 0;
  for (let start = css.indexOf("@container", at); start !== -1; start = css.indexOf("@container", at)) {
    const open = css.indexOf("{", start);
    if (open === -1) break;
    let depth = 0;
    let end = open;
    for (; end < css.length; end += 1) {
      if (css[end] === "{") depth += 1;
      else if (css[end] === "}" && --depth === 0) break;
    }
    inline += css.slice(at, start);
    blocks.push(css.slice(start, end + 1));
    at = end + 1;
  }
  inline += css.slice(at);
  const declared = inline.search(CONTAINER_DECLARATION) !== -1;
  inline = inline.replace(CONTAINER_DECLARATION, "").replace(/\{\s*\}/g, "{}");
  const container = blocks.length ? `${declared ? "body{container:page / inline-size}" : ""}${blocks.join("")}` : "";
  return { inline, container };
}

const cache = new Map<string, { inline: string; container: string } | null>();

/** A stylesheet cannot close its own <style> element (the minified CSS has no "</style", but be sure). */
function safe(css: string): string {
  return css.replace(/<\/style/gi, "<\\/style");
}

/**
 * The built stylesheet at `href` (served from `public/`), split once, each part safe inside a <style>; null
 * when it cannot be read.
 */
export function stylesheetParts(href: string): { inline: string; container: string } | null {
  if (!cache.has(href)) {
    try {
      const { inline, container } = splitStylesheet(fs.readFileSync(path.join("public", href), "utf8"));
      cache.set(href, { inline: safe(inline), container: safe(container) });
    } catch (error) {
      console.error(`[css] ${href} could not be read:`, error);
      cache.set(href, null);
    }
  }
  return cache.get(href) ?? null;
}
