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
import http from "node:http";
import os from "node:os";
import path from "node:path";
import url from "node:url";
import { STAND_IN_IDENTITY } from "./stand-in-identity.mjs";

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

/** The pages (GET only), served by the build in this very process with Remix's own request handler. */
async function servePages(): Promise<http.Server> {
  const build = await import(url.pathToFileURL(BUILD).href);
  const { createRequestHandler, installGlobals } = await import("@remix-run/node");
  installGlobals({ nativeFetch: build.future.v3_singleFetch });
  const handle = createRequestHandler(build, "production");
  const server = http.createServer((req, res) => {
    const request = new Request(`http://${req.headers.host}${req.url}`, {
      headers: Object.entries(req.headers).flatMap(([name, value]) =>
        typeof value === "string" ? [[name, value] as [string, string]] : [],
      ),
    });
    void handle(request)
      .then(async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      })
      .catch(() => res.writeHead(500).end());
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

type Load = { rps: number; total: number; non2xx: number; errors: number; p99: number; seconds: number };

/** Load on `target` from another process, for `seconds` or until `stop()`. */
function load(target: string, seconds: number) {
  const child = fork(path.join(import.meta.dirname, "bench-load.mjs"), [target, String(CONNECTIONS), String(seconds)]);
  const result = new Promise<Load>((resolve, reject) => {
    child.once("message", (message: Load | { error: string }) =>
      "error" in message ? reject(new Error(message.error)) : resolve(message),
    );
    child.once("exit", (code) => reject(new Error(`the load generator exited ${code}`)));
  });
  return { stop: () => child.send("stop"), result };
}

const server = fs.existsSync(BUILD) ? await servePages() : null;
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
