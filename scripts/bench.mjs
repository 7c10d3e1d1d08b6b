// `npm run bench`: builds the app and a bare Remix app of the same versions (scripts/bench-floor, the
// floor), starts both on fresh state and prints one table: per page the HTML, JS and CSS bytes and
// Lighthouse's mobile score (median of 5, its CPU slowdown calibrated to the host's benchmarkIndex, and with its
// default settings, as measured from outside); each target's req/s, p50 and p99 beside the floor's, measured
// in the same run (floor, target, floor), with a node:http hello world line: repeated views, first views (a URL
// never asked before: no render cache) of every resident page, the JSON API against a floor route answering
// the same bytes; the same on one pinned CPU (`onecpu`); 200 residents booking through the pages without
// JavaScript on one CPU (`morning`); peak RSS under 250 connections of mixed traffic; bookings per second
// through the service path; a last-place race over HTTP; and the driver's route order for 200 stops
// (scripts/bench-route.ts). Exits non-zero naming every budget missed. Not part of `npm test`. docs/performance.md.
//
// Environment (all optional): BENCH_PORT (3240; hello world on the next port, the floor on the one after,
// onecpu's app and floor on +3 and +4, morning's app on +5), BENCH_DURATION (seconds per throughput run, 10),
// BENCH_WARMUP (seconds of unreported load before each run, 2), BENCH_MIX_DURATION (seconds of the
// 250-connection mix, 30), BENCH_BOOKINGS (200), BENCH_RACE_N (30), BENCH_RACE_R (5), BENCH_LH_RUNS (Lighthouse
// runs per page, 5; the median counts), BENCH_LH_CPU_SLOWDOWN (Lighthouse's CPU slowdown by hand instead of
// calibrated), BENCH_LH_REPORTS (a folder: each Lighthouse run's full JSON report is written there, to see what
// a score is made of, with Lantern's tasks and what each blocked beside it: bench/lantern-blocking),
// BENCH_MORNING_RESIDENTS (200), BENCH_MORNING_CONCURRENCY (20), BENCH_CPU (the CPU onecpu and morning pin their
// servers to; the last one), BENCH_NODE_OPTIONS (the servers' Node flags; by default the
// Dockerfile's NODE_OPTIONS, as deployed), BENCH_TARGETS (comma-separated subset of the throughput targets' ids,
// as the error for an unknown one lists them; all by default; onecpu measures those of them with a first-view
// budget and the API lines), BENCH_PARTS (comma-separated subset of
// weights,lighthouse,throughput,onecpu,morning,memory,bookings,race,route,reminders,demand,plans; all by default: a part left
// out checks no budget and says so), BENCH_SKIP_BUILD=1 (reuse build-bench and scripts/bench-floor/build).
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "@playwright/test";
import { STAND_IN_IDENTITY } from "./stand-in-identity.mjs";
import { lanternBlocking } from "./bench/lantern-blocking.mjs";
import { cpuSlowdownFor } from "./bench/lighthouse-calibration.mjs";
import { runMorning } from "./bench/morning.mjs";
import { CONNECTIONS, DURATION, HTML, JSON_ACCEPT, KB, ORIGIN, PORT, ROOT, WARMUP, log } from "./bench/config.mjs";
import { cleanups, isStopping, run, start, stopChild, stopEverything } from "./bench/processes.mjs";
import { kb, ms, ratio, renderTable } from "./bench/table.mjs";
import { ALL_TARGETS, FIRST_VIEW_CPU, ONECPU_TARGETS, TARGETS } from "./bench/targets.mjs";
import {
  THROUGHPUT_HEADER,
  cannon,
  measureThroughput,
  warmUp,
  summary,
  targetBudget,
  targetContext,
  targetOk,
  throughputRows,
} from "./bench/throughput.mjs";

const BUILD_NAME = "build-bench";
const HELLO_PORT = PORT + 1;
const FLOOR_PORT = PORT + 2;
const FLOOR_ORIGIN = `http://127.0.0.1:${FLOOR_PORT}`;
const FLOOR_DIR = path.join(ROOT, "scripts", "bench-floor");
const MIX_DURATION = Number(process.env.BENCH_MIX_DURATION ?? 30);
const MIX_CONNECTIONS = 250;
const ALL_PARTS = [
  "weights",
  "lighthouse",
  "throughput",
  "onecpu",
  "morning",
  "memory",
  "bookings",
  "race",
  "route",
  "reminders",
  "demand",
  "plans",
];
/** `onecpu`'s pinned app and floor, and `morning`'s pinned app, on ports of their own. */
const ONECPU_PORT = PORT + 3;
const ONECPU_FLOOR_PORT = PORT + 4;
const MORNING_PORT = PORT + 5;
const MORNING_RESIDENTS = Number(process.env.BENCH_MORNING_RESIDENTS ?? 200);
const MORNING_CONCURRENCY = Number(process.env.BENCH_MORNING_CONCURRENCY ?? 20);
const PARTS = new Set(
  (process.env.BENCH_PARTS ?? ALL_PARTS.join(","))
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean),
);
for (const part of PARTS) if (!ALL_PARTS.includes(part)) throw new Error(`BENCH_PARTS: unknown part ${part}`);
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 200);
const RACE_N = Number(process.env.BENCH_RACE_N ?? 30);
const RACE_R = Number(process.env.BENCH_RACE_R ?? 5);
// Five: Lighthouse's documentation on variability (docs/variability.md, "Run Lighthouse multiple times") says the
// median of five runs halves the spread of one; three left a page's median to its noisiest two runs.
const LH_RUNS = Math.max(1, Number(process.env.BENCH_LH_RUNS ?? 5));
const PASSWORD = "recycle-42";
const ADDRESS = {
  firstName: "Marie",
  lastName: "Tremblay",
  streetAddress: "1234 Rue Saint-Denis",
  unit: "3",
  city: "Montréal",
  province: "QC",
  postalCode: "H2X 3K2",
};
const CARD = { cardNumber: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123", postalCode: "H2X 3K2" };

const BUDGET = {
  jsKb: 120,
  jsOverFloorKb: 10,
  cssKb: 15,
  lighthouse: 100,
  rssMb: 300,
  route200Ms: 50,
  /** onecpu: p99 of a first view of /booking, to the floor page's p50 on the same pinned CPU. */
  onecpuBookingP99OverFloorP50: 10,
  /** morning: p95 of one whole booking through the pages (every request from GET /booking to the confirmation). */
  morningP95Ms: 3000,
  // Issue 35: 5,000 day-before reminders written to the outbox, then delivered to a local SMTP sink.
  remindersQueueMs: 10_000,
  remindersDeliverMs: 5 * 60_000,
  /** Page throughput while they are queued and delivered, to the same page's without them. */
  remindersThroughputRatio: 0.9,
};
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
];

// ---------------------------------------------------------------------------------------------------
// HTTP helpers: a tiny cookie jar per resident, same-origin requests (no Origin header is sent).

class Client {
  cookies = new Map();
  constructor(origin = ORIGIN) {
    this.origin = origin;
  }
  get cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  get session() {
    return this.cookies.get("__session");
  }
  async request(method, pathname, body) {
    const headers = { Accept: "application/json" };
    if (this.cookies.size) headers.Cookie = this.cookieHeader;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const response = await fetch(this.origin + pathname, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: "manual",
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair.indexOf("=");
      this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    const text = await response.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      // not up yet, or already gone
    }
    return { status: response.status, json, text };
  }
  async expect(method, pathname, body, status) {
    const result = await this.request(method, pathname, body);
    if (result.status !== status) {
      throw new Error(
        `${method} ${pathname} answered ${result.status} (expected ${status}): ${result.text.slice(0, 300)}`,
      );
    }
    return result.json;
  }
}

