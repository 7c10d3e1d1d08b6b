// Part of `npm run bench` (scripts/bench.mjs, part "plans"): 5,000 plans renewed on a fresh database (issue
// 45). As in the container, one process serves the pages (the Remix build, BENCH_BUILD) and starts the plans'
// cycle job the way its schedule does (plans/cycle-apart: a child process niced below serving, on its own
// connection), which books and charges every cycle due (the simulated provider's saved cards, off-session),
// timed from the fork to its counts (budget 60 s), while a load generator in another process
// (scripts/bench-load.mjs) requests `/` the whole time; its throughput then is compared with runs of the
// same length without the job, before and after (budget: at least 0.9). Each plan must end booked, paid and
// charged at the provider exactly once. Prints one JSON line on stdout: the measures, and bench.mjs's table
// rows and failures for them (so bench.mjs only prints them).
//
//   npx remix build && BENCH_PLANS=5000 npx tsx scripts/bench-plans.ts
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { STAND_IN_IDENTITY } from "./stand-in-identity.mjs";
import { load as loadFrom, servePages } from "./bench-in-process";

const COUNT = Math.max(1, Number(process.env.BENCH_PLANS ?? 5000));
const BUILD = path.resolve(process.env.BENCH_BUILD ?? "build/index.js");
const PAGE = process.env.BENCH_PLANS_PAGE ?? "/";
const CONNECTIONS = Number(process.env.BENCH_PLANS_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.BENCH_DURATION ?? 10);
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
const { runPlanCyclesApart } = await import("../app/services/plans/cycle-apart.server");

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
const alone = async () => (target ? (await load(target, SECONDS).result).rps : null);

if (target) await load(target, 2).result; // warm-up, not reported
const before = await alone();

const at = cycleDueAt(date);
setNow(at);
const during = target ? load(target, 3600) : null;
const started = performance.now();
const { run, niceness } = await runPlanCyclesApart({ at, fixedClock: true });
const ms = performance.now() - started;
during?.stop();
const withJob = during ? await during.result : null;
setNow(null);
const after = await alone();
server?.close();

const counted = (query: string) => (db.prepare(query).get() as { n: number }).n;
const booked = counted("SELECT count(*) AS n FROM plan_cycles WHERE status = 'booked'");
const pickups = counted("SELECT count(*) AS n FROM pickup_requests WHERE plan_id IS NOT NULL");
const paid = counted("SELECT count(*) AS n FROM payments WHERE status = 'succeeded'");
const charged = counted("SELECT count(*) AS n FROM simulated_intents WHERE status = 'succeeded'");
const rpsAlone = before !== null && after !== null ? (before + after) / 2 : null;
const throughputRatio = withJob && rpsAlone ? withJob.rps / rpsAlone : null;

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
    `plans: GET ${PAGE} req/s meanwhile, to without them`,
    `≥ ${BUDGET.throughputRatio.toFixed(2)}`,
    throughputRatio === null
      ? "not measured"
      : `${throughputRatio.toFixed(2)} (${withJob!.rps.toFixed(0)} / ${rpsAlone!.toFixed(0)} req/s)`,
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
          : `Plans: GET ${PAGE} served ${throughputRatio.toFixed(2)} of its throughput while they renewed (budget ${BUDGET.throughputRatio})`,
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
    rpsWithJob: withJob?.rps ?? null,
    throughputRatio,
    rows,
    failures,
  }),
);
process.exit(0);
