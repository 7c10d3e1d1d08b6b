// A visitor reads how it works (issue 42 part 8): /how-it-works is public, and the only button of the
// waitlist e-mail (someone we cannot serve yet, with no account) opens it without asking to sign in. With
// JavaScript on and off (the js and no-js projects), in English and in French.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { lastEmail, uniqueEmail } from "./helpers";

const TEXT = {
  en: {
    title: "How it works",
    progress: (n: number) => `${n} of 6`,
    next: "Next",
    last: "ReCircle in action",
    check: "Check my postal code",
    schedule: "Schedule my first pickup",
    done: "Done",
  },
  fr: {
    title: "Comment ça marche",
    progress: (n: number) => `${n} sur 6`,
    next: "Suivant",
    last: "ReCircle en action",
    check: "Vérifier mon code postal",
    schedule: "Planifier ma première collecte",
    done: "Terminé",
  },
} as const;

/** The guide as a visitor sees it: no sign-in, its slides, and the last one leading to the postal check. */
async function readGuideAsVisitor(page: Page, lang: "en" | "fr", path: string) {
  const text = TEXT[lang];
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/how-it-works(\?|$)/);
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  await expect(page.getByRole("heading", { level: 1, name: text.title })).toBeVisible();
  await expect(page.getByTestId("guide-progress")).toHaveText(text.progress(1));
  // A visitor has no residents' bottom bar.
  await expect(page.getByTestId("header-email")).toHaveCount(0);
  await page.getByRole("link", { name: text.next }).click();
  await expect(page.getByTestId("guide-progress")).toHaveText(text.progress(2));

  await page.goto("/how-it-works?slide=6");
  await expect(page.getByRole("heading", { level: 2, name: text.last })).toBeVisible();
  await expect(page.getByRole("link", { name: text.schedule })).toHaveCount(0);
  await expect(page.getByRole("link", { name: text.done })).toHaveAttribute("href", "/");
  await page.getByRole("link", { name: text.check }).click();
  await expect(page).toHaveURL(/\/postal-code$/);
}

for (const lang of ["en", "fr"] as const) {
  test.describe(`a visitor reads how it works (${lang})`, () => {
    test.use({ locale: lang === "fr" ? "fr-CA" : "en-CA" });

    test("the guide opens without an account", async ({ page }) => {
      await readGuideAsVisitor(page, lang, "/how-it-works");
    });

    test("the waitlist e-mail's link opens the guide without an account", async ({ page }) => {
      const email = uniqueEmail(`waitlist-guide-${lang}`);
      const joined = await page.request.post("/api/waitlist", {
        headers: { "Accept-Language": lang === "fr" ? "fr-CA" : "en-CA" },
        data: { name: "Sophie Gagnon", email, postal_code: "J8Y", building_access: "Outside Service Area" },
      });
      expect(joined.status()).toBeLessThan(300);
      const mail = lastEmail(email);
      expect(mail).not.toBeNull();
      // Every link of the e-mail (its button, the privacy link of its signature) opens for a visitor.
      const links = [...mail!.text.matchAll(/https?:\/\/\S+/g)].map((m) => new URL(m[0]));
      const guide = links.find((url) => url.pathname === "/how-it-works");
      expect(guide, mail!.text).toBeDefined();
      await page.context().clearCookies();
      for (const url of links) {
        const answer = await page.request.get(`${url.pathname}${url.search}`, { maxRedirects: 0 });
        expect(answer.status(), url.pathname).toBe(200);
      }
      await readGuideAsVisitor(page, lang, `${guide!.pathname}${guide!.search}`);
    });
  });
}
