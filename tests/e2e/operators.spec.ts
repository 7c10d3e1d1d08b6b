// Operators are not residents (issue 23, parts 7 and 8), JavaScript on and off: a new admin's first
// sign-in lands on the admin dashboard, never the residents' guide; admin toasts name dates in the
// operator's language; the header's language menu closes after a choice; the bell says what it counts;
// the French confirmation ends its sentence with one period.
import { expect, test, type Page } from "@playwright/test";
import { createAdminWithScript, montrealDate, scheduledPickup, signInAdmin } from "./admin-fixtures";
import {
  e2eDatabase,
  insertResident,
  interactive,
  PASSWORD,
  signedInResident,
  signInAs,
  switchLanguage,
} from "./helpers";

/** Signs in through the sign-in page, as a person would (no remembered page to return to). */
async function signInOnPage(page: Page, email: string) {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("a new admin signs in and lands on the admin dashboard, not the guide", async ({ page }) => {
  // An account promoted before it ever finished the residents' guide (create-admin on an existing address).
  const { email } = await insertResident({ tag: "new-admin", onboarded: false });
  createAdminWithScript(e2eDatabase(), email);

  await signInOnPage(page, email);
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
  await signInOnPage(page, email);
  await expect(page).toHaveURL(/\/onboarding$/);
});

/** 'Wed, Nov 25' / 'mer. 25 nov.': how a calendar date reads in an admin toast. */
function shortDay(date: string, lng: "en" | "fr") {
  return new Intl.DateTimeFormat(lng === "fr" ? "fr-CA" : "en-CA", {
    weekday: "short",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${date}T12:00:00Z`));
}

for (const lng of ["en", "fr"] as const) {
  test(`an admin's capacity toast names the date in the operator's language (${lng})`, async ({ page }) => {
    await signInAdmin(page.request);
    await page.goto("/admin/supply");
    if (lng === "fr") await switchLanguage(page, "fr");
    await interactive(page);
    // An open slot saved at its own capacity: nothing changes for the residents booking on this server.
    const row = page
      .locator("tbody[data-date] tr[data-slot-id]")
      .filter({ has: page.getByRole("spinbutton") })
      .first();
    const date = await row.locator("xpath=ancestor::tbody[1]").getAttribute("data-date");
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const capacity = await row.getByRole("spinbutton").inputValue();
    await row.getByRole("button", { name: lng === "fr" ? "Enregistrer" : "Save" }).click();
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText(lng === "fr" ? "Capacité enregistrée" : "Capacity saved");
    await expect(toast).toContainText(
      lng === "fr" ? `${shortDay(date!, "fr")} : ${capacity} places.` : `${shortDay(date!, "en")}: ${capacity} places.`,
    );
    await expect(toast).not.toContainText(date!);
    // One heading per column: the date column and the last one ("Close or reopen") differ.
    const headings = await page.getByTestId("slots").getByRole("columnheader").allInnerTexts();
    expect(new Set(headings).size).toBe(headings.length);
  });
}

test("the bell is named by what it counts, in English and French", async ({ page }) => {
  await signedInResident(page, "bell-name");
  await page.goto("/");
  const bell = page.getByTestId("bell");
  await expect(bell).toHaveAccessibleName("Notifications, 1 unread");
  await expect(page.getByTestId("bell-badge")).toHaveAttribute("aria-hidden", "true");
  await switchLanguage(page, "fr");
  await expect(bell).toHaveAccessibleName("Notifications, 1 non lue");
});

test("the French booking notice ends with one period after an abbreviated date", async ({ page }) => {
  const { email } = await signInAs(page, { tag: "period", locale: "fr" });
  // A date well past the booking horizon (nobody else books it) whose French short form ends in a period.
  let days = 60;
  while (!shortDay(montrealDate(days), "fr").endsWith(".")) days += 1;
  const date = montrealDate(days);
  const { confirmation } = scheduledPickup(email, date, "morning", "1 rue du Point");
  await page.goto("/notifications");
  await switchLanguage(page, "fr");
  const notice = page
    .getByRole("main")
    .getByTestId("notification")
    .filter({ hasText: `La collecte ${confirmation} est réservée pour le` })
    .locator("span.text-sm");
  await expect(notice).toHaveText(`La collecte ${confirmation} est réservée pour le ${shortDay(date, "fr")}`);
});

test("the language menu closes after a choice, on Escape and on a click outside", async ({ page }, testInfo) => {
  await page.goto("/");
  const menu = page.locator("header details").filter({ has: page.locator('button[name="lng"]') });
  const summary = menu.locator("summary");
  await switchLanguage(page, "fr");
  if (!testInfo.project.use.javaScriptEnabled) return; // Without JavaScript the page reloads with the menu closed.
  await interactive(page);
  await expect(menu).not.toHaveAttribute("open", "");
  await expect(menu.locator('button[name="lng"]').first()).toBeHidden();

  await summary.click();
  await expect(menu).toHaveAttribute("open", "");
  await page.keyboard.press("Escape");
  await expect(menu).not.toHaveAttribute("open", "");
  await expect(summary).toBeFocused();

  await summary.click();
  await expect(menu).toHaveAttribute("open", "");
  await page.locator("main").click({ position: { x: 5, y: 5 } });
  await expect(menu).not.toHaveAttribute("open", "");

  await summary.click();
  await menu.locator('button[name="lng"][value="en"]').click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(menu).not.toHaveAttribute("open", "");
});
