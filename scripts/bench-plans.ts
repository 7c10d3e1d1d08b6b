// Part of `npm run bench` (scripts/bench.mjs, part "plans"): 5,000 plans renewed on a fresh database (issue
// 45). As in the container, one process serves the pages (the Remix build, BENCH_BUILD) and starts the plans'
// cycle job the way its schedule does (plans/cycle-apart: a child process below serving, on its own
// connection), which books and charges every cycle due (the simulated provider's saved cards, off-session),
// while a load generator in another process (scripts/bench-load.mjs) requests `/` the whole time.
// `/`'s throughput is compared in windows of a second, in turn with the job running and with it stopped
// (SIGSTOP, then SIGCONT): both kinds see the same machine at the same minutes, so a neighbour's load moves
// both alike (separate runs before and after the job differed by 15-25 % on the shared machine, more than
// what was measured). Budgets: the job's own time, from the fork to its counts without its stopped windows,
// at most 60 s; `/` while it runs at least 0.9 of `/` while it is stopped. Each plan must end booked, paid
// and charged at the provider exactly once. Prints one JSON line on stdout: the measures, and bench.mjs's
// table rows and failures for them (so bench.mjs only prints them).
//
//   npx remix build && BENCH_PLANS=5000 npx tsx scripts/bench-plans.ts
import fs from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import os from "node:os";
import path from "node:path";
import { STAND_IN_IDENTITY } from "./stand-in-identity.mjs";
import { load as loadFrom, servePages } from "./bench-in-process";

const COUNT = Math.max(1, Number(process.env.BENCH_PLANS ?? 5000));
const BUILD = path.resolve(process.env.BENCH_BUILD ?? "build/index.js");
const PAGE = process.env.BENCH_PLANS_PAGE ?? "/";
const CONNECTIONS = Number(process.env.BENCH_PLANS_CONNECTIONS ?? 10);
/** The windows `/` is measured in, the job running and paused in turn, and the time left after each switch. */
const WINDOW_MS = Number(process.env.BENCH_PLANS_WINDOW_MS ?? 1000);
const SETTLE_MS = 150;
const BUDGET = { ms: 60_000, throughputRatio: 0.9 };

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-plans-"));
process.env.NODE_ENV = "production";
// Production refuses to start with the placeholder identity (issue 43).
Object.assign(process.env, STAND_IN_IDENTITY);
process.env.DATABASE_PATH = path.join(dir, "bench.db");
process.env.SESSION_SECRET ??= "bench-secret";
process.env.APP_URL ??= "http://localhost:3000";
process.env.MAIL_LOG = "0";
process.env.RATE_LIMIT_FACTOR = "100000";
process.env.PAYMENT_PROVIDER = "simulated";
// The build's own outbox worker and schedules stay off: the job timed here is the only one.
process.env.OUTBOX_WORKER = "0";

const { setNow } = await import("../app/lib/clock");
const { addDays, dateKey, weekdayOf, windowEnd, windowStart } = await import("../app/lib/dates");
const { holidayOn } = await import("../app/lib/holidays");
const { cycleDueAt } = await import("../app/lib/plan-dates");
const { sqlite } = await import("../app/services/platform/db.server");
const { planJobPid, runPlanCyclesApart } = await import("../app/services/plans/cycle-apart.server");

