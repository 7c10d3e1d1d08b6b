// Shared helpers for the browser tests: unique addresses, the e2e database (read-only peeks at the
// outbox and rows), and residents written straight into the database (user row, session row and the
// signed session cookie) when a test is not about signing up or signing in.
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import Database from "better-sqlite3";
import { createCookie } from "@remix-run/node";
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { hashPassword } from "../../app/services/accounts/passwords.server";
import { E2E_SESSION_SECRET } from "./server-env";

/**
 * The database of the server the running test talks to: each web server of playwright.config.ts keeps
 * `tests/.tmp/e2e-{port}.db` (the admin tests have a server of their own, so their counts are exact).
 */
export function e2eDatabase(): string {
  return `tests/.tmp/e2e-${new URL(baseURLOf()).port}.db`;
}
export const PASSWORD = "recycle-42";

/** A driver account, made the way a server's operator makes one (`npm run create-admin -- --role driver`). */
export function createDriver(email: string) {
  execFileSync("node_modules/.bin/tsx", ["scripts/create-admin.ts", "--role", "driver", email, PASSWORD], {
    env: { ...process.env, DATABASE_PATH: e2eDatabase(), SESSION_SECRET: E2E_SESSION_SECRET, NODE_ENV: "development" },
    stdio: "pipe",
  });
}

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
 * A new account through the JSON API, signed in on `request`'s cookies: for the tests about signing up
 * and for a standalone `request` (whose cookies only the server can set). It has completed onboarding
 * unless `onboarded` is false, so tests that are not about the guide are not sent to /onboarding.
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

export type Profile = {
  firstName: string;
  lastName: string;
  streetAddress: string;
  unit: string;
  city: string;
  province: string;
  postalCode: string;
};

export type ResidentOptions = {
  /** The address; `uniqueEmail(tag)` when none is given. */
  email?: string;
  tag?: string;
  /** PASSWORD unless given, so a test can still sign in through the pages. */
  password?: string;
  /** The prefix given at sign-up; a profile's postal code sets its own. */
  postalFsa?: string;
  /** Past the onboarding guide unless false. */
  onboarded?: boolean;
  /** The account's language (its e-mails); when signing a page in, the language its requests get. */
  locale?: "en" | "fr";
  /** Name and address, as the profile page saves them (the prefix follows the postal code). */
  profile?: Partial<Profile>;
};

export type Resident = { id: number; email: string };

/** Opens the e2e database for writing; the server has it open too (WAL), so writers wait their turn. */
export function writeDatabase<T>(work: (db: Database.Database) => T): T {
  const db = new Database(e2eDatabase(), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 10000");
    return work(db);
  } finally {
    db.close();
  }
}

/** The app's scrypt format (passwords.server.ts), hashed once per password and worker: salts may repeat in tests. */
const hashes = new Map<string, Promise<string>>();
function passwordHash(password: string): Promise<string> {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
}

/** "h2x3k2" → "H2X 3K2", as the profile form saves it. */
function postalCodeOf(raw: string): string {
  const compact = raw.replace(/\s+/g, "").toUpperCase();
  return compact.length === 6 ? `${compact.slice(0, 3)} ${compact.slice(3)}` : compact;
}

/**
 * A resident's row in the users table, as sign-up (and the profile page, when `profile` is given) would
 * leave it. No session: the test signs in through the pages, or calls `signInAs`.
 */
