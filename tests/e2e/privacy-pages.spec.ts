// Issue 34, who we are on every page: the privacy page (the person in charge from PRIVACY_OFFICER_NAME /
// _EMAIL's defaults, the retention periods from lib/retention; its whole content: privacy-policy.spec.ts), the terms, the help page (support e-mail
// and phone, legal name and address, the four answers, écocentres and "Ça va où?"), the accessibility
// statement, and a footer linking them on a visitor's, a resident's and an admin's page; the sign-up form
// and every e-mail link to the privacy page. JavaScript on and off (the projects), English and French.
import { expect, test, type Page } from "@playwright/test";
import { STAND_IN_IDENTITY as WHO } from "../../scripts/stand-in-identity.mjs";
import { signInAdmin } from "./admin-fixtures";
import { insertResident, interactive, lastEmail, signInAs } from "./helpers";

const TEXT = {
  en: {
    accept: "en-CA,en;q=0.9",
    footer: "About ReCircle",
    privacy: "Privacy",
    terms: "Terms of service",
    help: "Help and contact",
    accessibility: "Accessibility",
    privacyTitle: "Privacy",
    helpTitle: "Help and contact",
    termsTitle: "Terms of service",
    accessibilityTitle: "Accessibility statement",
    retention: [
      /after 3 years without use/,
      /30 days before/,
      /6 years after the end of their tax year/,
      /2 years at most/,
    ],
    cookies: /no trackers/,
    outside: /United States and in Ireland, outside Quebec/,
    faq: ["What goes in the bag?", "What if I miss my window?", "How do refunds work?", "Where do refused items go?"],
    signUpLink: "Read how we handle your personal information",
    mailLine: "How we handle your personal information: ",
  },
  fr: {
    accept: "fr-CA,fr;q=0.9",
    footer: "À propos de ReCircle",
    privacy: "Confidentialité",
    terms: "Conditions d'utilisation",
    help: "Aide et contact",
    accessibility: "Accessibilité",
    privacyTitle: "Confidentialité",
    helpTitle: "Aide et contact",
    termsTitle: "Conditions d'utilisation",
    accessibilityTitle: "Déclaration d'accessibilité",
    retention: [
      /après 3 ans sans utilisation/,
      /30 jours avant/,
      /6 ans après la fin de leur année d'imposition/,
      /2 ans au plus/,
    ],
    cookies: /aucun traceur/,
    outside: /États-Unis et en Irlande, hors Québec/,
    faq: [
      "Que mettre dans le sac?",
      "Et si je manque ma plage horaire?",
      "Comment fonctionnent les remboursements?",
      "Où vont les objets refusés?",
    ],
    signUpLink: "Lire comment nous traitons vos renseignements personnels",
    mailLine: "Comment nous traitons vos renseignements personnels : ",
  },
} as const;

type Lang = keyof typeof TEXT;

