// Shared helpers for the browser tests: unique addresses, the e2e database (read-only peeks at the
// outbox and rows), and sign-in through the JSON API when a test is not about signing in.
import Database from "better-sqlite3";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

/**
 * The database of the server the running test talks to: each web server of playwright.config.ts keeps
 * `tests/.tmp/e2e-{port}.db` (the admin tests have a server of their own, so their counts are exact).
 */
export function e2eDatabase(): string {
  const baseURL = test.info().project.use.baseURL ?? `http://localhost:${process.env.E2E_PORT ?? 3100}`;
  return `tests/.tmp/e2e-${new URL(baseURL).port}.db`;
}
export const PASSWORD = "recycle-42";

let counter = 0;
export function uniqueEmail(tag: string): string {
  counter += 1;
  return `${tag}-${Date.now().toString(36)}-${process.pid}-${counter}@recircle-mail.ca`;
}

export function query<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(e2eDatabase(), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

export function userCount(email: string): number {
  return query<{ n: number }>("select count(*) as n from users where email = ?", email.toLowerCase())[0]!.n;
}

/** The newest e-mail to an address, straight from the outbox. */
export function lastEmail(to: string) {
  const rows = query<{ subject: string; text: string }>(
    'select subject, text from email_outbox where "to" = ? order by id desc limit 1',
    to.toLowerCase(),
  );
  return rows[0] ?? null;
}

/**
 * A new account, signed in on `request`'s cookies. It has completed onboarding unless `onboarded` is
 * false, so tests that are not about the guide are not sent to /onboarding by the gate.
 */
export async function registerViaApi(
  request: APIRequestContext,
  email: string,
  postalFsa = "H2X",
  { onboarded = true }: { onboarded?: boolean } = {},
) {
  const response = await request.post("/api/auth/register", { data: { email, password: PASSWORD, postalFsa } });
  expect(response.status()).toBe(201);
  if (!onboarded) return response.json();
  const completed = await request.post("/api/auth/complete-onboarding");
  expect(completed.status()).toBe(200);
  return completed.json();
}

/** The page's browser context is signed in as a new resident. */
export async function signedInResident(page: Page, tag: string, postalFsa = "H2X") {
  const email = uniqueEmail(tag);
  await registerViaApi(page.request, email, postalFsa);
  return email;
}

/** Opens the language menu and picks a language; works with and without JavaScript. */
export async function switchLanguage(page: Page, to: "en" | "fr") {
  await page.locator("header details summary").click();
  await page.locator(`header button[name="lng"][value="${to}"]`).click();
  await expect(page.locator("html")).toHaveAttribute("lang", to);
}

/** With JavaScript on, waits until React has hydrated the page (the root marks <html data-hydrated>). */
export async function interactive(page: Page) {
  if (test.info().project.use.javaScriptEnabled === false) return;
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}
