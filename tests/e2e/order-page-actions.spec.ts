// The order page every e-mail links to can act (issue 33, part 1), JavaScript on and off, English and French,
// 390x844: Move and Cancel as on My Orders, with the same rules: enabled more than 12 hours ahead (Cancel opens
// the cancel page, Modify date the date picker for that pickup), disabled with the reason inside 12 hours,
// absent once cancelled.
import { expect, test } from "@playwright/test";
import { montrealDate, scheduledPickup } from "./admin-fixtures";
import { signInAs, writeDatabase } from "./helpers";

const TEXTS = {
  en: {
    locale: "en-CA",
    modify: "Modify date",
    cancel: "Cancel",
    cancelTitle: "Cancel this pickup?",
    move: "Move your pickup",
    closed: "Changes and cancellation close 12 hours before the time window starts.",
  },
  fr: {
    locale: "fr-CA",
    modify: "Changer la date",
    cancel: "Annuler",
    cancelTitle: "Annuler cette collecte?",
    move: "Déplacer votre collecte",
    closed: "Les changements et l'annulation ferment 12 heures avant le début de la plage horaire.",
  },
} as const;

let day = 0;
for (const lang of ["en", "fr"] as const) {
  const text = TEXTS[lang];
  test(`the order page offers Move and Cancel with My Orders' rules (${lang})`, async ({
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
    const resident = await signInAs(page, { tag: `order-actions-${lang}` });
    day += 1;
    const ahead = scheduledPickup(
      resident.email,
      montrealDate(60 + day + (javaScriptEnabled ? 10 : 0) + (lang === "fr" ? 20 : 0)),
      "afternoon",
      "5 Rue Ahead",
    );

    await page.goto(`/order/${ahead.confirmation}`);
    const changes = page.getByTestId("order-changes");
    await expect(changes.getByRole("button", { name: text.modify })).toBeEnabled();
    await changes.getByRole("link", { name: text.cancel }).click();
    await expect(page).toHaveURL(new RegExp(`/order/${ahead.confirmation}/cancel$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.cancelTitle);

    await page.goto(`/order/${ahead.confirmation}`);
    await page.getByTestId("order-changes").getByRole("button", { name: text.modify }).click();
    await expect(page).toHaveURL(/\/order\/[^/]+\/move/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.move);

    // Inside 12 hours: both disabled, with the reason.
    const soon = scheduledPickup(
      resident.email,
      montrealDate(120 + day + (javaScriptEnabled ? 10 : 0) + (lang === "fr" ? 20 : 0)),
      "morning",
      "6 Rue Soon",
    );
    writeDatabase((db) =>
      db.prepare("update pickup_slots set starts_at = ? where id = ?").run(Date.now() + 6 * 3600_000, soon.slotId),
    );
    await page.goto(`/order/${soon.confirmation}`);
    const closed = page.getByTestId("order-changes");
    await expect(closed.getByRole("button", { name: text.modify })).toBeDisabled();
    await expect(closed.getByRole("button", { name: text.cancel })).toBeDisabled();
    await expect(closed).toContainText(text.closed);

    // Cancelled: nothing to change.
    writeDatabase((db) =>
      db
        .prepare("update pickup_requests set status = 'Cancelled' where confirmation_number = ?")
        .run(ahead.confirmation),
    );
    await page.goto(`/order/${ahead.confirmation}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(ahead.confirmation);
    await expect(page.getByTestId("order-changes")).toHaveCount(0);
    await context.close();
  });
}
