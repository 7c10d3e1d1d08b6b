// Refunds that never go silent (issue 20, item 6), in the browser with JavaScript on and off: a pickup paid
// with the 4000 0000 0000 5126 test card (it pays, its refund fails) is cancelled by its resident, who is told
// the refund could not be sent; the admin finds it on /admin/refunds (linked from the admin navigation), retries
// it (refused again, it stays listed), and once the bank takes it, the retry settles it and the resident reads
// "sent to your card". A resident cannot open the admin page. Runs on the admin server (file name ends
// admin.spec.ts), in the admin-js and admin-no-js projects.
import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { montrealDate, otherBrowser, scheduledPickup, signInAdmin } from "./admin-fixtures";
import { e2eDatabase, signInAs } from "./helpers";

/** Writes to the admin server's database (the card's bank, as the simulated provider keeps it). */
function write(sql: string, ...params: unknown[]) {
  const db = new Database(e2eDatabase(), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    return db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

/** A scheduled 2-bag pickup ($20.70, so $18.40 back on cancelling) paid with the simulated 5126 card. */
function paidWith5126(email: string, userId: number, date: string) {
  const { confirmation } = scheduledPickup(email, date, "afternoon", "77 Rue Rachel Est");
  const intentId = `pi_sim_e2e_${confirmation.toLowerCase()}`;
  const now = Date.now();
  write(
    `insert into simulated_intents (id, amount_cents, currency, status, metadata, card_brand, card_last4, created_at)
     values (?, 2070, 'cad', 'succeeded', '{}', 'visa', '5126', ?)`,
    intentId,
    now,
  );
  const payment = write(
    `insert into payments (provider, provider_payment_id, user_id, amount_cents, currency, status, booking, card_brand,
       card_last4, created_at, updated_at)
     values ('simulated', ?, ?, 2070, 'cad', 'succeeded', ?, 'visa', '5126', ?, ?)`,
    intentId,
    userId,
    JSON.stringify({ ref: `e2e-${confirmation}` }),
    now,
    now,
  );
  write(
    "update pickup_requests set payment_id = ? where confirmation_number = ?",
    payment.lastInsertRowid,
    confirmation,
  );
  return { confirmation, intentId };
}

test("a failed refund is told to the resident, listed for admins, retried without a second refund, and settled", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const javaScriptEnabled = testInfo.project.use.javaScriptEnabled;
  const residentPage = await otherBrowser(browser, { baseURL, javaScriptEnabled, locale: "en-CA" });
  const resident = await signInAs(residentPage, { tag: "refund-5126" });
  const date = montrealDate(testInfo.project.name === "admin-js" ? 36 : 37);
  const { confirmation, intentId } = paidWith5126(resident.email, resident.id, date);

  // The resident cancels: the refund fails, and every place says so.
  await residentPage.goto(`/order/${confirmation}/cancel`);
  await residentPage.getByRole("button", { name: "Yes, cancel and refund $18.40" }).click();
  await expect(residentPage).toHaveURL(/\/history$/);
  await expect(residentPage.getByTestId("toast")).toContainText(
    "Refund of $18.40: could not be sent to your card. We will try again and contact you.",
  );
  const card = residentPage.locator(`[data-confirmation="${confirmation}"]`);
  await expect(card.getByTestId("refund-status")).toHaveText(
    "Refund of $18.40: could not be sent to your card. We will try again and contact you.",
  );
  await residentPage.goto(`/order/${confirmation}`);
  await expect(residentPage.getByTestId("refund-status")).toContainText("could not be sent to your card");
  await expect(residentPage.getByTestId("order-payment")).not.toContainText("Refund: $18.40");

  // A resident cannot open the admin page.
  const forbidden = await residentPage.goto("/admin/refunds");
  expect(forbidden?.status()).toBe(403);

  // The admin finds it from the navigation.
  await signInAdmin(page.request);
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Refunds" }).click();
  await expect(page).toHaveURL(/\/admin\/refunds$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Refunds not settled");
  const row = page.locator(`[data-testid="refund-row"][data-confirmation="${confirmation}"]`);
  await expect(row).toContainText(resident.email);
  await expect(row).toContainText("$18.40");
  await expect(row).toContainText("Failed");

  // Retried now: the card still refuses, so it stays listed, and no money was counted as refunded.
  await row.getByRole("button", { name: `Retry the refund of ${confirmation} now` }).click();
  await expect(page.getByTestId("toast")).toContainText(`Refund of ${confirmation} refused again`);
  await expect(row).toContainText("Failed");

  // The bank takes refunds again: the retry sends it once, and the list no longer shows it.
  write("update simulated_intents set card_last4 = '4242' where id = ?", intentId);
  await row.getByRole("button", { name: `Retry the refund of ${confirmation} now` }).click();
  await expect(page.getByTestId("toast")).toContainText(`Refund of ${confirmation} sent`);
  await expect(row).toHaveCount(0);
  const db = new Database(e2eDatabase(), { readonly: true, fileMustExist: true });
  try {
    expect(db.prepare("select refunded_cents as n from simulated_intents where id = ?").get(intentId)).toEqual({
      n: 1840,
    });
  } finally {
    db.close();
  }
  await page.goto("/admin");
  await expect(page.getByTestId("activity")).toContainText(`Retried the refund of pickup ${confirmation}`);

  await residentPage.goto(`/order/${confirmation}`);
  await expect(residentPage.getByTestId("refund-status")).toHaveText("Refund of $18.40: sent to your card");
  await residentPage.context().close();
});
