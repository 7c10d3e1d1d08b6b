// Measurements behind issue 24's reflow and text-size tests (WCAG 1.4.10 Reflow, 1.4.4 Resize Text): the
// document's width, and every piece of visible text checked against its own box, its parent's box and the
// viewport (or the scroll container it deliberately sits in).
import { expect, type Page } from "@playwright/test";
import { interactive } from "./helpers";

/**
 * Doubles the browser's default font size, as a person who set "Font size: very large" would: Chromium's
 * own setting (DevTools protocol Page.setFontSizes, 16 → 32 px), applied before the next page renders and
 * with JavaScript off too (it is the browser's preference, not a script in the page). Every rem doubles;
 * pixel sizes stay, as they do for such a person.
 */
export async function doubleTextSize(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Page.setFontSizes", { fontSizes: { standard: 32, fixed: 26 } });
}

/** Opens a page (expecting `status`) and waits until it is interactive (JavaScript on) or loaded. */
export async function open(page: Page, path: string, status = 200) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(status);
  // An error page is not hydrated (it has no data-hydrated mark): it is measured once loaded.
  if (status === 200) await interactive(page);
  else await page.waitForLoadState("load");
}

/** The document's width when wider than the viewport ("path: 358px"), else null. */
export async function sideways(page: Page, label: string): Promise<string | null> {
  const { width, viewport } = await page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  return width > viewport ? `${label}: ${width}px wide in ${viewport}px` : null;
}

/**
 * Every visible element with text of its own whose text does not fit: its content is wider (or, in a box
 * of fixed height, taller) than its box, or its box runs out of its parent's box, of the scroll container
 * it sits in, or of the viewport. Deliberate scroll containers (overflow auto or scroll: a data table's
 * region) may hold wider content; hidden overflow (an ellipsis, a clipped box) is a failure, as it hides
 * text. Visually hidden helpers (sr-only, 1×1 px) are skipped.
 */
export function overflowingText(page: Page, label: string): Promise<string[]> {
  return page.evaluate((label) => {
    const SLACK = 1;
    const problems: string[] = [];
    const viewport = { left: 0, right: document.documentElement.clientWidth };
    const describe = (el: Element) => {
      const cls = typeof el.className === "string" ? el.className.split(/\s+/).slice(0, 4).join(".") : "";
      const text = (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
      return `${label}: <${el.tagName.toLowerCase()}${cls ? "." + cls : ""}> "${text}"`;
    };
    const scrolls = (el: Element) => /auto|scroll/.test(getComputedStyle(el).overflowX);
    const ownText = (el: Element) =>
      [...el.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== "");
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      if (box.width <= 2 || box.height <= 2) return false;
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
      // A visually hidden helper (sr-only: clipped to nothing).
      const style = getComputedStyle(el);
      return !(style.position === "absolute" && style.clip === "rect(0px, 0px, 0px, 0px)");
    };
    /** The element's nearest ancestor that draws a box (not inline, not display: contents). */
    const boxParent = (el: Element) => {
      let parent = el.parentElement;
      while (parent && /^(inline|contents)$/.test(getComputedStyle(parent).display)) parent = parent.parentElement;
      return parent;
    };
    const clippedBySrOnly = (el: Element) => {
      for (let a: Element | null = el; a; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.position === "absolute" && style.clip === "rect(0px, 0px, 0px, 0px)") return true;
      }
      return false;
    };
    for (const el of document.body.querySelectorAll("*")) {
      if (!ownText(el) || !shown(el) || clippedBySrOnly(el)) continue;
      if (el.closest("script, style, template, noscript, option, select")) continue;
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      const inline = style.display === "inline";
      if (!inline && !scrolls(el)) {
        if (el.scrollWidth > el.clientWidth + SLACK) {
          problems.push(`${describe(el)} content ${el.scrollWidth}px in a ${el.clientWidth}px box`);
          continue;
        }
        if (style.overflowY !== "visible" && el.scrollHeight > el.clientHeight + SLACK) {
          problems.push(`${describe(el)} content ${el.scrollHeight}px tall in a ${el.clientHeight}px box`);
          continue;
        }
      }
      const parent = boxParent(el);
      if (parent && parent !== document.body) {
        const p = parent.getBoundingClientRect();
        if (box.left < p.left - SLACK || box.right > p.right + SLACK) {
          problems.push(
            `${describe(el)} [${Math.round(box.left)}, ${Math.round(box.right)}] outside its parent [${Math.round(p.left)}, ${Math.round(p.right)}]`,
          );
          continue;
        }
      }
      // The viewport, or the deliberate scroll container the text sits in.
      let frame = viewport;
      for (let a = el.parentElement; a; a = a.parentElement) {
        if (a !== document.documentElement && a !== document.body && scrolls(a)) {
          const r = a.getBoundingClientRect();
          const left = r.left + a.clientLeft - a.scrollLeft;
          frame = { left, right: left + a.scrollWidth };
          break;
        }
      }
      if (box.left < frame.left - SLACK || box.right > frame.right + SLACK) {
        problems.push(`${describe(el)} [${Math.round(box.left)}, ${Math.round(box.right)}] outside the screen`);
      }
    }
    return problems;
  }, label);
}

