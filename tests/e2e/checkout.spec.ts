import { expect, test } from "@playwright/test";
import { acceptTerms, bookableSlotId, fillCard, insertPromoCode, residentWithAddress } from "./booking-fixtures";
import { query } from "./helpers";

type Pickup = { total_cents: number; bags_requested: number; status: string };
const pickupsOf = (email: string) =>
  query<Pickup>(
    "select p.total_cents, p.bags_requested, p.status from pickup_requests p join users u on u.id = p.user_id where u.email = ?",
    email,
  );

test.describe("checkout in English", () => {
  for (const [bags, total] of [
    [1, "$11.50"],
    [2, "$20.70"],
    [4, "$36.79"],
  ] as const) {
    test(`${bags} bag(s) cost ${total} and are booked`, async ({ page }) => {
      const email = await residentWithAddress(page, `pay${bags}`);
      const slotId = await bookableSlotId(page);
      await page.goto(`/checkout?bags=${bags}&slotId=${slotId}`);
      await expect(page.getByTestId("test-mode")).toContainText("4242 4242 4242 4242");
      await expect(page.getByTestId("summary-total")).toContainText(`${total} CAD`);
      await expect(page.getByTestId("pickup-address")).toContainText("H2X 3K2");
      await fillCard(page, "4242 4242 4242 4242");
      await page.getByRole("button", { name: `Pay ${total}` }).click();
      await expect(page.getByRole("heading", { level: 1 })).toContainText(/confirmed/i);
      const confirmation = new URL(page.url()).searchParams.get("confirmationNumber");
      expect(confirmation).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
      await expect(page.getByTestId("confirmation-number")).toHaveText(confirmation!);
      expect(pickupsOf(email)).toEqual([
        { total_cents: Math.round(Number(total.slice(1)) * 100), bags_requested: bags, status: "Scheduled" },
      ]);
    });
  }

  test("each test card failure shows its message and books nothing", async ({ page }) => {
    const email = await residentWithAddress(page, "cards");
    const slotId = await bookableSlotId(page);
    const failures = [
      ["4000 0000 0000 0002", "Your card was declined. Please try a different payment method."],
      ["4000 0000 0000 9995", "Insufficient funds. Please try a different payment method."],
      ["4000 0000 0000 0127", "Your card's security code is incorrect."],
      ["4000 0000 0000 0069", "Your card has expired."],
      ["4000 0000 0000 9987", "Your card was declined: it has been reported lost. Please use a different card."],
    ];
    await page.goto(`/checkout?bags=1&slotId=${slotId}`);
    for (const [card, message] of failures) {
      await fillCard(page, card!);
      await page.getByRole("button", { name: "Pay $11.50" }).click();
      await expect(page.locator("form [role=alert]")).toHaveText(message!);
    }
    expect(pickupsOf(email)).toHaveLength(0);

    await page.locator("#cardNumber").fill("");
    await page.getByRole("button", { name: "Pay $11.50" }).click();
    await expect(page.getByText("Please enter your card number")).toBeVisible();
    expect(pickupsOf(email)).toHaveLength(0);
  });

  test("a promo code makes a 1-bag pickup $5.75", async ({ page }) => {
    const email = await residentWithAddress(page, "promo");
    const slotId = await bookableSlotId(page);
    const code = insertPromoCode(50);
    await page.goto(`/checkout?bags=1&slotId=${slotId}`);
    await page.getByLabel("Promo code", { exact: true }).fill("NOT-A-CODE");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("Invalid promo code")).toBeVisible();
    await page.getByLabel("Promo code", { exact: true }).fill(code.toLowerCase());
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("toast")).toContainText("50% off applied!");
    await expect(page.getByLabel("Promo code", { exact: true })).toHaveAttribute("readonly", "");
    await expect(page.getByTestId("summary-promo")).toContainText("−$5.00");
    await expect(page.getByTestId("summary-total")).toContainText("$5.75 CAD");
    await fillCard(page, "4242 4242 4242 4242");
    await page.getByRole("button", { name: "Pay $5.75" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/confirmed/i);
    expect(pickupsOf(email)[0]?.total_cents).toBe(575);
    const redemption = query<{ pickup_request_id: number | null }>(
      "select r.pickup_request_id from promo_redemptions r join promo_codes c on c.id = r.promo_code_id where c.code = ?",
      code,
    );
    expect(redemption[0]?.pickup_request_id).not.toBeNull();
  });

  test("a 100% code books a FREE pickup without a card", async ({ page }) => {
    const email = await residentWithAddress(page, "free");
    const slotId = await bookableSlotId(page);
    await page.goto(`/checkout?bags=1&slotId=${slotId}`);
    await page.getByLabel("Promo code", { exact: true }).fill(insertPromoCode(100));
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("summary-total")).toContainText("FREE");
    await expect(page.locator("#cardNumber")).toHaveCount(0);
    await acceptTerms(page);
    await page.getByRole("button", { name: "Confirm my free pickup" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/confirmed/i);
    expect(pickupsOf(email)[0]?.total_cents).toBe(0);
  });

  test("checkout sends an incomplete profile to /profile and a missing booking to /booking", async ({ page }) => {
    const { signedInResident } = await import("./helpers");
    await signedInResident(page, "incomplete");
    const slotId = await bookableSlotId(page);
    await page.goto(`/checkout?bags=2&slotId=${slotId}`);
    await expect(page).toHaveURL(new RegExp(`/profile\\?bags=2&slotId=${slotId}`));
    await page.goto("/checkout");
    await expect(page).toHaveURL(/\/booking/);
  });
});

test.describe("checkout in French", () => {
  test.use({ locale: "fr-CA" });

  test("2 sacs coûtent 20,70 $ et une carte refusée est expliquée", async ({ page }) => {
    const email = await residentWithAddress(page, "fr-pay");
    const slotId = await bookableSlotId(page);
    await page.goto(`/checkout?bags=2&slotId=${slotId}`);
    await expect(page.getByTestId("summary-total")).toContainText(/20,70\s\$ CAD/);
    await expect(page.getByTestId("summary-gst")).toContainText(/0,90\s\$/);
    await expect(page.getByTestId("summary-qst")).toContainText(/1,80\s\$/);
    await expect(page.getByLabel("Expiration (MM/AA)")).toHaveAttribute("placeholder", "MM/AA");
    await fillCard(page, "4000 0000 0000 9995");
    await page.getByRole("button", { name: /Payer 20,70/ }).click();
    await expect(page.locator("form [role=alert]")).toHaveText(
      "Fonds insuffisants. Veuillez essayer un autre mode de paiement.",
    );
    await fillCard(page, "4242 4242 4242 4242");
    await page.getByRole("button", { name: /Payer 20,70/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/confirmée/i);
    expect(pickupsOf(email)).toHaveLength(1);
  });

  test("un code promo ramène 1 sac à 5,75 $", async ({ page }) => {
    await residentWithAddress(page, "fr-promo");
    const slotId = await bookableSlotId(page);
    await page.goto(`/checkout?bags=1&slotId=${slotId}`);
    await page.getByLabel("Code promotionnel", { exact: true }).fill(insertPromoCode(50));
    await page.getByRole("button", { name: "Appliquer" }).click();
    await expect(page.getByTestId("toast")).toContainText("50 % de rabais appliqué!");
    await expect(page.getByTestId("summary-total")).toContainText(/5,75\s\$ CAD/);
    await fillCard(page, "4242 4242 4242 4242");
    await page.getByRole("button", { name: /Payer 5,75/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/confirmée/i);
  });
});
