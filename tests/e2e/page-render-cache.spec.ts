// The render cache of documents (issue 11, services/serving/render-cache.server) over the real server: a page
// asked for again with the very same inputs is answered from its stored bytes, each answer with a CSP
// nonce of its own (header and body alike), gzipped from its pre-compressed pieces when asked; and what a
// resident or an operator changes is on the next page (a booking, a capacity, a cancellation, a full slot,
// an opened prefix), as is the language asked for and a flash toast shown once. Every page is loaded three
// times before the change (a page is kept from its second render), the third answer from the cache: the cache's
// gzip answers are told apart by their header's OS byte (255, "unknown", where the server's compression
// middleware writes 3, Unix), and the three are taken within one period of the honeypot's encrypted timestamp
// (in every page's root data, renewed once a minute). Raw node:http (no client decompression), on a server of its own, js project only.
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { createAdminWithScript } from "./admin-fixtures";
import { PASSWORD } from "./helpers";
import {
  ApiClient,
  bookOneBag,
  freePort,
  rawRequest,
  registerResident,
  serverDir,
  startServer,
  type OwnServer,
  type RawAnswer,
} from "./own-server";

test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "HTTP-level, on its own server: the js project");
test.describe.configure({ mode: "serial" });

let server: OwnServer;
let dir = "";
let admin: Agent;

type Slot = { id: number; pickupDate: string; currentBooked: number; maxCapacity: number };
type Answer = RawAnswer;

/** A browser without one: its cookies (the API client's session, the visitor's flash, the language). */
class Agent {
  readonly cookies = new Map<string, string>();
  constructor(readonly api: ApiClient | null = null) {}

  cookieHeader() {
    const session = this.api?.cookie.split(/=(.*)/s);
    if (session?.[1]) this.cookies.set("__session", session[1]);
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /** One request, its cookies kept as a browser keeps them. */
  async send(method: string, url: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
    const answer = await rawRequest(`${server.baseURL}${url}`, {
      method,
      headers: { "Accept-Language": "en-CA", Cookie: this.cookieHeader(), ...headers },
      body,
    });
    for (const line of answer.headers["set-cookie"] ?? []) {
      const [name, value] = line.split(";")[0]!.split(/=(.*)/s) as [string, string];
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
      if (name === "__session" && this.api) this.api.cookie = `${name}=${value}`;
    }
    return answer;
  }

  async page(url: string, headers: Record<string, string> = {}) {
    const answer = await this.send("GET", url, headers);
    expect(answer.status, `${url}: ${answer.headers.location} ${answer.text.slice(0, 300)}`).toBe(200);
    expect(answer.headers["content-type"]).toContain("text/html");
    return answer;
  }

  /** A form posted as a browser without JavaScript does: the answer is a redirect. */
  async post(url: string, fields: Record<string, string>) {
    const answer = await this.send(
      "POST",
      url,
      { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseURL },
      new URLSearchParams(fields).toString(),
    );
    expect([302, 303], `${url}: ${answer.text.slice(0, 300)}`).toContain(answer.status);
    return answer;
  }
}

const GZIP = { "Accept-Encoding": "gzip" };
/** The cache's own gzip member: OS byte 255 ("unknown"); zlib, hence the compression middleware, writes 3. */
const fromRenderCache = (answer: Answer) => answer.headers["content-encoding"] === "gzip" && answer.raw[9] === 0xff;
/** The honeypot's encrypted timestamp (crypto-js, "Salted__" in base64), the same for a minute. */
const HONEYPOT = /U2FsdGVkX1[\w+/=]+/g;
const honeypotOf = (answer: Answer) => answer.text.match(HONEYPOT)?.[0];

/**
 * `url` loaded three times within one honeypot period and one minute, the last time gzipped: a page is kept from
 * its second render (`keptFromNow`: never a page asked for once), so the third answer comes from the cache.
 */
async function loadedUntilKept(agent: Agent, url: string, headers: Record<string, string> = {}) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const minute = Math.floor(Date.now() / 60_000);
    const opened = await agent.page(url, headers);
    const again = await agent.page(url, { ...headers, ...GZIP });
    const second = await agent.page(url, { ...headers, ...GZIP });
    // The cache's key has the minute in it (a page without a honeypot shows no period of its own).
    if (new Set([opened, again, second].map(honeypotOf)).size !== 1 || Math.floor(Date.now() / 60_000) !== minute)
      continue;
    expect(fromRenderCache(second), `${url} answered from the render cache`).toBe(true);
    expect(blanked(second.text)).toBe(blanked(opened.text));
    return second;
  }
  throw new Error(`${url}: no two answers within one honeypot period`);
}

/**
 * `url` after a change, asked for right after its kept answer `kept`: in the same honeypot period most times (so the
 * same key but for the loaders' data; noted as an annotation), which a cache keyed on less would answer stale.
 */
async function nextPage(agent: Agent, url: string, kept: Answer) {
  const next = await agent.page(url);
  const samePeriod = honeypotOf(next) === honeypotOf(kept);
  test
    .info()
    .annotations.push({ type: "same honeypot period as the kept answer", description: `${url}: ${samePeriod}` });
  return next;
}

