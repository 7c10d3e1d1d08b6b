// The stylesheet in two parts (issue 42 part 10): what every page inlines, and its container queries, which
// a <link> at the end of the body loads (`/narrow.css`). The `narrow` variant asks both the viewport (a media
// query in em, inlined) and the page's width in rem (a container query), so that a page reflows when the
// root's font size doubles too. Container queries are CSS the Nu HTML Checker does not know yet: inlined,
// every page would read as invalid; linked, the checker leaves them to the browser, and they only matter
// once text is enlarged, after the first paint.
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

/** The built stylesheet at `href` (served from `public/`), split once; null when it cannot be read. */
export function stylesheetParts(href: string): { inline: string; container: string } | null {
  if (!cache.has(href)) {
    try {
      cache.set(href, splitStylesheet(fs.readFileSync(path.join("public", href), "utf8")));
    } catch (error) {
      console.error(`[css] ${href} could not be read:`, error);
      cache.set(href, null);
    }
  }
  return cache.get(href) ?? null;
}
