// The cancellation terms the resident accepts before paying sit in the contract above the Pay (or Confirm)
// button (issue 43), with the $2 fee and its total with taxes ($2.30), JavaScript on and off, in English and
// French.
import { expect, test, type Locator } from "@playwright/test";
import { bookableSlotId, insertPromoCode, residentWithAddress } from "./booking-fixtures";

/** The terms end above the button: read before paying. */
async function expectAbove(terms: Locator, button: Locator) {
  const b = (await button.boundingBox())!;
  const t = (await terms.boundingBox())!;
  expect(t.y + t.height).toBeLessThanOrEqual(b.y);
}

test.describe("cancellation terms at checkout in English", () => {
  test("above the Pay button of the card form", async ({ page }) => {
    await residentWithAddress(page, "terms-en");
    const slotId = await bookableSlotId(page);
    await page.goto(`/checkout?bags=2&slotId=${slotId}`);
    const terms = page.getByTestId("cancellation-terms");
    await expect(page.getByRole("heading", { name: "Missed pickups and cancelling" })).toBeVisible();
    await expect(terms).toContainText("until 12 hours before your time window starts");
    await expect(terms).toContainText("a $2.00 fee plus tax ($2.30 in all)");
    await expectAbove(terms, page.getByRole("button", { name: "Pay $20.70" }));
  });

  test("above the Confirm button of a FREE order", async ({ page }) => {
    await residentWithAddress(page, "terms-free");
    const slotId = await bookableSlotId(page);
    await page.goto(`/checkout?bags=1&slotId=${slotId}`);
    await page.getByLabel("Promo code", { exact: true }).fill(insertPromoCode(100));
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("summary-total")).toContainText("FREE");
    const terms = page.getByTestId("cancellation-terms");
    await expect(terms).toContainText("$2.30");
    await expectAbove(terms, page.getByRole("button", { name: "Confirm my free pickup" }));
  });
});

test.describe("cancellation terms at checkout in French", () => {
  test.use({ locale: "fr-CA" });

  test("au-dessus du bouton Payer", async ({ page }) => {
    await residentWithAddress(page, "terms-fr");
    const slotId = await bookableSlotId(page);
    await page.goto(`/checkout?bags=1&slotId=${slotId}`);
    const terms = page.getByTestId("cancellation-terms");
    await expect(page.getByRole("heading", { name: "Collectes manquées et annulation" })).toBeVisible();
    await expect(terms).toContainText("jusqu'à 12 heures avant le début de votre plage horaire");
    await expect(terms).toContainText(/frais de 2,00\s\$ plus taxes \(2,30\s\$ au total\)/);
    await expectAbove(terms, page.getByRole("button", { name: /Payer 11,50/ }));
  });
});
