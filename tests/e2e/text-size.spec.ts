// Issue 24, part 5 (WCAG 1.4.4 Resize Text): with the browser's text size doubled, on a 390 px phone, no
// page scrolls sideways and no text runs out of its box (text-boxes.ts measures every piece of text), in
// English and French, JavaScript on and off (the js and no-js projects). The admin pages are measured in
// reflow-admin.spec.ts, on the admin server.
import { expect, test, type Page } from "@playwright/test";
import { bookTwoBags } from "./booking-fixtures";
import { onboardingPages, openMovePage, residentPages, visitorPages, type PageVisit } from "./every-page";
import { signedInResident } from "./helpers";
import {
  barsOverScreen,
  brokenWords,
  doubleRootText,
  doubleTextSize,
  open,
  overflowingText,
  sideways,
} from "./text-boxes";

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
      // A tablet: the page's own root size doubled (not the browser's setting, which media queries follow):
      // the line is still long enough, the header stays sticky and wraps.
      await page.setViewportSize({ width: 700, height: 844 });
      await open(page, "/history");
      await page.evaluate(() => (document.documentElement.style.fontSize = "200%"));
      await expect
        .poll(async () => {
          const now = await bars(page);
          return now.header === "sticky" && now.headerHeight > 60 && Math.abs(now.headerHeight - now.paddingTop) <= 1;
        })
        .toBe(true);
      // Set as <html>'s own scroll padding, not as custom properties there: those are inherited, and changing
      // one recomputed the style of every element of the page (issue 44, components/bar-height).
      const inline = await page.evaluate(() => {
        const style = document.documentElement.style;
        return [...Array.from({ length: style.length }, (_, i) => style.item(i))].filter((name) =>
          name.startsWith("--"),
        );
      });
      expect(inline, "custom properties on <html>").toEqual([]);
    });
  });
}

/**
 * Issue 42, part 10: on a phone (390 and 320 px) with text at 200 %, set either way a phone sets it (the
 * browser's font size, which media queries follow, or the root's font size alone, which they do not), the
 * landing page, its search box, My Orders, the order page and the bottom bar reflow: nothing scrolls
 * sideways, no text leaves its box, no word is broken inside ("Accue|il"), a search box keeps room to type,
 * and the header and the bottom bar hold at most a third of the screen.
 */
const DOUBLINGS = { "the browser's font size": doubleTextSize, "the root's font size": doubleRootText } as const;
const PAY = { en: /^Pay \$/, fr: /^Payer / } as const;

/** Every problem of one page at this width: sideways, text out of its box, broken words, bars, search boxes. */
async function phoneProblems(page: Page, path: string, width: number): Promise<string[]> {
  await page.setViewportSize({ width, height: 844 });
  await open(page, path);
  const label = `${path} at ${width}px`;
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize), label).toBe("32px");
  const problems = [
    ...[await sideways(page, label)].filter((p): p is string => p !== null),
    ...(await overflowingText(page, label)),
    ...(await brokenWords(page, label)),
  ];
  const { held, screen } = await barsOverScreen(page);
  if (held > screen / 3) problems.push(`${label}: the header and the bottom bar hold ${held}px of ${screen}px`);
  const least = width >= 390 ? 200 : 180;
  for (const box of await page.locator('main input[type="search"], main input[name="postalCode"]').all()) {
    const boxWidth = (await box.boundingBox())?.width ?? 0;
    if (boxWidth < least) problems.push(`${label}: a search box ${Math.round(boxWidth)}px wide`);
  }
  return problems;
}

for (const lang of ["en", "fr"] as const) {
  for (const [how, double] of Object.entries(DOUBLINGS)) {
    test.describe(`200 % text (${how}) on a phone (${lang})`, () => {
      test.use({ locale: lang === "fr" ? "fr-CA" : "en-CA", viewport: { width: 390, height: 844 } });

      test("the landing page and its search boxes reflow at 390 and 320 px", async ({ page }) => {
        await double(page);
        const problems: string[] = [];
        for (const width of [390, 320]) {
          for (const path of ["/", "/?q=TV", "/postal-code"])
            problems.push(...(await phoneProblems(page, path, width)));
        }
        expect(problems).toEqual([]);
      });

      test("My Orders, the order page and the bottom bar reflow at 390 and 320 px", async ({ page }) => {
        test.slow();
        const { confirmation } = await bookTwoBags(page, `phone-text-${lang}`, PAY[lang]);
        await double(page);
        const problems: string[] = [];
        for (const width of [390, 320]) {
          for (const path of ["/", "/history", `/order/${confirmation}`]) {
            problems.push(...(await phoneProblems(page, path, width)));
          }
        }
        expect(problems).toEqual([]);
      });
    });
  }
}
