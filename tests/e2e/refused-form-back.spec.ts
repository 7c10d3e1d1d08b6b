// Issue 33, part 10: Back after a refused form shows the page, never the browser's "Confirm Form
// Resubmission". Without JavaScript a refused form is answered with a redirect to its page showing the error
// (post, redirect, get: services/serving/refused-form); with JavaScript the form never left the page. A wrong
// promo code, a declined card and a wrong password, in English and French, at 390×844, JavaScript on and off
// (the js and no-js projects).
import { expect, test, type Page } from "@playwright/test";
import { bookableSlotId, fillCard, residentWithAddress } from "./booking-fixtures";
import { insertResident, interactive } from "./helpers";

const TEXT = {
  en: {
    promo: "Promo code",
    apply: "Apply",
    invalid: "Invalid promo code",
    pay: /^Pay \$/,
    declined: "Your card was declined. Please try a different payment method.",
    password: "Password",
    signIn: "Sign in",
    wrong: "Invalid credentials",
  },
  fr: {
    promo: "Code promotionnel",
    apply: "Appliquer",
    invalid: "Code promotionnel invalide",
    pay: /^Payer /,
    declined: "Votre carte a été refusée. Veuillez essayer un autre mode de paiement.",
    password: "Mot de passe",
    signIn: "Se connecter",
    wrong: "Identifiants invalides",
  },
} as const;

/**
 * Leaves the page for another, then comes Back: the page is there again (a page answered to a POST would
 * be the browser's resubmission error instead: ERR_CACHE_MISS, no form).
 */
async function leaveAndComeBack(page: Page, path: RegExp) {
  await page.goto("/how-it-works");
  await interactive(page);
  await page.goBack();
  await expect(page).toHaveURL(path);
  await interactive(page);
}

for (const lang of ["en", "fr"] as const) {
  const t = TEXT[lang];
  test.describe(`Back after a refused form (${lang})`, () => {
    test.use({ locale: lang === "fr" ? "fr-CA" : "en-CA", viewport: { width: 390, height: 844 } });

    test("a wrong promo code: the error shows, and Back shows the checkout", async ({ page }) => {
      await residentWithAddress(page, `back-promo-${lang}`);
      const slotId = await bookableSlotId(page);
      await page.goto(`/checkout?bags=2&slotId=${slotId}`);
      await interactive(page);
      await page.getByLabel(t.promo, { exact: true }).fill("NOT-A-CODE");
      await page.getByRole("button", { name: t.apply }).click();
      await expect(page.getByText(t.invalid).first()).toBeVisible();
      // What was typed is still there, on the checkout's own address.
      await expect(page.getByLabel(t.promo, { exact: true })).toHaveValue("NOT-A-CODE");
      await expect(page).toHaveURL(new RegExp(`/checkout\\?bags=2&slotId=${slotId}(&|$)`));
      await leaveAndComeBack(page, /\/checkout\?/);
      await expect(page.getByRole("button", { name: t.pay })).toBeVisible();
    });

    test("a declined card: the error shows, and Back shows the checkout", async ({ page }) => {
      await residentWithAddress(page, `back-card-${lang}`);
      const slotId = await bookableSlotId(page);
      await page.goto(`/checkout?bags=1&slotId=${slotId}`);
      await interactive(page);
      await fillCard(page, "4000 0000 0000 0002");
      await page.getByRole("button", { name: t.pay }).click();
      await expect(page.getByText(t.declined).first()).toBeVisible();
      await expect(page).toHaveURL(/\/checkout\?/);
      await leaveAndComeBack(page, /\/checkout\?/);
      await expect(page.getByRole("button", { name: t.pay })).toBeVisible();
    });

    test("a wrong password: the error shows, and Back shows the sign-in form", async ({ page }) => {
      const { email } = await insertResident({ tag: `back-signin-${lang}` });
      await page.goto("/sign-in");
      await interactive(page);
      const form = page.locator("main form").filter({ has: page.getByLabel(t.password) });
      await form.getByLabel(/mail|Courriel/).fill(email);
      await form.getByLabel(t.password).fill("not-the-password-at-all");
      await form.getByRole("button", { name: t.signIn }).click();
      await expect(page.getByText(t.wrong).first()).toBeVisible();
      await expect(page).toHaveURL(/\/sign-in/);
      await leaveAndComeBack(page, /\/sign-in/);
      await expect(form.getByRole("button", { name: t.signIn })).toBeVisible();
    });
  });
}
