// A built production server of a test's own (own port, own database), for the tests that must kill it
// or count every row of its database without other tests writing at the same time.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { expect, type BrowserContext } from "@playwright/test";
import { STAND_IN_IDENTITY } from "../../scripts/stand-in-identity.mjs";

export const BUILD = `${process.env.REMIX_BUILD_NAME ?? "build"}/index.js`;

export type OwnServer = {
  child: ChildProcess;
  port: number;
  baseURL: string;
  dbFile: string;
  log: string[];
  exited: Promise<number | null>;
  /** SIGKILL, and wait (bounded) until it is gone. */
  kill(): Promise<void>;
};

/** A free TCP port (KILL_TEST_PORT / OWN_SERVER_PORT pin it when a run must stay within given ports). */
export async function freePort(pinned?: string): Promise<number> {
  if (pinned) return Number(pinned);
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A fresh folder under tests/.tmp for a server's database. */
export function serverDir(tag: string): string {
  const dir = path.join("tests", ".tmp", `${tag}-${process.pid}-${Date.now().toString(36)}`);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** Starts `node scripts/server.mjs build/index.js` as production, simulated payments unless `env` says otherwise, and waits for /healthz. */
export async function startServer(options: {
  port: number;
  dbFile: string;
  env?: Record<string, string>;
  /** What node runs instead of the server itself (e.g. scripts/start-replicated.mjs and its build). */
  script?: string[];
  /**
   * Its own process group, so that kill() SIGKILLs every process of it at once (the server and the
   * Litestream around it), as when the machine dies.
   */
  group?: boolean;
}): Promise<OwnServer> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(options.port),
    DATABASE_PATH: options.dbFile,
    SESSION_SECRET: "own-server-secret",
    RATE_LIMIT_FACTOR: "1000",
    MAIL_LOG: "0",
    INSECURE_COOKIES: "1",
    NODE_ENV: "production",
    ADMIN_EMAILS: "",
    // Production refuses to start with the placeholder identity (issue 43).
    ...STAND_IN_IDENTITY,
  };
  for (const name of [
    "PAYMENT_PROVIDER",
    "STRIPE_SECRET_KEY",
    "STRIPE_PUBLISHABLE_KEY",
    "STRIPE_WEBHOOK_SECRET",
    "SMTP_URL",
    "APP_URL",
  ]) {
    delete env[name];
  }
  // Production refuses to start without APP_URL, and answers only for its host: the one baseURL uses.
  env.APP_URL = `http://127.0.0.1:${options.port}`;
  // What the test asks for wins, the payment provider included (tests/e2e/stripe-load-failure.spec.ts).
  Object.assign(env, options.env);
  const child = spawn(process.execPath, options.script ?? ["scripts/server.mjs", BUILD], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: options.group ?? false,
  });
  const log: string[] = [];
  child.stdout!.on("data", (chunk: Buffer) => log.push(chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => log.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const baseURL = `http://127.0.0.1:${options.port}`;
  const server: OwnServer = {
    child,
    port: options.port,
    baseURL,
    dbFile: options.dbFile,
    log,
    exited,
    async kill() {
      if (options.group) {
        try {
          process.kill(-child.pid!, "SIGKILL");
        } catch {
          // the group is gone already
        }
      } else if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    },
  };
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited at start-up:\n${log.join("")}`);
    const ok = await fetch(`${baseURL}/healthz`, { signal: AbortSignal.timeout(2_000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return server;
    await new Promise((r) => setTimeout(r, 200));
  }
  await server.kill();
  throw new Error(`server did not answer /healthz within 30 s:\n${log.join("")}`);
}

export async function waitForLog(server: OwnServer, pattern: RegExp, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (pattern.test(server.log.join(""))) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${pattern} in the server log within ${timeoutMs} ms:\n${server.log.join("")}`);
}

/** Runs `work` over items with at most `limit` at a time. */
export async function pool<T>(items: T[], limit: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index]!, index);
      }
    }),
  );
}

export type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; raw: Buffer; text: string };

