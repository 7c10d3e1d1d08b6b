// Issue 43, parts 2-3: the consumer's contract above Pay, at 390×844, with JavaScript on and off (the two
// projects), in English and French. Paying without ticking "I accept the terms" is refused with a message
// next to the box (described by it, focused), and nothing is booked; in English a second box, receiving the
// French version and choosing English, is required too, and the pickup's contract is then in English.
import { expect, test, type Page } from "@playwright/test";
import { bookableSlotId, insertPromoCode, residentWithAddress } from "./booking-fixtures";
import { STAND_IN_IDENTITY } from "../../scripts/stand-in-identity.mjs";
import { query } from "./helpers";

test.use({ viewport: { width: 390, height: 844 } });

type Contract = { terms_version: string | null; terms_accepted_at: number | null; contract_language: string | null };
type ContractRow = Contract & { french_terms_received_at: number | null };
const pickupsOf = (email: string) =>
  query<ContractRow>(
    `select p.terms_version, p.terms_accepted_at, p.contract_language, p.french_terms_received_at
       from pickup_requests p join users u on u.id = p.user_id where u.email = ?`,
    email,
  );

// The test server runs with the stand-in identity (issue 43 part 1: scripts/e2e-server.mjs).
const MERCHANT = STAND_IN_IDENTITY.BUSINESS_LEGAL_NAME;

async function fillCardOnly(page: Page) {
  await page.locator("#cardNumber").fill("4242 4242 4242 4242");
  await page.locator("#expiry").fill("12/34");
  await page.locator("#cvc").fill("123");
  await page.locator("#postalCode").fill("H2X 3K2");
}

/** The box is refused: its message next to it, the box described by it and invalid, and (with JS or not) focused. */
async function expectRefusedBox(page: Page, name: string, message: string) {
  const box = page.locator(`input[name="${name}"]`);
  await expect(page.locator(`#${name}-error`)).toHaveText(message);
  await expect(box).toHaveAttribute("aria-invalid", "true");
  await expect(box).toHaveAttribute("aria-describedby", `${name}-error`);
  await expect(box).toHaveAccessibleDescription(message);
  await expect(box).toBeFocused();
  await expect(box).not.toBeChecked();
}

test.describe("the contract at checkout, in English", () => {
  test.use({ locale: "en-CA", extraHTTPHeaders: { "Accept-Language": "en-CA" } });

  test("the block above Pay; Pay without the boxes is refused next to each; both boxes book a contract in English", async ({
    page,
  }) => {
    const email = await residentWithAddress(page, "contract-en");
    const slotId = await bookableSlotId(page);
    await page.goto(`/checkout?bags=1&slotId=${slotId}`);
    const contract = page.getByTestId("contract-terms");
    await expect(contract.getByRole("heading", { name: "Your contract" })).toBeVisible();
    await expect(page.getByTestId("contract-merchant")).toContainText(MERCHANT);
    await expect(contract.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
    await expect(contract.getByRole("link", { name: "What we accept" })).toHaveAttribute("href", "/materials");
    await expect(contract.getByRole("link", { name: "Read the terms of service" })).toHaveAttribute("href", "/terms");
    await expect(contract).toContainText("($2.30 in all)");
    await expect(contract).toContainText("14 days");
    await expect(page.getByRole("link", { name: /Read the terms in French/ })).toHaveAttribute("hreflang", "fr");
    const pay = page.getByRole("button", { name: "Pay $11.50" });
    // The block and both boxes are above Pay, unticked at first.
    expect((await contract.boundingBox())!.y).toBeLessThan((await pay.boundingBox())!.y);
    await expect(page.locator('input[name="acceptTerms"]')).not.toBeChecked();
    await expect(page.getByLabel(/I received the French version and choose English/)).not.toBeChecked();

    await fillCardOnly(page);
    await pay.click();
    await expectRefusedBox(page, "acceptTerms", "Please tick the box to accept the terms before paying.");
    expect(pickupsOf(email)).toEqual([]);

    await fillCardOnly(page);
    await page.getByLabel(/I accept the terms of service/).check();
    await pay.click();
    await expectRefusedBox(
      page,
      "frenchTermsReceived",
      "Please tick the box saying you received the French version and choose English, or switch the page to French.",
    );
    expect(pickupsOf(email)).toEqual([]);

    await fillCardOnly(page);
    await page.getByLabel(/I accept the terms of service/).check();
    await page.getByLabel(/I received the French version and choose English/).check();
    await pay.click();
    await expect(page).toHaveURL(/\/confirmation\?confirmationNumber=/);
    const [pickup] = pickupsOf(email);
    expect(pickup).toMatchObject({ contract_language: "en", terms_version: expect.any(String) });
    expect(pickup!.terms_accepted_at).toBeGreaterThan(0);
    expect(pickup!.french_terms_received_at).toBeGreaterThan(0);
  });

  test("a free order: Confirm without the box is refused next to it", async ({ page }) => {
    const email = await residentWithAddress(page, "contract-free");
    const slotId = await bookableSlotId(page);
    await page.goto(`/checkout?bags=1&slotId=${slotId}`);
    await page.getByLabel("Promo code", { exact: true }).fill(insertPromoCode(100));
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("summary-total")).toContainText("FREE");
    await expect(page.getByTestId("contract-terms")).toBeVisible();
    await page.getByRole("button", { name: "Confirm my free pickup" }).click();
    await expectRefusedBox(page, "acceptTerms", "Please tick the box to accept the terms before paying.");
    expect(pickupsOf(email)).toEqual([]);
    await page.getByLabel(/I accept the terms of service/).check();
    await page.getByLabel(/I received the French version and choose English/).check();
    await page.getByRole("button", { name: "Confirm my free pickup" }).click();
    await expect(page).toHaveURL(/\/confirmation\?confirmationNumber=/);
    expect(pickupsOf(email)[0]).toMatchObject({ contract_language: "en" });
  });
});

test.describe("the contract at checkout, in French", () => {
  test.use({ locale: "fr-CA", extraHTTPHeaders: { "Accept-Language": "fr-CA" } });

  test("one box only; Payer without it is refused next to it; ticked, the contract is in French", async ({ page }) => {
    const email = await residentWithAddress(page, "contract-fr");
    const slotId = await bookableSlotId(page);
    await page.goto(`/checkout?bags=1&slotId=${slotId}`);
    const contract = page.getByTestId("contract-terms");
    await expect(contract.getByRole("heading", { name: "Votre contrat" })).toBeVisible();
    await expect(page.getByTestId("contract-merchant")).toContainText(MERCHANT);
    await expect(contract).toContainText(/2,30\s\$ au total/);
    await expect(page.locator('input[name="frenchTermsReceived"]')).toHaveCount(0);
    const pay = page.getByRole("button", { name: /Payer 11,50/ });

    await fillCardOnly(page);
    await pay.click();
    await expectRefusedBox(page, "acceptTerms", "Veuillez cocher la case pour accepter les conditions avant de payer.");
    expect(pickupsOf(email)).toEqual([]);

    await fillCardOnly(page);
    await page.getByLabel(/J'accepte les conditions de service/).check();
    await pay.click();
    await expect(page).toHaveURL(/\/confirmation\?confirmationNumber=/);
    const [pickup] = pickupsOf(email);
    expect(pickup).toMatchObject({ contract_language: "fr", french_terms_received_at: null });
    expect(pickup!.terms_accepted_at).toBeGreaterThan(0);
  });
});
