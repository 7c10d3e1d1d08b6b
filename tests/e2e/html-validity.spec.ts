// Issue 24 (parts 4, 6, 7): valid markup where checkers found faults. The language menu marks the current
// language with text (no aria-label on a plain span), the booking page's headings skip no level, and the
// postal-code and card inputs say type="text" with the keyboard they want; JavaScript on and off.
import { expect, test, type Page } from "@playwright/test";
import { bookableSlotId, residentWithAddress } from "./booking-fixtures";
import { switchLanguage } from "./helpers";

/** The levels of the main content's headings, in document order. */
function headingLevels(page: Page) {
  return page
    .locator("main :is(h1, h2, h3, h4, h5, h6)")
    .evaluateAll((headings) => headings.map((h) => Number(h.tagName.slice(1))));
}

for (const lang of ["en", "fr"] as const) {
  test.describe(`markup in ${lang === "en" ? "English" : "French"}`, () => {
    test("the current language is marked by text on the button, not an aria-label on a span", async ({ page }) => {
      await page.goto("/");
      if (lang === "fr") await switchLanguage(page, "fr");
      const current = page.locator(`header button[name="lng"][value="${lang}"]`);
      await expect(current).toHaveAttribute("aria-current", "true");
      await expect(page.locator('header button[name="lng"] span[aria-label]')).toHaveCount(0);
      const marker = lang === "en" ? "(current)" : "(actuelle)";
      await expect(current.locator(".sr-only")).toHaveText(marker);
      await expect(page.locator(`header button[name="lng"][value="${lang === "en" ? "fr" : "en"}"]`)).not.toContainText(
        marker,
      );
    });

    test("the booking page's headings skip no level and its weeks are h2 under the h1", async ({ page }) => {
      await residentWithAddress(page, `outline-${lang}`);
      await page.goto("/booking");
      if (lang === "fr") await switchLanguage(page, "fr");
      await expect(page.locator("#dates h2").first()).toBeVisible();
      const levels = await headingLevels(page);
      expect(levels[0]).toBe(1);
      expect(levels.filter((level) => level === 1)).toHaveLength(1);
      for (let i = 1; i < levels.length; i++) expect(levels[i]!).toBeLessThanOrEqual(levels[i - 1]! + 1);
      await expect(page.locator("#dates h3")).toHaveCount(0);
    });

    test("postal-code and card inputs are type text with their input mode", async ({ page }) => {
      await page.goto("/postal-code");
      if (lang === "fr") await switchLanguage(page, "fr");
      const fsa = page.locator("#fsa");
      await expect(fsa).toHaveAttribute("type", "text");
      await expect(fsa).toHaveAttribute("inputmode", "text");
      await expect(fsa).toHaveAttribute("autocapitalize", "characters");

      await residentWithAddress(page, `inputs-${lang}`);
      const slotId = await bookableSlotId(page);
      await page.goto(`/checkout?bags=2&slotId=${slotId}`);
      const card = page.locator("#cardNumber");
      await expect(card).toHaveAttribute("type", "text");
      await expect(card).toHaveAttribute("inputmode", "numeric");
      const postal = page.locator("#postalCode");
      await expect(postal).toHaveAttribute("type", "text");
      await expect(postal).toHaveAttribute("inputmode", "text");
      await expect(postal).toHaveAttribute("autocapitalize", "characters");
    });
  });
}

test("no NUL byte in 200 French renders of /materials, /booking and /checkout", async ({ page }) => {
  test.skip(test.info().project.name !== "js", "the server's HTML does not depend on the browser's JavaScript");
  test.setTimeout(240_000);
  await residentWithAddress(page, "nul-bytes");
  const slotId = await bookableSlotId(page);
  const paths = ["/materials", "/booking", `/checkout?bags=2&slotId=${slotId}`];
  const withNul: string[] = [];
  for (let round = 0; round < 200; round++) {
    await Promise.all(
      paths.map(async (path) => {
        // The address is in the page (the language form's return path): a padding of 0-63 characters moves
        // every accented character across the renderer's buffer edges.
        const padded = `${path}${path.includes("?") ? "&" : "?"}pad=${"x".repeat(round % 64)}`;
        const response = await page.request.get(padded, { headers: { "Accept-Language": "fr-CA,fr;q=0.9" } });
        expect(response.status()).toBe(200);
        const bytes = await response.body();
        expect(bytes.toString("utf8")).toContain('lang="fr"');
        if (bytes.includes(0)) withNul.push(`${path} (round ${round})`);
      }),
    );
  }
  expect(withNul).toEqual([]);
});
