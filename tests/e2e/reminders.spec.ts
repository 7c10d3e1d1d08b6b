// Issue 35 on the profile, English and French, 390×844 (JavaScript on and off), on a server with no text
// provider (no TWILIO_*; issue 42): a new mobile number is saved for the driver, its code written to the
// outbox and settled as not sent, no code asked for; texts are not offered as a channel (a post asking for
// them is refused), a stored choice of texts is told the truth, and the other choices save.
import { expect, test } from "@playwright/test";
import { query, signInAs, writeDatabase } from "./helpers";

const TEXT = {
  en: {
    save: "Save",
    verify: "Verify",
    code: "Code",
    choices: "Save my choices",
    sms: "Text message (SMS)",
    dayAfter: "E-mail me after each pickup",
    noCode: /is saved for the driver\. Texts are not available at the moment, so no code was sent to it\.$/,
    textsOff: "Reminders come by e-mail: texts are not available at the moment.",
    textsOffChosen:
      "You chose text messages, but texts are not available at the moment: your reminders and alerts come by e-mail until they are.",
  },
  fr: {
    save: "Enregistrer",
    verify: "Vérifier",
    code: "Code",
    choices: "Enregistrer mes choix",
    sms: "Texto (SMS)",
    dayAfter: "M'écrire après chaque collecte",
    noCode:
      /est enregistré pour le chauffeur\. Les textos ne sont pas offerts pour le moment : aucun code n'y a été envoyé\.$/,
    textsOff: "Les rappels arrivent par courriel : les textos ne sont pas offerts pour le moment.",
    textsOffChosen:
      "Vous avez choisi les textos, mais ils ne sont pas offerts pour le moment : vos rappels et avis arrivent par courriel d'ici là.",
  },
};

for (const lng of ["en", "fr"] as const) {
  test.describe(lng, () => {
    test.use({
      locale: lng === "en" ? "en-CA" : "fr-CA",
      extraHTTPHeaders: { "Accept-Language": lng === "en" ? "en-CA" : "fr-CA" },
      viewport: { width: 390, height: 844 },
    });

    test(`${lng}: without a text provider, the number is saved for the driver, no code is asked for, and texts are not offered`, async ({
      page,
    }) => {
      const resident = await signInAs(page, {
        tag: `sms-${lng}`,
        locale: lng,
        profile: {
          firstName: "Marie",
          lastName: "Tremblay",
          streetAddress: "100 Rue Saint-Denis",
          unit: "",
          city: "Montréal",
          province: "QC",
          postalCode: "H2X 3K2",
        },
      });
      const phone = `514555${String(1000 + Math.floor(Math.random() * 8999))}`;
      await page.goto("/profile");
      await page.locator('input[name="phone"]').fill(phone);
      await page.locator("form:has(input[name='phone']) button[type=submit]").click();
      // The truth: saved for the driver, no code was sent, so none is asked for.
      await expect(page.getByTestId("phone-texts-off")).toHaveText(TEXT[lng].noCode);
      await expect(page.getByTestId("phone-verification")).toHaveCount(0);
      await expect(page.locator('input[name="code"]')).toHaveCount(0);
      // Its code is still written to the outbox, and settled as not sent (the outbox worker runs here).
      await expect
        .poll(
          () =>
            query<{ channel: string; notSent: string | null; sentAt: number | null }>(
              "select channel, not_sent as notSent, sent_at as sentAt from email_outbox where \"to\" = ? and kind = 'phone-code' order by id desc limit 1",
              `+1${phone}`,
            )[0],
        )
        .toEqual({ channel: "sms", notSent: "no-text-provider", sentAt: null });

      // No text channel offered: reminders come by e-mail, said so.
      const choices = page.getByTestId("reminder-choices");
      await expect(choices.locator('input[name="reminderChannels"]')).toHaveCount(0);
      await expect(choices.getByText(TEXT[lng].sms)).toHaveCount(0);
      await expect(choices.getByTestId("texts-off")).toHaveText(TEXT[lng].textsOff);
      await choices.locator('input[name="alertsEnabled"]').uncheck();
      await choices.getByLabel(TEXT[lng].dayAfter).uncheck();
      await choices.getByRole("button", { name: TEXT[lng].choices }).click();
      await expect(page.getByTestId("reminder-choices").getByLabel(TEXT[lng].dayAfter)).not.toBeChecked();
      const saved = () =>
        query<{ channels: string; alerts: number; reminders: number; dayAfter: number }>(
          "select reminder_channels as channels, alerts_enabled as alerts, reminders_enabled as reminders, day_after_enabled as dayAfter from users where id = ?",
          resident.id,
        )[0];
      await expect.poll(saved).toEqual({ channels: "email", alerts: 0, reminders: 1, dayAfter: 0 });

      // A form that asks for texts anyway (an old page, a crafted post) is refused, nothing saved.
      const refused = await page.request.post("/profile", {
        form: { intent: "reminder-choices", remindersEnabled: "on", reminderChannels: "sms" },
        headers: { Origin: new URL(page.url()).origin },
        maxRedirects: 0,
      });
      expect(refused.status()).toBeLessThan(500);
      expect(saved()!.channels).toBe("email");

      // A stored choice of texts (made while texts were on) is told the truth.
      writeDatabase((db) => db.prepare("update users set reminder_channels = 'both' where id = ?").run(resident.id));
      await page.goto("/profile");
      await expect(page.getByTestId("reminder-choices").getByTestId("texts-off")).toHaveText(TEXT[lng].textsOffChosen);
      await expect(page.locator('input[name="reminderChannels"]')).toHaveCount(0);
    });
  });
}
