// Issue 23, parts 2–4, as a resident sees them at 390×844, JavaScript on and off, English and French:
// a flash message sits in the page flow and covers no heading, field, button or link (checkout after a
// promo, My Orders after a cancel); Back after cancelling shows the pickup cancelled with no Cancel
// button, and the same cancel posted again answers the same and changes nothing; the waitlist and the
// reset request leave their confirmation in the page (10 s later, after Back, never the empty form).
import { expect, test, type Page } from "@playwright/test";
import { scheduledPickup, montrealDate } from "./admin-fixtures";
import { bookableSlotId, insertPromoCode, residentWithAddress } from "./booking-fixtures";
import { query, uniqueEmail } from "./helpers";
import { expectNothingCovered } from "./no-overlap";

const hasJs = () => test.info().project.use.javaScriptEnabled !== false;

/** Hides the message the way the page offers: Close (Radix) with JavaScript, the Dismiss link without. */
async function dismiss(page: Page, closeLabel: string, dismissLabel: string) {
  const message = page.getByTestId("toast");
  await message.getByRole(hasJs() ? "button" : "link", { name: hasJs() ? closeLabel : dismissLabel }).click();
  await expect(message).toBeHidden();
}

const pickupRow = (confirmation: string) =>
  query<{ status: string; cancelled_at: number | null; updated_at: number }>(
    "select status, cancelled_at, updated_at from pickup_requests where confirmation_number = ?",
    confirmation,
  )[0]!;

