// Issue 24, part 5 (WCAG 1.4.4 Resize Text): with the browser's text size doubled, on a 390 px phone, no
// page scrolls sideways and no text runs out of its box (text-boxes.ts measures every piece of text), in
// English and French, JavaScript on and off (the js and no-js projects). The admin pages are measured in
// reflow-admin.spec.ts, on the admin server.
import { expect, test, type Page } from "@playwright/test";
import { onboardingPages, openMovePage, residentPages, visitorPages, type PageVisit } from "./every-page";
import { signedInResident } from "./helpers";
import { doubleTextSize, open, overflowingText, sideways } from "./text-boxes";

/** Every problem found on these pages at 200 % text: a page wider than the screen, text out of its box. */
async function problemsAtLargeText(page: Page, visits: PageVisit[]): Promise<string[]> {
  await doubleTextSize(page);
  const problems: string[] = [];
  for (const { path, status } of visits) {
    await open(page, path, status);
    // The browser's setting took: the root font size is doubled.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize), path).toBe("32px");
    const wide = await sideways(page, path);
    if (wide) problems.push(wide);
    problems.push(...(await overflowingText(page, path)));
  }
  return problems;
}

/** How the header and the bottom bar sit, and what the scroll padding reserves for them. */
function bars(page: Page) {
  return page.evaluate(() => {
    const header = document.querySelector("header")!;
    const bar = document.querySelector('nav[class*="bottom-0"]')!;
    const html = getComputedStyle(document.documentElement);
    return {
      header: getComputedStyle(header).position,
      headerHeight: header.getBoundingClientRect().height,
      bar: getComputedStyle(bar).position,
      barHeight: bar.getBoundingClientRect().height,
      paddingTop: parseFloat(html.scrollPaddingTop),
      paddingBottom: parseFloat(html.scrollPaddingBottom),
    };
  });
}

for (const lang of ["en", "fr"] as const) {
  test.describe(`200 % text at 390 px (${lang})`, () => {
    test.use({ locale: lang === "fr" ? "fr-CA" : "en-CA", viewport: { width: 390, height: 844 } });

    test("visitor pages: nothing scrolls sideways, every text stays in its box", async ({ page }) => {
      expect(await problemsAtLargeText(page, await visitorPages(page))).toEqual([]);
    });

    test("resident pages: nothing scrolls sideways, every text stays in its box", async ({ page }) => {
      test.slow();
      const problems = await problemsAtLargeText(page, await residentPages(page, lang, `text-${lang}`));
      // The Move page, opened from My Orders.
      await openMovePage(page, lang);
      problems.push(
        ...[await sideways(page, "move")].filter((p) => p !== null),
        ...(await overflowingText(page, "move")),
      );
      expect(problems).toEqual([]);
    });

    test("the onboarding guide: nothing scrolls sideways, every text stays in its box", async ({ page }) => {
      expect(await problemsAtLargeText(page, await onboardingPages(page, `text-guide-${lang}`))).toEqual([]);
    });

    test("the scroll padding follows the header and the bottom bar at 200 % text", async ({ page }) => {
      await signedInResident(page, `text-bars-${lang}`);
      await doubleTextSize(page);
      // A phone: the line is too short for the text, so the header and the bar scroll with the page (they
      // would take a third of the screen); nothing is fixed, nothing reserved.
      await open(page, "/history");
      expect(await bars(page)).toMatchObject({ header: "static", bar: "static", paddingTop: 0, paddingBottom: 0 });
      // A wide screen: both stay on screen, and the padding equals their heights.
      await page.setViewportSize({ width: 1280, height: 800 });
      await open(page, "/history");
      const wide = await bars(page);
      expect(wide, JSON.stringify(wide)).toMatchObject({ header: "sticky", bar: "fixed" });
      expect(Math.abs(wide.headerHeight - wide.paddingTop), JSON.stringify(wide)).toBeLessThanOrEqual(1);
      expect(Math.abs(wide.barHeight - wide.paddingBottom), JSON.stringify(wide)).toBeLessThanOrEqual(1);
    });

    test("with JavaScript, the scroll padding follows a header that large text wraps onto two rows", async ({
      page,
      javaScriptEnabled,
    }) => {
      test.skip(!javaScriptEnabled, "the header's height is measured by the page's script");
      await signedInResident(page, `text-wrap-${lang}`);
      await open(page, "/history");
      // The page's own root size doubled (not the browser's setting, which the layout answers in CSS): the
      // header stays sticky and wraps.
      await page.evaluate(() => (document.documentElement.style.fontSize = "200%"));
      await expect
        .poll(async () => {
          const now = await bars(page);
          return now.header === "sticky" && now.headerHeight > 60 && Math.abs(now.headerHeight - now.paddingTop) <= 1;
        })
        .toBe(true);
    });
  });
}