/** A working day ten days or so ahead (not a Sunday, not a holiday): the date every plan falls on. */
let date = addDays(dateKey(Date.now()), 10);
while (weekdayOf(date) === 7 || holidayOn(date)) date = addDays(date, 1);
const db = sqlite();
db.transaction(() => {
  db.prepare("INSERT OR IGNORE INTO service_prefixes (fsa, active) VALUES ('H2X', 1)").run();
  const slots = (["morning", "afternoon"] as const).map(
    (window) =>
      db
        .prepare(
          "INSERT INTO pickup_slots (date, window, starts_at, ends_at, max_capacity, service_areas) VALUES (?, ?, ?, ?, ?, '[\"H2X\"]') RETURNING id",
        )
        .get(date, window, windowStart(date, window), windowEnd(date, window), COUNT) as { id: number },
  );
  const past = db
    .prepare(
      "INSERT INTO pickup_slots (date, window, starts_at, ends_at, max_capacity, current_booked, service_areas) VALUES ('2025-01-07', 'morning', 0, 0, ?, ?, '[\"H2X\"]') RETURNING id",
    )
    .get(COUNT, COUNT) as { id: number };
  const user = db.prepare(
    "INSERT INTO users (email, password_hash, first_name, last_name, street_address, city, postal_code, postal_fsa, locale) VALUES (?, 'x', 'Marie', 'Tremblay', '100 Rue Saint-Denis', 'Montréal', 'H2X 3K2', 'H2X', ?) RETURNING id",
  );
  const origin = db.prepare(
    "INSERT INTO pickup_requests (confirmation_number, user_id, pickup_slot_id, bags_requested, list_price_cents, subtotal_cents, gst_cents, qst_cents, total_cents, address, postal_fsa, status, updated_at) VALUES (?, ?, ?, 2, 2000, 1800, 90, 180, 2070, '100 Rue Saint-Denis', 'H2X', 'Completed', 0) RETURNING id",
  );
  const method = db.prepare(
    "INSERT INTO simulated_payment_methods (id, customer_id, behaviour, brand, last4, exp_month, exp_year) VALUES (?, ?, 'succeeds', 'visa', '4242', 12, 2034)",
  );
  const card = db.prepare(
    "INSERT INTO saved_cards (user_id, provider, customer_id, payment_method_id, brand, last4, exp_month, exp_year, consented_at) VALUES (?, 'simulated', ?, ?, 'visa', '4242', 12, 2034, 0) RETURNING id",
  );
  const plan = db.prepare(
    "INSERT INTO pickup_plans (user_id, origin_pickup_id, interval_weeks, bag_count, window, saved_card_id, anchor_date, updated_at) VALUES (?, ?, 4, 2, ?, ?, ?, 0)",
  );
  void slots;
  for (let i = 0; i < COUNT; i++) {
    const { id } = user.get(`bench-${i}@example.ca`, i % 2 ? "fr" : "en") as { id: number };
    const first = origin.get(`PLAN-${String(i).padStart(5, "0")}`, id, past.id) as { id: number };
    method.run(`pm_sim_bench${i}`, `cus_sim_bench${i}`);
    const saved = card.get(id, `cus_sim_bench${i}`, `pm_sim_bench${i}`) as { id: number };
    plan.run(id, first.id, i % 2 ? "afternoon" : "morning", saved.id, addDays(date, -28));
  }
})();

/** Load on `target` from another process (scripts/bench-in-process.ts), for `seconds` or until `stop()`. */
const load = (target: string, seconds: number) => loadFrom(target, CONNECTIONS, seconds);

const server = fs.existsSync(BUILD) ? await servePages(BUILD) : null;
if (!server) console.error(`[bench-plans] no build at ${BUILD}: throughput not measured (npx remix build)`);
const target = server ? `http://127.0.0.1:${(server.address() as { port: number }).port}${PAGE}` : null;
if (target) await load(target, 2).result; // warm-up, not reported