export async function insertResident(options: ResidentOptions = {}): Promise<Resident> {
  const email = (options.email ?? uniqueEmail(options.tag ?? "resident")).toLowerCase();
  const hash = await passwordHash(options.password ?? PASSWORD);
  const profile = options.profile ?? {};
  const postalCode = profile.postalCode === undefined ? "" : postalCodeOf(profile.postalCode);
  const postalFsa = postalCode ? postalCode.slice(0, 3) : (options.postalFsa ?? "H2X").toUpperCase();
  const id = writeDatabase(
    (db) =>
      db
        .prepare(
          `insert into users (email, password_hash, role, first_name, last_name, street_address, unit, city, province,
             postal_code, postal_fsa, has_completed_onboarding, locale, created_at)
           values (?, ?, 'resident', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
        )
        .get(
          email,
          hash,
          profile.firstName ?? "",
          profile.lastName ?? "",
          profile.streetAddress ?? "",
          profile.unit ?? "",
          profile.city ?? "",
          profile.province ?? "QC",
          postalCode,
          postalFsa,
          options.onboarded === false ? 0 : 1,
          options.locale ?? "en",
          Date.now(),
        ) as { id: number },
  ).id;
  return { id, email };
}

const SESSION_DAYS = 30;
const sessionCookie = createCookie("__session", { secrets: [E2E_SESSION_SECRET] });

/**
 * A session row for this user, as signing in writes it (session.server.ts), and the value of its
 * `__session` cookie: the row's id signed with the servers' secret.
 */
export async function insertSession(userId: number): Promise<string> {
  const id = crypto.randomBytes(24).toString("base64url");
  const now = Date.now();
  writeDatabase((db) =>
    db
      .prepare("insert into sessions (id, user_id, data, expires_at, created_at) values (?, ?, ?, ?, ?)")
      .run(id, userId, JSON.stringify({ userId }), now + SESSION_DAYS * 86_400_000, now),
  );
  const header = await sessionCookie.serialize(id);
  return header.slice("__session=".length, header.indexOf(";"));
}

function baseURLOf(): string {
  return test.info().project.use.baseURL ?? `http://localhost:${process.env.E2E_PORT ?? 3100}`;
}

/**
 * The language the server answers this browser context in (its Accept-Language or lng cookie). Asked by a
 * page of the context, not by `context.request`: Playwright's API requests do not send the context's locale,
 * and a request with no language preference is answered in French. A context made by browser.newPage()
 * takes no second page: it is asked with the project's locale, as its browser would send.
 */
async function languageOf(context: BrowserContext): Promise<"en" | "fr"> {
  const probe = await context.newPage().catch(() => null);
  let html = "";
  if (probe) {
    try {
      html = (await (await probe.goto(baseURLOf(), { waitUntil: "commit" }))?.text()) ?? "";
    } finally {
      await probe.close();
    }
  } else {
    const acceptLanguage = test.info().project.use.locale ?? "en-CA";
    const response = await context.request.get(baseURLOf(), {
      maxRedirects: 0,
      headers: { "Accept-Language": acceptLanguage },
    });
    html = await response.text();
  }
  const lang = /<html[^>]*\slang="([a-z]+)"/.exec(html)?.[1];
  return lang === "fr" ? "fr" : "en";
}

/**
 * Signs the page's browser context (and so `page.request`) in as a new resident, written straight into
 * the database with its session: no sign-up through the API before every test. Onboarded unless asked
 * otherwise; the account's language is the one the server answers this context in, as at sign-up.
 */
export async function signInAs(target: Page | BrowserContext, options: ResidentOptions = {}): Promise<Resident> {
  const context = "context" in target ? target.context() : target;
  const locale = options.locale ?? (await languageOf(context));
  const resident = await insertResident({ ...options, locale });
  const value = await insertSession(resident.id);
  await context.addCookies([
    { name: "__session", value, url: baseURLOf(), httpOnly: true, sameSite: "Lax", secure: false },
  ]);
  return resident;
}

/** The page's browser context is signed in as a new resident. */
export async function signedInResident(page: Page, tag: string, postalFsa = "H2X") {
  return (await signInAs(page, { tag, postalFsa })).email;
}

/** Opens the language menu and picks a language; works with and without JavaScript. */
export async function switchLanguage(page: Page, to: "en" | "fr") {
  // The language menu's own <details> (a signed-in header has the bell's too).
  await page.locator('header details:has(button[name="lng"]) summary').click();
  await page.locator(`header button[name="lng"][value="${to}"]`).click();
  await expect(page.locator("html")).toHaveAttribute("lang", to);
}

/** With JavaScript on, waits until React has hydrated the page (the root marks <html data-hydrated>). */
export async function interactive(page: Page) {
  if (test.info().project.use.javaScriptEnabled === false) return;
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}
