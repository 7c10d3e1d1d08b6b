// Operators are not residents (issue 23, parts 7 and 8), JavaScript on and off: a new admin's first
// sign-in lands on the admin dashboard, never the residents' guide; admin toasts name dates in the
// operator's language; the header's language menu closes after a choice; the bell says what it counts;
// the French confirmation ends its sentence with one period.
import { expect, test } from "@playwright/test";
import { createAdminWithScript } from "./admin-fixtures";
import { e2eDatabase, insertResident, PASSWORD } from "./helpers";

test("a new admin signs in and lands on the admin dashboard, not the guide", async ({ page }) => {
  // An account promoted before it ever finished the residents' guide (create-admin on an existing address).
  const { email } = await insertResident({ tag: "new-admin", onboarded: false });
  createAdminWithScript(e2eDatabase(), email);

  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Admin dashboard" })).toBeVisible();

  // The header's Admin link and the residents' pages do not lead to the guide either.
  await page.goto("/");
  await expect(page).not.toHaveURL(/onboarding/);
  await page.getByRole("banner").getByRole("link", { name: "Admin" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Admin dashboard" })).toBeVisible();
});

test("a new resident's first sign-in still opens the guide", async ({ page }) => {
  const { email } = await insertResident({ tag: "new-resident", onboarded: false });
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
});