const at = cycleDueAt(date);
setNow(at);
const started = performance.now();
const job = runPlanCyclesApart({ at, fixedClock: true });
let finished = false;
void job.then(
  () => (finished = true),
  () => (finished = true),
);
const during = target ? load(target, 3600) : null;
/** Requests answered and milliseconds measured, in the windows with the job running and with it paused. */
const windows = {
  running: { requests: 0, ms: 0, count: 0, cpuMs: 0 },
  paused: { requests: 0, ms: 0, count: 0, cpuMs: 0 },
};
/** This process's CPU time (it serves the pages), in ms. */
const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
let pausedMs = 0;
const pid = planJobPid();
if (during && pid !== null) {
  // In turn: the job running, then stopped (SIGSTOP), WINDOW_MS each, until it is done. Each window is
  // measured after SETTLE_MS (the switch's own requests in flight left out); a window the job ended in is
  // not counted. Both kinds of window see the same machine at the same minutes and the same database.
  let state: "running" | "paused" = "running";
  let switchedAt = performance.now();
  while (!finished) {
    await sleep(SETTLE_MS);
    const from = { at: performance.now(), requests: await during.count(), cpu: cpuNow() };
    await sleep(WINDOW_MS);
    const to = { at: performance.now(), requests: await during.count(), cpu: cpuNow() };
    if (finished) break;
    windows[state].requests += to.requests - from.requests;
    windows[state].ms += to.at - from.at;
    windows[state].cpuMs += to.cpu - from.cpu;
    windows[state].count++;
    if (state === "running") {
      process.kill(pid, "SIGSTOP");
      state = "paused";
    } else {
      process.kill(pid, "SIGCONT");
      pausedMs += performance.now() - switchedAt;
      state = "running";
    }
    switchedAt = performance.now();
  }
}
const { run, niceness } = await job;
/** The job's own time: from its start to its counts, the windows it was stopped in left out. */
const ms = performance.now() - started - pausedMs;
during?.stop();
if (during) await during.result;
setNow(null);
server?.close();

const counted = (query: string) => (db.prepare(query).get() as { n: number }).n;
const booked = counted("SELECT count(*) AS n FROM plan_cycles WHERE status = 'booked'");
const pickups = counted("SELECT count(*) AS n FROM pickup_requests WHERE plan_id IS NOT NULL");
const paid = counted("SELECT count(*) AS n FROM payments WHERE status = 'succeeded'");
const charged = counted("SELECT count(*) AS n FROM simulated_intents WHERE status = 'succeeded'");
const rate = (w: { requests: number; ms: number }) => (w.ms > 0 ? (w.requests * 1000) / w.ms : null);
const rpsAlone = rate(windows.paused);
const rpsWithJob = rate(windows.running);
const throughputRatio = rpsAlone && rpsWithJob !== null ? rpsWithJob / rpsAlone : null;

const allBooked = run.booked === COUNT && booked === COUNT && pickups === COUNT && paid === COUNT && charged === COUNT;
const inTime = allBooked && ms <= BUDGET.ms;
const steady = throughputRatio !== null && throughputRatio >= BUDGET.throughputRatio;
const rows = [
  [
    `plans: ${COUNT} renewed (booked and charged, simulated provider)`,
    `≤ ${BUDGET.ms / 1000} s`,
    `${(ms / 1000).toFixed(1)} s (${booked} booked, ${paid} paid)`,
    inTime ? "ok" : "FAIL",
  ],
  [
    `plans: GET ${PAGE} req/s, the job running to it stopped`,
    `≥ ${BUDGET.throughputRatio.toFixed(2)}`,
    throughputRatio === null
      ? "not measured"
      : `${throughputRatio.toFixed(2)} (${rpsWithJob!.toFixed(0)} / ${rpsAlone!.toFixed(0)} req/s, ${windows.running.count} + ${windows.paused.count} windows)`,
    steady ? "ok" : "FAIL",
  ],
];
const failures = [
  ...(inTime ? [] : [`Plans: ${booked}/${COUNT} booked and ${paid} paid in ${(ms / 1000).toFixed(1)} s`]),
  ...(steady
    ? []
    : [
        throughputRatio === null
          ? "Plans: page throughput during the job not measured"
          : `Plans: GET ${PAGE} served ${throughputRatio.toFixed(2)} of its throughput with the job running (to it stopped) (budget ${BUDGET.throughputRatio})`,
      ]),
];
console.log(
  JSON.stringify({
    count: COUNT,
    ms,
    run,
    niceness,
    booked,
    pickups,
    paid,
    charged,
    page: PAGE,
    rpsAlone,
    rpsWithJob,
    windows,
    throughputRatio,
    rows,
    failures,
  }),
);
process.exit(0);