let residentCount = 0;
/** A signed-in resident with a completed guide and a complete Montreal address. */
async function newResident(origin = ORIGIN) {
  residentCount += 1;
  const client = new Client(origin);
  const email = `bench-${residentCount}-${Date.now().toString(36)}-${process.pid}@recircle-mail.ca`;
  await client.expect("POST", "/api/auth/register", { email, password: PASSWORD, postalFsa: "H2X" }, 201);
  await client.expect("POST", "/api/auth/complete-onboarding", undefined, 200);
  await client.expect(
    "PUT",
    "/api/auth/profile",
    { ...ADDRESS, streetAddress: `${1000 + residentCount} Rue Saint-Denis` },
    200,
  );
  if (!client.session) throw new Error("No __session cookie after registering");
  client.email = email;
  return client;
}

/** Quebec taxes on a bundle price, as app/lib/pricing.ts (GST 5 %, QST 9.975 %, half-up to the cent). */
function totalCents(bags) {
  const subtotal = { 1: 1000, 2: 1800, 4: 3200 }[bags];
  const halfUp = (a, n, d) => Math.floor((a * n * 2 + d) / (2 * d));
  return subtotal + halfUp(subtotal, 5, 100) + halfUp(subtotal, 9975, 100_000);
}

/** The full booking through the JSON API: payment intent → simulated card → pickup request. */
async function book(client, slotId, bags = 2) {
  const amount = totalCents(bags);
  const intent = await client.request("POST", "/api/create-payment-intent", {
    amount,
    bagCount: bags,
    slotId,
    acceptTerms: true,
  });
  if (intent.status !== 200)
    return { ok: false, stage: "payment intent", status: intent.status, message: intent.json?.message };
  const { paymentIntentId } = intent.json;
  const paid = await client.request("POST", "/api/payments/simulated/confirm", { paymentIntentId, ...CARD });
  if (paid.status !== 200) return { ok: false, stage: "card", status: paid.status, message: paid.json?.message };
  const pickup = await client.request("POST", "/api/pickup-requests", {
    bagsRequested: bags,
    pickupSlotId: slotId,
    totalPrice: amount / 100,
    paymentIntentId,
    acceptTerms: true,
  });
  if (pickup.status !== 201)
    return { ok: false, stage: "pickup", status: pickup.status, message: pickup.json?.message, paymentIntentId };
  return { ok: true, pickup: pickup.json, paymentIntentId };
}

