// Home leads with the next pickup (issue 33, part 6), JavaScript on and off, English and French, 390x844: its
// date, window and bags with Move and Cancel; a brand-new account is welcomed, a returning one welcomed back.
import { expect, test } from "@playwright/test";
import { montrealDate, scheduledPickup } from "./admin-fixtures";
import { signInAs, writeDatabase } from "./helpers";

const TEXTS = {
  en: {
    locale: "en-CA",
    welcome: "Welcome!",
    back: "Welcome back!",
    next: "Your next pickup",
    bags: "2 bags",
    modify: "Modify date",
    cancel: "Cancel",
    cancelTitle: "Cancel this pickup?",
  },
  fr: {
    locale: "fr-CA",
    welcome: "Bienvenue!",
    back: "Bon retour!",
    next: "Votre prochaine collecte",
    bags: "2 sacs",
    modify: "Changer la date",
    cancel: "Annuler",
    cancelTitle: "Annuler cette collecte?",
  },
} as const;

let offset = 0;
for (const lang of ["en", "fr"] as const) {
  const text = TEXTS[lang];
  test(`home shows the next pickup first, and welcomes a new account (${lang})`, async ({
    browser,
    baseURL,
    javaScriptEnabled,
  }) => {
    const context = await browser.newContext({
      baseURL,
      javaScriptEnabled,
      locale: text.locale,
      extraHTTPHeaders: { "Accept-Language": text.locale },
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    const resident = await signInAs(page, { tag: `home-next-${lang}` });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.welcome);
    await expect(page.getByTestId("next-pickup")).toHaveCount(0);

    // Two pickups ahead: the sooner one is shown, with its date, window and bags, Move and Cancel.
    offset += 1;
    const base = 150 + offset * 3 + (javaScriptEnabled ? 40 : 0);
    const later = scheduledPickup(resident.email, montrealDate(base + 2), "morning", "8 Rue Later");
    const sooner = scheduledPickup(resident.email, montrealDate(base), "afternoon", "7 Rue Sooner");
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.back);
    const next = page.getByTestId("next-pickup");
    await expect(next.getByRole("heading", { level: 2 })).toHaveText(text.next);
    await expect(next).toContainText(text.bags);
    await expect(next.getByRole("link", { name: new RegExp(sooner.confirmation) })).toHaveAttribute(
      "href",
      `/order/${sooner.confirmation}`,
    );
    await expect(next).not.toContainText(later.confirmation);
    await expect(next.getByRole("button", { name: text.modify })).toBeEnabled();
    await next.getByRole("link", { name: text.cancel }).click();
    await expect(page).toHaveURL(new RegExp(`/order/${sooner.confirmation}/cancel$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.cancelTitle);

    // An account older than a day is welcomed back even without a pickup ahead.
    writeDatabase((db) => {
      db.prepare("update pickup_requests set status = 'Cancelled' where user_id = ?").run(resident.id);
      db.prepare("delete from pickup_requests where user_id = ?").run(resident.id);
      db.prepare("update users set created_at = ? where id = ?").run(Date.now() - 3 * 86_400_000, resident.id);
    });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.back);
    await expect(page.getByTestId("next-pickup")).toHaveCount(0);
    await context.close();
  });
}
