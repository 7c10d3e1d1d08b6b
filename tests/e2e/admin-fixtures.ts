// Fixtures for the admin screens: the admin account (made by `npm run create-admin`'s script on the e2e
// server's database: ADMIN_EMAILS grants nothing by itself), a second browser for the resident, pickups
// due today (the booking flow only books 24 hours ahead) and CSV downloads.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import Database from "better-sqlite3";
import { expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { e2eDatabase, PASSWORD, query } from "./helpers";
import { E2E_SESSION_SECRET } from "./server-env";

export const ADMIN_EMAIL = "ops@recircle-admin.ca";

/**
 * `npm run create-admin -- <email> <password>` (scripts/create-admin.ts, the server-access way to make an
 * admin) run on a server's database file. Two workers may run it at once: the loser's insert fails on the
 * unique address, and the account exists all the same.
 */
export function createAdminWithScript(dbFile: string, email: string, password = PASSWORD) {
  try {
    execFileSync("node_modules/.bin/tsx", ["scripts/create-admin.ts", email, password], {
      env: { ...process.env, DATABASE_PATH: dbFile, SESSION_SECRET: E2E_SESSION_SECRET, NODE_ENV: "development" },
      stdio: "pipe",
    });
  } catch (error) {
    if (!String((error as { stderr?: Buffer }).stderr ?? "").includes("UNIQUE")) throw error;
  }
}

/** Signs `request` in as the admin, creating the account with create-admin's script the first time. */
export async function signInAdmin(request: APIRequestContext) {
  const login = () => request.post("/api/auth/login", { data: { email: ADMIN_EMAIL, password: PASSWORD } });
  if ((await login()).status() !== 200) {
    createAdminWithScript(e2eDatabase(), ADMIN_EMAIL);
    expect((await login()).status()).toBe(200);
  }
  const me = await (await request.get("/api/auth/me")).json();
  expect(me).toMatchObject({ email: ADMIN_EMAIL, isAdmin: true });
}

/** A second, separate browser session (same JavaScript setting and language as the test's). */
export async function otherBrowser(
  browser: Browser,
  options: { baseURL?: string; javaScriptEnabled?: boolean; locale?: string },
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: options.baseURL,
    javaScriptEnabled: options.javaScriptEnabled,
    locale: options.locale,
    // The API calls made through this page (sign-up) carry the language too, as a browser's would.
    extraHTTPHeaders: options.locale ? { "Accept-Language": options.locale } : undefined,
    viewport: { width: 390, height: 844 },
  });
  return context.newPage();
}

/** Today in Montreal, 'YYYY-MM-DD'. */
export function montrealToday(): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/New_York",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date());
}

