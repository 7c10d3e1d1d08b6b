// Fixtures for the plans' browser tests (issue 45): a pickup booked at checkout with "Repeat every 4 weeks"
// and the consent ticked, and the plans' job run the way an operator runs it (`npm run plans -- --at <ISO>`,
// scripts/plans.ts) on the e2e server's database.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { bookableSlotId, fillCard, residentWithAddress } from "./booking-fixtures";
import { e2eDatabase, query } from "./helpers";
import { E2E_SESSION_SECRET } from "./server-env";

/** A resident who booked 2 bags with `card` and chose "Repeat every 4 weeks": the plan and its first pickup. */
export async function bookWithPlan(page: Page, tag: string, card: string) {
  const email = await residentWithAddress(page, tag);
  const slotId = await bookableSlotId(page);
  await page.goto(`/checkout?bags=2&slotId=${slotId}`);
  await fillCard(page, card);
  await page.locator('input[name="planIntervalWeeks"][value="4"]').check();
  await page.locator('input[name="saveCardConsent"]').check();
  await page.locator('form:has(input[name="saveCardConsent"]) button[type="submit"]').click();
  await expect(page).toHaveURL(/\/confirmation\?confirmationNumber=/);
  const confirmation = new URL(page.url()).searchParams.get("confirmationNumber")!;
  const [plan] = query<{ id: number; date: string }>(
    `select p.id, s.date from pickup_plans p join pickup_requests r on r.id = p.origin_pickup_id
       join pickup_slots s on s.id = r.pickup_slot_id where r.confirmation_number = ?`,
    confirmation,
  );
  expect(plan).toBeTruthy();
  return { email, confirmation, planId: plan!.id, date: plan!.date };
}

/** A date `days` after a YYYY-MM-DD date. */
export function daysAfter(date: string, days: number): string {
  const at = new Date(`${date}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** The lock that keeps the job's runs one at a time across the spec's workers (a folder: mkdir is atomic). */
const runLock = () => path.join("tests", ".tmp", `plans-run-${path.basename(e2eDatabase())}.lock`);
const LOCK_WAIT_MS = 180_000;

function lockRuns(lock: string) {
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  const pause = new Int32Array(new SharedArrayBuffer(4));
  const until = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      // A worker that died holding it: its run ended long ago.
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > LOCK_WAIT_MS) fs.rmSync(lock, { recursive: true, force: true });
      if (Date.now() > until) throw new Error(`the plans' job lock ${lock} was not released`);
      Atomics.wait(pause, 0, 0, 50);
    }
  }
}

/**
 * `npm run plans -- --at <ISO> --plan <id>` on the e2e server's database: what the job did for that plan
 * (a run of every plan at a later pretend time would book and release other tests' plans). Runs are one at
 * a time.
 */
export function runPlans(at: string, planId: number): { run: { booked: number; held: number } } {
  const lock = runLock();
  lockRuns(lock);
  try {
    const result = spawnSync(
      process.execPath,
      ["node_modules/tsx/dist/cli.mjs", "scripts/plans.ts", "--at", at, "--plan", String(planId)],
      {
        env: {
          ...process.env,
          DATABASE_PATH: e2eDatabase(),
          SESSION_SECRET: E2E_SESSION_SECRET,
          ALLOW_GENERATED_SECRET: "1",
          NODE_ENV: "development",
          MAIL_LOG: "0",
        },
        encoding: "utf8",
        timeout: 120_000,
      },
    );
    const last = result.stdout.trim().split("\n").pop() ?? "";
    expect(last.startsWith("{"), `${result.stdout}\n${result.stderr}`).toBe(true);
    return JSON.parse(last);
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}