/** The CSP nonce of the header; every nonce="" of the body is that one. */
function nonceOf(answer: Answer) {
  const nonce = /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"]))?.[1];
  expect(nonce).toMatch(/^[\w+/]{22}==$/);
  const inBody = [...answer.text.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]);
  expect(inBody.length).toBeGreaterThan(0);
  expect(new Set(inBody)).toEqual(new Set([nonce]));
  return nonce!;
}

/** The page without what differs from one answer to the next: its nonces and the honeypot's timestamp. */
const blanked = (text: string) => text.replace(/nonce="[^"]*"/g, 'nonce=""').replace(HONEYPOT, "honeypot");

/** What /booking says of a slot's window for its date: "N spots left", "Fully Booked"; and whether it can be picked. */
function windowOf(answer: Answer, slotId: number) {
  const radio = new RegExp(`<input[^>]*name="slotId"[^>]*value="${slotId}"[^>]*>`);
  const label = answer.text.split("<label").find((chunk) => radio.test(chunk));
  expect(label, `a window of slot ${slotId} on the page`).toBeTruthy();
  const spans = [...label!.split("</label>")[0]!.matchAll(/<span[^>]*>([^<]+)<\/span>/g)].map((m) => m[1]!);
  return { shown: spans.at(-1)!, open: !/ disabled=""/.test(radio.exec(label!)![0]) };
}

const spotsLeft = (count: number) => ({ shown: `${count} spot${count === 1 ? "" : "s"} left`, open: true });
const FULL = { shown: "Fully Booked", open: false };

async function resident(tag: string) {
  const api = new ApiClient(server.baseURL, `${tag}-${Date.now().toString(36)}@recircle-mail.ca`);
  await registerResident(api);
  return new Agent(api);
}

/** Books one bag in `slot` through the API (payment intent, simulated confirmation, pickup request). */
async function book(agent: Agent, slotId: number) {
  const booked = await bookOneBag(agent.api!, slotId);
  expect(booked.status, JSON.stringify(booked.json)).toBe(201);
  return String(booked.json.confirmationNumber);
}

async function slotsOf(agent: Agent) {
  const slots = await agent.api!.call("GET", "/api/pickup-slots");
  expect(slots.status).toBe(200);
  return slots.json as unknown as Slot[];
}

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures from this pattern; none is needed
test.beforeAll(async ({}, testInfo) => {
  test.skip(testInfo.project.use.javaScriptEnabled === false, "HTTP-level, on its own server: the js project");
  test.setTimeout(120_000);
  dir = serverDir("page-render-cache");
  server = await startServer({ port: await freePort(process.env.OWN_SERVER_PORT), dbFile: path.join(dir, "app.db") });
  const email = `ops-${Date.now().toString(36)}@recircle-admin.ca`;
  createAdminWithScript(server.dbFile, email);
  admin = new Agent(new ApiClient(server.baseURL, email));
  expect((await admin.api!.call("POST", "/api/auth/login", { email, password: PASSWORD })).status).toBe(200);
});