/** Montreal's date `days` from today, 'YYYY-MM-DD'. */
export function montrealDate(days: number): string {
  const today = new Date(`${montrealToday()}T12:00:00Z`);
  return new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

let serial = 0;
/**
 * A scheduled 2-bag pickup for this resident on any date, written straight into the e2e database as a
 * booking made earlier would have left it: the checkout only books from 24 hours to one month ahead,
 * and tests that close a date or mark pickups must not touch the slots other tests are booking.
 */
export function scheduledPickup(email: string, date: string, window: "morning" | "afternoon", street: string) {
  const db = new Database(e2eDatabase(), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const now = Date.now();
    const startsAt = Date.parse(`${date}T${window === "morning" ? "13" : "18"}:00:00Z`);
    db.prepare(
      "insert or ignore into pickup_slots (date, window, starts_at, ends_at, max_capacity, current_booked, service_areas, closed, created_at) values (?, ?, ?, ?, 12, 0, '[]', 0, ?)",
    ).run(date, window, startsAt, startsAt + 4 * 3600_000, now);
    const slot = db.prepare("select id from pickup_slots where date = ? and window = ?").get(date, window) as {
      id: number;
    };
    const user = db.prepare("select id from users where email = ?").get(email.toLowerCase()) as { id: number };
    serial += 1;
    const confirmation =
      `T${Date.now().toString(36).slice(-3)}${serial}-${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
    // The place and the pickup at once, as a booking takes them (a spec reading the slot's count between
    // the two would see a place nobody holds).
    db.transaction(() => {
      db.prepare("update pickup_slots set current_booked = current_booked + 1 where id = ?").run(slot.id);
      db.prepare(
        `insert into pickup_requests (confirmation_number, user_id, pickup_slot_id, bags_requested, list_price_cents, subtotal_cents,
          gst_cents, qst_cents, total_cents, address, postal_fsa, status, created_at, updated_at)
         values (?, ?, ?, 2, 2000, 1800, 90, 180, 2070, ?, 'H2X', 'Scheduled', ?, ?)`,
      ).run(confirmation, user.id, slot.id, `${street}, Unit 4, Montréal, QC H2X 3K2`, now - 3 * 86_400_000, now);
    })();
    return { confirmation, slotId: slot.id };
  } finally {
    db.close();
  }
}

/**
 * Issue 47: the door's pages for the walks. On a past date of `days` (before today), one scheduled pickup
 * (its Completed confirm step, with the bags collected and the refused items, at `confirmPath(base)`) and
 * one Completed with 3 of its 4 bags collected, a propane tank and an "other" item left at the door.
 */
export function doorPickups(email: string, days: number) {
  const date = montrealDate(days);
  const open = scheduledPickup(email, date, "morning", "77 Rue Beaubien Est");
  const done = scheduledPickup(email, date, "morning", "79 Rue Beaubien Est");
  const db = new Database(e2eDatabase(), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const id = (confirmation: string) =>
      (db.prepare("select id from pickup_requests where confirmation_number = ?").get(confirmation) as { id: number })
        .id;
    db.prepare(
      "update pickup_requests set status = 'Completed', bags_requested = 4, bags_collected = 3 where confirmation_number = ?",
    ).run(done.confirmation);
    const insert = db.prepare(
      "insert or ignore into refused_items (pickup_request_id, item, note, recorded_at) values (?, ?, ?, ?)",
    );
    insert.run(id(done.confirmation), "propane", null, Date.now());
    insert.run(
      id(done.confirmation),
      "other",
      "Une très longue note : pot de peinture ouvert, sans couvercle",
      Date.now(),
    );
    const openId = id(open.confirmation);
    return {
      date,
      completed: done.confirmation,
      confirmPath: (base: "/driver" | "/admin/day") => `${base}?date=${date}&confirm=${openId}&mark=Completed`,
    };
  } finally {
    db.close();
  }
}

/** A scheduled pickup due today (nothing can be booked for today through the checkout). */
export function pickupDueToday(email: string, window: "morning" | "afternoon", street: string): string {
  return scheduledPickup(email, montrealToday(), window, street).confirmation;
}

/**
 * Clicks a download link and returns the file's text (BOM kept) and suggested name. A click the browser lost
 * (once in CI, a JavaScript page's click started no download in 60 s, while the same file answered at once to
 * the retry) is clicked again once after 15 s, after checking that the link's file answers at all: a file that
 * does not answer still fails the test.
 */
export async function download(page: Page, link: ReturnType<Page["getByRole"]>) {
  const started = async (timeout?: number) => {
    const [file] = await Promise.all([page.waitForEvent("download", { timeout }), link.click()]);
    return file;
  };
  const file = await started(15_000).catch(async () => {
    const href = await link.getAttribute("href");
    expect((await page.request.get(href!)).status()).toBe(200);
    return started();
  });
  const path = await file.path();
  return { name: file.suggestedFilename(), text: fs.readFileSync(path!, "utf8") };
}

export function promoStatsFromDb() {
  return query<{ used: number; savings: number; redemptions: number }>(
    `select sum(case when pickup_request_id is not null then 1 else 0 end) as used,
            coalesce(sum(case when pickup_request_id is not null then discount_cents else 0 end), 0) as savings,
            count(*) as redemptions
       from promo_redemptions`,
  )[0]!;
}

/**
 * A confidentiality incident in the register (issue 34; issue 43 part 6), recorded by the admin as
 * /admin/privacy records it: the entry and its first version. Returns the entry's number.
 */
export function recordedIncident(circumstances: string): number {
  const db = new Database(e2eDatabase(), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const admin = db.prepare("select id from users where email = ?").get(ADMIN_EMAIL) as { id: number };
    const state = {
      personalInfo: "Names, street addresses and phone numbers of the day's residents",
      personalInfoUnknownReason: "",
      circumstances,
      occurredOn: montrealDate(-3),
      occurredUntil: null,
      occurredApproximate: false,
      discoveredOn: montrealDate(-2),
      personsConcerned: 12,
      personsApproximate: true,
      risk: "serious",
      riskReasoning: "Home addresses with phone numbers: enough to find and call the residents.",
      commissionNotifiedOn: montrealDate(-1),
      commissionNotNotifiedReason: "",
      personsNotifiedOn: null,
      personsNotNotifiedReason: "",
      publicNoticeOn: null,
      publicNoticeReason: "",
      measures: "Passwords reset; the residents concerned were written to.",
    };
    const at = Date.now();
    return db.transaction(() => {
      const { id } = db
        .prepare(
          `insert into privacy_incidents (personal_info, personal_info_unknown_reason, circumstances, occurred_on,
            occurred_until, occurred_approximate, discovered_on, persons_concerned, persons_approximate, risk,
            risk_reasoning, commission_notified_on, commission_not_notified_reason, persons_notified_on,
            persons_not_notified_reason, public_notice_on, public_notice_reason, measures, version, recorded_by,
            created_at, updated_at)
           values (@personalInfo, @personalInfoUnknownReason, @circumstances, @occurredOn, @occurredUntil,
            @occurredApproximate, @discoveredOn, @personsConcerned, @personsApproximate, @risk, @riskReasoning,
            @commissionNotifiedOn, @commissionNotNotifiedReason, @personsNotifiedOn, @personsNotNotifiedReason,
            @publicNoticeOn, @publicNoticeReason, @measures, 1, @admin, @at, @at) returning id`,
        )
        .get({
          ...state,
          occurredApproximate: 0,
          personsApproximate: 1,
          admin: admin.id,
          at,
        }) as { id: number };
      db.prepare(
        `insert into privacy_incident_versions (incident_id, version, state, changed_by, changed_at)
         values (?, 1, ?, ?, ?)`,
      ).run(id, JSON.stringify(state), admin.id, at);
      return id;
    })();
  } finally {
    db.close();
  }
}

/** A second version of an incident from `recordedIncident`, as its page saves one: the facts as they came in. */
export function revisedIncident(id: number) {
  const db = new Database(e2eDatabase(), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const admin = db.prepare("select id from users where email = ?").get(ADMIN_EMAIL) as { id: number };
    const first = db
      .prepare("select state from privacy_incident_versions where incident_id = ? and version = 1")
      .get(id) as {
      state: string;
    };
    const state = {
      ...(JSON.parse(first.state) as Record<string, unknown>),
      personsConcerned: 14,
      personsApproximate: false,
      personsNotifiedOn: montrealDate(-1),
    };
    const at = Date.now();
    db.transaction(() => {
      db.prepare(
        `update privacy_incidents set persons_concerned = 14, persons_approximate = 0, persons_notified_on = ?,
          version = 2, updated_at = ? where id = ?`,
      ).run(montrealDate(-1), at, id);
      db.prepare(
        `insert into privacy_incident_versions (incident_id, version, state, changed_by, changed_at)
         values (?, 2, ?, ?, ?)`,
      ).run(id, JSON.stringify(state), admin.id, at);
    })();
  } finally {
    db.close();
  }
}

/**
 * Issue 45, /admin/plans: plans of `email` in the postal prefix `prefix` (one first pickup each, on a past
 * date), written as the checkout and the plans' job leave them: every 4 weeks two active, one paused, one
 * stopped; every 8 weeks one active and one waiting for payment. The first 4-week plan's next cycle is booked
 * for today (its pickup on today's morning slot, marked as the plan's), the 8-week one's is held for payment
 * in two days. Returns the booked pickup's confirmation number and the held cycle's date.
 */
export function plansAtPrefix(email: string, prefix: string) {
  const db = new Database(e2eDatabase(), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const now = Date.now();
    const user = db.prepare("select id from users where email = ?").get(email.toLowerCase()) as { id: number };
    const slotOn = (date: string, window: "morning" | "afternoon") => {
      const startsAt = Date.parse(`${date}T${window === "morning" ? "13" : "18"}:00:00Z`);
      db.prepare(
        "insert or ignore into pickup_slots (date, window, starts_at, ends_at, max_capacity, current_booked, service_areas, closed, created_at) values (?, ?, ?, ?, 12, 0, '[]', 0, ?)",
      ).run(date, window, startsAt, startsAt + 4 * 3600_000, now);
      return (
        db.prepare("select id from pickup_slots where date = ? and window = ?").get(date, window) as { id: number }
      ).id;
    };
    const pickup = db.prepare(
      `insert into pickup_requests (confirmation_number, user_id, pickup_slot_id, bags_requested, list_price_cents, subtotal_cents,
        gst_cents, qst_cents, total_cents, address, postal_fsa, status, plan_id, created_at, updated_at)
       values (?, ?, ?, 2, 2000, 1800, 90, 180, 2070, ?, ?, ?, ?, ?, ?) returning id`,
    );
    const number = (tag: string) => `${prefix}${tag}-${now.toString(36).slice(-5)}`.toUpperCase();
    const past = slotOn("2025-01-07", "morning");
    const plan = db.prepare(
      `insert into pickup_plans (user_id, origin_pickup_id, interval_weeks, bag_count, window, status, anchor_date,
        paused_until, stopped_at, created_at, updated_at) values (?, ?, ?, 2, 'morning', ?, '2025-01-07', ?, ?, ?, ?) returning id`,
    );
    const cycle = db.prepare(
      `insert into plan_cycles (plan_id, cycle_date, status, pickup_request_id, idempotency_key, hold_expires_at, slot_id,
        bags, amount_cents, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, 2, 2070, ?, ?)`,
    );
    return db.transaction(() => {
      const plans: Record<string, number> = {};
      const specs = [
        ["A1", 4, "active"],
        ["A2", 4, "active"],
        ["P1", 4, "paused"],
        ["S1", 4, "stopped"],
        ["A3", 8, "active"],
        ["N1", 8, "payment_needed"],
      ] as const;
      for (const [tag, weeks, status] of specs) {
        const origin = pickup.get(number(tag), user.id, past, "1 Rue Test", prefix, "Completed", null, now, now) as {
          id: number;
        };
        const pausedUntil = status === "paused" ? montrealDate(30) : null;
        const stoppedAt = status === "stopped" ? now : null;
        plans[tag] = (
          plan.get(user.id, origin.id, weeks, status, pausedUntil, stoppedAt, now, now) as { id: number }
        ).id;
      }
      const today = montrealToday();
      const todaySlot = slotOn(today, "morning");
      const booked = number("B");
      const next = pickup.get(booked, user.id, todaySlot, "1 Rue Test", prefix, "Scheduled", plans.A1, now, now) as {
        id: number;
      };
      db.prepare("update pickup_slots set current_booked = current_booked + 1 where id = ?").run(todaySlot);
      cycle.run(plans.A1, today, "booked", next.id, `plan-${plans.A1}-${today}`, null, todaySlot, now, now);
      const heldDate = montrealDate(2);
      const heldSlot = slotOn(heldDate, "morning");
      const holdUntil = now + 24 * 3600_000;
      cycle.run(
        plans.N1,
        heldDate,
        "payment_needed",
        null,
        `plan-${plans.N1}-${heldDate}`,
        holdUntil,
        heldSlot,
        now,
        now,
      );
      return { booked, heldDate };
    })();
  } finally {
    db.close();
  }
}
