// Issue 43, part 4: the privacy page tells the whole truth, at 390x844, JavaScript on and off (the
// projects), English and French: every field collected (phone, notes, map position, reminder choices,
// calendar link...), every recipient with what it receives and where (Stripe with the name, e-mail and a
// Customer, in the United States and Ireland; the e-mail provider; Twilio; the host's Fly region from
// fly.toml; the backup store, whose place this server has not configured), every cookie with its real name
// and lifetime, how long each kind of record is kept (de-identified tax records, backups 7 days), how to
// withdraw consent, who on the team sees what, and the governance: roles, the 30-day answer to a
// complaint, the Commission, the policy's versions. No more texts "to come".
import { expect, test } from "@playwright/test";
import { STAND_IN_IDENTITY as WHO } from "../../scripts/stand-in-identity.mjs";

const TEXT = {
  en: {
    locale: "en-CA",
    headings: [
      "Who is in charge",
      "Everything we collect, and why",
      "Who receives what, and where",
      "Cookies",
      "How long we keep each kind of record",
      "Withdrawing your consent",
      "Who on our team sees what",
      "How we govern your information",
    ],
    fields: [
      /phone number/,
      /pickup notes/,
      /map position of your address \(latitude and longitude\)/,
      /day-before reminder/,
      /e-mail, text or both/,
      /private calendar link/,
    ],
    stripe: [
      /Stripe/,
      /your name, e-mail address and account number/,
      /Stripe customer record is created/,
      /United States and in Ireland/,
    ],
    twilio: [/Twilio/, /phone number/, /United States/],
    host: [/Fly\.io/, /region yul: Montréal, Québec, Canada/],
    backups: /BACKUP_LOCATION/,
    email: /e-mail provider/,
    lifetimes: {
      __session: /30 days/,
      lng: /365 days/,
      __visitor: /close your browser/,
      txnum: /5 minutes/,
      __stripe_mid: /365 days/,
      __stripe_sid: /30 minutes/,
    },
    retention: [
      /de-identified/,
      /not anonymous/,
      /6 years after the end of their tax year/,
      /daily job purges/,
      /kept 7 days/,
    ],
    deletion: [
      /e-mails and texts we wrote to you \(by your address and by your phone number\)/,
      /customer record at Stripe/,
      /backups keep everything for 7 days/,
    ],
    withdraw: [/answer STOP/, /no advertising/, /delete your account/],
    staff: [/Admins/, /Drivers: on the day of their route only/, /phone number and pickup notes/],
    governance: [new RegExp(WHO.PRIVACY_OFFICER_NAME), /within 30 days/, /Commission d'accès à l'information/],
    versions: [/Version 2, Friday, November 27, 2026/, /Version 1, Thursday, November 26, 2026/],
    notToCome: /once text messages are offered/,
  },
  fr: {
    locale: "fr-CA",
    headings: [
      "Qui est responsable",
      "Tout ce que nous recueillons, et pourquoi",
      "Qui reçoit quoi, et où",
      "Témoins (cookies)",
      "Combien de temps nous gardons chaque type de dossier",
      "Retirer votre consentement",
      "Qui, dans notre équipe, voit quoi",
      "Comment nous encadrons vos renseignements",
    ],
    fields: [
      /numéro de téléphone/,
      /notes de collecte/,
      /position de votre adresse sur la carte \(latitude et longitude\)/,
      /rappel la veille/,
      /courriel, texto ou les deux/,
      /lien de calendrier privé/,
    ],
    stripe: [
      /Stripe/,
      /vos nom, adresse courriel et numéro de compte/,
      /fiche client Stripe est créée/,
      /États-Unis et en Irlande/,
    ],
    twilio: [/Twilio/, /numéro de téléphone/, /États-Unis/],
    host: [/Fly\.io/, /région yul : Montréal, Québec, Canada/],
    backups: /BACKUP_LOCATION/,
    email: /fournisseur de courriel/,
    lifetimes: {
      __session: /30 jours/,
      lng: /365 jours/,
      __visitor: /fermeture de votre navigateur/,
      txnum: /5 minutes/,
      __stripe_mid: /365 jours/,
      __stripe_sid: /30 minutes/,
    },
    retention: [
      /dépersonnalisés/,
      /pas dire anonyme/,
      /6 ans après la fin de leur année d'imposition/,
      /tâche quotidienne les détruit/,
      /gardée 7 jours/,
    ],
    deletion: [
      /courriels et textos que nous vous avons écrits \(par votre adresse et par votre numéro de téléphone\)/,
      /fiche client chez Stripe/,
      /sauvegardes gardent tout pendant 7 jours/,
    ],
    withdraw: [/répondez STOP/, /ni publicité/, /supprimez votre compte/],
    staff: [
      /administrateurs/,
      /chauffeurs : le jour de leur tournée seulement/,
      /numéro de téléphone et les notes de collecte/,
    ],
    governance: [new RegExp(WHO.PRIVACY_OFFICER_NAME), /dans les 30 jours/, /Commission d'accès à l'information/],
    versions: [/Version 2, vendredi 27 novembre 2026/, /Version 1, jeudi 26 novembre 2026/],
    notToCome: /quand les textos seront offerts/,
  },
} as const;

