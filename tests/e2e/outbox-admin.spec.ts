// The admin outbox page (issue 22, part 2), JavaScript on and off: reached from the admin navigation, it
// lists e-mails by status with the last error, attempts and next attempt; the status links filter it;
// "Resend" puts a failing message back in the queue due now; a reset e-mail whose link has expired says it
// cannot be resent; French texts; private, no-store; a resident gets 403. Runs on the admin server (file
// name ends admin.spec.ts). That server has no SMTP_URL, so nothing is sent and rows stay as written here.
import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { otherBrowser, signInAdmin } from "./admin-fixtures";
import { e2eDatabase, query, signInAs, uniqueEmail } from "./helpers";

type Row = { to: string; subject: string; kind: string; text: string; attempts: number; error: string | null };

/** An outbox row as the worker would have left it. */
function outboxRow(row: Row & { sentAt?: number; nextAttemptAt?: number | null; expiresAt?: number }) {
  const db = new Database(e2eDatabase(), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const created = Date.now() - 10 * 60_000;
    return Number(
      db
        .prepare(
          `insert into email_outbox ("to", subject, text, html, kind, locale, sent_at, error, attempts, next_attempt_at,
             expires_at, origin, created_at) values (?, ?, ?, null, ?, 'en', ?, ?, ?, ?, ?, 'http://localhost', ?)`,
        )
        .run(
          row.to,
          row.subject,
          row.text,
          row.kind,
          row.sentAt ?? null,
          row.error,
          row.attempts,
          row.nextAttemptAt ?? null,
          row.expiresAt ?? null,
          created,
        ).lastInsertRowid,
    );
  } finally {
    db.close();
  }
}

test("admins see the outbox by status, resend a failing e-mail, and cannot resend an expired reset link", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const to = uniqueEmail("outbox");
  const inAnHour = Date.now() + 60 * 60_000;
  const failing = outboxRow({
    to,
    subject: "Pickup confirmed: OUTB-0X01",
    kind: "booking-confirmed",
    text: "Your pickup is booked.",
    attempts: 2,
    error: "Error: connect ECONNREFUSED 127.0.0.1:25",
    nextAttemptAt: inAnHour,
  });
  const expired = outboxRow({
    to,
    subject: "Reset your password",
    kind: "password-reset",
    text: "",
    attempts: 1,
    error: "Not sent: its link expired before it could be delivered",
    expiresAt: Date.now() - 60_000,
  });
  const sent = outboxRow({
    to,
    subject: "Pickup moved",
    kind: "pickup-modified",
    text: "",
    attempts: 1,
    error: null,
    sentAt: Date.now(),
  });

  // A resident is refused.
  const javaScriptEnabled = testInfo.project.use.javaScriptEnabled;
  const residentPage = await otherBrowser(browser, { baseURL, javaScriptEnabled, locale: "en-CA" });
  await signInAs(residentPage, { tag: "outbox-resident" });
  expect((await residentPage.goto("/admin/outbox"))?.status()).toBe(403);
  await residentPage.context().close();

  await signInAdmin(page.request);
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Outbox" }).click();
  await expect(page).toHaveURL(/\/admin\/outbox$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("E-mail outbox");

  const row = (id: number) => page.locator(`[data-testid="outbox-row"][data-id="${id}"]`);
  await expect(row(failing)).toHaveAttribute("data-status", "failing");
  await expect(row(failing)).toContainText("ECONNREFUSED");
  await expect(row(failing)).toContainText("Next attempt");
  await expect(row(sent)).toContainText("Sent");
  await expect(row(expired)).toContainText("Expired");
  await expect(row(expired)).toContainText("Its link has expired: it cannot be resent");
  await expect(row(expired).getByRole("button")).toHaveCount(0);
  await expect(row(sent).getByRole("button")).toHaveCount(0);

  // Filters: plain links.
  await page.getByRole("link", { name: /^Failing \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/\?status=failing$/);
  await expect(row(failing)).toBeVisible();
  await expect(row(sent)).toHaveCount(0);
  await expect(row(expired)).toHaveCount(0);
  await page.getByRole("link", { name: /^Expired \(\d+\)$/ }).click();
  await expect(row(expired)).toBeVisible();
  await expect(row(failing)).toHaveCount(0);
  await page.getByRole("link", { name: /^Failing \(\d+\)$/ }).click();

  // Resend: due now instead of in an hour.
  await row(failing)
    .getByRole("button", { name: `Resend “Pickup confirmed: OUTB-0X01” to ${to}` })
    .click();
  await expect(page.getByTestId("toast")).toContainText(`The e-mail to ${to} is being sent again`);
  await expect(page).toHaveURL(/\?status=failing$/);
  const [after] = query<{ next: number }>("select next_attempt_at as next from email_outbox where id = ?", failing);
  expect(after!.next).toBeLessThanOrEqual(Date.now());
  await page.goto("/admin");
  await expect(page.getByTestId("activity")).toContainText(`Resent the e-mail “Pickup confirmed: OUTB-0X01” to ${to}`);

  // Private, and in French too.
  const response = await page.request.get("/admin/outbox");
  expect(response.headers()["cache-control"]).toBe("private, no-store");
  const french = await otherBrowser(browser, { baseURL, javaScriptEnabled, locale: "fr-CA" });
  await signInAdmin(french.request);
  await french.goto("/admin/outbox?status=failing");
  await expect(french.getByRole("heading", { level: 1 })).toHaveText("Courriels en attente d’envoi");
  await expect(french.locator(`[data-testid="outbox-row"][data-id="${failing}"]`)).toContainText("En échec");
  await french.context().close();
});
