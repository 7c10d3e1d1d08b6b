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

/** A text as the worker leaves it without a text provider (issue 42): not sent, its body kept. */
function unsentText(to: string, kind: string, text: string) {
  const db = new Database(e2eDatabase(), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    return Number(
      db
        .prepare(
          `insert into email_outbox ("to", subject, text, html, kind, locale, channel, attempts, not_sent, created_at)
             values (?, '', ?, null, ?, 'en', 'sms', 0, 'no-text-provider', ?)`,
        )
        .run(to, text, kind, Date.now() - 60_000).lastInsertRowid,
    );
  } finally {
    db.close();
  }
}

for (const lng of ["en", "fr"] as const) {
  test.describe(`${lng}, 1280×800`, () => {
    test.use({
      locale: lng === "en" ? "en-CA" : "fr-CA",
      extraHTTPHeaders: { "Accept-Language": lng === "en" ? "en-CA" : "fr-CA" },
      viewport: { width: 1280, height: 800 },
    });
    test(`${lng}: without a text provider, /admin says texts are off and the outbox shows texts as not sent, codes masked`, async ({
      page,
    }) => {
      const WORDS = {
        en: {
          warning:
            /^Texts are off\. No text provider is configured: .* Texts need these variables: TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM Texts not sent$/,
          link: "Texts not sent",
          status: "Not sent: no text provider",
          filter: /^Not sent: no text provider \(\d+\)$/,
          outboxWarning: /^Texts are off: no text provider is configured/,
        },
        fr: {
          warning:
            /^Les textos sont désactivés\. Aucun fournisseur de textos n’est configuré : .* Les textos exigent ces variables : TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM Textos non envoyés$/,
          link: "Textos non envoyés",
          status: "Non envoyé : aucun fournisseur de textos",
          filter: /^Non envoyé : aucun fournisseur de textos \(\d+\)$/,
          outboxWarning: /^Les textos sont désactivés : aucun fournisseur de textos n’est configuré/,
        },
      }[lng];
      const phone = `+1514555${String(1000 + Math.floor(Math.random() * 8999))}`;
      const code = String(100000 + Math.floor(Math.random() * 899999));
      const codeRow = unsentText(phone, "phone-code", `ReCircle: your code is ${code}. It expires in 10 minutes.`);
      const reminderRow = unsentText(phone, "pickup-reminder", "ReCircle: pickup tomorrow Dec 1, 2 bags out by 8 AM.");

      await signInAdmin(page.request);
      await page.goto("/admin");
      const warning = page.getByTestId("texts-off");
      await expect(warning).toHaveText(WORDS.warning);
      await warning.getByRole("link", { name: WORDS.link }).click();
      await expect(page).toHaveURL(/\/admin\/outbox\?status=unsent$/);
      await expect(page.getByTestId("outbox-no-texts")).toHaveText(WORDS.outboxWarning);
      const row = (id: number) => page.locator(`[data-testid="outbox-row"][data-id="${id}"]`);
      for (const id of [codeRow, reminderRow]) {
        await expect(row(id)).toHaveAttribute("data-status", "unsent");
        await expect(row(id)).toContainText(WORDS.status);
        await expect(row(id).getByRole("button")).toHaveCount(0);
      }
      await expect(row(reminderRow)).toContainText("2 bags out by 8 AM");
      // The code never reaches the admin's page: masked in the list, absent from the HTML.
      await expect(row(codeRow)).toContainText("your code is ••••••.");
      expect(await page.content()).not.toContain(code);
      expect(await (await page.request.get("/admin/outbox")).text()).not.toContain(code);
      // Its own filter and count; never under Sent nor Failing.
      await expect(page.getByRole("link", { name: WORDS.filter })).toHaveAttribute("aria-current", "page");
      for (const other of ["sent", "failing"]) {
        await page.goto(`/admin/outbox?status=${other}`);
        await expect(row(codeRow)).toHaveCount(0);
      }
    });
  });
}
