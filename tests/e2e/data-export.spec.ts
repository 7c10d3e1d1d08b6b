// Issue 43 part 7 from the resident's own screen, JavaScript on and off (the projects), English and French,
// 390×844: "Download my data" on the profile opens a page to read (not a file): every section titled (the
// new ones too: texts sent to the phone, message choices, calendar link, sessions, terms accepted), the
// pickup's money in dollars, its terms accepted in Montreal time, the unit "app." in French; no sideways
// scroll; and "Download as JSON" beside it gives the machine-readable file with the same pickup.
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { montrealDate, scheduledPickup } from "./admin-fixtures";
import { interactive, signInAs, writeDatabase } from "./helpers";

/** 15:07 UTC on November 20, 2026: 10:07 in Montreal. */
const ACCEPTED_AT = Date.UTC(2026, 10, 20, 15, 7);

const L = {
  en: {
    download: "Download my data",
    title: "My data",
    json: "Download as JSON",
    back: "Back to my profile",
    sections: [
      "Account",
      "Address and position",
      "Pickups and their price",
      "Payments and refunds",
      "Plans (pickups that come back)",
      "Cards saved for your plans",
      "Promo codes used",
      "Terms accepted",
      "E-mails sent to you",
      "Text messages sent to your phone",
      "Reminder and message choices",
      "Calendar link",
      "Sessions",
      "Waitlist",
      "Notifications read",
    ],
    total: "$20.70",
    gst: "$0.90",
    accepted: "Nov 20, 2026, 10:07 AM",
    unit: "12 Rue Fabre, Unit 4, Montréal",
    text: "Day-before reminder",
    choice: "E-mail and text message",
    calendar: "No calendar link was made.",
  },
  fr: {
    download: "Télécharger mes données",
    title: "Mes données",
    json: "Télécharger en JSON",
    back: "Retour à mon profil",
    sections: [
      "Compte",
      "Adresse et position",
      "Collectes et leur prix",
      "Paiements et remboursements",
      "Forfaits (collectes qui reviennent)",
      "Cartes enregistrées pour vos forfaits",
      "Codes promo utilisés",
      "Conditions acceptées",
      "Courriels qui vous ont été envoyés",
      "Textos envoyés à votre téléphone",
      "Choix de rappels et de messages",
      "Lien d'agenda",
      "Sessions",
      "Liste d'attente",
      "Notifications lues",
    ],
    total: "20,70 $",
    gst: "0,90 $",
    accepted: "20 nov. 2026, 10 h 07",
    unit: "12 Rue Fabre, app. 4, Montréal",
    text: "Rappel de la veille",
    choice: "Courriel et texto",
    calendar: "Aucun lien d'agenda n'a été créé.",
  },
} as const;

for (const lang of ["en", "fr"] as const) {
  const t = L[lang];
  test.describe(lang, () => {
    test.use({ locale: lang === "en" ? "en-CA" : "fr-CA" });

    test("Download my data opens a page to read, every section titled, with the JSON beside it", async ({ page }) => {
      // A number of this test's own: texts are found by the number they went to.
      const digits = String(Date.now() % 10_000).padStart(4, "0");
      const PHONE = `+1514555${digits}`;
      const me = await signInAs(page, {
        tag: `readable-export-${lang}`,
        locale: lang,
        profile: {
          firstName: "Élodie",
          streetAddress: "12 Rue Fabre",
          unit: "4",
          city: "Montréal",
          postalCode: "H2J 2H5",
        },
      });
      const { confirmation } = scheduledPickup(me.email, montrealDate(6), "morning", "12 Rue Fabre");
      writeDatabase((db) => {
        // The terms columns as checkout fills them (issue 43 part 2), set directly here.
        db.prepare(
          "update pickup_requests set terms_version = '2026-11-27', terms_accepted_at = ?, contract_language = 'fr' where confirmation_number = ?",
        ).run(ACCEPTED_AT, confirmation);
        db.prepare("update users set phone = ?, reminder_channels = 'both' where id = ?").run(PHONE, me.id);
        db.prepare(
          "insert into email_outbox (\"to\", subject, text, kind, locale, channel, sent_at, created_at) values (?, '', '', 'pickup-reminder', ?, 'sms', ?, ?)",
        ).run(PHONE, lang, ACCEPTED_AT, ACCEPTED_AT);
      });

      await page.goto("/profile");
      await interactive(page);
      await page.getByRole("link", { name: t.download }).click();
      await expect(page).toHaveURL(/\/profile\/export$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.title);
      for (const title of t.sections) {
        await expect(page.getByRole("heading", { level: 2, name: title, exact: true })).toBeVisible();
      }
      const pickups = page.getByTestId("export-pickups");
      await expect(pickups).toContainText(confirmation);
      await expect(pickups).toContainText(t.total);
      await expect(pickups).toContainText(t.gst);
      await expect(pickups).toContainText(t.unit);
      await expect(page.getByTestId("export-profile")).toContainText(t.unit);
      await expect(page.getByTestId("export-terms")).toContainText(t.accepted);
      await expect(page.getByTestId("export-texts")).toContainText(t.text);
      await expect(page.getByTestId("export-texts")).toContainText(`514 555-${digits}`);
      await expect(page.getByTestId("export-choices")).toContainText(t.choice);
      await expect(page.getByTestId("export-calendar")).toContainText(t.calendar);
      await expect(page.getByTestId("export-sessions").locator("h3")).toHaveCount(1);
      // Nothing wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // Printing drops the links and the card frames (print: classes, no script needed).
      await page.emulateMedia({ media: "print" });
      await expect(page.getByRole("link", { name: t.json })).toBeHidden();
      await page.emulateMedia({ media: "screen" });

      // The machine-readable file beside it: the same pickup, the new sections.
      const [file] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: t.json }).click(),
      ]);
      expect(file.suggestedFilename()).toMatch(/^recircle-data-\d{4}-\d{2}-\d{2}\.json$/);
      const data = JSON.parse(fs.readFileSync((await file.path())!, "utf8"));
      expect(data).toMatchObject({
        format: "recircle-personal-data",
        version: 1,
        account: { email: me.email },
        pickups: [{ confirmationNumber: confirmation, price: { totalCents: 2070 } }],
        texts: [{ kind: "pickup-reminder", to: PHONE, status: "sent" }],
        messageChoices: { reminderChannels: "both" },
        calendarLink: { exists: false },
        termsAccepted: [{ pickup: confirmation, version: "2026-11-27", contractLanguage: "fr" }],
      });
      await page.getByRole("link", { name: t.back }).click();
      await expect(page).toHaveURL(/\/profile$/);
    });
  });
}

test("/profile/export signed out goes to sign in; /profile/export.json too", async ({ page }) => {
  for (const path of ["/profile/export", "/profile/export.json"]) {
    const answer = await page.request.get(path, { maxRedirects: 0 });
    expect(answer.status(), path).toBe(302);
    expect(answer.headers().location, path).toMatch(/^\/sign-in\?redirect=/);
  }
});
