// The simulated 3-D Secure card (4000 0027 6000 3184), JavaScript on and off: paying opens our
// authentication page; "Fail authentication" goes back to the checkout with the card's message and books
// nothing; paying again and "Complete authentication" books exactly one pickup.
import { expect, test } from "@playwright/test";
import { bookableSlotId, fillCard, residentWithAddress } from "./booking-fixtures";
import { interactive, query } from "./helpers";

const SECURE = "4000 0027 6000 3184";
const pickupsOf = (email: string) =>
  query<{ confirmation_number: string }>(
    "select p.confirmation_number from pickup_requests p join users u on u.id = p.user_id where u.email = ?",
    email,
  );

test("3184 asks for authentication: Fail books nothing, then Complete books one pickup", async ({ page }, testInfo) => {
  const email = await residentWithAddress(page, "3ds");
  const slotId = await bookableSlotId(page);
  await page.goto(`/checkout?bags=1&slotId=${slotId}`);
  await expect(page).toHaveURL(/checkout=[\w-]{22}/);
  const checkoutUrl = page.url();

  await interactive(page);
  await fillCard(page, SECURE);
  await page.getByRole("button", { name: "Pay $11.50" }).click();
  await expect(page).toHaveURL(/\/payments\/simulated\/authenticate\?payment_intent=pi_sim_/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm this payment with your bank (test)");
  await expect(page.getByTestId("authenticate-amount")).toHaveText("$11.50");
  await expect(page.getByText("Visa ending in 3184")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("authenticate-en.png"), fullPage: true });
  expect(pickupsOf(email)).toHaveLength(0);

  await interactive(page);
  await page.getByRole("button", { name: "Fail authentication" }).click();
  await expect(page).toHaveURL(checkoutUrl);
  await expect(page.getByTestId("toast")).toContainText("Payment authentication failed. Please try again.");
  await expect(page.getByRole("button", { name: "Pay $11.50" })).toBeEnabled();
  expect(pickupsOf(email)).toHaveLength(0);

  await interactive(page);
  await fillCard(page, SECURE);
  await page.getByRole("button", { name: "Pay $11.50" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm this payment with your bank (test)");
  await interactive(page);
  await page.getByRole("button", { name: "Complete authentication" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/confirmed/i);
  const confirmation = new URL(page.url()).searchParams.get("confirmationNumber");
  expect(pickupsOf(email)).toEqual([{ confirmation_number: confirmation }]);

  await page.goto("/history");
  await expect(page.getByTestId("order-card")).toHaveCount(1);
  await expect(page.locator(`[data-confirmation="${confirmation}"]`)).toBeVisible();
});

test.describe("in French", () => {
  test.use({ locale: "fr-CA" });

  test("the authentication page", async ({ page }, testInfo) => {
    const email = await residentWithAddress(page, "3ds-fr");
    const slotId = await bookableSlotId(page);
    await page.goto(`/checkout?bags=1&slotId=${slotId}`);
    await interactive(page);
    await fillCard(page, SECURE);
    await page.getByRole("button", { name: /^Payer \d/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Confirmez ce paiement auprès de votre banque (test)",
    );
    await expect(page.getByTestId("authenticate-amount")).toHaveText("11,50 $");
    await expect(page.getByRole("button", { name: "Réussir l'authentification" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Faire échouer l'authentification" })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("authenticate-fr.png"), fullPage: true });
    expect(pickupsOf(email)).toHaveLength(0);
  });
});
