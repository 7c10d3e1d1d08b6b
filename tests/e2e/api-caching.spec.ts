// The read-only API lists over the real server (issue 11, part 3): /api/pickup-slots narrowed by ?fsa=
// (a bad prefix a translated 400), a strong ETag stable across identical requests, 304 without a body to
// If-None-Match, gzip when asked (compressed once: the bytes gunzip to the very JSON an identity request
// gets, through the server's compression middleware), a new tag and a 200 after a booking and after an
// operator's write, and two residents whose lists differ never answered each other's 304. /api/materials
// and /api/service-areas/{fsa} revalidate the same way. Raw node:http (no client decompression), on a
// server of its own (no other test books meanwhile), in the js project only.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import {
  ApiClient,
  bookOneBag,
  freePort,
  rawRequest,
  registerAccount,
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
/** A resident of H2X with a complete address (can book), and one of H3Z. */
let plateau: ApiClient;
let westmount: ApiClient;

type Slot = { id: number; currentBooked: number; maxCapacity: number; serviceAreas: string[] };
type Answer = RawAnswer;

/** One GET as sent, the body as received (gunzipped only for `text`, when it says gzip). */
const get = (url: string, headers: Record<string, string> = {}): Promise<Answer> =>
  rawRequest(`${server.baseURL}${url}`, { headers });

const as = (client: ApiClient, extra: Record<string, string> = {}) => ({
  Cookie: client.cookie,
  "Accept-Language": "en-CA",
  ...extra,
});

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures from this pattern; none is needed
test.beforeAll(async ({}, testInfo) => {
  test.skip(testInfo.project.use.javaScriptEnabled === false, "HTTP-level, on its own server: the js project");
  test.setTimeout(120_000);
  dir = serverDir("api-caching");
  server = await startServer({ port: await freePort(process.env.OWN_SERVER_PORT), dbFile: path.join(dir, "app.db") });
  plateau = new ApiClient(server.baseURL, `caching-${Date.now().toString(36)}@recircle-mail.ca`);
  await registerResident(plateau);
  westmount = new ApiClient(server.baseURL, `caching-w-${Date.now().toString(36)}@recircle-mail.ca`);
  await registerAccount(westmount, "H3Z");
});

