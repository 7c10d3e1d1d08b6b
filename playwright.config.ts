import fs from "node:fs";
import { chromium, defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_DATABASE = `tests/.tmp/e2e-${PORT}.db`;

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
  outputDir: "tests/.tmp/test-results",
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
    { name: "js", use: { javaScriptEnabled: true } },
    { name: "no-js", use: { javaScriptEnabled: false } },
  ],
  webServer: {
    command: `node scripts/e2e-server.mjs`,
    url: `http://localhost:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      DATABASE_PATH: E2E_DATABASE,
      SESSION_SECRET: "e2e-session-secret",
      RATE_LIMIT_FACTOR: "1000",
      MAIL_LOG: "0",
      ADMIN_EMAILS: "ops@recircle-admin.ca",
      SUPPORT_EMAIL: "support@recyclepickup.ca",
    },
  },
});
