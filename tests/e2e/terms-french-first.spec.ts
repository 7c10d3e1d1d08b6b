// Issue 43 part 3's page, JavaScript on and off (the js and no-js projects), English and French, 390×844:
// /terms shows the contract in French whatever the browser's language, unless the visitor expressly chose
// English (?lang=en, the "I choose English" link); the page around it stays in the visitor's language; an
// English visitor reads at the top, in English, that the French version governs, with the link to the English
// one; the French text is marked lang="fr" on an English page; the terms' version (lib/contract) and its date.
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { TERMS_VERSION } from "../../app/lib/contract";
import { formatDate } from "../../app/lib/format";
import { interactive } from "./helpers";

test.use({ viewport: { width: 390, height: 844 } });

const FRENCH_TEXT = "Nous ramassons à votre porte des sacs de matières domestiques";
const ENGLISH_TEXT = "We pick up bags of hard-to-recycle household materials at your door";

test.describe("an English browser", () => {
  test.use({ locale: "en-CA" });

  test("reads the French terms, told in English why, and reaches the English ones by choosing them", async ({
    page,
  }) => {
    await page.goto("/terms");
    await interactive(page);
    // The chrome in English.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of service");
    await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
    // At the top, in English: the French version governs; the link to the English version.
    const note = page.getByTestId("terms-language");
    await expect(note).toContainText("the French version is the one that governs the contract");
    const choose = note.getByRole("link", { name: "Read in English (I choose English)" });
    await expect(choose).toHaveAttribute("href", "/terms?lang=en");
    const box = (await note.boundingBox())!;
    expect(box.y).toBeLessThan(300);
    // The contract in French, marked as French, with its version and date.
    const text = page.getByTestId("terms-text");
    await expect(text).toHaveAttribute("lang", "fr");
    await expect(text).toContainText(FRENCH_TEXT);
    await expect(text).not.toContainText(ENGLISH_TEXT);
    await expect(text.getByRole("heading", { name: "Ce que nous ne prenons pas" })).toBeVisible();
    await expect(page.getByTestId("terms-version")).toHaveText(
      `Version ${TERMS_VERSION}, en vigueur depuis le ${formatDate(TERMS_VERSION, "fr")}.`,
    );

    await choose.click();
    await expect(page).toHaveURL(/\/terms\?lang=en$/);
    await interactive(page);
    await expect(page.getByTestId("terms-text")).toContainText(ENGLISH_TEXT);
    await expect(page.getByTestId("terms-text")).not.toHaveAttribute("lang", /.+/);
    await expect(page.getByTestId("terms-version")).toHaveText(
      `Version ${TERMS_VERSION}, in force since ${formatDate(TERMS_VERSION, "en")}.`,
    );
    await expect(page.getByTestId("terms-refused-items")).toContainText("spray paint");
    const back = page.getByTestId("terms-language");
    await expect(back).toContainText("You chose to read these terms in English. The French version governs");
    await back.getByRole("link", { name: "Read the French version" }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByTestId("terms-text")).toContainText(FRENCH_TEXT);
  });

  test("anything but an express ?lang=en shows the French terms", async ({ page }) => {
    for (const path of ["/terms?lang=EN", "/terms?lang=de", "/terms?lang=", "/terms?lang=en-CA"]) {
      const response = await page.goto(path);
      expect(response!.status(), path).toBe(200);
      await expect(page.getByTestId("terms-text"), path).toContainText(FRENCH_TEXT);
    }
  });
});

test.describe("un navigateur en français", () => {
  test.use({ locale: "fr-CA" });

  test("lit les conditions en français, et peut choisir l'anglais", async ({ page }) => {
    await page.goto("/terms");
    await interactive(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Conditions d'utilisation");
    const text = page.getByTestId("terms-text");
    await expect(text).toContainText(FRENCH_TEXT);
    // The page is French already: no lang of its own.
    await expect(text).not.toHaveAttribute("lang", /.+/);
    await expect(page.getByTestId("terms-version")).toContainText(`Version ${TERMS_VERSION}`);
    const note = page.getByTestId("terms-language");
    await expect(note).not.toContainText("Charte");
    await note.getByRole("link", { name: "Lire en anglais (je choisis l'anglais)" }).click();
    await expect(page).toHaveURL(/\/terms\?lang=en$/);
    await interactive(page);
    // The English contract inside a French page: marked lang="en"; the chrome and the note in French.
    await expect(page.getByTestId("terms-text")).toHaveAttribute("lang", "en");
    await expect(page.getByTestId("terms-text")).toContainText(ENGLISH_TEXT);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Conditions d'utilisation");
    await expect(page.getByTestId("terms-language")).toContainText("La version française régit le contrat.");
    await expect(
      page.getByTestId("terms-language").getByRole("link", { name: "Lire la version française" }),
    ).toHaveAttribute("href", "/terms");
  });
});

test("axe finds nothing serious on /terms in either language, French first or English by choice", async ({
  browser,
  javaScriptEnabled,
}) => {
  // axe runs in the page: once, in the js project (the markup is the same without JavaScript).
  test.skip(!javaScriptEnabled, "axe needs JavaScript in the page");
  for (const locale of ["en-CA", "fr-CA"]) {
    const context = await browser.newContext({ locale, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    for (const path of ["/terms", "/terms?lang=en", "/help"]) {
      await page.goto(path);
      await interactive(page);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(serious.map((v) => `${locale} ${path} ${v.id}`)).toEqual([]);
    }
    await context.close();
  }
});
