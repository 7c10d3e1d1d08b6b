// Part `demand` of `npm run bench` (scripts/bench.mjs runs it with tsx; issue 46): /admin/demand for a whole
// season, the season seed at --scale 10 (about 50,000 pickups) on a fresh database, rendered by the Remix
// build (BENCH_BUILD) in this process. Measures the server CPU (user + system, process.cpuUsage) of the first
// view (budget 300 ms), then the median of BENCH_DEMAND_RUNS more. Prints one JSON line on stdout.
//
//   npx remix build && BENCH_DEMAND_SCALE=10 npx tsx scripts/bench-demand.ts
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import url from "node:url";
import { STAND_IN_IDENTITY } from "./stand-in-identity.mjs";

const SCALE = Math.max(1, Number(process.env.BENCH_DEMAND_SCALE ?? 10));
const RUNS = Math.max(1, Number(process.env.BENCH_DEMAND_RUNS ?? 5));
const BUILD = path.resolve(process.env.BENCH_BUILD ?? "build/index.js");
const AT = Date.parse(process.env.BENCH_DEMAND_AT ?? "2026-11-27T17:00:00Z");

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-demand-"));
process.env.NODE_ENV = "production";
Object.assign(process.env, STAND_IN_IDENTITY);
process.env.DATABASE_PATH = path.join(dir, "bench.db");
process.env.SESSION_SECRET ??= "bench-secret";
process.env.APP_URL ??= "http://localhost:3000";
process.env.MAIL_LOG = "0";

const { seedSeason } = await import("../app/services/ops/season-seed.server");
const { createAdmin } = await import("../app/services/accounts/accounts.server");
const { createUserSession } = await import("../app/services/http/current-user.server");
const { createRequestHandler } = await import("@remix-run/node");

// The seed is for local databases: production is what the pages run as, not what the seed writes for.
const season = seedSeason({ seed: 1, scale: SCALE, at: AT, nodeEnv: "development" });
const admin = await createAdmin("bench-demand@recircle-admin.ca", "a-long-bench-passphrase");
const cookie = (await createUserSession(admin.id)).get("Set-Cookie")!.split(";")[0]!;
const build = await import(url.pathToFileURL(BUILD).href);
const handle = createRequestHandler(build, "production");
// The server's start-up work (the reconcile writes the e-mails of the seed's last two days) runs in this
// process too: it is let finish first, so the view's CPU is the view's alone.
await handle(new Request(`${process.env.APP_URL}/healthz`));
await new Promise((resolve) => setTimeout(resolve, Number(process.env.BENCH_DEMAND_SETTLE_MS ?? 5000)));

// The whole season: the twelve past weeks and the four ahead of the seed's `at`.
const query = "from=2026-08-31&to=2026-12-20";
async function render(n: number) {
  const request = new Request(`${process.env.APP_URL}/admin/demand?${query}&run=${n}`, {
    headers: { Cookie: cookie, "Accept-Language": "en-CA" },
  });
  const before = process.cpuUsage();
  const started = performance.now();
  const response = await handle(request);
  const body = await response.text();
  const cpu = process.cpuUsage(before);
  if (response.status !== 200 || !body.includes("chart-weeks-chart"))
    throw new Error(`/admin/demand answered ${response.status}`);
  return { cpuMs: (cpu.user + cpu.system) / 1000, wallMs: performance.now() - started };
}

const first = await render(0);
const runs = [];
for (let i = 1; i <= RUNS; i++) runs.push(await render(i));
runs.sort((a, b) => a.cpuMs - b.cpuMs);
fs.rmSync(dir, { recursive: true, force: true });
console.log(
  JSON.stringify({
    pickups: season.pickups,
    scale: SCALE,
    firstCpuMs: Math.round(first.cpuMs),
    firstWallMs: Math.round(first.wallMs),
    medianCpuMs: Math.round(runs[Math.floor(runs.length / 2)].cpuMs),
  }),
);
