// Issue 24, parts 2 and 3: with JavaScript a page change is not a page load, so the app moves focus to
// the new page's main heading (or main region) and announces its title, and a new page opens at the
// top (checkout after Continue from /booking, with its order summary in view). A same-page change (a
// date chosen on /booking) leaves focus where the resident is. In English and French.
import { expect, test, type Page } from "@playwright/test";
import { residentWithAddress } from "./booking-fixtures";
import { insertResident, interactive, PASSWORD, signedInResident } from "./helpers";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "without JavaScript every page change is a page load");

/** What has focus: "h1" (the page's main heading), "main", or a short description of something else. */
function focused(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement;
    const main = document.getElementById("main");
    if (active === main) return "main";
    if (active?.tagName === "H1" && main?.contains(active)) return "h1";
    return active ? active.outerHTML.slice(0, 120) : "nothing";
  });
}

/** Focus is on the new page's heading or main region, and the announcer says the new page's title. */
async function expectFocusOnNewPage(page: Page) {
  await expect.poll(() => focused(page)).toMatch(/^(h1|main)$/);
  if ((await focused(page)) === "h1") {
    await expect(page.locator("#main h1").first()).toBeFocused();
  }
  const title = await page.title();
  expect(title).not.toBe("");
  await expect(page.getByTestId("route-announcer")).toHaveText(title);
}

/** The labels the tests press, in each language. */
const LABELS = {
  en: {
    email: "Email",
    password: "Password",
    signIn: "Sign in",
    main: "Main",
    schedule: "Schedule",
    twoBags: /^2 bags/,
    continue: "Continue",
  },
  fr: {
    email: "Courriel",
    password: "Mot de passe",
    signIn: "Se connecter",
    main: "Principale",
    schedule: "Planifier",
    twoBags: /^2 sacs/,
    continue: "Continuer",
  },
} as const;
type Labels = (typeof LABELS)[keyof typeof LABELS];

/** Picks 2 bags, the first open date and its first window on /booking (JavaScript: no round trip). */
async function chooseBooking(page: Page, T: Labels) {
  await page.getByRole("radio", { name: T.twoBags }).check();
  await page.locator('input[name="date"]:not([disabled])').first().check();
  await page.locator('input[name="slotId"]:not([disabled])').first().check();
}

for (const lang of ["en", "fr"] as const) {
  const T = LABELS[lang];
  test.describe(`focus on navigation (${lang})`, () => {
    test.use({ locale: lang === "fr" ? "fr-CA" : "en-CA" });

    test("after signing in, focus is on the new page's heading and its title is announced", async ({ page }) => {
      const { email } = await insertResident({ tag: `focus-signin-${lang}` });
      await page.goto("/sign-in");
      await interactive(page);
      await page.getByLabel(T.email, { exact: true }).fill(email);
      await page.getByLabel(T.password, { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: T.signIn }).click();
      await expect(page).not.toHaveURL(/\/sign-in/);
      await expect(page.getByTestId("header-email")).toHaveText(email);
      await expectFocusOnNewPage(page);
    });

    test("after the bottom bar's Schedule link, focus is on the booking heading, and the next Tab stays in the page", async ({
      page,
    }) => {
      await signedInResident(page, `focus-bar-${lang}`);
      await page.goto("/history");
      await interactive(page);
      await page.getByRole("navigation", { name: T.main }).getByRole("link", { name: T.schedule, exact: true }).click();
      await expect(page).toHaveURL(/\/booking$/);
      await expectFocusOnNewPage(page);
      await expect(page.locator("#main h1")).toHaveText(/./);
      await page.keyboard.press("Tab");
      const inMain = await page.evaluate(() => document.getElementById("main")!.contains(document.activeElement));
      expect(inMain).toBe(true);
    });

    test("after a header link, focus is on the new page's heading", async ({ page }) => {
      await page.goto("/");
      await interactive(page);
      await page.locator("header").getByRole("link", { name: T.signIn }).click();
      await expect(page).toHaveURL(/\/sign-in$/);
      await expectFocusOnNewPage(page);
    });

    test("on /booking, choosing a date (same page) keeps focus on the date", async ({ page }) => {
      await residentWithAddress(page, `focus-date-${lang}`);
      await page.goto("/booking");
      await interactive(page);
      const date = page.locator('input[name="date"]:not([disabled])').nth(1);
      await date.check();
      await expect(date).toBeChecked();
      await expect(date).toBeFocused();
      expect(await focused(page)).not.toBe("h1");
      await expect(page).toHaveURL(/\/booking$/);
    });

    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      test(`at ${viewport.width}×${viewport.height}, Continue from /booking opens checkout at the top, focused on its heading, the order summary in view`, async ({
        page,
      }) => {
        await page.setViewportSize(viewport);
        await residentWithAddress(page, `focus-checkout-${lang}-${viewport.width}`);
        await page.goto("/booking");
        await interactive(page);
        await chooseBooking(page, T);
        const continueButton = page.getByRole("button", { name: T.continue, exact: true });
        await continueButton.scrollIntoViewIfNeeded();
        // The resident is far down the booking page when continuing.
        expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
        await continueButton.click();
        await expect(page).toHaveURL(/\/checkout\?/);
        await expect(page.locator("#summary-title")).toBeVisible();
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
        await expectFocusOnNewPage(page);
        await expect(page.locator("#main h1")).toBeInViewport();
        await expect(page.locator("#summary-title")).toBeInViewport();
      });
    }
  });
}
