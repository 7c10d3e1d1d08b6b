// Issue 24 (WCAG 1.4.10 Reflow, 1.4.4 Resize Text) on every admin page, on the admin server (the admin-js and
// admin-no-js projects): at 320×640 no page scrolls sideways (a data table scrolls inside its own region, which
// the keyboard can reach), and at 390 px with the browser's text size doubled no page scrolls sideways and no
// text runs out of its box, in English and French.
import { expect, test, type Page } from "@playwright/test";
import { adminPages, type PageVisit } from "./every-page";
import { doubleTextSize, open, overflowingText, sideways } from "./text-boxes";

/** Every page wider than the screen, and (when `text`) every text out of its box. */
async function problems(page: Page, visits: PageVisit[], { text }: { text: boolean }): Promise<string[]> {
  const found: string[] = [];
  for (const { path, status } of visits) {
    await open(page, path, status);
    const wide = await sideways(page, path);
    if (wide) found.push(wide);
    if (text) found.push(...(await overflowingText(page, path)));
  }
  return found;
}

/**
 * Every element on the page whose content scrolls sideways inside it, "ok" when it is a region a keyboard
 * reaches (tabindex=0) with a name (WCAG 2.1.1, the accepted pattern for a wide data table).
 */
function scrollRegions(page: Page, path: string): Promise<string[]> {
  return page.evaluate((path) => {
    const found: string[] = [];
    for (const el of document.body.querySelectorAll("*")) {
      if (!/auto|scroll/.test(getComputedStyle(el).overflowX) || el.scrollWidth <= el.clientWidth + 1) continue;
      // A closed menu's panel (the bell's) is not on the screen.
      if (!el.checkVisibility()) continue;
      const region =
        el.getAttribute("role") === "region" || (el.tagName === "SECTION" && el.hasAttribute("aria-labelledby"));
      const named = Boolean(el.getAttribute("aria-label") || el.getAttribute("aria-labelledby"));
      const ok = region && named && el.getAttribute("tabindex") === "0";
      found.push(
        `${path}: <${el.tagName.toLowerCase()} ${el.getAttribute("aria-label") ?? ""}>${ok ? " ok" : " not a named, focusable region"}`,
      );
    }
    return found;
  }, path);
}

for (const lang of ["en", "fr"] as const) {
  test.describe(`admin pages (${lang})`, () => {
    test.use({ locale: lang === "fr" ? "fr-CA" : "en-CA" });
    // Each walks every admin page (more with each issue: 60 s no longer held them on a loaded machine).
    test.slow();

    test("every admin page fits 320 px; its tables scroll in a region the keyboard reaches", async ({ page }) => {
      await page.setViewportSize({ width: 320, height: 640 });
      const visits = await adminPages(page, `reflow-admin-${lang}`);
      expect(await problems(page, visits, { text: false })).toEqual([]);
      // Signing out is on the screen, whole.
      await expect(page.locator('header form[action="/sign-out"] button')).toBeInViewport({ ratio: 1 });
      // With its Admin link too, the header keeps one row: the height the scroll padding reserves.
      const { header, paddingTop } = await page.evaluate(() => ({
        header: document.querySelector("header")!.getBoundingClientRect().height,
        paddingTop: parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop),
      }));
      expect(Math.abs(header - paddingTop)).toBeLessThanOrEqual(1);
    });

    test("at 320 px a table wider than the screen scrolls in its own region, named and reached by keyboard", async ({
      page,
    }) => {
      await page.setViewportSize({ width: 320, height: 640 });
      const scrolling: string[] = [];
      for (const { path, status } of await adminPages(page, `regions-admin-${lang}`)) {
        await open(page, path, status);
        scrolling.push(...(await scrollRegions(page, path)));
      }
      // The slots and the weekly template are wider than 320 px whatever the data: some region scrolls.
      expect(scrolling.length).toBeGreaterThan(0);
      expect(scrolling.filter((region) => !region.endsWith(" ok"))).toEqual([]);
    });

    test("at 390 px with 200 % text no admin page scrolls sideways and every text stays in its box", async ({
      page,
    }) => {
      const visits = await adminPages(page, `text-admin-${lang}`);
      await doubleTextSize(page);
      expect(await problems(page, visits, { text: true })).toEqual([]);
    });
  });
}