/** One request as sent by raw node:http, the body as received (gunzipped only for `text`, when it says gzip). */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: options.method ?? "GET", headers: options.headers, timeout: 15_000 },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const raw = Buffer.concat(chunks);
          const gzip = response.headers["content-encoding"] === "gzip";
          const text = (gzip ? gunzipSync(raw) : raw).toString();
          resolve({ status: response.statusCode!, headers: response.headers, raw, text });
        });
      },
    );
    request.on("error", reject);
    request.on("timeout", () => request.destroy(new Error(`${options.method ?? "GET"} ${url} timed out`)));
    request.end(options.body);
  });
}

/** A browser-less client with its own session cookie: JSON in and out, every call bounded in time. */
export class ApiClient {
  cookie = "";
  constructor(
    public readonly baseURL: string,
    public readonly email = "",
  ) {}

  async call(method: string, url: string, body?: unknown, timeoutMs = 15_000) {
    const response = await fetch(`${this.baseURL}${url}`, {
      method,
      headers: { "Content-Type": "application/json", Cookie: this.cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "manual",
    });
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith("__session="));
    if (setCookie) this.cookie = setCookie.split(";")[0]!;
    const text = await response.text();
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text);
    } catch {
      json = { text };
    }
    return { status: response.status, json };
  }
}

/** Registers `api.email` (password recycle-42) in a postal prefix through the API; signed in, nothing more. */
export async function registerAccount(api: ApiClient, postalFsa = "H2X") {
  const registered = await api.call("POST", "/api/auth/register", {
    email: api.email,
    password: "recycle-42",
    postalFsa,
  });
  expect(registered.status, JSON.stringify(registered.json)).toBe(201);
}

/** Registers `api.email` (password recycle-42, H2X) through the API, onboarded, with a complete address; signed in. */
export async function registerResident(
  api: ApiClient,
  streetAddress = `${Math.floor(Math.random() * 9000) + 100} Rue Saint-Denis`,
) {
  await registerAccount(api);
  expect((await api.call("POST", "/api/auth/complete-onboarding")).status).toBe(200);
  const profile = await api.call("PUT", "/api/auth/profile", {
    firstName: "Marie",
    lastName: "Tremblay",
    streetAddress,
    unit: "",
    city: "Montréal",
    province: "QC",
    postalCode: "H2X 3K2",
  });
  expect(profile.status, JSON.stringify(profile.json)).toBe(200);
}

/** A resident with a complete address, signed in through the API; the checkout URL of a bookable slot. */
export async function residentAtCheckout(baseURL: string, context: BrowserContext, tag: string) {
  const api = new ApiClient(baseURL, `${tag}-${Date.now().toString(36)}@recircle-mail.ca`);
  await registerResident(api);
  const slots = await api.call("GET", "/api/pickup-slots");
  expect(slots.status).toBe(200);
  const slot = (slots.json as unknown as Array<{ id: number; currentBooked: number; maxCapacity: number }>).find(
    (s) => s.currentBooked < s.maxCapacity,
  );
  expect(slot, "a bookable slot").toBeTruthy();
  const [name, value] = api.cookie.split(/=(.*)/s) as [string, string];
  await context.addCookies([{ name, value, url: baseURL, httpOnly: true, sameSite: "Lax", secure: false }]);
  return { api, checkout: `${baseURL}/checkout?bags=2&slotId=${slot!.id}` };
}

/** Books one bag in `slotId` through the API: payment intent, simulated card, pickup request; the last answer. */
export async function bookOneBag(api: ApiClient, slotId: number) {
  const intent = await api.call("POST", "/api/create-payment-intent", { acceptTerms: true, bagCount: 1, slotId });
  expect(intent.status, JSON.stringify(intent.json)).toBe(200);
  const paid = await api.call("POST", "/api/payments/simulated/confirm", {
    paymentIntentId: intent.json.paymentIntentId,
    cardNumber: "4242424242424242",
    expMonth: 12,
    expYear: 2034,
    cvc: "123",
    postalCode: "H2X 3K2",
  });
  expect(paid.status, JSON.stringify(paid.json)).toBe(200);
  return api.call("POST", "/api/pickup-requests", {
    acceptTerms: true,
    bagsRequested: 1,
    pickupSlotId: slotId,
    totalPrice: 11.5,
    paymentIntentId: intent.json.paymentIntentId,
  });
}