test.afterAll(async () => {
  await server?.kill();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test("each answer of a kept page has its own nonce, and gzipped it is the same page", async () => {
  const visitor = new Agent();
  const marie = await resident("render-nonce");
  for (const [agent, url] of [
    [visitor, "/"],
    [marie, "/booking"],
  ] as const) {
    const answers: Answer[] = [];
    // Four answers of one honeypot period (one timestamp, hence one key): the last three from the cache.
    for (let attempt = 0; attempt < 20 && answers.length < 4; attempt++) {
      answers.length = 0;
      for (const headers of [{}, {}, GZIP, GZIP]) answers.push(await agent.page(url, headers));
      if (new Set(answers.map(honeypotOf)).size !== 1) answers.length = 0;
    }
    expect(answers, `${url}: four answers within one honeypot period`).toHaveLength(4);
    const [plain, again, zipped, zippedAgain] = answers as [Answer, Answer, Answer, Answer];
    expect(honeypotOf(plain)).toBeTruthy();
    expect(new Set(answers.map(nonceOf)).size, url).toBe(4);
    for (const identity of [plain, again]) expect(identity.headers["content-encoding"], url).toBeUndefined();
    for (const gzip of [zipped, zippedAgain]) {
      expect(fromRenderCache(gzip), url).toBe(true);
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      expect(gzip.headers.vary).toMatch(/Accept-Encoding/);
      expect(gzip.raw.length).toBeLessThan(gzip.text.length / 2);
    }
    for (const answer of answers) expect(blanked(answer.text), url).toBe(blanked(plain.text));
    expect(plain.text).toContain(url === "/" ? "Home pickup for hard-to-recycle items" : "Choose a time window");
  }
});

test("a booking, a capacity, a cancellation and a full slot are on the resident's next /booking", async () => {
  const marie = await resident("render-marie");
  const jean = await resident("render-jean");
  const luc = await resident("render-luc");
  // A date with another window offered too: once this one is full the date is still open, and its windows shown
  // (a date whose only window left is full has none to show, as when its morning is within 24 hours).
  const slots = await slotsOf(marie);
  const slot = slots.find(
    (s) =>
      s.maxCapacity - s.currentBooked >= 3 &&
      slots.some((o) => o.id !== s.id && o.pickupDate === s.pickupDate && o.maxCapacity > o.currentBooked),
  )!;
  expect(slot, "a slot with room").toBeTruthy();
  const url = `/booking?date=${slot.pickupDate}`;
  let left = slot.maxCapacity - slot.currentBooked;
  let kept = await loadedUntilKept(marie, url);
  expect(windowOf(kept, slot.id)).toEqual(spotsLeft(left));

  // (a) Another resident books a place in it.
  const number = await book(jean, slot.id);
  expect(windowOf(await nextPage(marie, url, kept), slot.id)).toEqual(spotsLeft(--left));

  // (b) An operator gives it three more places (the admin's form, without JavaScript).
  kept = await loadedUntilKept(marie, url);
  expect(windowOf(kept, slot.id)).toEqual(spotsLeft(left));
  const capacity = slot.maxCapacity + 3;
  await admin.post("/admin/supply?index", { intent: "capacity", slotId: String(slot.id), capacity: String(capacity) });
  left += 3;
  expect(windowOf(await nextPage(marie, url, kept), slot.id)).toEqual(spotsLeft(left));

  // (c) The other resident cancels (the cancel page's form, without JavaScript).
  kept = await loadedUntilKept(marie, url);
  expect(windowOf(kept, slot.id)).toEqual(spotsLeft(left));
  expect((await jean.post(`/order/${number}/cancel`, {})).headers.location).toBe("/history");
  expect(windowOf(await nextPage(marie, url, kept), slot.id)).toEqual(spotsLeft(++left));

  // (d) Down to one place, which a third resident takes: full, and the window cannot be picked.
  const booked = capacity - left;
  await admin.post("/admin/supply?index", {
    intent: "capacity",
    slotId: String(slot.id),
    capacity: String(booked + 1),
  });
  kept = await loadedUntilKept(marie, url);
  expect(windowOf(kept, slot.id)).toEqual(spotsLeft(1));
  await book(luc, slot.id);
  expect(windowOf(await nextPage(marie, url, kept), slot.id)).toEqual(FULL);
});

test("a prefix an admin opens is served on the next postal-code check", async () => {
  const visitor = new Agent();
  const url = "/postal-code?fsa=H9Z";
  const kept = await loadedUntilKept(visitor, url);
  expect(kept.text).toContain("Sorry, service is not available for area code H9Z yet.");
  await admin.post("/admin/supply/areas", { intent: "open", fsa: "H9Z", target: "open" });
  const next = await nextPage(visitor, url, kept);
  expect(next.text).toContain("Service is available for area code H9Z.");
  expect(next.text).not.toContain("Sorry, service is not available");
});

test("the same page asked for in English, then French, then English is in that language each time", async () => {
  const visitor = new Agent();
  for (const [language, lang, tagline] of [
    ["en-CA", "en", "Home pickup for hard-to-recycle items"],
    ["fr-CA,fr;q=0.9", "fr", "Collecte à domicile des matières difficiles à recycler"],
    ["en-CA", "en", "Home pickup for hard-to-recycle items"],
  ] as const) {
    const page = await loadedUntilKept(visitor, "/", { "Accept-Language": language });
    expect(page.text).toContain(`<html lang="${lang}"`);
    expect(page.text).toContain(tagline);
  }
  // The language cookie (the switcher's form, without JavaScript) wins over Accept-Language.
  await visitor.post("/language", { lng: "fr", redirectTo: "/" });
  const french = await visitor.page("/");
  expect(french.text).toContain('<html lang="fr"');
  expect(french.text).toContain("Collecte à domicile des matières difficiles à recycler");
});

test("a flash toast is on the next page only", async () => {
  const jean = await resident("render-flash");
  const slot = (await slotsOf(jean)).find((s) => s.currentBooked < s.maxCapacity)!;
  const number = await book(jean, slot.id);
  const toast = /data-testid="toast"[^>]*>.*?<\/div>/s;
  expect((await loadedUntilKept(jean, "/history")).text).not.toMatch(toast);
  expect((await jean.post(`/order/${number}/cancel`, {})).headers.location).toBe("/history");
  const next = await jean.page("/history");
  expect(next.text.match(toast)?.[0]).toContain("Pickup cancelled");
  expect((await jean.page("/history")).text).not.toMatch(toast);
  expect((await loadedUntilKept(jean, "/history")).text).not.toMatch(toast);

  // The language switcher's toast, in the language just chosen, on the page it goes back to.
  const visitor = new Agent();
  expect((await loadedUntilKept(visitor, "/")).text).not.toMatch(toast);
  await visitor.post("/language", { lng: "fr", redirectTo: "/" });
  expect((await visitor.page("/")).text.match(toast)?.[0]).toContain("Langue modifiée");
  const after = await loadedUntilKept(visitor, "/");
  expect(after.text).not.toMatch(toast);
  expect(after.text).toContain('<html lang="fr"');
});