async function waitForHealth(url, server, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet, or already gone
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

// ---------------------------------------------------------------------------------------------------
// Measurements.

const gzipSize = (buffer) => zlib.gzipSync(buffer, { level: 9 }).length;

function chromePath() {
  try {
    const own = chromium.executablePath();
    if (own && fs.existsSync(own)) return own;
  } catch {
    // not up yet, or already gone
  }
  return "/usr/bin/chromium";
}

/** Bytes one page loads: HTML (as served, and gzip), every script and stylesheet gzip, translations gzip. */
async function measureBytes(browser, page, origin = ORIGIN) {
  const headers = page.client ? { Cookie: page.client.cookieHeader } : {};
  const response = await fetch(origin + page.path, { headers, redirect: "manual" });
  if (response.status !== 200)
    throw new Error(`${page.path} answered ${response.status} (${response.headers.get("location") ?? ""})`);
  const html = Buffer.from(await response.arrayBuffer());

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    if (page.client) {
      await context.addCookies([...page.client.cookies].map(([name, value]) => ({ name, value, url: origin })));
    }
    const tab = await context.newPage();
    const seen = new Map();
    const pending = [];
    tab.on("response", (res) => {
      const url = res.url();
      if (!url.startsWith(origin) || seen.has(url) || res.status() >= 300) return;
      const type = res.headers()["content-type"] ?? "";
      const kind =
        /javascript/.test(type) || /\.m?js(\?|$)/.test(url)
          ? "js"
          : /text\/css/.test(type) || /\.css(\?|$)/.test(url)
            ? "css"
            : /^\/locales\//.test(new URL(url).pathname)
              ? "i18n"
              : null;
      if (!kind) return;
      seen.set(url, null);
      pending.push(
        res
          .body()
          .then((body) => seen.set(url, { kind, url, gzip: gzipSize(body) }))
          .catch(() => seen.delete(url)),
      );
    });
    const landed = await tab.goto(origin + page.path, { waitUntil: "networkidle" });
    await tab.waitForLoadState("networkidle");
    await Promise.all(pending);
    const finalPath = new URL(tab.url()).pathname + new URL(tab.url()).search;
    if (finalPath !== page.path) throw new Error(`${page.path} ended on ${finalPath} in the browser`);
    if (!landed?.ok()) throw new Error(`${page.path} answered ${landed?.status()} in the browser`);
    const files = [...seen.values()].filter(Boolean);
    const sum = (kind) => files.filter((f) => f.kind === kind).reduce((n, f) => n + f.gzip, 0);
    // A stylesheet inlined in the document (<style>) counts as CSS too (its bytes are also in the HTML's).
    const inlineCss = [...html.toString("utf8").matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join("");
    const css = sum("css") + (inlineCss ? gzipSize(Buffer.from(inlineCss)) : 0);
    return { html: html.length, htmlGzip: gzipSize(html), js: sum("js"), css, i18n: sum("i18n"), files };
  } finally {
    await context.close();
  }
}

class WrongPageError extends Error {}

/**
 * One Lighthouse run (mobile, simulated throttling). `cpuSlowdown`: throttling.cpuSlowdownMultiplier (Lighthouse's
 * default, 4, when null). `origin`: where the page is (the app's by default).
 */
async function lighthouseOnce(page, cpuSlowdown = null, origin = ORIGIN) {
  // Our own SIGINT handler stops Chrome with everything else (chrome-launcher's would exit at once).
  const chrome = await chromeLauncher.launch({
    chromePath: chromePath(),
    chromeFlags: CHROME_FLAGS,
    handleSIGINT: false,
  });
  const stopChrome = () => chrome.kill();
  cleanups.push(stopChrome);
  try {
    const flags = {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      formFactor: "mobile",
      throttlingMethod: "simulate",
      extraHeaders: page.client ? { Cookie: page.client.cookieHeader } : undefined,
      // Merged into Lighthouse's default settings (deeply): the rest of mobile throttling (network, RTT) stays
      // its default, only the CPU slowdown is calibrated.
      ...(cpuSlowdown === null ? {} : { throttling: { cpuSlowdownMultiplier: cpuSlowdown } }),
    };
    const result = await lighthouse(origin + page.path, flags);
    const lhr = result.lhr;
    if (process.env.BENCH_LH_REPORTS) {
      fs.mkdirSync(process.env.BENCH_LH_REPORTS, { recursive: true });
      const name = `${origin === ORIGIN ? "" : "floor"}${page.path}`.replace(/[^A-Za-z0-9]+/g, "_");
      const file = path.join(process.env.BENCH_LH_REPORTS, `${name}-${Date.now()}`);
      fs.writeFileSync(`${file}.json`, result.report);
      // Lantern's tasks and what each blocked (a diagnosis: a Lighthouse whose internals moved only loses it).
      await lanternBlocking(result).then(
        (text) => fs.writeFileSync(`${file}-blocking.txt`, text),
        (error) => log(`Lantern's breakdown of ${page.path}: ${error.message}`),
      );
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${page.path}: ${lhr.runtimeError.code}`);
    const finalUrl = new URL(lhr.finalDisplayedUrl ?? lhr.finalUrl);
    if (finalUrl.pathname + finalUrl.search !== page.path)
      throw new WrongPageError(`Lighthouse on ${page.path} ended on ${finalUrl}`);
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcp: lhr.audits["largest-contentful-paint"].numericValue,
      tbt: lhr.audits["total-blocking-time"].numericValue,
      benchmarkIndex: lhr.environment?.benchmarkIndex,
      cpuSlowdown: lhr.configSettings?.throttling?.cpuSlowdownMultiplier,
      version: lhr.lighthouseVersion,
    };
  } finally {
    cleanups.splice(cleanups.indexOf(stopChrome), 1);
    await chrome.kill();
  }
}

/** LH_RUNS runs; the median run (by score; the lower middle one for an even count) is the page's. */
async function measureLighthouse(page, cpuSlowdown, origin = ORIGIN) {
  const runs = [];
  let failures = 0;
  for (let i = 0; i < LH_RUNS; i++) {
    let run;
    try {
      run = await lighthouseOnce(page, cpuSlowdown, origin);
    } catch (error) {
      // Lighthouse's own flakes under load (NO_NAVSTART, NO_FCP, protocol timeouts): try again, twice at most.
      if (isStopping() || error instanceof WrongPageError || ++failures > 2) throw error;
      log(`${error.message}; running it again`);
      i -= 1;
      continue;
    }
    runs.push(run);
  }
  const median = [...runs].sort((a, b) => a.score - b.score)[Math.floor((runs.length - 1) / 2)];
  return { ...median, runs: runs.map((r) => r.score), indexes: runs.map((r) => r.benchmarkIndex) };
}

/**
 * The CPU slowdown the Lighthouse runs use, calibrated to this host (scripts/bench/lighthouse-calibration.mjs):
 * one run with Lighthouse's default settings on the floor's page reads the host's benchmarkIndex (the median of
 * BENCH_LH_RUNS runs), and the calculator's multiplier follows from it. BENCH_LH_CPU_SLOWDOWN sets it by hand.
 */
async function calibrateLighthouse() {
  if (process.env.BENCH_LH_CPU_SLOWDOWN)
    return { benchmarkIndex: null, multiplier: Number(process.env.BENCH_LH_CPU_SLOWDOWN), indexes: [] };
  const indexes = [];
  for (let i = 0; i < LH_RUNS; i++) {
    const run = await lighthouseOnce({ path: "/", client: null }, null, FLOOR_ORIGIN);
    if (run.benchmarkIndex) indexes.push(run.benchmarkIndex);
  }
  if (!indexes.length) throw new Error("Lighthouse reported no benchmarkIndex: the CPU slowdown cannot be calibrated");
  const benchmarkIndex = [...indexes].sort((a, b) => a - b)[Math.floor((indexes.length - 1) / 2)];
  return { benchmarkIndex, multiplier: cpuSlowdownFor(benchmarkIndex), indexes };
}

async function startHello() {
  await assertPortFree(HELLO_PORT);
  const source = `
    const http = require("node:http");
    http.createServer((req, res) => { res.writeHead(200, { "Content-Type": "text/plain" }); res.end("hello world"); })
      .listen(${HELLO_PORT}, "127.0.0.1", () => console.log("ready"));`;
  const child = start(process.execPath, ["-e", source], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise((resolve, reject) => {
    child.stdout.once("data", resolve);
    child.once("exit", (code) => reject(new Error(`hello-world server exited ${code}`)));
  });
  return child;
}

/** Refuses a port something already listens on (its answers would be taken for ours). */
function assertPortFree(port) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      reject(new Error(`Port ${port} is already in use: stop what listens there or set BENCH_PORT`));
    });
    socket.once("error", () => resolve());
  });
}

/** The server's Node flags as deployed: the Dockerfile's NODE_OPTIONS line (BENCH_NODE_OPTIONS overrides). */
function serverNodeOptions() {
  if (process.env.BENCH_NODE_OPTIONS !== undefined) return process.env.BENCH_NODE_OPTIONS;
  const dockerfile = fs.readFileSync(path.join(ROOT, "Dockerfile"), "utf8");
  return /^ENV NODE_OPTIONS="([^"]*)"/m.exec(dockerfile)?.[1] ?? "";
}
const SERVER_NODE_OPTIONS = serverNodeOptions();

/** A Remix build served by scripts/server.mjs (the app and the floor alike), logging into `logFile`. */
async function startServer({ build, port, cwd = ROOT, env = {}, logFile, healthPath, cpu = null }) {
  await assertPortFree(port);
  const logFd = fs.openSync(logFile, "a");
  // Pinned to one CPU with taskset (util-linux), which execs node: the child's pid is the server's.
  const [command, args] =
    cpu === null
      ? [process.execPath, [path.join(ROOT, "scripts", "server.mjs"), build]]
      : ["taskset", ["-c", String(cpu), process.execPath, path.join(ROOT, "scripts", "server.mjs"), build]];
  const server = start(command, args, {
    cwd,
    stdio: ["ignore", logFd, logFd],
    env: { ...process.env, NODE_ENV: "production", ...env, PORT: String(port), NODE_OPTIONS: SERVER_NODE_OPTIONS },
  });
  try {
    await waitForHealth(`http://127.0.0.1:${port}${healthPath}`, server);
  } catch (error) {
    console.error(fs.readFileSync(logFile, "utf8").slice(-3000));
    throw error;
  }
  return server;
}

/** A process's resident memory in MB: `VmRSS` now, `VmHWM` its peak so far (Linux /proc; null elsewhere). */
function memoryOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1]) / 1024;
    return { rss: field("VmRSS"), hwm: field("VmHWM") };
  } catch {
    return null;
  }
}

/** MIX_CONNECTIONS connections, each cycling through visitor pages, resident pages and the API. */
async function measureMemory(server, resident) {
  const cookie = { Cookie: resident.cookieHeader };
  const requests = [
    { path: "/", headers: HTML },
    { path: "/booking", headers: { ...HTML, ...cookie } },
    { path: "/postal-code", headers: HTML },
    { path: "/materials", headers: { ...HTML, ...cookie } },
    { path: "/api/pickup-slots", headers: { ...JSON_ACCEPT, ...cookie } },
    { path: "/history", headers: { ...HTML, ...cookie } },
  ];
  const before = memoryOf(server.pid);
  let peak = before?.rss ?? 0;
  const sampler = setInterval(() => {
    const now = memoryOf(server.pid);
    if (now && now.rss > peak) peak = now.rss;
  }, 100);
  let result;
  /** How the requests that got no answer failed (a timeout, ECONNRESET...), to tell what to look at. */
  const failures = {};
  try {
    const run = autocannon({ url: ORIGIN, connections: MIX_CONNECTIONS, duration: MIX_DURATION, requests });
    run.on("reqError", (error) => {
      const kind = error.code ?? error.message;
      failures[kind] = (failures[kind] ?? 0) + 1;
    });
    result = await run;
  } finally {
    clearInterval(sampler);
  }
  const after = memoryOf(server.pid);
  return {
    ...summary(result),
    before: before?.rss,
    peak: before ? Math.max(peak, after?.rss ?? 0) : null,
    hwm: after?.hwm,
    paths: requests.map((r) => r.path),
    failures,
  };
}

// ---------------------------------------------------------------------------------------------------
// The servers: the app on fresh state, the floor; pinned to one CPU for `onecpu` and `morning`.

