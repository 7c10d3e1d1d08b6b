// Throughput runs (autocannon) of a target between two runs of its floor, and their rows in the table.
import crypto from "node:crypto";
import fs from "node:fs";
import autocannon from "autocannon";
import { CONNECTIONS, DURATION, JSON_ACCEPT, WARMUP, log } from "./config.mjs";
import { cpu, kb, ms, ratio } from "./table.mjs";
import { ALL_TARGETS, FLOORS } from "./targets.mjs";

/** CPU time (user + system, every thread: compression runs on libuv's pool) a process has used, in ms. */
function cpuMsOf(pid) {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in clock ticks
    // (100 a second on Linux).
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/**
 * When autocannon stops, the requests it leaves unanswered are still served: wait about as long as the
 * server needs for them (one request per connection at the rate just seen), so they weigh on no other run.
 */
const drain = (result) =>
  new Promise((r) =>
    setTimeout(r, Math.min(10_000, (1000 * CONNECTIONS) / Math.max(1, result.requests.average) + 250)),
  );

/** The path of `url` with the query parameter `vary` set to `n` (the URL's own query kept). */
function varied(url, vary, n) {
  const u = new URL(url);
  u.searchParams.set(vary, String(n));
  return u.pathname + u.search;
}

/**
 * One throughput run after a warm-up; with the server's pid, also its CPU time per answered request. With
 * `vary`, each request's URL has that query parameter with a new number.
 */
export async function cannon(url, headers = {}, pid = null, vary = null) {
  let sent = 0;
  const requests = vary
    ? [{ setupRequest: (request) => ({ ...request, path: varied(url, vary, ++sent) }) }]
    : undefined;
  const options = { url, connections: CONNECTIONS, headers, requests };
  if (WARMUP > 0) await drain(await autocannon({ ...options, duration: WARMUP })); // not reported
  const cpuBefore = pid && cpuMsOf(pid);
  const result = await autocannon({ ...options, duration: DURATION });
  const cpuAfter = pid && cpuMsOf(pid);
  await drain(result);
  const cpuMs =
    cpuBefore != null && cpuAfter != null && result.requests.total
      ? (cpuAfter - cpuBefore) / result.requests.total
      : null;
  return { ...summary(result), cpuMs };
}

export function summary(result) {
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    // autocannon counts a timed-out request among its errors too
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

const average = (runs) => ({
  rps: runs.reduce((n, r) => n + r.rps, 0) / runs.length,
  p50: runs.reduce((n, r) => n + r.p50, 0) / runs.length,
  p99: runs.reduce((n, r) => n + r.p99, 0) / runs.length,
  total: runs.reduce((n, r) => n + r.total, 0),
  cpuMs: runs.every((r) => r.cpuMs != null) ? runs.reduce((n, r) => n + r.cpuMs, 0) / runs.length : null,
  non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
  errors: runs.reduce((n, r) => n + r.errors, 0),
});

/**
 * Each target between two runs of its floor (floor, target, floor, next target, floor ...: a floor run
 * serves the targets on both sides of it), its ratios taken to the mean of the two floor runs around it,
 * so the machine's drift during the run weighs on both sides alike. Before its run, each target's answer is
 * checked once (status 200 and its marker in the body: the page, not a redirect or an error page). `setup`:
 * the origins and pids of the app and the floor, the resident, the context of the targets' paths (targetContext).
 */
/**
 * Load on every target and its floor for WARMUP seconds each, not reported: a fresh server's first lines would
 * otherwise count the optimizing compiler's first work on the code they are the first to run (on one pinned CPU
 * its threads share the CPU, and the CPU time is all threads'). `onecpu` starts fresh servers; the two-core part's
 * first-view lines come after its repeated views have run the same code.
 */
export async function warmUp(setup, targets) {
  const { origin, floorOrigin, resident, context } = setup;
  if (WARMUP <= 0) return;
  const floorsWarmed = new Set();
  for (const target of targets) {
    const floor = FLOORS[target.floor];
    const path = typeof target.path === "function" ? target.path(context) : target.path;
    const floorPath = floor.path(context.apiBytes[target.path]);
    const headers = { ...floor.headers, ...(target.resident ? { Cookie: resident.cookieHeader } : {}) };
    const url = origin + path;
    let sent = 0;
    const requests = target.vary
      ? [{ setupRequest: (request) => ({ ...request, path: varied(url, target.vary, `w${++sent}`) }) }]
      : undefined;
    await drain(await autocannon({ url, connections: CONNECTIONS, headers, requests, duration: WARMUP }));
    if (floorsWarmed.has(floorPath)) continue;
    floorsWarmed.add(floorPath);
    await drain(
      await autocannon({
        url: floorOrigin + floorPath,
        connections: CONNECTIONS,
        headers: floor.headers,
        duration: WARMUP,
      }),
    );
  }
}

export async function measureThroughput(setup, targets) {
  const { origin, floorOrigin, resident, serverPid, floorPid, context } = setup;
  const floorRuns = new Map();
  const previous = new Map();
  const results = [];
  const refused = [];
  for (const target of targets) {
    const floor = FLOORS[target.floor];
    const path = typeof target.path === "function" ? target.path(context) : target.path;
    const floorPath = floor.path(context.apiBytes[target.path]);
    const headers = { ...floor.headers, ...(target.resident ? { Cookie: resident.cookieHeader } : {}) };
    const checked = await checkAnswer(origin, target.vary ? varied(origin + path, target.vary, 0) : path, headers);
    const marker = target.marker?.(context);
    if (checked.status !== 200 || (marker && !checked.text.includes(marker))) {
      refused.push(
        `${target.label}: ${path} answered ${checked.status}${checked.location ? ` → ${checked.location}` : ""}${
          marker && !checked.text.includes(marker) ? `, without ${marker}` : ""
        } (not the page: not measured)`,
      );
      continue;
    }
    if (!floorRuns.has(floorPath)) floorRuns.set(floorPath, { kind: target.floor, runs: [] });
    if (!previous.has(floorPath)) {
      log(`throughput ${floorOrigin}${floorPath} (floor)`);
      const first = await cannon(floorOrigin + floorPath, floor.headers, floorPid);
      previous.set(floorPath, first);
      floorRuns.get(floorPath).runs.push(first);
    }
    log(`throughput ${origin}${path}${target.vary ? ` (each ${target.vary} new)` : ""}`);
    const run = await cannon(origin + path, headers, serverPid, target.vary);
    log(`throughput ${floorOrigin}${floorPath} (floor)`);
    const after = await cannon(floorOrigin + floorPath, floor.headers, floorPid);
    floorRuns.get(floorPath).runs.push(after);
    results.push({ target, path, floorPath, run, floor: average([previous.get(floorPath), after]) });
    previous.set(floorPath, after);
  }
  const floors = [...floorRuns].map(([floorPath, { kind, runs }]) => ({ floorPath, kind, ...average(runs) }));
  return { results, floors, refused };
}

/** One request as the load tool sends it, redirects not followed: its status, location and body. */
async function checkAnswer(origin, path, headers) {
  const response = await fetch(origin + path, { headers, redirect: "manual" });
  return { status: response.status, location: response.headers.get("location"), text: await response.text() };
}

/**
 * What the targets' paths are made of, read from the app as the resident sees it: a bookable date with windows,
 * a checkout of a bookable slot (its id new, as one arriving from /booking), the resident's booked pickup, a word
 * from the materials' list, and the byte size of each API endpoint's JSON body (for the same-size floor).
 */
export async function targetContext(origin, resident, { checkoutSlot, windowsDate, confirmationNumber }) {
  const materials = await resident.expect("GET", "/api/materials", undefined, 200);
  const list = Array.isArray(materials) ? materials : (materials.materials ?? Object.values(materials).flat());
  const words = list
    .flatMap((m) => String(m?.name ?? m?.nameFr ?? m?.title ?? "").split(/[^\p{L}]+/u))
    .filter((w) => w.length >= 4);
  const apiBytes = {};
  for (const api of ALL_TARGETS.filter((t) => t.api).map((t) => t.path)) {
    const response = await fetch(origin + api, {
      headers: { ...JSON_ACCEPT, "Accept-Encoding": "identity", Cookie: resident.cookieHeader },
    });
    if (response.status !== 200) throw new Error(`${api} answered ${response.status} when its size was measured`);
    apiBytes[api] = (await response.arrayBuffer()).byteLength;
  }
  return {
    checkoutSlot,
    windowsDate,
    confirmationNumber,
    checkoutId: crypto.randomBytes(16).toString("base64url"),
    materialWord: words[0] ?? "batterie",
    apiBytes,
  };
}

export const THROUGHPUT_HEADER = [
  "target",
  "req/s",
  "p50",
  "p99",
  "bare req/s",
  "bare p50",
  "bare p99",
  "req/s ÷ bare",
  "p50 ÷ bare",
  "p99 ÷ bare",
  "CPU/req",
  "CPU ÷ bare",
  "budget",
  "non-2xx",
  "errors",
];

export const targetBudget = (t) => t.min != null || t.maxCpu != null;
const cpuRatio = (r) => (r.run.cpuMs != null && r.floor.cpuMs ? r.run.cpuMs / r.floor.cpuMs : null);
/** A target's run holds its budget (req/s ratio, or CPU ratio for a first view) with no error and some answers. */
export function targetOk(r) {
  const clean = r.run.non2xx === 0 && r.run.errors === 0 && r.run.total > 0;
  if (r.target.maxCpu != null) return clean && cpuRatio(r) != null && cpuRatio(r) <= r.target.maxCpu;
  return clean && r.run.rps / r.floor.rps >= (r.target.min ?? 0);
}

/** The floors' and the targets' rows of one throughput part, and the budgets they miss. */
export function throughputRows(data, rows, failures, prefix) {
  const floorLabel = (f) => (f.kind === "api" ? `bare resource route (GET ${f.floorPath})` : FLOORS[f.kind].label);
  for (const f of data.floors) {
    rows.push([
      floorLabel(f),
      f.rps.toFixed(0),
      ms(f.p50),
      ms(f.p99),
      "",
      "",
      "",
      "1.00",
      "1.00",
      "1.00",
      cpu(f.cpuMs),
      "1.00",
      "",
      f.non2xx,
      f.errors,
    ]);
    if (f.non2xx || f.errors)
      failures.push(
        `${prefix}${floorLabel(f)}: ${f.non2xx} non-2xx, ${f.errors} errors (the floor must answer every request)`,
      );
  }
  for (const r of data.results) {
    const { target, run, floor } = r;
    const rpsRatio = run.rps / floor.rps;
    const ok = targetOk(r);
    const budget =
      target.maxCpu != null
        ? `CPU ≤ ${target.maxCpu.toFixed(1)}× ${ok ? "ok" : "FAIL"}`
        : target.min != null
          ? `≥ ${target.min.toFixed(1)} ${ok ? "ok" : "FAIL"}`
          : ok
            ? "no budget"
            : "FAIL";
    const bytes = target.api ? ` (${kb(Number(/bytes=(\d+)/.exec(r.floorPath)?.[1] ?? 0))} KB)` : "";
    rows.push([
      `${target.label}${bytes}`,
      run.rps.toFixed(0),
      ms(run.p50),
      ms(run.p99),
      floor.rps.toFixed(0),
      ms(floor.p50),
      ms(floor.p99),
      ratio(rpsRatio),
      floor.p50 > 0 ? ratio(run.p50 / floor.p50) : "-",
      floor.p99 > 0 ? ratio(run.p99 / floor.p99) : "-",
      cpu(run.cpuMs),
      cpuRatio(r) != null ? ratio(cpuRatio(r)) : "-",
      budget,
      run.non2xx,
      run.errors,
    ]);
    if (target.maxCpu != null && !(cpuRatio(r) <= target.maxCpu))
      failures.push(
        `${prefix}${target.label}: CPU per request ${cpu(run.cpuMs)} is ${cpuRatio(r) == null ? "unmeasured" : `${ratio(cpuRatio(r))}×`} the floor's ${cpu(floor.cpuMs)} > ${target.maxCpu}× (req/s ${ratio(rpsRatio)} of the floor's)`,
      );
    if (target.maxCpu == null && target.min != null && rpsRatio < target.min)
      failures.push(`${prefix}${target.label}: ${ratio(rpsRatio)} of the floor's req/s < ${target.min}`);
    if (run.non2xx || run.errors)
      failures.push(
        `${prefix}${target.label}: ${run.non2xx} non-2xx and ${run.errors} errors under ${CONNECTIONS} connections`,
      );
    if (run.total === 0) failures.push(`${prefix}${target.label}: not one answer within ${DURATION} s`);
  }
  for (const refusal of data.refused) {
    rows.push({ label: "  not the page", text: refusal });
    failures.push(`${prefix}${refusal}`);
  }
}
