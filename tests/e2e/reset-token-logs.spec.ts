// No reset token in what the production server prints (issue 21, part 4): its own built server, with the
// mail log on, asked for a reset link that is then opened (page and .data): the access log (the server's
// morgan) shows `/reset-password?[redacted]`, the mail log `token=[redacted]`, and the token nowhere.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { ApiClient, freePort, serverDir, startServer, waitForLog, type OwnServer } from "./own-server";

test.skip(
  ({ javaScriptEnabled }) => javaScriptEnabled === false,
  "starts its own server: runs once, in the js project",
);

let server: OwnServer | null = null;
let dir = "";
test.afterAll(async () => {
  await server?.kill();
  server = null;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test("the access log and the mail log never show a reset token", async ({ browser }) => {
  test.setTimeout(90_000);
  dir = serverDir("reset-logs");
  const dbFile = path.join(dir, "app.db");
  const pinned = process.env.OWN_SERVER_PORT ? String(Number(process.env.OWN_SERVER_PORT) + 7) : undefined;
  server = await startServer({ port: await freePort(pinned), dbFile, env: { MAIL_LOG: "1" } });

  const email = `reset-logs-${Date.now().toString(36)}@recircle-mail.ca`;
  const client = new ApiClient(server.baseURL, email);
  expect((await client.call("POST", "/api/auth/register", { email, password: "sorting-day-1" })).status).toBe(201);
  expect((await client.call("POST", "/api/auth/forgot-password", { email })).status).toBe(200);
  await waitForLog(server, /\[mail\] to=/, 10_000);

  // The link, read from the outbox (no SMTP here, so the unsent e-mail keeps its body for its hour).
  const db = new Database(dbFile, { readonly: true });
  const text = (
    db.prepare('select text from email_outbox where "to" = ? order by id desc').get(email) as {
      text: string;
    }
  ).text;
  db.close();
  const link = /http\S+\/reset-password\?token=(\S+)/.exec(text)!;
  const token = decodeURIComponent(link[1]!);
  expect(token.length).toBeGreaterThan(20);

  const page = await browser.newPage();
  try {
    const url = new URL(link[0]);
    const opened = await page.goto(`${server.baseURL}${url.pathname}${url.search}`);
    expect(opened?.status()).toBe(200);
    await expect(page.getByLabel("New password", { exact: true })).toBeVisible();
    await page.request.get(`${server.baseURL}/reset-password.data${url.search}`);
  } finally {
    await page.close();
  }
  await waitForLog(server, /GET \/reset-password\.data\?\[redacted\]/, 10_000);
  const log = server.log.join("");
  expect(log).toContain("GET /reset-password?[redacted]");
  expect(log).toContain("token=[redacted]");
  expect(log).not.toContain(token);
  expect(log).not.toContain(encodeURIComponent(token));
});
