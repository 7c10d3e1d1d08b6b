// Whole journeys across screens: protected pages bring a visitor back after sign-in, and a resident
// books from the booking page through the profile and checkout to the confirmation.
import { expect, test } from "./fixtures";
import { fillCard } from "./booking-fixtures";
import { insertResident, PASSWORD, query, uniqueEmail } from "./helpers";

test("signed-out visits to My Orders, booking and profile go to sign-in and come back after it", async ({ page }) => {
  const email = uniqueEmail("protected");
  await insertResident({ email });
  for (const path of ["/history", "/booking", "/profile", "/materials"]) {
    await page.context().clearCookies();
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/sign-in\\?redirect=${path.slice(1)}`));
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
});

test("a resident books from /booking through the profile and checkout to the confirmation", async ({
  page,
  resident,
  javaScriptEnabled,
}) => {
  const { email } = resident;
  await page.goto("/booking");
  await page.getByRole("radio", { name: /^1 bag/ }).check();
  const date = page.locator('input[name="date"]:not([disabled])').nth(2);
  await date.check();
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Show time windows" }).click();
  await page.locator('input[name="slotId"]:not([disabled])').first().check();
  await page.getByRole("button", { name: "Continue", exact: true }).click();

  // The address is not complete yet: the profile comes first, then checkout.
  await expect(page).toHaveURL(/\/profile\?bags=1&slotId=\d+/);
  await page.getByLabel("First name").fill("Louis");
  await page.getByLabel("Last name").fill("Cyr");
  await page.getByLabel("Street address").fill("4500 Rue Saint-Denis");
  await page.getByLabel("City").fill("Montréal");
  await page.getByLabel("Postal code").fill("h2j2l1");
  await page.getByRole("button", { name: "Save and proceed to checkout" }).click();

  await expect(page).toHaveURL(/\/checkout\?bags=1&slotId=\d+/);
  await expect(page.getByTestId("pickup-address")).toContainText("4500 Rue Saint-Denis");
  await expect(page.getByTestId("pickup-address")).toContainText("H2J 2L1");
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay $11.50" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/confirmed/i);
  // Bags out by the start of the booked window (issue 33, part 8): 8:00 AM for a morning, 1:00 PM for an afternoon.
  const window = await page
    .locator("dd", { hasText: /AM - |PM - / })
    .first()
    .innerText();
  const start = window.split(" - ")[0]!;
  await expect(page.getByText(`Put your bags outside your door by ${start} on the pickup day`)).toBeVisible();

  const rows = query<{ total_cents: number; address: string }>(
    "select p.total_cents, p.address from pickup_requests p join users u on u.id = p.user_id where u.email = ?",
    email,
  );
  expect(rows).toHaveLength(1);
  expect(rows[0]!.total_cents).toBe(1150);
  expect(rows[0]!.address).toBe("4500 Rue Saint-Denis, Montréal, QC H2J 2L1");
});
