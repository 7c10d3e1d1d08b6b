import fs from "node:fs";
import { chromium, defineConfig } from "@playwright/test";
import { E2E_SESSION_SECRET } from "./tests/e2e/server-env";

const PORT = Number(process.env.E2E_PORT ?? 3100);
// The thread that hashes passwords runs at niceness 10 in production so that pages go first (issue 44); here
// the servers and the workers share two CPUs with Chromium, at 0, and a niced hash would wait behind it. Set
// before the servers start and inherited by them, the workers and the servers the specs start themselves.
process.env.PASSWORD_HASH_NICENESS ??= "0";
/** The admin tests count every promo code and open postal prefixes: they get a server and database of their own. */
const ADMIN_PORT = PORT + 1;
const ADMIN_SPEC = /admin\.spec\.ts$/;

/** Playwright's own Chromium when it is installed, else the system one (Debian's chromium package). */
function executablePath(): string | undefined {
  if (process.env.PW_CHROMIUM_PATH) return process.env.PW_CHROMIUM_PATH;
  try {
    const own = chromium.executablePath();
    if (own && fs.existsSync(own)) return undefined;
  } catch {
    // fall through
  }
  return fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined;
}

const launchOptions = {
  executablePath: executablePath(),
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  // Runs on other ports (E2E_PORT) keep their traces apart, so parallel runs do not delete each other's.
  outputDir: process.env.E2E_PORT ? `tests/.tmp/test-results-${PORT}` : "tests/.tmp/test-results",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    viewport: { width: 390, height: 844 },
    locale: "en-CA",
    trace: "retain-on-failure",
    launchOptions,
  },
  projects: [
    { name: "js", testIgnore: ADMIN_SPEC, use: { javaScriptEnabled: true } },
    { name: "no-js", testIgnore: ADMIN_SPEC, use: { javaScriptEnabled: false } },
    // One admin test at a time, JavaScript on then off, so that each sees exact statistics.
    {
      name: "admin-js",
      testMatch: ADMIN_SPEC,
      fullyParallel: false,
      use: { javaScriptEnabled: true, baseURL: `http://localhost:${ADMIN_PORT}` },
    },
    {
      name: "admin-no-js",
      testMatch: ADMIN_SPEC,
      fullyParallel: false,
      dependencies: ["admin-js"],
      use: { javaScriptEnabled: false, baseURL: `http://localhost:${ADMIN_PORT}` },
    },
  ],
  webServer: [PORT, ADMIN_PORT].map((port) => ({
    command: `node scripts/e2e-server.mjs`,
    url: `http://localhost:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      DATABASE_PATH: `tests/.tmp/e2e-${port}.db`,
      // The fixture that signs residents in (tests/e2e/helpers.ts signInAs) signs their cookies with it.
      SESSION_SECRET: E2E_SESSION_SECRET,
      RATE_LIMIT_FACTOR: "1000",
      MAIL_LOG: "0",
      // Pre-authorised only: they are e-mailed an invitation (tests/e2e/admin-invitations.spec.ts); the admin
      // of the admin tests is made by create-admin's script (tests/e2e/admin-fixtures.ts).
      ADMIN_EMAILS: "listed-js@recircle-admin.ca,listed-no-js@recircle-admin.ca",
      // The business's identity (SUPPORT_EMAIL...): scripts/e2e-server.mjs sets the stand-in's.
    },
  })),
});