/** The app's build on a fresh database (migrated at start), as the bench serves it. */
function startApp({ port, databasePath, logFile, cpu = null }) {
  return startServer({
    build: `${BUILD_NAME}/index.js`,
    port,
    logFile,
    healthPath: "/healthz",
    cpu,
    env: {
      DATABASE_PATH: databasePath,
      SESSION_SECRET: "bench-session-secret",
      APP_URL: `http://127.0.0.1:${port}`,
      INSECURE_COOKIES: "1",
      MAIL_LOG: "0",
      RATE_LIMIT_FACTOR: "100000",
      REMIX_BUILD_NAME: BUILD_NAME,
      PAYMENT_PROVIDER: "simulated",
      // Production refuses to start with the placeholder identity (issue 43).
      ...STAND_IN_IDENTITY,
    },
  });
}

/** The floor: the same server file, run from its folder (its build's assets and public/ are relative). */
function startFloor({ port, logFile, cpu = null }) {
  return startServer({ build: "build/server/index.js", port, cwd: FLOOR_DIR, logFile, healthPath: "/api/items", cpu });
}

/** A resident (API sign-up) with one booked pickup (JSON API), and the open slots of H2X. */
async function residentWithBooking(origin) {
  const resident = await newResident(origin);
  const slots = await resident.expect("GET", "/api/pickup-slots", undefined, 200);
  const open = slots.filter((s) => s.currentBooked === 0 && s.maxCapacity >= 2);
  if (open.length < 3) throw new Error(`Need 3 open slots for H2X, the server offers ${open.length}`);
  const [historySlot, checkoutSlot] = open;
  const booking = await book(resident, historySlot.id);
  if (!booking.ok)
    throw new Error(`Booking for /history failed at ${booking.stage}: ${booking.status} ${booking.message}`);
  log(`resident booked ${booking.pickup.confirmationNumber} on ${origin}`);
  return { resident, open, booking, historySlot, checkoutSlot };
}

/** Everything the throughput part needs of one app and its floor. */
async function throughputSetup({ origin, floorOrigin, serverPid, floorPid, resident, booking, checkoutSlot }) {
  const context = await targetContext(origin, resident, {
    checkoutSlot,
    // A date whose windows are shown: the checkout slot's, open and bookable.
    windowsDate: checkoutSlot.pickupDate,
    confirmationNumber: booking.pickup.confirmationNumber,
  });
  return { origin, floorOrigin, serverPid, floorPid, resident, context };
}

/** The CPU the `onecpu` and `morning` servers are pinned to: BENCH_CPU, or the machine's last one. */
function pinnedCpu() {
  const cpu = Number(process.env.BENCH_CPU ?? os.cpus().length - 1);
  if (!Number.isInteger(cpu) || cpu < 0 || cpu >= os.cpus().length) throw new Error(`BENCH_CPU: no CPU ${cpu}`);
  return cpu;
}

/** taskset (util-linux) must be there to pin a server. */
async function assertTaskset() {
  try {
    await run("taskset", ["-c", "0", "true"]);
  } catch (error) {
    throw new Error(`taskset (util-linux) is needed for BENCH_PARTS onecpu and morning: ${error.message}`);
  }
}

/**
 * `onecpu`: a fresh app and a fresh floor, each pinned to one CPU (the same one: they run in turn), the
 * first views and the API lines at 50 connections.
 */
async function measureOneCpu(tmp) {
  await assertTaskset();
  const cpu = pinnedCpu();
  const origin = `http://127.0.0.1:${ONECPU_PORT}`;
  const floorOrigin = `http://127.0.0.1:${ONECPU_FLOOR_PORT}`;
  const app = await startApp({
    port: ONECPU_PORT,
    databasePath: path.join(tmp, "onecpu.db"),
    logFile: path.join(tmp, "onecpu-server.log"),
    cpu,
  });
  const floor = await startFloor({ port: ONECPU_FLOOR_PORT, logFile: path.join(tmp, "onecpu-floor.log"), cpu });
  log(`onecpu: app ${origin} and floor ${floorOrigin} pinned to CPU ${cpu}`);
  try {
    const { resident, booking, checkoutSlot } = await residentWithBooking(origin);
    const setup = await throughputSetup({
      origin,
      floorOrigin,
      serverPid: app.pid,
      floorPid: floor.pid,
      resident,
      booking,
      checkoutSlot,
    });
    log("onecpu: every target and its floor warmed up first (fresh servers)");
    await warmUp(setup, ONECPU_TARGETS);
    return { cpu, ...(await measureThroughput(setup, ONECPU_TARGETS)) };
  } finally {
    await stopChild(app);
    await stopChild(floor);
  }
}

/**
 * `morning`: a fresh app pinned to one CPU; MORNING_RESIDENTS residents created up front through the JSON API
 * (sign-up, guide, address), MORNING_CONCURRENCY at a time; then each signs in and books through the pages
 * without JavaScript, MORNING_CONCURRENCY at a time (scripts/bench/morning.mjs).
 */
async function measureMorning(tmp) {
  await assertTaskset();
  const cpu = pinnedCpu();
  const origin = `http://127.0.0.1:${MORNING_PORT}`;
  const databasePath = path.join(tmp, "morning.db");
  const app = await startApp({ port: MORNING_PORT, databasePath, logFile: path.join(tmp, "morning.log"), cpu });
  log(`morning: app ${origin} pinned to CPU ${cpu}; creating ${MORNING_RESIDENTS} residents`);
  try {
    const emails = [];
    for (let i = 0; i < MORNING_RESIDENTS; i += MORNING_CONCURRENCY) {
      const batch = Math.min(MORNING_CONCURRENCY, MORNING_RESIDENTS - i);
      const created = await Promise.all(Array.from({ length: batch }, () => newResident(origin)));
      emails.push(...created.map((c) => c.email));
    }
    log(`morning: ${MORNING_RESIDENTS} residents sign in and book through the pages, ${MORNING_CONCURRENCY} at a time`);
    const result = await runMorning({
      origin,
      headers: HTML,
      databasePath,
      residents: emails,
      password: PASSWORD,
      concurrency: MORNING_CONCURRENCY,
    });
    return { cpu, ...result };
  } finally {
    await stopChild(app);
  }
}

