// Issue 24, part 1: every page fits a 320 px screen (WCAG 1.4.10 Reflow: the header's right-hand group gives
// way instead of pushing the page sideways), and tabbing never leaves the focused element under the sticky
// header or the fixed bottom bar (WCAG 2.4.11 Focus Not Obscured), in English and French, JavaScript on and
// off (the js and no-js projects). Every page of every-page.ts; the admin pages, on the admin server, in
// reflow-admin.spec.ts.
import { expect, test, type Page } from "@playwright/test";
import { bookableSlotId, fillCard, residentWithAddress } from "./booking-fixtures";
import { onboardingPages, openMovePage, residentPages, visitorPages, type PageVisit } from "./every-page";
import { interactive, signedInResident } from "./helpers";
import { doubleTextSize, open, sideways } from "./text-boxes";

/** Pages whose document is wider than the viewport, each with its width. */
async function tooWide(page: Page, visits: PageVisit[]): Promise<string[]> {
  const wide: string[] = [];
  for (const { path, status } of visits) {
    await open(page, path, status);
    const width = await sideways(page, path);
    if (width) wide.push(width);
  }
  return wide;
}

/**
 * Tabs from the top of the page to its end and names every focused element whose box intersects the
 * sticky header or the fixed bottom bar (elements inside the bars themselves, and the skip link drawn
 * above them, are not covered by them).
 */
async function focusUnderBars(page: Page): Promise<string[]> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.locator("body").focus();
  const covered: string[] = [];
  for (let stop = 0; stop < 80; stop += 1) {
    await page.keyboard.press("Tab");
    const result = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return { end: true, covered: null };
      if (el.closest("header.sticky, nav.fixed") || el.matches('a[href="#main"]')) return { end: false, covered: null };
      const box = el.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) return { end: false, covered: null };
      const hit = [document.querySelector("header.sticky"), document.querySelector("nav.fixed")]
        .filter((bar): bar is Element => bar !== null)
        .some((bar) => {
          const b = bar.getBoundingClientRect();
          return box.top < b.bottom && box.bottom > b.top && box.left < b.right && box.right > b.left;
        });
      const name = (el.getAttribute("aria-label") ?? el.textContent ?? el.id ?? el.tagName).trim().slice(0, 40);
      return { end: false, covered: hit ? `${el.tagName.toLowerCase()} "${name}" at ${Math.round(box.top)}` : null };
    });
    if (result.end) break;
    if (result.covered) covered.push(result.covered);
  }
  return covered;
}

for (const lang of ["en", "fr"] as const) {
  test.describe(`reflow at 320 px (${lang})`, () => {
    test.use({ locale: lang === "fr" ? "fr-CA" : "en-CA", viewport: { width: 320, height: 640 } });

    test("visitor pages fit 320 px without scrolling sideways", async ({ page }) => {
      expect(await tooWide(page, await visitorPages(page))).toEqual([]);
      // The header still offers signing in and the language menu.
      await expect(
        page.locator("header").getByRole("link", { name: lang === "fr" ? "Se connecter" : "Sign in" }),
      ).toBeInViewport({ ratio: 1 });
    });

    test("resident pages fit 320 px without scrolling sideways", async ({ page }) => {
      test.slow();
      expect(await tooWide(page, await residentPages(page, lang, `reflow-${lang}`))).toEqual([]);
      await openMovePage(page, lang);
      expect(await sideways(page, "/order/{confirmationNumber}/move")).toBeNull();
      // Signing out is on the screen, whole.
      await expect(page.locator('header form[action="/sign-out"] button')).toBeInViewport({ ratio: 1 });
      expect(await tooWide(page, await onboardingPages(page, `reflow-guide-${lang}`))).toEqual([]);
    });
  });

  for (const width of [320, 390, 1280]) {
    test.describe(`the bars' room at ${width} px (${lang})`, () => {
      test.use({ locale: lang === "fr" ? "fr-CA" : "en-CA", viewport: { width, height: 800 } });

      test("scroll padding equals the header's and the bottom bar's heights; the bar's labels scale with text", async ({
        page,
      }) => {
        await signedInResident(page, `bars-${lang}`);
        await page.goto("/history");
        await interactive(page);
        const measure = () =>
          page.evaluate(() => {
            const html = getComputedStyle(document.documentElement);
            const label = document.querySelector("nav.fixed li span")!;
            return {
              header: document.querySelector("header.sticky")!.getBoundingClientRect().height,
              bar: document.querySelector("nav.fixed")!.getBoundingClientRect().height,
              paddingTop: parseFloat(html.scrollPaddingTop),
              paddingBottom: parseFloat(html.scrollPaddingBottom),
              label: parseFloat(getComputedStyle(label).fontSize),
            };
          });
        const normal = await measure();
        expect(Math.abs(normal.header - normal.paddingTop), JSON.stringify(normal)).toBeLessThanOrEqual(1);
        expect(Math.abs(normal.bar - normal.paddingBottom), JSON.stringify(normal)).toBeLessThanOrEqual(1);
        // The labels are sized in rem: twice the root font size, twice the label.
        await page.evaluate(() => (document.documentElement.style.fontSize = "200%"));
        const large = await measure();
        expect(large.label).toBeCloseTo(normal.label * 2, 1);
      });
    });
  }

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test.describe(`focus never under a bar at ${viewport.width}x${viewport.height} (${lang})`, () => {
      test.use({ locale: lang === "fr" ? "fr-CA" : "en-CA", viewport });

      for (const textSize of ["100 %", "200 %"]) {
        test(`tabbing through checkout and the confirmation, text at ${textSize}`, async ({ page }) => {
          // At 200 % the header may be taller (and, on a phone, scroll with the page): the padding follows.
          if (textSize === "200 %") await doubleTextSize(page);
          await residentWithAddress(page, `focus-${lang}-${viewport.width}`);
          const slotId = await bookableSlotId(page);
          await page.goto(`/checkout?bags=2&slotId=${slotId}`);
          await interactive(page);
          await fillCard(page, "4242 4242 4242 4242");
          expect(await focusUnderBars(page)).toEqual([]);
          await page.getByRole("button", { name: lang === "fr" ? /^Payer / : /^Pay \$/ }).click();
          await expect(page).toHaveURL(/\/confirmation\?confirmationNumber=/);
          await interactive(page);
          expect(await focusUnderBars(page)).toEqual([]);
        });
      }
    });
  }
}