for (const lang of ["en", "fr"] as const) {
  const text = TEXT[lang];
  test.describe(lang, () => {
    test.use({ locale: text.locale, viewport: { width: 390, height: 844 } });

    test(`the privacy page's sections tell what is collected, sent, set, kept and who answers (${lang})`, async ({
      page,
    }) => {
      const answer = await page.goto("/privacy");
      expect(answer?.status()).toBe(200);
      for (const name of text.headings) {
        await expect(page.getByRole("heading", { level: 2, name, exact: true })).toBeVisible();
      }
      // The contents lead to each section, JavaScript or not (plain anchors).
      await expect(page.getByRole("navigation").getByRole("link", { name: text.headings[5] })).toHaveAttribute(
        "href",
        "#withdraw",
      );

      const fields = page.getByTestId("policy-fields");
      for (const field of text.fields) await expect(fields).toContainText(field);

      const recipient = (key: string) => page.locator(`[data-recipient="${key}"]`);
      for (const line of text.stripe) await expect(recipient("payments")).toContainText(line);
      for (const line of text.twilio) await expect(recipient("sms")).toContainText(line);
      for (const line of text.host) await expect(recipient("host")).toContainText(line);
      await expect(recipient("backups")).toContainText(text.backups);
      await expect(recipient("email")).toContainText(text.email);
      // The test server sets no geocoder (GEOCODER=local): no address look-up provider is listed.
      await expect(recipient("geocoder")).toHaveCount(0);

      for (const [name, lifetime] of Object.entries(text.lifetimes)) {
        await expect(page.locator(`[data-cookie="${name}"]`)).toContainText(name);
        await expect(page.locator(`[data-cookie="${name}"]`)).toContainText(lifetime);
      }

      const kept = page.getByTestId("policy-retention");
      for (const line of text.retention) await expect(kept).toContainText(line);
      for (const line of text.deletion) await expect(page.getByTestId("policy-deletion")).toContainText(line);
      for (const line of text.withdraw) await expect(page.getByTestId("policy-withdraw")).toContainText(line);
      for (const line of text.staff) await expect(page.getByTestId("policy-staff")).toContainText(line);
      const governance = page.locator("#governance").locator("..");
      for (const line of text.governance) await expect(governance).toContainText(line);
      for (const line of text.versions) await expect(page.getByTestId("policy-versions")).toContainText(line);
      await expect(page.getByTestId("policy-version")).toContainText(text.versions[0].source.split(",")[0]!);

      await expect(page.locator("main")).not.toContainText(text.notToCome);
      // Nothing wider than the phone.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });

    test(`a kind's "how long" leads to its retention line (${lang})`, async ({ page }) => {
      await page.goto("/privacy");
      const phone = page.locator('[data-kind="contact"]');
      const link = phone.locator('a[href="#keep-account"]');
      await expect(link).toBeVisible();
      await link.click();
      await expect(page).toHaveURL(/#keep-account$/);
      await expect(page.locator("#keep-account")).toBeInViewport();
    });
  });
}