async function main() {
  const cpus = os.cpus();
  const machine = `${cpus[0]?.model.trim() ?? "unknown CPU"} × ${cpus.length}, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB RAM, Node ${process.version}, ${os.platform()} ${os.arch()} (${os.release()})`;
  console.log(`Machine: ${machine}`);
  const loadAverage = () =>
    os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" ");
  console.log(`Load average at start: ${loadAverage()}`);
  console.log(`Parts: ${ALL_PARTS.filter((p) => PARTS.has(p)).join(", ")}`);
  console.log(
    `Servers (app and floor) run with NODE_OPTIONS="${SERVER_NODE_OPTIONS}" (the Dockerfile's unless BENCH_NODE_OPTIONS)`,
  );

  if (process.env.BENCH_SKIP_BUILD !== "1") {
    log(`building (${BUILD_NAME})`);
    // npm run build: remix build, then the compile hints (scripts/compile-hints.mjs); the floor is bare Remix.
    await run("npm", ["run", "build"], {
      env: { ...process.env, REMIX_BUILD_NAME: BUILD_NAME, NODE_ENV: "production" },
    });
    log("building the floor (scripts/bench-floor)");
    await run("npx", ["remix", "build", FLOOR_DIR], { env: { ...process.env, NODE_ENV: "production" } });
  }

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "recircle-bench-"));
  cleanups.push(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const databasePath = path.join(tmp, "bench.db");
  const server = await startApp({ port: PORT, databasePath, logFile: path.join(tmp, "server.log") });
  log(`server up on ${ORIGIN} (database ${databasePath})`);
  const floorServer = await startFloor({ port: FLOOR_PORT, logFile: path.join(tmp, "floor.log") });
  log(`floor up on ${FLOOR_ORIGIN}`);

  // A resident with one booked pickup, so /history has content.
  const { resident, open, booking, checkoutSlot } = await residentWithBooking(ORIGIN);
  const raceSlot = open[open.length - 1];
  // Idle: started, migrated, one resident signed up and booked, no load yet.
  await new Promise((r) => setTimeout(r, 1000));
  const idle = memoryOf(server.pid);
  const floorIdle = memoryOf(floorServer.pid);

  const pages = [
    { path: "/", label: "/ (visitor)", client: null, lighthouse: true },
    { path: "/postal-code", label: "/postal-code (visitor)", client: null, lighthouse: true },
    { path: "/sign-up", label: "/sign-up (visitor)", client: null },
    { path: "/materials", client: resident, lighthouse: true },
    { path: "/booking", client: resident, lighthouse: true },
    // A checkout's own URL carries its id (without one the page redirects to add it).
    {
      path: `/checkout?bags=2&slotId=${checkoutSlot.id}&checkout=${crypto.randomBytes(16).toString("base64url")}`,
      label: "/checkout?bags=2",
      client: resident,
      lighthouse: true,
    },
    { path: "/history", client: resident, lighthouse: true },
    { path: "/profile", client: resident },
  ];
  const floorPage = { path: "/", label: "bare Remix page (floor)", client: null };

  if (PARTS.has("weights")) {
    log("page weights (Playwright, chromium)");
    const browser = await chromium.launch({
      executablePath: chromePath(),
      args: CHROME_FLAGS.filter((f) => !f.startsWith("--headless")),
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
    cleanups.push(() => browser.close());
    floorPage.bytes = await measureBytes(browser, floorPage, FLOOR_ORIGIN);
    for (const page of pages) page.bytes = await measureBytes(browser, page);
    await browser.close();
  }

  let calibration = null;
  if (PARTS.has("lighthouse")) {
    log("Lighthouse: the host's benchmarkIndex (default settings, on the floor's page)");
    calibration = await calibrateLighthouse();
    log(`Lighthouse: benchmarkIndex ${calibration.benchmarkIndex?.toFixed(0)}, CPU slowdown ${calibration.multiplier}`);
    // The bare page at the same slowdown, for reference (no budget): what the framework alone scores that day.
    // At that slowdown, then with Lighthouse's default settings (4x), as the pages are measured from outside
    // (issue 44; not when BENCH_LH_CPU_SLOWDOWN sets the slowdown by hand): the floor, then each page.
    const settings = [["lh", calibration.multiplier, `at ${calibration.multiplier}x`]];
    if (calibration.benchmarkIndex != null) settings.push(["lhDefault", null, "with default settings"]);
    for (const [key, slowdown, said] of settings) {
      log(`Lighthouse ${said}: the floor's page`);
      floorPage[key] = await measureLighthouse(floorPage, slowdown, FLOOR_ORIGIN);
      for (const page of pages.filter((p) => p.lighthouse)) {
        log(`Lighthouse ${said}: ${page.path}`);
        page[key] = await measureLighthouse(page, slowdown);
      }
    }
  }

  let helloRun = null;
  let throughput = null;
  if (PARTS.has("throughput")) {
    log(`throughput: ${CONNECTIONS} connections, ${DURATION} s each (after ${WARMUP} s of warm-up)`);
    const hello = await startHello();
    helloRun = await cannon(`http://127.0.0.1:${HELLO_PORT}/`);
    await stopChild(hello);
    const setup = await throughputSetup({
      origin: ORIGIN,
      floorOrigin: FLOOR_ORIGIN,
      serverPid: server.pid,
      floorPid: floorServer.pid,
      resident,
      booking,
      checkoutSlot,
    });
    throughput = await measureThroughput(setup, TARGETS);
  }

  let onecpu = null;
  if (PARTS.has("onecpu")) {
    log(`onecpu: ${ONECPU_TARGETS.length} targets, app and floor pinned to one CPU`);
    onecpu = await measureOneCpu(tmp);
  }

  let morning = null;
  if (PARTS.has("morning")) {
    morning = await measureMorning(tmp);
  }

  let memory = null;
  if (PARTS.has("memory")) {
    log(`memory: ${MIX_CONNECTIONS} connections of mixed traffic for ${MIX_DURATION} s`);
    memory = await measureMemory(server, resident);
  }

  let bookings = null;
  if (PARTS.has("bookings")) {
    log(`bookings through the service path (${BOOKINGS}, scripts/bench-bookings.ts)`);
    const { stdout } = await run("npx", ["tsx", "scripts/bench-bookings.ts"], {
      env: {
        ...process.env,
        BENCH_BOOKINGS: String(BOOKINGS),
        DATABASE_PATH: "",
        PAYMENT_PROVIDER: "",
        APP_URL: ORIGIN,
      },
    });
    bookings = JSON.parse(stdout.trim().split("\n").pop());
  }

  let route = null;
  if (PARTS.has("route")) {
    log("route order of 200 stops (scripts/bench-route.ts)");
    const { stdout } = await run("npx", ["tsx", "scripts/bench-route.ts"], {
      env: { ...process.env, BENCH_ROUTE_STOPS: "200" },
    });
    route = JSON.parse(stdout.trim().split("\n").pop());
  }

  let reminders = null;
  if (PARTS.has("reminders")) {
    log("5,000 day-before reminders due at 17:00 (scripts/bench-reminders.ts)");
    // The pages are served by the bench's build in the job's own process, with the deployed Node flags.
    const { stdout } = await run("npx", ["tsx", "scripts/bench-reminders.ts"], {
      env: {
        ...process.env,
        BENCH_REMINDERS: "5000",
        BENCH_BUILD: path.join(ROOT, BUILD_NAME, "index.js"),
        NODE_OPTIONS: SERVER_NODE_OPTIONS,
      },
    });
    reminders = JSON.parse(stdout.trim().split("\n").pop());
  }

  // Issue 46: /admin/demand for a whole season (the season seed at --scale 10), server CPU of the first view.
  let demand = null;
  if (PARTS.has("demand")) {
    log("/admin/demand for a season of about 50,000 pickups (scripts/bench-demand.ts)");
    const { stdout } = await run("npx", ["tsx", "scripts/bench-demand.ts"], {
      env: { ...process.env, BENCH_DEMAND_SCALE: "10", BENCH_BUILD: path.join(ROOT, BUILD_NAME, "index.js") },
    });
    demand = JSON.parse(stdout.trim().split("\n").pop());
  }

  // Issue 45: 5,000 plans renewed while `/` is served; scripts/bench-plans.ts gives its own rows and failures.
  let plans = null;
  if (PARTS.has("plans")) {
    log("5,000 plans renewed (scripts/bench-plans.ts)");
    const { stdout } = await run("npx", ["tsx", "scripts/bench-plans.ts"], {
      env: {
        ...process.env,
        BENCH_PLANS: "5000",
        BENCH_BUILD: path.join(ROOT, BUILD_NAME, "index.js"),
        NODE_OPTIONS: SERVER_NODE_OPTIONS,
      },
    });
    plans = JSON.parse(stdout.trim().split("\n").pop());
  }

  let race = null;
  if (PARTS.has("race")) {
    log(`last-place race: ${RACE_N} residents, ${RACE_R} places`);
    race = await lastPlaceRace(databasePath, raceSlot.id);
  }

  // -------------------------------------------------------------------------------------------------
  const failures = [];
  const rows = [];
  const measured = pages.filter((p) => p.bytes || p.lh);
  if (measured.length) {
    rows.push(["page", "HTML", "HTML gz", "JS gz", "CSS gz", "i18n gz", "LH perf", "LCP", "TBT", "LH 4×"], "sep");
    const scores = (lh) => (lh ? (lh.runs.length > 1 ? `${lh.score} (${lh.runs.join("/")})` : `${lh.score}`) : "-");
    for (const p of floorPage.bytes || floorPage.lh ? [floorPage, ...pages] : pages) {
      rows.push([
        p.label ?? p.path,
        p.bytes ? `${kb(p.bytes.html)} KB` : "",
        p.bytes ? `${kb(p.bytes.htmlGzip)} KB` : "",
        p.bytes ? `${kb(p.bytes.js)} KB` : "",
        p.bytes ? `${kb(p.bytes.css)} KB` : "",
        p.bytes ? `${kb(p.bytes.i18n)} KB` : "",
        scores(p.lh),
        p.lh ? ms(p.lh.lcp) : "",
        p.lh ? ms(p.lh.tbt) : "",
        p.lhDefault ? scores(p.lhDefault) : "",
      ]);
    }
    rows.push("sep");
  }

  if (throughput) {
    rows.push(
      {
        label: "throughput",
        text: `${CONNECTIONS} connections, ${DURATION} s per run after ${WARMUP} s of warm-up; every request asks for gzip (Accept-Encoding: gzip, app and floor alike); each target between two runs of its floor, ratios to their mean; CPU/req is the server process's CPU time (all threads) per answered request, less sensitive than req/s to other load on the machine; a first view's URL is new on every request (?render=N: never from the render cache), budget CPU/req ≤ ${FIRST_VIEW_CPU}× the floor's (req/s ÷ bare shown beside it, goal ≥ 0.5); API lines against the resource route answering the same number of bytes`,
      },
      "sep",
      THROUGHPUT_HEADER,
      "sep",
      [
        "node:http hello world",
        helloRun.rps.toFixed(0),
        ms(helloRun.p50),
        ms(helloRun.p99),
        ...Array(9).fill(""),
        helloRun.non2xx,
        helloRun.errors,
      ],
    );
    throughputRows(throughput, rows, failures, "");
    rows.push("sep");
  }
  if (onecpu) {
    rows.push(
      {
        label: "onecpu",
        text: `app and floor each pinned to CPU ${onecpu.cpu} (taskset -c ${onecpu.cpu}; fresh servers, every target and floor warmed up first, then run in turn) of ${machine}; ${CONNECTIONS} connections, ${DURATION} s per run after ${WARMUP} s of warm-up, as above; targets: the first views with a budget and the API lines; budgets as above, and p99 of a first view of /booking < ${BUDGET.onecpuBookingP99OverFloorP50}× the floor page's p50`,
      },
      "sep",
      THROUGHPUT_HEADER,
      "sep",
    );
    throughputRows(onecpu, rows, failures, "one CPU: ");
    const first = onecpu.results.find((r) => r.target.id === "/booking?render=N");
    if (first) {
      const limit = BUDGET.onecpuBookingP99OverFloorP50 * first.floor.p50;
      const ok = first.run.total > 0 && first.run.p99 < limit;
      rows.push({
        label: "  /booking first view p99",
        text: `${first.run.total ? ms(first.run.p99) : "no answer"} against ${BUDGET.onecpuBookingP99OverFloorP50} × the floor's p50 ${ms(first.floor.p50)} = ${ms(limit)}: ${ok ? "ok" : "FAIL"}`,
      });
      if (!ok)
        failures.push(
          `one CPU: p99 of a first view of /booking ${first.run.total ? ms(first.run.p99) : "(no answer)"} not < ${BUDGET.onecpuBookingP99OverFloorP50} × the floor page's p50 (${ms(first.floor.p50)})`,
        );
    } else failures.push("one CPU: the first view of /booking was not measured (its p99 budget unchecked)");
    rows.push("sep");
  }
  if (morning) {
    const m = morning;
    const exactlyOnce =
      m.confirmed === m.residents &&
      m.distinctConfirmations === m.residents &&
      m.db.pickups === m.residents &&
      m.db.exactlyOnce === m.residents &&
      m.db.paymentsSucceeded === m.residents &&
      m.db.doubles === 0;
    const fast = m.p95 < BUDGET.morningP95Ms;
    rows.push(
      {
        label: "morning",
        text: `${m.residents} residents sign in and book 2 bags through the pages without JavaScript (GET /booking, the windows, POST the choice, the checkout, Pay with the 4242 card, the confirmation), ${m.concurrency} at a time; the app pinned to CPU ${m.cpu} of ${machine}`,
      },
      "sep",
      {
        label: "  bookings",
        text: `${m.confirmed} of ${m.residents} confirmed (${m.distinctConfirmations} distinct numbers, ${m.retried} chose again after a refusal) in ${m.seconds.toFixed(1)} s; ${m.requests} requests (${m.requestsPerBooking.toFixed(1)} per booking), ${m.status5xx} × 5xx`,
      },
      {
        label: "  database afterwards",
        text: `${m.db.pickups} pickups, ${m.db.exactlyOnce} residents with exactly one, ${m.db.paymentsSucceeded} payments succeeded (${m.db.payments} payments), ${m.db.doubles} doubles: ${exactlyOnce ? "ok" : "FAIL"}`,
      },
      {
        label: "  one whole booking",
        text: `p50 ${ms(m.p50)}, p95 ${ms(m.p95)}, slowest ${ms(m.max)} (budget p95 < ${BUDGET.morningP95Ms / 1000} s: ${fast ? "ok" : "FAIL"}); signing in before it, p95 ${ms(m.signInP95)}`,
      },
      ...Object.entries(m.errors).map(([error, n]) => ({ label: "  failed", text: `${n} × ${error}` })),
      "sep",
    );
    if (!exactlyOnce)
      failures.push(
        `morning: ${m.confirmed}/${m.residents} confirmed; database ${m.db.pickups} pickups, ${m.db.exactlyOnce} residents with exactly one, ${m.db.paymentsSucceeded} payments succeeded, ${m.db.doubles} doubles (every booking must be confirmed exactly once)`,
      );
    if (m.status5xx) failures.push(`morning: ${m.status5xx} answers were 5xx (must be 0)`);
    if (!fast)
      failures.push(
        `morning: p95 of one whole booking ${ms(m.p95)} ≥ ${BUDGET.morningP95Ms / 1000} s (${m.residents} residents, ${m.concurrency} at a time, one CPU)`,
      );
  }

  const mb = (n) => (n == null || Number.isNaN(n) ? "n/a" : `${n.toFixed(0)} MB`);
  rows.push({
    label: "memory (server RSS)",
    text: `idle ${mb(idle?.rss)} (floor idle ${mb(floorIdle?.rss)})`,
  });
  if (memory) {
    const ok =
      memory.peak != null && memory.peak < BUDGET.rssMb && !memory.errors && !memory.non2xx && memory.total > 0;
    rows.push({
      label: `  ${MIX_CONNECTIONS} conn. mix, ${MIX_DURATION} s`,
      text: `peak ${mb(memory.peak)} (sampled every 100 ms; before ${mb(memory.before)}, process high-water mark ${mb(memory.hwm)}); ${memory.rps.toFixed(0)} req/s, p50 ${ms(memory.p50)}, p99 ${ms(memory.p99)}; ${memory.total} requests, ${memory.non2xx} non-2xx, ${memory.errors} errors${
        Object.keys(memory.failures).length
          ? ` (${Object.entries(memory.failures)
              .map(([kind, n]) => `${n} × ${kind}`)
              .join(", ")})`
          : ""
      }; budget < ${BUDGET.rssMb} MB, 0 errors, 0 non-2xx: ${ok ? "ok" : "FAIL"}`,
    });
    rows.push({ label: "  mix (each connection in turn)", text: memory.paths.join(", ") });
    if (memory.peak == null) failures.push("Memory: /proc/<pid>/status unreadable, peak RSS not measured");
    else if (memory.peak >= BUDGET.rssMb)
      failures.push(`Peak RSS under ${MIX_CONNECTIONS} connections: ${mb(memory.peak)} ≥ ${BUDGET.rssMb} MB`);
    if (!memory.total) failures.push(`${MIX_CONNECTIONS}-connection mix: not one answer within ${MIX_DURATION} s`);
    if (memory.errors || memory.non2xx)
      failures.push(`${MIX_CONNECTIONS}-connection mix: ${memory.non2xx} non-2xx, ${memory.errors} errors (must be 0)`);
  }
  rows.push("sep");

  if (bookings || race) {
    rows.push({ label: "bookings", text: "result" }, "sep");
    if (bookings)
      rows.push({
        label: "payWithSimulatedCard, sequential",
        text: `${bookings.perSecond.toFixed(0)} bookings/s (${bookings.bookings} in ${bookings.seconds.toFixed(2)} s, ${bookings.msPerBooking.toFixed(1)} ms each)`,
      });
    if (race) {
      rows.push({
        label: `last-place race, HTTP (N=${RACE_N}, R=${RACE_R})`,
        text: `${race.booked} booked, ${RACE_N - race.booked} refused; slot current_booked ${race.slotRow.booked} of ${race.slotRow.capacity}; ${race.pickupsInSlot} pickups in the slot; ${race.refunded} of ${race.chargedRefused} charged but refused refunded`,
      });
      rows.push(
        ...Object.entries(race.refusals).map(([reason, n]) => ({ label: "  refused", text: `${n} × ${reason}` })),
      );
      if (!race.ok)
        failures.push(
          `Last-place race: ${race.booked} booked, current_booked ${race.slotRow.booked}, ${race.pickupsInSlot} pickups in the slot (all must be ${RACE_R}); ${race.refunded} of ${race.chargedRefused} charged-then-refused racers refunded`,
        );
    }
    rows.push("sep");
  }

  rows.push(["budget", "limit", "worst", "result"], "sep");
  const weighed = pages.filter((p) => p.bytes);
  if (weighed.length) {
    const worst = (key) => weighed.reduce((a, b) => (b.bytes[key] > a.bytes[key] ? b : a));
    const jsLimit = floorPage.bytes.js + BUDGET.jsOverFloorKb * KB;
    for (const page of weighed) {
      if (page.bytes.js > BUDGET.jsKb * KB)
        failures.push(`JS on ${page.path}: ${kb(page.bytes.js)} KB gzip > ${BUDGET.jsKb} KB`);
      if (page.bytes.js > jsLimit)
        failures.push(
          `JS on ${page.path}: ${kb(page.bytes.js)} KB gzip > the bare page's ${kb(floorPage.bytes.js)} KB + ${BUDGET.jsOverFloorKb} KB`,
        );
      if (page.bytes.css > BUDGET.cssKb * KB)
        failures.push(`CSS on ${page.path}: ${kb(page.bytes.css)} KB gzip > ${BUDGET.cssKb} KB`);
    }
    const js = worst("js");
    const css = worst("css");
    rows.push(
      [
        "JS per page (gzip)",
        `${BUDGET.jsKb} KB`,
        `${kb(js.bytes.js)} KB ${js.path}`,
        js.bytes.js <= BUDGET.jsKb * KB ? "ok" : "FAIL",
      ],
      [
        "JS per page over the bare page's (gzip)",
        `${BUDGET.jsOverFloorKb} KB`,
        `${kb(js.bytes.js - floorPage.bytes.js)} KB ${js.path}`,
        js.bytes.js <= jsLimit ? "ok" : "FAIL",
      ],
      [
        "CSS per page (gzip)",
        `${BUDGET.cssKb} KB`,
        `${kb(css.bytes.css)} KB ${css.path}`,
        css.bytes.css <= BUDGET.cssKb * KB ? "ok" : "FAIL",
      ],
    );
  }
  const scored = pages.filter((p) => p.lh);
  // The Lighthouse budget, once per setting: calibrated to the host, and Lighthouse's defaults (4×).
  for (const [key, setting, row] of [
    ["lh", "", `median of ${LH_RUNS}, CPU slowdown ${calibration?.multiplier}×`],
    ["lhDefault", " with its default settings", `default settings, median of ${LH_RUNS}, CPU slowdown 4×`],
  ]) {
    const measuredPages = scored.filter((p) => p[key]);
    if (!measuredPages.length) continue;
    const lowest = measuredPages.reduce((a, b) => (b[key].score < a[key].score ? b : a));
    for (const page of measuredPages.filter((p) => p[key].score < BUDGET.lighthouse))
      failures.push(
        `Lighthouse performance${setting} on ${page.label ?? page.path}: median ${page[key].score} (runs ${page[key].runs.join("/")}) < ${BUDGET.lighthouse}`,
      );
    rows.push([
      `Lighthouse mobile performance (${row})`,
      `≥ ${BUDGET.lighthouse}`,
      `${lowest[key].score} ${lowest.path.split("?")[0]}`,
      lowest[key].score >= BUDGET.lighthouse ? "ok" : "FAIL",
    ]);
  }
  for (const [name, data] of [
    ["", throughput],
    ["one CPU: ", onecpu],
  ]) {
    if (!data) continue;
    const missed = data.results.filter((r) => !targetOk(r)).length + data.refused.length;
    rows.push([
      `${name}throughput budgets (each target's above)`,
      `req/s ≥ 0.5–1.0 · CPU ≤ ${FIRST_VIEW_CPU}×`,
      `${data.results.filter((r) => targetBudget(r.target)).length} with a budget, ${missed} missed`,
      missed ? "FAIL" : "ok",
    ]);
  }
  const onecpuBooking = onecpu?.results.find((r) => r.target.id === "/booking?render=N");
  if (onecpuBooking) {
    const { run, floor } = onecpuBooking;
    const ok = run.total > 0 && run.p99 < BUDGET.onecpuBookingP99OverFloorP50 * floor.p50;
    rows.push([
      "one CPU: p99 of a /booking first view ÷ the floor page's p50",
      `< ${BUDGET.onecpuBookingP99OverFloorP50}`,
      run.total ? ratio(run.p99 / floor.p50) : "no answer",
      ok ? "ok" : "FAIL",
    ]);
  }
  if (morning)
    rows.push([
      `morning: p95 of one whole booking (${morning.residents}, ${morning.concurrency} at a time)`,
      `< ${BUDGET.morningP95Ms / 1000} s`,
      ms(morning.p95),
      morning.p95 < BUDGET.morningP95Ms ? "ok" : "FAIL",
    ]);
  if (memory)
    rows.push([
      `peak RSS, ${MIX_CONNECTIONS} connections`,
      `< ${BUDGET.rssMb} MB`,
      mb(memory.peak),
      memory.peak != null && memory.peak < BUDGET.rssMb && !memory.errors && !memory.non2xx && memory.total
        ? "ok"
        : "FAIL",
    ]);
  if (race) rows.push(["last-place race booked = R", `${RACE_R}`, `${race.booked}`, race.ok ? "ok" : "FAIL"]);
  if (route) {
    const ok = route.medianMs <= BUDGET.route200Ms;
    rows.push([
      `route order, ${route.stops} stops (median of ${route.runs})`,
      `≤ ${BUDGET.route200Ms} ms`,
      `${route.medianMs.toFixed(1)} ms (slowest ${route.maxMs.toFixed(1)}, ${route.lengthKm.toFixed(0)} km)`,
      ok ? "ok" : "FAIL",
    ]);
    if (!ok)
      failures.push(
        `Route order of ${route.stops} stops: median ${route.medianMs.toFixed(1)} ms > ${BUDGET.route200Ms} ms`,
      );
  }

  if (demand) {
    const budgetMs = 300;
    const ok = demand.firstCpuMs < budgetMs;
    rows.push([
      `/admin/demand, a season of ${demand.pickups} pickups: server CPU, first view`,
      `< ${budgetMs} ms`,
      `${demand.firstCpuMs} ms (then median ${demand.medianCpuMs} ms)`,
      ok ? "ok" : "FAIL",
    ]);
    if (!ok) failures.push(`/admin/demand for a season: first view ${demand.firstCpuMs} ms of CPU ≥ ${budgetMs} ms`);
  }

  if (reminders) {
    const ok =
      reminders.queued === reminders.count &&
      reminders.delivered === reminders.count &&
      reminders.queueMs <= BUDGET.remindersQueueMs &&
      reminders.deliverMs <= BUDGET.remindersDeliverMs;
    rows.push([
      `reminders: ${reminders.count} due at 17:00, queued / delivered to an SMTP sink`,
      `≤ ${BUDGET.remindersQueueMs / 1000} s / ≤ ${BUDGET.remindersDeliverMs / 60_000} min`,
      `${(reminders.queueMs / 1000).toFixed(1)} s (${reminders.queued}) / ${(reminders.deliverMs / 1000).toFixed(0)} s (${reminders.delivered})`,
      ok ? "ok" : "FAIL",
    ]);
    if (!ok)
      failures.push(
        `Reminders: ${reminders.queued}/${reminders.count} queued in ${(reminders.queueMs / 1000).toFixed(1)} s, ${reminders.delivered} delivered in ${(reminders.deliverMs / 1000).toFixed(0)} s`,
      );
    const ratio = reminders.throughputRatio;
    const steady = ratio !== null && ratio >= BUDGET.remindersThroughputRatio;
    rows.push([
      `reminders: GET ${reminders.page} req/s meanwhile, to without them`,
      `≥ ${BUDGET.remindersThroughputRatio.toFixed(2)}`,
      ratio === null
        ? "not measured"
        : `${ratio.toFixed(2)} (${reminders.rpsWithJob.toFixed(0)} / ${reminders.rpsAlone.toFixed(0)} req/s)`,
      steady ? "ok" : "FAIL",
    ]);
    if (!steady)
      failures.push(
        ratio === null
          ? "Reminders: page throughput during the job not measured"
          : `Reminders: GET ${reminders.page} served ${ratio.toFixed(2)} of its throughput while they were sent (budget ${BUDGET.remindersThroughputRatio})`,
      );
  }

  if (plans) {
    rows.push(...plans.rows);
    failures.push(...plans.failures);
  }

  const lhVersion = scored[0]?.lh.version;
  console.log(
    `KB = 1024 bytes, gzip level 9; CSS counts a stylesheet inlined in <style> too.${
      lhVersion
        ? ` Lighthouse ${lhVersion}, mobile, simulated throttling, median of ${LH_RUNS} runs; CPU slowdown ${
            calibration.benchmarkIndex == null
              ? `${calibration.multiplier}× (BENCH_LH_CPU_SLOWDOWN)`
              : `${calibration.multiplier}× calibrated to the host's benchmarkIndex ${Math.round(calibration.benchmarkIndex)} (median of ${calibration.indexes.map(Math.round).join("/")}, default settings on the floor's page; Lighthouse's calculator: 3 + (index − 1300) / 233 from 1300 up, 2 + (index − 800) / 500 from 800, 1 + (index − 150) / 650 from 150; its default is 4×)`
          }; benchmarkIndex of the page runs ${scored
            .flatMap((p) => p.lh.indexes)
            .filter(Boolean)
            .map(Math.round)
            .join("/")}.`
        : ""
    } Chromium: ${chromePath()}. Floor: scripts/bench-floor (bare Remix, same versions, same server file).`,
  );
  console.log("");
  console.log(renderTable(rows));
  console.log(`Load average at end: ${loadAverage()}`);
  const skipped = ALL_PARTS.filter((p) => !PARTS.has(p));
  if (skipped.length) console.log(`Not measured (BENCH_PARTS), their budgets unchecked: ${skipped.join(", ")}`);
  const skippedTargets = PARTS.has("throughput") ? ALL_TARGETS.filter((t) => !TARGETS.includes(t)) : [];
  if (skippedTargets.length)
    console.log(
      `Throughput targets not measured (BENCH_TARGETS): ${skippedTargets.map((t) => t.id ?? t.path).join(", ")}`,
    );
  console.log("");

  if (failures.length) {
    for (const page of weighed.filter((p) => p.bytes.js > BUDGET.jsKb * KB || p.bytes.css > BUDGET.cssKb * KB)) {
      console.log(`Largest files on ${page.path}:`);
      for (const f of [...page.bytes.files].sort((a, b) => b.gzip - a.gzip).slice(0, 8)) {
        console.log(`  ${kb(f.gzip).padStart(6)} KB  ${new URL(f.url).pathname}`);
      }
    }
    console.log("!".repeat(80));
    for (const failure of failures) console.log(`!! BUDGET FAILED: ${failure}`);
    console.log("!".repeat(80));
    process.exitCode = 1;
  } else {
    console.log(skipped.length || skippedTargets.length ? "The budgets measured hold." : "All budgets hold.");
  }
}

/** RACE_N residents book the last RACE_R places of one slot at once, over HTTP. */
async function lastPlaceRace(databasePath, slotId) {
  const racers = [];
  for (let i = 0; i < RACE_N; i++) racers.push(await newResident());
  const sqlite = new Database(databasePath);
  sqlite.pragma("busy_timeout = 5000");
  try {
    sqlite.prepare("update pickup_slots set max_capacity = ?, current_booked = 0 where id = ?").run(RACE_R, slotId);
    const outcomes = await Promise.all(racers.map((client) => book(client, slotId)));
    const slotRow = sqlite
      .prepare("select current_booked as booked, max_capacity as capacity from pickup_slots where id = ?")
      .get(slotId);
    const pickupsInSlot = sqlite
      .prepare("select count(*) as n from pickup_requests where pickup_slot_id = ?")
      .get(slotId).n;
    // A racer refused after the card was charged must have been refunded in full.
    const chargedRefused = outcomes.filter((o) => !o.ok && o.stage === "pickup");
    const statusOf = sqlite.prepare("select status from payments where provider_payment_id = ?");
    const refunded = chargedRefused.filter((o) => statusOf.get(o.paymentIntentId)?.status === "refunded").length;
    const booked = outcomes.filter((o) => o.ok).length;
    const refusals = {};
    for (const o of outcomes.filter((o) => !o.ok)) {
      const key = `at ${o.stage}: ${o.status}${o.message ? ` "${o.message}"` : ""}`;
      refusals[key] = (refusals[key] ?? 0) + 1;
    }
    const ok =
      booked === RACE_R && slotRow.booked === RACE_R && pickupsInSlot === RACE_R && refunded === chargedRefused.length;
    return { ok, booked, slotRow, pickupsInSlot, refunded, chargedRefused: chargedRefused.length, refusals };
  } finally {
    sqlite.close();
  }
}

try {
  await main();
} catch (error) {
  if (!isStopping()) console.error(`[bench] failed: ${error?.stack ?? error}`);
  process.exitCode = 2;
} finally {
  await stopEverything();
}