test.afterAll(async () => {
  await server?.kill();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test("?fsa= narrows the slots to a prefix; a bad prefix is a 400 { message } in English and French", async () => {
  const own = await get("/api/pickup-slots", as(plateau));
  expect(own.status).toBe(200);
  const narrowed = await get("/api/pickup-slots?fsa=h3z", as(plateau));
  expect(narrowed.status).toBe(200);
  const slots = JSON.parse(narrowed.text) as Slot[];
  expect(slots.length).toBeGreaterThan(0);
  expect(slots.every((s) => s.serviceAreas.includes("H3Z"))).toBe(true);
  expect(JSON.parse((await get("/api/pickup-slots?fsa=K1A", as(plateau))).text)).toEqual([]);
  for (const [language, message] of [
    ["en-CA", "Invalid postal code"],
    ["fr-CA", "Code postal invalide"],
  ] as const) {
    for (const bad of ["ZZZ", "", "H2X3K2", "%00", "h2"]) {
      const refused = await get(`/api/pickup-slots?fsa=${bad}`, as(plateau, { "Accept-Language": language }));
      expect(refused.status, bad).toBe(400);
      expect(refused.headers["content-type"]).toContain("application/json");
      expect(JSON.parse(refused.text)).toEqual({ message });
    }
  }
});

test("the slot list has a stable ETag, answers 304 without a body, and is gzipped once when asked", async () => {
  const plain = await get("/api/pickup-slots", as(plateau));
  const again = await get("/api/pickup-slots", as(plateau));
  expect(plain.headers.etag).toMatch(/^"[\w-]+"$/);
  expect(again.headers.etag).toBe(plain.headers.etag);
  expect(again.text).toBe(plain.text);
  expect(plain.headers["content-encoding"]).toBeUndefined();
  expect(plain.headers["cache-control"]).toBe("private, no-cache, no-transform");
  expect(plain.headers.vary).toMatch(/Cookie.*Accept-Language.*Accept-Encoding/);

  const zipped = await get("/api/pickup-slots", as(plateau, { "Accept-Encoding": "gzip" }));
  expect(zipped.headers["content-encoding"]).toBe("gzip");
  expect(zipped.raw.length).toBeLessThan(plain.raw.length / 4);
  // Gunzipped once it is the very JSON: a second compression would leave gzip bytes here.
  expect(zipped.text).toBe(plain.text);

  for (const tag of [plain.headers.etag!, `W/${zipped.headers.etag}`, `"nope", ${plain.headers.etag}`]) {
    const revalidated = await get(
      "/api/pickup-slots",
      as(plateau, { "If-None-Match": tag, "Accept-Encoding": "gzip" }),
    );
    expect(revalidated.status, tag).toBe(304);
    expect(revalidated.raw.length).toBe(0);
    expect(revalidated.headers["content-encoding"]).toBeUndefined();
  }
  expect((await get("/api/pickup-slots", as(plateau, { "If-None-Match": '"nope"' }))).status).toBe(200);

  // A client that takes brotli only gets the identity bytes under the identity tag, never a br body
  // the server's compression would make under a tag that names other bytes.
  const brotliOnly = await get("/api/pickup-slots", as(plateau, { "Accept-Encoding": "br" }));
  expect(brotliOnly.headers["content-encoding"]).toBeUndefined();
  expect(brotliOnly.headers.etag).toBe(plain.headers.etag);
  expect(brotliOnly.text).toBe(plain.text);
});

test("a booking and an operator's write each give the next request a new tag and the new list", async () => {
  const before = await get("/api/pickup-slots", as(plateau));
  const slot = (JSON.parse(before.text) as Slot[]).find((s) => s.currentBooked < s.maxCapacity)!;
  const booked = await bookOneBag(plateau, slot.id);
  expect(booked.status, JSON.stringify(booked.json)).toBe(201);

  const after = await get("/api/pickup-slots", as(plateau, { "If-None-Match": before.headers.etag! }));
  expect(after.status).toBe(200);
  expect(after.headers.etag).not.toBe(before.headers.etag);
  expect((JSON.parse(after.text) as Slot[]).find((s) => s.id === slot.id)?.currentBooked).toBe(slot.currentBooked + 1);

  // An operator's sqlite3 (another process) changes a capacity: seen on the next request.
  const operator = new Database(server.dbFile);
  operator.prepare("UPDATE pickup_slots SET max_capacity = max_capacity + 7 WHERE id = ?").run(slot.id);
  operator.close();
  const resized = await get("/api/pickup-slots", as(plateau, { "If-None-Match": after.headers.etag! }));
  expect(resized.status).toBe(200);
  expect((JSON.parse(resized.text) as Slot[]).find((s) => s.id === slot.id)?.maxCapacity).toBe(slot.maxCapacity + 7);
});

test("two residents whose lists differ never get a 304 for each other's list", async () => {
  // A slot only Plateau residents are offered: the two lists differ.
  const first = (JSON.parse((await get("/api/pickup-slots", as(plateau))).text) as Slot[])[0]!;
  const operator = new Database(server.dbFile);
  operator.prepare(`UPDATE pickup_slots SET service_areas = '["H2X"]' WHERE id = ?`).run(first.id);
  operator.close();
  const theirs = await get("/api/pickup-slots", as(plateau, { "Accept-Encoding": "gzip" }));
  const mine = await get(
    "/api/pickup-slots",
    as(westmount, { "Accept-Encoding": "gzip", "If-None-Match": theirs.headers.etag! }),
  );
  expect(mine.status).toBe(200);
  expect(mine.headers.etag).not.toBe(theirs.headers.etag);
  const listed = JSON.parse(mine.text) as Slot[];
  expect(listed.map((s) => s.id)).not.toContain(first.id);
  expect(listed.every((s) => s.serviceAreas.includes("H3Z"))).toBe(true);
  expect((JSON.parse(theirs.text) as Slot[]).map((s) => s.id)).toContain(first.id);
});

test("/api/materials (and ?q=) and /api/service-areas/{fsa} revalidate with their ETag", async () => {
  for (const url of ["/api/materials", "/api/materials?q=batteries", "/api/service-areas/H2X"]) {
    const first = await get(url, { "Accept-Language": "fr-CA", "Accept-Encoding": "gzip" });
    expect(first.status, url).toBe(200);
    expect(first.headers.etag, url).toMatch(/^"[\w-]+"$/);
    JSON.parse(first.text);
    const revalidated = await get(url, {
      "Accept-Language": "fr-CA",
      "Accept-Encoding": "gzip",
      "If-None-Match": first.headers.etag!,
    });
    expect(revalidated.status, url).toBe(304);
    expect(revalidated.raw.length).toBe(0);
    const english = await get(url, { "Accept-Language": "en-CA", "If-None-Match": first.headers.etag! });
    if (url.startsWith("/api/materials")) expect(english.status, url).toBe(200);
  }
  const materials = await get("/api/materials", { "Accept-Language": "en-CA", "Accept-Encoding": "gzip" });
  expect(materials.headers["content-encoding"]).toBe("gzip");
  expect(JSON.parse(materials.text)).toEqual(
    JSON.parse((await get("/api/materials", { "Accept-Language": "en-CA" })).text),
  );
});

test("one slot, the resident's pickups and notifications revalidate too; personal lists stay no-store", async () => {
  const slots = JSON.parse((await get("/api/pickup-slots", as(plateau))).text) as Slot[];
  for (const [url, cacheControl] of [
    [`/api/pickup-slots/${slots[0]!.id}`, "private, no-cache, no-transform"],
    ["/api/pickup-requests", "private, no-store, no-transform"],
    ["/api/notifications", "private, no-store, no-transform"],
  ] as const) {
    const first = await get(url, as(plateau, { "Accept-Encoding": "gzip" }));
    expect(first.status, url).toBe(200);
    expect(first.headers["cache-control"], url).toBe(cacheControl);
    expect(first.headers.etag, url).toMatch(/^"[\w-]+"$/);
    const revalidated = await get(url, as(plateau, { "If-None-Match": first.headers.etag! }));
    expect(revalidated.status, url).toBe(304);
    expect(revalidated.raw.length, url).toBe(0);
  }
  // Westmount has no pickup: Plateau's tag for its own list is not Westmount's.
  const theirs = await get("/api/pickup-requests", as(plateau));
  expect(JSON.parse(theirs.text)).not.toEqual([]);
  const mine = await get("/api/pickup-requests", as(westmount, { "If-None-Match": theirs.headers.etag! }));
  expect(mine.status).toBe(200);
  expect(JSON.parse(mine.text)).toEqual([]);
});