/**
 * Doubles the root's font size the other way a phone's text size reaches a page: every rem doubles, but a
 * media query's em stays at 16 px (a phone's text scaling, a user style sheet). A style in the head of every
 * page the browser loads, so it holds with JavaScript off too.
 */
export async function doubleRootText(page: Page) {
  await page.route("**/*", async (route) => {
    const request = route.request();
    if (!request.isNavigationRequest() || request.method() !== "GET") return route.fallback();
    const response = await route.fetch({ maxRedirects: 0 });
    const type = response.headers()["content-type"] ?? "";
    if (!type.includes("text/html")) return route.fulfill({ response });
    const html = (await response.text()).replace("</head>", "<style>html{font-size:200%}</style></head>");
    return route.fulfill({ response, body: html });
  });
}

/**
 * Every word broken across two lines (by hyphenation or a break inside it: "Accue|il") that would have fit
 * on a line of its own: in the page's content column, less room for a card's padding (a word wider than
 * that, a long e-mail address, may break). Words are runs of letters and digits, so a break at a hyphen,
 * a slash or before an e-mail's dots is not one.
 */
export function brokenWords(page: Page, label: string): Promise<string[]> {
  return page.evaluate((label) => {
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
    const roomIn = (el: Element) => {
      const region = el.closest("main, header, nav, footer") ?? document.body;
      const style = getComputedStyle(region);
      return region.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 2 * rem;
    };
    const problems: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest("script, style, template, noscript, option, select, .sr-only")) continue;
      if (!parent.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const text = node.textContent ?? "";
      for (const match of text.matchAll(/[\p{L}\p{N}]{2,}/gu)) {
        const range = document.createRange();
        range.setStart(node, match.index!);
        range.setEnd(node, match.index! + match[0].length);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0).sort((a, b) => a.top - b.top);
        // A piece that starts below the bottom of the one before is on a line of its own.
        const split = rects.some((r, i) => i > 0 && r.top >= rects[i - 1]!.bottom - 1);
        if (!split) continue;
        const width = rects.reduce((sum, r) => sum + r.width, 0);
        if (width <= roomIn(parent)) {
          const box = parent.getBoundingClientRect();
          problems.push(
            `${label}: "${match[0]}" broken in <${parent.tagName.toLowerCase()}> ${Math.round(box.width)}px wide`,
          );
        }
      }
    }
    return problems;
  }, label);
}

/**
 * The screen the header and the bottom bar hold while the page scrolls: their heights when sticky or fixed
 * (a bar that scrolls with the page holds none).
 */
export function barsOverScreen(page: Page) {
  return page.evaluate(() => {
    const over = (el: Element | null) =>
      el && /^(sticky|fixed)$/.test(getComputedStyle(el).position) ? el.getBoundingClientRect().height : 0;
    const header = document.querySelector("header");
    const bar = document.querySelector('nav[class*="bottom-0"]');
    return { held: over(header) + over(bar), screen: window.innerHeight };
  });
}
