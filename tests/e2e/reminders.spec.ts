// Issue 35 on the profile, English and French, 390×844 (JavaScript on and off): a new mobile number is
// verified with the 6-digit code texted to it (read from the SMS outbox: the server has no Twilio, so
// texts are only recorded), and the reminder choices (channel, alerts, the day-after e-mails) save.
import { expect, test } from "@playwright/test";
import { query, signInAs } from "./helpers";

const TEXT = {
  en: {
    save: "Save",
    verify: "Verify",
    code: "Code",
    choices: "Save my choices",
    sms: "Text message (SMS)",
    dayAfter: "E-mail me after each pickup",
  },
  fr: {
    save: "Enregistrer",
    verify: "Vérifier",
    code: "Code",
    choices: "Enregistrer mes choix",
    sms: "Texto (SMS)",
    dayAfter: "M'écrire après chaque collecte",
  },
};

for (const lng of ["en", "fr"] as const) {
  test.describe(lng, () => {
    test.use({
      locale: lng === "en" ? "en-CA" : "fr-CA",
      extraHTTPHeaders: { "Accept-Language": lng === "en" ? "en-CA" : "fr-CA" },
      viewport: { width: 390, height: 844 },
    });

    test(`${lng}: the mobile number is verified with the texted code, and the reminder choices save`, async ({
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
      await expect(page.getByTestId("phone-verification")).toBeVisible();
      const [text] = query<{ text: string; channel: string }>(
        "select text, channel from email_outbox where \"to\" = ? and kind = 'phone-code' order by id desc limit 1",
        `+1${phone}`,
      );
      expect(text!.channel).toBe("sms");
      const code = /(\d{6})/.exec(text!.text)![1]!;
      // A wrong code first: refused in place.
      await page.getByLabel(TEXT[lng].code, { exact: true }).fill(code === "000000" ? "111111" : "000000");
      await page.getByRole("button", { name: TEXT[lng].verify }).click();
      await expect(page.locator('input[name="code"][aria-invalid="true"]')).toBeVisible();
      await page.getByLabel(TEXT[lng].code, { exact: true }).fill(code);
      await page.getByRole("button", { name: TEXT[lng].verify }).click();
      await expect(page.getByTestId("phone-verified")).toBeVisible();
      expect(
        query<{ v: number | null }>("select phone_verified_at as v from users where id = ?", resident.id)[0]!.v,
      ).not.toBeNull();

      const choices = page.getByTestId("reminder-choices");
      await choices.getByLabel(TEXT[lng].sms).check();
      await choices.locator('input[name="alertsEnabled"]').uncheck();
      await choices.getByLabel(TEXT[lng].dayAfter).uncheck();
      await choices.getByRole("button", { name: TEXT[lng].choices }).click();
      await expect(page.getByTestId("reminder-choices").locator('input[value="sms"]')).toBeChecked();
      await expect(page.getByTestId("reminder-choices").getByLabel(TEXT[lng].dayAfter)).not.toBeChecked();
      const [saved] = query<{ channels: string; alerts: number; reminders: number; dayAfter: number }>(
        "select reminder_channels as channels, alerts_enabled as alerts, reminders_enabled as reminders, day_after_enabled as dayAfter from users where id = ?",
        resident.id,
      );
      expect(saved).toEqual({ channels: "sms", alerts: 0, reminders: 1, dayAfter: 0 });
    });
  });
}
