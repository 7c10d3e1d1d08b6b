// Part of `npm run bench` (scripts/bench.mjs runs it with tsx): 5,000 Scheduled pickups due at 17:00 on a
// fresh database. As in the container, one process serves the pages (the Remix build, BENCH_BUILD) and runs
// the reminder job: it writes them to the outbox (timed: budget 10 s) and the outbox worker's logic delivers
// them to a local SMTP sink in another process (timed: budget 5 minutes), while a load generator in another process
// (scripts/bench-load.mjs) requests a page the whole time. Its throughput then is compared with runs of the
// same length without the job, before and after (budget: within 10 %).
// The clock the job is given is its own (lib/clock in this module graph); the build's pages keep the real one. Prints one JSON line on stdout.
//
//   npx remix build && BENCH_REMINDERS=5000 npx tsx scripts/bench-reminders.ts
import { fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { STAND_IN_IDENTITY } from "./stand-in-identity.mjs";
import { load as loadFrom, servePages } from "./bench-in-process";

const COUNT = Math.max(1, Number(process.env.BENCH_REMINDERS ?? 5000));
const BUILD = path.resolve(process.env.BENCH_BUILD ?? "build/index.js");
const PAGE = process.env.BENCH_REMINDERS_PAGE ?? "/";
const CONNECTIONS = Number(process.env.BENCH_REMINDERS_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.BENCH_DURATION ?? 10);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-reminders-"));
process.env.NODE_ENV = "production";
// Production refuses to start with the placeholder identity (issue 43).
Object.assign(process.env, STAND_IN_IDENTITY);
process.env.DATABASE_PATH = path.join(dir, "bench.db");
process.env.SESSION_SECRET ??= "bench-secret";
process.env.APP_URL ??= "http://localhost:3000";
process.env.MAIL_LOG = "0";
process.env.RATE_LIMIT_FACTOR = "100000";
// The build's own outbox worker and reminder schedule stay off: the job timed here is the only one.
process.env.OUTBOX_WORKER = "0";
const sink = fork(path.join(import.meta.dirname, "bench-sink.ts"), { execArgv: ["--import", "tsx"] });
const ask = <T>(message?: string) =>
  new Promise<T>((resolve) => {
    sink.once("message", (answer) => resolve(answer as T));
    if (message) sink.send(message);
  });
process.env.SMTP_URL = (await ask<{ url: string }>()).url;

const { setNow } = await import("../app/lib/clock");
const { addDays, dateKey, windowEnd, windowStart } = await import("../app/lib/dates");
const { reminderWindow } = await import("../app/lib/reminders");
const { sqlite } = await import("../app/services/platform/db.server");
const { queueDueReminders } = await import("../app/services/notices/reminders.server");
const { deliverDueEmails } = await import("../app/services/platform/outbox.server");

const date = addDays(dateKey(Date.now()), 3);
const db = sqlite();
db.transaction(() => {
  const slots = (["morning", "afternoon"] as const).map(
    (window) =>
      db
        .prepare(
          "INSERT INTO pickup_slots (date, window, starts_at, ends_at, max_capacity, service_areas) VALUES (?, ?, ?, ?, ?, '[]') RETURNING id",
        )
        .get(date, window, windowStart(date, window), windowEnd(date, window), COUNT) as { id: number },
  );
  const user = db.prepare(
    "INSERT INTO users (email, password_hash, first_name, last_name, street_address, city, postal_code, postal_fsa, locale) VALUES (?, 'x', 'Marie', 'Tremblay', '100 Rue Saint-Denis', 'Montréal', 'H2X 3K2', 'H2X', ?) RETURNING id",
  );
  const pickup = db.prepare(
    "INSERT INTO pickup_requests (confirmation_number, user_id, pickup_slot_id, bags_requested, list_price_cents, subtotal_cents, gst_cents, qst_cents, total_cents, address, postal_fsa, updated_at) VALUES (?, ?, ?, 2, 2400, 2400, 120, 239, 2759, '100 Rue Saint-Denis', 'H2X', 0)",
  );
  for (let i = 0; i < COUNT; i++) {
    const { id } = user.get(`bench-${i}@example.ca`, i % 2 ? "fr" : "en") as { id: number };
    pickup.run(`BNCH-${String(i).padStart(5, "0")}`, id, slots[i % 2]!.id);
  }
})();

/** Load on `target` from another process (scripts/bench-in-process.ts), for `seconds` or until `stop()`. */
const load = (target: string, seconds: number) => loadFrom(target, CONNECTIONS, seconds);

const server = fs.existsSync(BUILD) ? await servePages(BUILD) : null;
if (!server) console.error(`[bench-reminders] no build at ${BUILD}: throughput not measured (npx remix build)`);
const target = server ? `http://127.0.0.1:${(server.address() as { port: number }).port}${PAGE}` : null;
const alone = async () => (target ? (await load(target, SECONDS).result).rps : null);

if (target) await load(target, 2).result; // warm-up, not reported
const before = await alone();

const at = reminderWindow(date).from;
setNow(at);
const during = target ? load(target, 3600) : null;
let started = performance.now();
const run = await queueDueReminders(at);
const queueMs = performance.now() - started;
started = performance.now();
const report = await deliverDueEmails();
const deliverMs = performance.now() - started;
during?.stop();
const withJob = during ? await during.result : null;
setNow(null);

const after = await alone();
const throughputRatio = withJob && before !== null && after !== null ? withJob.rps / ((before + after) / 2) : null;
server?.close();
const { received } = await ask<{ received: number }>("count");
sink.disconnect();
console.log(
  JSON.stringify({
    count: COUNT,
    queued: run.emails,
    queueMs,
    delivered: Math.min(report.sent, received),
    deliverMs,
    page: PAGE,
    rpsAlone: before !== null && after !== null ? (before + after) / 2 : null,
    rpsWithJob: withJob?.rps ?? null,
    throughputRatio,
  }),
);
process.exit(0);