/** The footer's four links, by name, each leading to its page. */
async function expectFooter(page: Page, lang: Lang) {
  const footer = page.getByRole("navigation", { name: TEXT[lang].footer });
  await expect(footer).toBeVisible();
  for (const [name, href] of [
    [TEXT[lang].privacy, "/privacy"],
    [TEXT[lang].terms, "/terms"],
    [TEXT[lang].help, "/help"],
    [TEXT[lang].accessibility, "/accessibility"],
  ] as const) {
    await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
}

for (const lang of ["en", "fr"] as const) {
  test.describe(lang, () => {
    test.use({ locale: lang === "en" ? "en-CA" : "fr-CA" });

    test("the privacy page names the person in charge, the periods, the cookies and where data goes", async ({
      page,
    }) => {
      await page.goto("/");
      await expectFooter(page, lang);
      await interactive(page);
      await page
        .getByRole("navigation", { name: TEXT[lang].footer })
        .getByRole("link", { name: TEXT[lang].privacy })
        .click();
      await expect(page).toHaveURL(/\/privacy$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(TEXT[lang].privacyTitle);
      // PRIVACY_OFFICER_NAME and PRIVACY_OFFICER_EMAIL as the server is configured (scripts/e2e-server.mjs).
      await expect(page.getByTestId("privacy-officer")).toContainText(WHO.PRIVACY_OFFICER_NAME);
      await expect(page.getByTestId("privacy-officer")).toContainText(WHO.PRIVACY_OFFICER_EMAIL);
      await expect(page.getByTestId("privacy-officer")).toContainText(WHO.BUSINESS_LEGAL_NAME);
      const kept = page.getByTestId("policy-retention");
      for (const period of TEXT[lang].retention) await expect(kept).toContainText(period);
      await expect(page.locator("#cookies").locator("..")).toContainText(TEXT[lang].cookies);
      await expect(page.locator('[data-recipient="payments"]')).toContainText(TEXT[lang].outside);
      await expectFooter(page, lang);
    });

    test("the help page: contact from configuration, the four answers, écocentres and Ça va où", async ({ page }) => {
      await page.goto("/privacy");
      await interactive(page);
      await page
        .getByRole("navigation", { name: TEXT[lang].footer })
        .getByRole("link", { name: TEXT[lang].help })
        .click();
      await expect(page).toHaveURL(/\/help$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(TEXT[lang].helpTitle);
      const contact = page.getByTestId("help-contact");
      await expect(contact.getByRole("link", { name: WHO.SUPPORT_EMAIL })).toHaveAttribute(
        "href",
        `mailto:${WHO.SUPPORT_EMAIL}`,
      );
      await expect(contact.getByRole("link", { name: "514 555-0142" })).toHaveAttribute("href", "tel:5145550142");
      await expect(contact).toContainText(WHO.BUSINESS_LEGAL_NAME);
      await expect(contact).toContainText(WHO.BUSINESS_ADDRESS);
      for (const question of TEXT[lang].faq) {
        await expect(page.getByRole("heading", { level: 3, name: question })).toBeVisible();
      }
      await expect(page.locator('a[href="https://montreal.ca/sujets/ecocentres"]')).toBeVisible();
      await expect(page.locator('a[href*="recyc-quebec.gouv.qc.ca"]')).toContainText("Ça va où?");
    });

    test("the terms and the accessibility statement are one footer link away", async ({ page }) => {
      await page.goto("/help");
      await interactive(page);
      const footer = page.getByRole("navigation", { name: TEXT[lang].footer });
      await footer.getByRole("link", { name: TEXT[lang].terms }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(TEXT[lang].termsTitle);
      await interactive(page);
      await footer.getByRole("link", { name: TEXT[lang].accessibility }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(TEXT[lang].accessibilityTitle);
      await expect(page.locator("main")).toContainText("514 555-0142");
    });

    test("the footer is on a resident's pages, an admin's, and reachable during onboarding", async ({
      page,
      browser,
    }) => {
      await signInAs(page, { tag: `footer-${lang}`, locale: lang });
      for (const path of ["/", "/profile", "/history"]) {
        await page.goto(path);
        await expectFooter(page, lang);
      }
      // A new account still in the guide may read the privacy page.
      const fresh = await browser.newContext({ locale: lang === "en" ? "en-CA" : "fr-CA" });
      const guided = await fresh.newPage();
      await signInAs(guided, { tag: `footer-guide-${lang}`, onboarded: false, locale: lang });
      await guided.goto("/privacy");
      await expect(guided).toHaveURL(/\/privacy$/);
      await fresh.close();
      // An admin's pages.
      await page.context().clearCookies();
      await signInAdmin(page.request);
      for (const path of ["/admin", "/admin/day"]) {
        await page.goto(path);
        await expectFooter(page, lang);
      }
    });

    test("the sign-up form and every e-mail link to the privacy page", async ({ page, baseURL }) => {
      await page.goto("/sign-up");
      await expect(
        page.getByTestId("sign-up-privacy").getByRole("link", { name: TEXT[lang].signUpLink }),
      ).toHaveAttribute("href", "/privacy");
      const { email } = await insertResident({ tag: `privacy-mail-${lang}`, locale: lang });
      const asked = await page.request.post("/api/auth/forgot-password", {
        data: { email },
        headers: { "Accept-Language": TEXT[lang].accept },
      });
      expect(asked.status()).toBeLessThan(300);
      expect(lastEmail(email)!.text).toContain(`${TEXT[lang].mailLine}${baseURL}/privacy`);
    });
  });
}