for (const lang of [
  {
    locale: "en-CA",
    applied: "50% off applied!",
    close: "Close",
    dismiss: "Dismiss",
    cancelTitle: "Cancel this pickup?",
    confirm: /Yes, cancel and refund/,
    done: "Pickup cancelled",
    cancelledOn: "This pickup was cancelled on",
    notAvailable: "Not available yet",
    name: "Name",
    email: "Email",
    join: "Join the waitlist",
    joined: "You're on the waitlist",
    another: "Sign up another e-mail address",
    forgotEmail: "Email",
    sendReset: "Send reset link",
    resetSent: "Reset Link Sent!",
    resetUseAnother: "Use another address",
    resetBody: "a link to reset your password is on its way. It is valid for 1 hour.",
  },
  {
    locale: "fr-CA",
    applied: "50 % de rabais appliqué!",
    close: "Fermer",
    dismiss: "Masquer",
    cancelTitle: "Annuler cette collecte?",
    confirm: /Oui, annuler et rembourser/,
    done: "Collecte annulée",
    cancelledOn: "Cette collecte a été annulée le",
    notAvailable: "Pas encore offert",
    name: "Nom",
    email: "Courriel",
    join: "M'inscrire à la liste d'attente",
    joined: "Vous êtes sur la liste d'attente",
    another: "Inscrire une autre adresse courriel",
    forgotEmail: "Courriel",
    sendReset: "Envoyer le lien",
    resetSent: "Lien de réinitialisation envoyé!",
    resetUseAnother: "Utiliser une autre adresse",
    resetBody: "un lien pour réinitialiser votre mot de passe est en route. Il est valide pendant 1 heure.",
  },
]) {
  test.describe(`messages, Back and confirmations (${lang.locale})`, () => {
    test.use({ locale: lang.locale, extraHTTPHeaders: { "Accept-Language": lang.locale } });

    test("checkout: the promo message covers nothing and can be dismissed", async ({ page }) => {
      await residentWithAddress(page, "toast-promo");
      const slotId = await bookableSlotId(page);
      const code = insertPromoCode(50);
      await page.goto(`/checkout?bags=1&slotId=${slotId}`);
      await page.locator("#promo-code").fill(code);
      await page.locator('button[name="intent"][value="applyPromo"]').click();
      await expect(page.getByTestId("toast")).toContainText(lang.applied);
      await expectNothingCovered(page);
      await dismiss(page, lang.close, lang.dismiss);
    });

    test("cancelling: the message covers nothing; Back shows the pickup cancelled; a second cancel changes nothing", async ({
      page,
    }) => {
      const email = await residentWithAddress(page, "toast-cancel");
      const { confirmation } = scheduledPickup(email, montrealDate(6), "afternoon", "77 Rue Back");
      await page.goto("/history");
      await page
        .locator(`[data-confirmation="${confirmation}"]`)
        .getByRole("link", { name: /Cancel|Annuler/ })
        .click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(lang.cancelTitle);
      await page.getByRole("button", { name: lang.confirm }).click();
      await expect(page).toHaveURL(/\/history$/);
      await expect(page.getByTestId("toast")).toContainText(lang.done);
      await expectNothingCovered(page);
      const cancelled = pickupRow(confirmation);
      expect(cancelled.status).toBe("Cancelled");

      // Back: the cancel page again, now saying what happened, with nothing left to press.
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`/order/${confirmation}/cancel$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(lang.done);
      await expect(page.getByTestId("cancel-outcome")).toContainText(lang.cancelledOn);
      await expect(page.getByRole("button", { name: lang.confirm })).toHaveCount(0);
      await expect(page.getByRole("heading", { name: lang.cancelTitle })).toHaveCount(0);
      // Opening it again (a reload, a bookmark) shows the same.
      await page.reload();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(lang.done);
      await expect(page.locator("main form[method=post]")).toHaveCount(0);

      // The same form posted again (a resubmission): the same answer, nothing changed.
      const again = await page.request.post(`/order/${confirmation}/cancel`, {
        headers: { Origin: new URL(page.url()).origin },
        form: {},
        maxRedirects: 0,
      });
      expect(again.status()).toBe(302);
      expect(again.headers()["location"]).toBe("/history");
      expect(pickupRow(confirmation)).toEqual(cancelled);
    });

    test("the waitlist and the reset request leave their confirmation in the page, also 10 s later and after Back", async ({
      page,
      context,
    }) => {
      // The waitlist: an unserved prefix.
      const email = uniqueEmail("wl-stays");
      await page.goto("/postal-code?fsa=K1A");
      await expect(page.getByRole("heading", { name: lang.notAvailable })).toBeVisible();
      await page.getByLabel(lang.name).fill("Marie Tremblay");
      await page.getByLabel(lang.email).fill(email);
      await page.getByRole("button", { name: lang.join }).click();
      const joined = page.getByTestId("waitlist-joined");
      await expect(joined.getByRole("heading", { name: lang.joined })).toBeVisible();
      await expect(joined).toContainText("K1A");
      await expect(joined).toContainText(email);
      await expect(page.getByRole("button", { name: lang.join })).toHaveCount(0);
      await expectNothingCovered(page);

      // The reset request, in a second tab of the same browser.
      const reset = await context.newPage();
      const resetEmail = uniqueEmail("reset-stays");
      await reset.goto("/forgot-password");
      await reset.getByLabel(lang.forgotEmail).fill(resetEmail);
      await reset.getByRole("button", { name: lang.sendReset }).click();
      await expect(reset.getByRole("heading", { name: lang.resetSent })).toBeVisible();
      await expect(reset.getByText(`${resetEmail}, ${lang.resetBody}`, { exact: false })).toBeVisible();
      await expect(reset.getByRole("button", { name: lang.sendReset })).toHaveCount(0);

      // 10 s later both still say it (the toast's timer, if any, has long passed).
      await page.waitForTimeout(10_000);
      await expect(joined.getByRole("heading", { name: lang.joined })).toBeVisible();
      await expect(reset.getByRole("heading", { name: lang.resetSent })).toBeVisible();

      // Back: the page the form was on now says what happened, not the empty form.
      // (With JavaScript the redirect to the same address replaced the form's entry: a reload instead.)
      if (hasJs()) await page.reload();
      else await page.goBack();
      await expect(page).toHaveURL(/\/postal-code\?fsa=K1A$/);
      await expect(page.getByTestId("waitlist-joined")).toContainText(email);
      await expect(page.getByRole("button", { name: lang.join })).toHaveCount(0);
      await reset.goBack();
      await expect(reset).toHaveURL(/\/forgot-password$/);
      await expect(reset.getByRole("heading", { name: lang.resetSent })).toBeVisible();
      await expect(reset.getByRole("button", { name: lang.sendReset })).toHaveCount(0);

      // Another address is offered as such, and gets the form.
      await page.getByRole("link", { name: lang.another }).click();
      await expect(page.getByRole("button", { name: lang.join })).toBeVisible();
      await expect(page.getByLabel(lang.email)).toHaveValue("");
      await reset.getByRole("link", { name: lang.resetUseAnother }).click();
      await expect(reset.getByRole("button", { name: lang.sendReset })).toBeVisible();
      // One row each: nothing was submitted twice.
      expect(query("select id from waitlist_entries where email = ?", email)).toHaveLength(1);
    });
  });
}
