// Property-based tests of every JSON endpoint that takes a body (issue 21, part 10), with fast-check on a
// fixed seed, 100 runs per endpoint: generated malformed bodies (a field of the wrong type or out of its
// range, nesting, 45 KB strings, __proto__ / constructor / prototype keys, lone surrogates, NUL, RTL marks,
// emoji and combining marks, missing fields, extra fields, invalid JSON text, arrays, strings and numbers
// at top level, a body of another content type) each answer a 4xx JSON { message }, change no row of the
// server's database (every table's count, max(rowid) and a checksum of its rows, read from the server's
// own SQLite file), and leave the keep-alive connection usable: every request after the first goes out on
// the socket the one before used (one socket at a time), and is answered.
// Each body is designed to be invalid whatever else it holds (one field always wrong, or no object at all).
// It starts its own server (own port, own database: no other test writes to it), in the js project only.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import Database from "better-sqlite3";
import fc from "fast-check";
import { expect, test } from "@playwright/test";
import { ApiClient, freePort, registerResident, serverDir, startServer, type OwnServer } from "./own-server";

/** One seed for every property: a failure reproduces exactly (API_PROPS_SEED / API_PROPS_RUNS explore further, locally). */
const SEED = Number(process.env.API_PROPS_SEED ?? 20_211_010);
const NUM_RUNS = Math.max(100, Number(process.env.API_PROPS_RUNS ?? 100));
const PASSWORD = "recycle-42";
const CARD = { cardNumber: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123", postalCode: "H2X 3K2" };

test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "HTTP-level, on its own server: the js project");
test.describe.configure({ mode: "serial" });

// ---------------------------------------------------------------------------------------------------
// The server, its users and the rows they own

let server: OwnServer;
let dir = "";
let reader: Database.Database;
const cookies = { visitor: "", resident: "", admin: "" };
/** Rows the valid parts of the bodies point at (so a body let through would book, move or cancel for real). */
const live = { slotId: 0, otherSlotId: 0, pickupId: 0, planId: 0, intentId: "", openIntentId: "", checkoutId: "" };

type Who = keyof typeof cookies;

async function signedInClient(email: string) {
  const client = new ApiClient(server.baseURL, email);
  const login = await client.call("POST", "/api/auth/login", { email, password: PASSWORD });
  expect(login.status, JSON.stringify(login.json)).toBe(200);
  return client;
}

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures from this pattern; none is needed
test.beforeAll(async ({}, testInfo) => {
  // The file-level skip does not keep beforeAll from running in the other projects: no second server there.
  test.skip(testInfo.project.use.javaScriptEnabled === false, "HTTP-level, on its own server: the js project");
  test.setTimeout(120_000);
  dir = serverDir("api-properties");
  const dbFile = path.join(dir, "app.db");
  server = await startServer({ port: await freePort(process.env.OWN_SERVER_PORT), dbFile });

  // A resident with a complete address.
  const resident = new ApiClient(server.baseURL, `props-${Date.now().toString(36)}@recircle-mail.ca`);
  await registerResident(resident, "1234 Rue Saint-Denis");
  cookies.resident = resident.cookie;

  // An admin the way a server's operator makes one: `npm run create-admin`'s script on the server's database.
  const adminEmail = `props-admin-${Date.now().toString(36)}@recircle-admin.ca`;
  const created = spawnSync(
    process.execPath,
    ["node_modules/tsx/dist/cli.mjs", "scripts/create-admin.ts", adminEmail, PASSWORD],
    {
      env: { ...process.env, DATABASE_PATH: dbFile, ALLOW_GENERATED_SECRET: "1", NODE_ENV: "development" },
      encoding: "utf8",
      timeout: 60_000,
    },
  );
  expect(created.status, `${created.stdout}${created.stderr}`).toBe(0);
  const admin = await signedInClient(adminEmail);
  expect((await admin.call("GET", "/api/auth/me")).json).toMatchObject({ isAdmin: true });
  cookies.admin = admin.cookie;

  // A paid pickup (the one PUT and DELETE would move or cancel), and an intent not paid yet.
  const slots = (await resident.call("GET", "/api/pickup-slots")).json as unknown as Array<{
    id: number;
    currentBooked: number;
    maxCapacity: number;
  }>;
  const open = slots.filter((s) => s.currentBooked < s.maxCapacity);
  expect(open.length, "two bookable slots").toBeGreaterThanOrEqual(2);
  live.slotId = open[0]!.id;
  live.otherSlotId = open[1]!.id;
  // Its card kept for a plan (issue 45): the pickup starts one, which PUT and skip would change for real.
  const intent = await resident.call("POST", "/api/create-payment-intent", {
    bagCount: 1,
    slotId: live.slotId,
    acceptTerms: true,
    saveCardConsent: true,
  });
  expect(intent.status, JSON.stringify(intent.json)).toBe(200);
  live.intentId = intent.json.paymentIntentId as string;
  const confirmed = await resident.call("POST", "/api/payments/simulated/confirm", {
    paymentIntentId: live.intentId,
    ...CARD,
  });
  expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
  const pickup = await resident.call("POST", "/api/pickup-requests", {
    bagsRequested: 1,
    pickupSlotId: live.slotId,
    totalPrice: 11.5,
    paymentIntentId: live.intentId,
    acceptTerms: true,
    saveCardConsent: true,
    planIntervalWeeks: 4,
  });
  expect(pickup.status, JSON.stringify(pickup.json)).toBe(201);
  live.pickupId = pickup.json.id as number;
  live.planId = (pickup.json.plan as { id: number }).id;
  const second = await resident.call("POST", "/api/create-payment-intent", {
    bagCount: 2,
    slotId: live.slotId,
    acceptTerms: true,
  });
  expect(second.status, JSON.stringify(second.json)).toBe(200);
  live.openIntentId = second.json.paymentIntentId as string;
  live.checkoutId = second.json.checkoutId as string;

  reader = new Database(dbFile, { readonly: true, fileMustExist: true });
  reader.pragma("busy_timeout = 5000");
});

test.afterAll(async () => {
  reader?.close();
  await server?.kill();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------------
// The database's fingerprint

/** Columns a background job may change on its own (the outbox's delivery): counted, not checksummed. */
const COUNTED_ONLY = new Set(["email_outbox"]);
/**
 * Columns every signed-in request may touch (issue 34: a session's last-seen time and browser, the
 * account's last use, at most every 5 minutes): left out of the checksum.
 */
const TOUCHED: Record<string, string[]> = {
  sessions: ["last_seen_at", "user_agent"],
  users: ["last_seen_at", "inactivity_warned_at"],
};

/**
 * Every ordinary table: its row count, max(rowid) and a checksum of its rows. (The materials search
 * index, an FTS5 virtual table and its shadow tables, follows the materials table by its triggers.)
 */
function fingerprint(): Record<string, string> {
  const tables = reader
    .prepare(
      "select name from pragma_table_list where schema = 'main' and type = 'table' and wr = 0 and name not like 'sqlite_%' order by name",
    )
    .all() as Array<{ name: string }>;
  const print: Record<string, string> = {};
  for (const { name } of tables) {
    const { n, m } = reader.prepare(`select count(*) as n, max(rowid) as m from "${name}"`).get() as {
      n: number;
      m: number | null;
    };
    const hash = createHash("sha1");
    if (!COUNTED_ONLY.has(name)) {
      const columns = (reader.prepare(`select name from pragma_table_info(?)`).all(name) as Array<{ name: string }>)
        .map((c) => c.name)
        .filter((c) => !(TOUCHED[name] ?? []).includes(c))
        .map((c) => `"${c}"`)
        .join(", ");
      for (const row of reader.prepare(`select ${columns} from "${name}" order by rowid`).raw().iterate()) {
        hash.update(JSON.stringify(row, (_, v) => (typeof v === "bigint" ? String(v) : v)));
      }
    }
    print[name] = `${n}/${m}/${hash.digest("hex").slice(0, 12)}`;
  }
  return print;
}

// ---------------------------------------------------------------------------------------------------
// One connection, one socket at a time

type Answer = { status: number; type: string; text: string; reused: boolean; connection: string };

/** Requests on one keep-alive socket at a time; `reused` tells whether a request went out on the previous one. */
class Connection {
  readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1, maxFreeSockets: 1 });

  send(method: string, url: string, body: string | Buffer | null, headers: Record<string, string>) {
    return new Promise<Answer>((resolve, reject) => {
      const request = http.request(
        {
          host: "127.0.0.1",
          port: server.port,
          method,
          path: url,
          agent: this.agent,
          headers: {
            "Accept-Language": "en-CA",
            ...(body === null ? {} : { "Content-Length": String(Buffer.byteLength(body)) }),
            ...headers,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              type: String(response.headers["content-type"] ?? ""),
              text: Buffer.concat(chunks).toString("utf8"),
              reused: request.reusedSocket,
              connection: String(response.headers.connection ?? ""),
            }),
          );
          response.on("error", reject);
        },
      );
      // Generous: a hung connection is what this catches, not a slow machine.
      request.setTimeout(15_000, () => request.destroy(new Error(`no answer within 15 s: ${method} ${url}`)));
      request.on("error", reject);
      request.end(body ?? undefined);
    });
  }

  close() {
    this.agent.destroy();
  }
}

// ---------------------------------------------------------------------------------------------------
// The material: values of the wrong type, odd strings, noise

const HUGE = fc.integer({ min: 40_000, max: 45_000 }).map((n) => "x".repeat(n));
const ODD_PIECES = [
  "\ud800",
  "\udfff",
  "\u0000",
  "\u202e",
  "\u200f",
  "\u2066",
  "\ufeff",
  "\u2028",
  "💥",
  "👩🏽‍🔧",
  "e\u0301",
  "a\u0327\u0308",
  "漢字",
  "ا",
  " ",
  "'",
  '"',
  "\\",
  "<b>",
];
/** Lone surrogates, NUL, RTL and isolate marks, a BOM, emoji and combining marks, quotes. */
const oddString = fc
  .array(fc.oneof(fc.constantFrom(...ODD_PIECES), fc.string({ unit: "binary", maxLength: 3 })), {
    minLength: 1,
    maxLength: 8,
  })
  .map((pieces) => pieces.join(""));
const PROTO_KEYS = ["__proto__", "constructor", "prototype"];
/** `{"a":{"a":…}}` or `[[…]]`, up to 400 levels. */
const deep = fc.tuple(fc.integer({ min: 20, max: 400 }), fc.boolean()).map(([depth, asArray]) => {
  let value: unknown = asArray ? [1] : { a: 1 };
  for (let i = 0; i < depth; i++) value = asArray ? [value] : { a: value };
  return value;
});
/** A JSON object whose keys include prototype names (as own keys, the way JSON.parse makes them). */
const protoObject = fc
  .array(
    fc.tuple(fc.constantFrom(...PROTO_KEYS, "isAdmin", "role", "valueOf", "toString"), fc.jsonValue({ maxDepth: 2 })),
    {
      minLength: 1,
      maxLength: 4,
    },
  )
  .map((entries) => new RawObject(entries));

/** An object written as JSON text entry by entry: `__proto__` stays an own key, a key may repeat. */
class RawObject {
  constructor(readonly entries: Array<[string, unknown]>) {}
  toJSON() {
    return Object.fromEntries(this.entries);
  }
  text(): string {
    return `{${this.entries.map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`).join(",")}}`;
  }
}

function toJson(value: unknown): string {
  if (value instanceof RawObject) return value.text();
  if (Array.isArray(value)) return `[${value.map(toJson).join(",")}]`;
  if (value && typeof value === "object") return new RawObject(Object.entries(value)).text();
  return JSON.stringify(value) ?? "null";
}

/** Any small JSON value, odd strings and prototype keys included: what the fields not under test may hold. */
const noise = fc.oneof(
  oddString,
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 2 }),
  protoObject,
);

/**
 * A field's wrong values: the classic coercion traps (each also tried on its own, every other field valid,
 * before the random runs) and an arbitrary that mixes them with nesting, huge and odd values.
 */
type Wrong = { classics: unknown[]; arbitrary: fc.Arbitrary<unknown> };

function wrongOf(classics: unknown[], ...more: Array<fc.Arbitrary<unknown>>): Wrong {
  return {
    classics,
    arbitrary: fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...classics) },
      ...more.map((arbitrary) => ({ weight: 1, arbitrary })),
    ),
  };
}

const ODD_AND_BIG = [oddString, HUGE, deep, protoObject];

/** A number field: anything not a JSON number (null too: no number field is nullable), or out of its range. */
const numberField = (valid: unknown, outOfRange: number[]) =>
  wrongOf(
    [true, false, [1], [valid], "1", String(valid), "", null, {}, [], { valueOf: valid }, ...outOfRange],
    ...ODD_AND_BIG,
    fc.array(fc.integer(), { minLength: 1, maxLength: 3 }),
  );

/** A string field: anything not a JSON string (null only where the field is not nullable), or a bad string. */
const stringField = (valid: unknown, badStrings: string[], { nullable = false } = {}) =>
  wrongOf(
    [
      true,
      false,
      1,
      0,
      -1,
      1.5,
      1e308,
      [valid],
      [],
      {},
      { toString: valid },
      ...(nullable ? [] : [null]),
      ...badStrings,
    ],
    // Not oddString: an odd string may well be a valid one (a name, a password). HUGE is over every field's limit.
    HUGE,
    deep,
    protoObject,
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
  );

/** A boolean field: anything not a JSON boolean (no boolean field is nullable). */
const booleanField = () =>
  wrongOf(["true", "false", "on", 1, 0, "", null, [true], {}, [], { valueOf: true }], HUGE, deep, protoObject);

/** The contract's fields of a body that pays or books (issue 43): the terms accepted, French by default. */
const contractFields = () => ({
  acceptTerms: req(true, wrongOf([false, ...booleanField().classics], HUGE, deep, protoObject)),
  contractLanguage: opt("fr", stringField("fr", ["", "de", "EN", "english"])),
  frenchTermsReceived: opt(false, booleanField()),
});

const ID_OUT = [0, -1, 1.5, -1e308, 0.0001, 1e308, 2 ** 53 + 2, 999_999_999];
const BAGS_OUT = [0, -1, 3, 5, 1.5, 1e308, -1e308, 2 ** 53 + 2];
const NOT_EMAIL = [
  "",
  " ",
  "not-an-email",
  "a@",
  "@b.ca",
  "a@b",
  "a b@c.ca",
  "a\u0000@x.ca",
  "a\u202eb@x.ca",
  "a\ud800@x.ca",
  "a\r\nbcc:c@x.ca",
  `${"a".repeat(250)}@x.ca`,
];

type Field = { valid: unknown; wrong: Wrong; required: boolean };
const req = (valid: unknown, wrong: Wrong): Field => ({ valid, wrong, required: true });
const opt = (valid: unknown, wrong: Wrong): Field => ({ valid, wrong, required: false });

type Endpoint = {
  method: string;
  path: () => string;
  who: Who;
  /** The body's fields; none for an endpoint whose body is empty by contract (only non-objects are wrong). */
  fields: () => Record<string, Field>;
};

const email = (valid: string) => req(valid, stringField(valid, NOT_EMAIL));
const password = (valid: string, bad: string[]) => req(valid, stringField(valid, ["", ...bad]));

const ENDPOINTS: Record<string, Endpoint> = {
  "POST /api/auth/register": {
    method: "POST",
    path: () => "/api/auth/register",
    who: "visitor",
    fields: () => ({
      email: email("new-resident@recircle-mail.ca"),
      password: password(PASSWORD, ["12345", "x".repeat(201)]),
      postalFsa: opt("H2X", stringField("H2X", ["ZZZ", "H2", "12345", "\u0000"])),
    }),
  },
  "POST /api/auth/login": {
    method: "POST",
    path: () => "/api/auth/login",
    who: "visitor",
    fields: () => ({ email: email("someone@recircle-mail.ca"), password: password(PASSWORD, ["x".repeat(201)]) }),
  },
  "POST /api/auth/logout": { method: "POST", path: () => "/api/auth/logout", who: "resident", fields: () => ({}) },
  "POST /api/auth/forgot-password": {
    method: "POST",
    path: () => "/api/auth/forgot-password",
    who: "visitor",
    fields: () => ({ email: email("someone@recircle-mail.ca") }),
  },
  "POST /api/auth/reset-password": {
    method: "POST",
    path: () => "/api/auth/reset-password",
    who: "visitor",
    fields: () => ({
      token: req("a".repeat(43), stringField("t", ["", "x".repeat(201)])),
      newPassword: password("another-secret-42", ["12345", "x".repeat(201)]),
    }),
  },
  "PUT /api/auth/profile": {
    method: "PUT",
    path: () => "/api/auth/profile",
    who: "resident",
    fields: () => ({
      firstName: req("Mallory", stringField("Mallory", ["", "   ", "x".repeat(101)])),
      lastName: req("Tremblay", stringField("Tremblay", ["", "x".repeat(101)])),
      streetAddress: req("1 Rue Sainte-Catherine", stringField("1 Rue", ["", "x".repeat(201)])),
      unit: opt("2", stringField("2", ["x".repeat(21)], { nullable: true })),
      city: req("Laval", stringField("Laval", ["", "x".repeat(101)])),
      province: opt("QC", stringField("QC", ["ZZ", "Narnia", "Ontario-ish", "XX YY"], { nullable: true })),
      postalCode: req("H2X 3K2", stringField("H2X 3K2", ["", "ZZZ ZZZ", "H2X", "H2X 3K2 9"])),
      // Issue 35: the mobile number and the message choices, each optional.
      phone: opt(
        "514 555-0123",
        stringField("514 555-0123", ["123", "not a phone", "+33 1 23 45"], { nullable: true }),
      ),
      remindersEnabled: opt(true, booleanField()),
      reminderChannels: opt("email", stringField("email", ["", "fax", "EMAIL", "email,sms"])),
      alertsEnabled: opt(true, booleanField()),
      dayAfterEnabled: opt(false, booleanField()),
    }),
  },
  "POST /api/auth/change-password": {
    method: "POST",
    path: () => "/api/auth/change-password",
    who: "resident",
    fields: () => ({
      currentPassword: password(PASSWORD, ["x".repeat(201)]),
      newPassword: password("another-secret-42", ["12345", "x".repeat(201)]),
    }),
  },
  // A wrong password as the valid value: a body that gets through validation is refused (400), never deletes.
  "DELETE /api/auth/account": {
    method: "DELETE",
    path: () => "/api/auth/account",
    who: "resident",
    fields: () => ({ password: password("not-the-password-9", ["x".repeat(201)]) }),
  },
  "POST /api/auth/complete-onboarding": {
    method: "POST",
    path: () => "/api/auth/complete-onboarding",
    who: "resident",
    fields: () => ({}),
  },
  // No code was texted to this resident: a well-formed code is refused (409), never verifies anything.
  "POST /api/auth/phone/verify": {
    method: "POST",
    path: () => "/api/auth/phone/verify",
    who: "resident",
    fields: () => ({ code: req("123456", stringField("123456", ["", "12345", "abcdef", "1234567", "x".repeat(201)])) }),
  },
  // Twilio's webhook (form-encoded, signed): without Twilio configured it answers 404, signed wrongly 403.
  "POST /api/sms/inbound": { method: "POST", path: () => "/api/sms/inbound", who: "visitor", fields: () => ({}) },
  "POST /api/waitlist": {
    method: "POST",
    path: () => "/api/waitlist",
    who: "visitor",
    fields: () => ({
      email: email("waiting@recircle-mail.ca"),
      name: req("Léa", stringField("Léa", ["", "  ", "x".repeat(101)])),
      postal_code: req("K1A", stringField("K1A", ["", "ZZZ", "K1", "12345"])),
      building_access: req("Outside Service Area", stringField("No Direct Access", ["", "no direct access", "x"])),
    }),
  },
  "POST /api/create-payment-intent": {
    method: "POST",
    path: () => "/api/create-payment-intent",
    who: "resident",
    fields: () => ({
      bagCount: req(2, numberField(2, BAGS_OUT)),
      slotId: req(live.slotId, numberField(live.slotId, ID_OUT)),
      amount: opt(undefined, numberField(2000, [-1, -0.01, -1e308])),
      checkoutId: opt(
        live.checkoutId,
        stringField(live.checkoutId, ["", "short", "x".repeat(23), "../../../../etc"], { nullable: true }),
      ),
      promoCode: opt(null, stringField("SAVE", ["x".repeat(41)], { nullable: true })),
      ...contractFields(),
    }),
  },
  // Issue 45 part 5: the intent for a bag more on a booked pickup, typed and closed like the booking's.
  "POST /api/create-payment-intent (a bag more)": {
    method: "POST",
    path: () => "/api/create-payment-intent",
    who: "resident",
    fields: () => ({
      pickupRequestId: req(live.pickupId, numberField(live.pickupId, ID_OUT)),
      bagCount: req(4, numberField(4, BAGS_OUT)),
    }),
  },
  "POST /api/payments/simulated/confirm": {
    method: "POST",
    path: () => "/api/payments/simulated/confirm",
    who: "resident",
    fields: () => ({
      paymentIntentId: req(live.openIntentId, stringField(live.openIntentId, ["", "x".repeat(101)])),
      cardNumber: req(CARD.cardNumber, stringField(CARD.cardNumber, ["x".repeat(31)])),
      expMonth: req(CARD.expMonth, numberField(CARD.expMonth, [0, 13, -1, 1.5, 1e308])),
      expYear: req(CARD.expYear, numberField(CARD.expYear, [-1, 10_000, 1.5, 1e308])),
      cvc: req(CARD.cvc, stringField(CARD.cvc, ["12345"])),
      // "h2x3k2" is a postal code typed without its space, accepted since issue 33 (part 9); "H2X 3K" is not one.
      postalCode: req(CARD.postalCode, stringField(CARD.postalCode, ["", "H2X 3K", "ZZZ ZZZ"])),
    }),
  },
  "POST /api/pickup-requests": {
    method: "POST",
    path: () => "/api/pickup-requests",
    who: "resident",
    fields: () => ({
      bagsRequested: req(1, numberField(1, BAGS_OUT)),
      pickupSlotId: req(live.slotId, numberField(live.slotId, ID_OUT)),
      totalPrice: req(11.5, numberField(11.5, [-1, -0.01, -1e308])),
      address: opt("1 Rue", stringField("1 Rue", ["x".repeat(501)])),
      // The intent already paid for the booked pickup: a body let through would answer 409, not book.
      paymentIntentId: req(live.openIntentId, stringField(live.openIntentId, ["", "x".repeat(101)])),
      ...contractFields(),
    }),
  },
  // Issue 45: the live pickup has its plan already: a body let through answers 409 already_planned, starts nothing.
  "POST /api/pickup-plans": {
    method: "POST",
    path: () => "/api/pickup-plans",
    who: "resident",
    fields: () => ({
      pickupRequestId: req(live.pickupId, numberField(live.pickupId, ID_OUT)),
      intervalWeeks: req(4, numberField(4, [0, 3, 6, 4.5, -4, 1e308])),
    }),
  },
  // Issue 45 part 4: the live pickup's plan changed (any of the four fields; null resumes a pause).
  "PUT /api/pickup-plans/{id}": {
    method: "PUT",
    path: () => `/api/pickup-plans/${live.planId}`,
    who: "resident",
    fields: () => ({
      intervalWeeks: opt(8, numberField(8, [0, 3, 6, 4.5, -4, 1e308])),
      bagCount: opt(4, numberField(4, BAGS_OUT)),
      window: opt("afternoon", stringField("afternoon", ["", "evening", "MORNING", "x".repeat(101)])),
      pausedUntil: opt(
        null,
        stringField("2027-01-15", ["", "2027-02-30", "15/01/2027", "x".repeat(101)], { nullable: true }),
      ),
    }),
  },
  // No plan of the resident's has this id: a body let through answers 404 and changes nothing.
  "DELETE /api/pickup-plans/{id}": {
    method: "DELETE",
    path: () => "/api/pickup-plans/999999",
    who: "resident",
    fields: () => ({}),
  },
  // No body by contract: the next cycle skipped.
  "POST /api/pickup-plans/{id}/skip": {
    method: "POST",
    path: () => `/api/pickup-plans/${live.planId}/skip`,
    who: "resident",
    fields: () => ({}),
  },
  "PUT /api/pickup-requests/{id}": {
    method: "PUT",
    path: () => `/api/pickup-requests/${live.pickupId}`,
    who: "resident",
    fields: () => ({ pickupSlotId: req(live.otherSlotId, numberField(live.otherSlotId, ID_OUT)) }),
  },
  // Issue 45 part 5: a bag more (with the intent that paid it) or less (alone).
  "PUT /api/pickup-requests/{id} (bags)": {
    method: "PUT",
    path: () => `/api/pickup-requests/${live.pickupId}`,
    who: "resident",
    fields: () => ({
      bagCount: req(4, numberField(4, BAGS_OUT)),
      paymentIntentId: opt(undefined, stringField(live.openIntentId, ["", "x".repeat(101)])),
    }),
  },
  "PATCH /api/pickup-requests/{id}": {
    method: "PATCH",
    path: () => `/api/pickup-requests/${live.pickupId}`,
    who: "resident",
    fields: () => ({ pickupSlotId: req(live.otherSlotId, numberField(live.otherSlotId, ID_OUT)) }),
  },
  "DELETE /api/pickup-requests/{id}": {
    method: "DELETE",
    path: () => `/api/pickup-requests/${live.pickupId}`,
    who: "resident",
    fields: () => ({}),
  },
  "POST /api/checkout/session": {
    method: "POST",
    path: () => "/api/checkout/session",
    who: "resident",
    fields: () => ({
      bagCount: req(2, numberField(2, BAGS_OUT)),
      slotId: req(live.slotId, numberField(live.slotId, ID_OUT)),
      checkoutId: opt(live.checkoutId, stringField(live.checkoutId, ["", "short", "x".repeat(23)], { nullable: true })),
      email: opt("a@b.ca", stringField("a@b.ca", ["x".repeat(255)])),
      address: opt("1 Rue", stringField("1 Rue", ["x".repeat(501)])),
      promoCode: opt(null, stringField("SAVE", ["x".repeat(41)], { nullable: true })),
      ...contractFields(),
    }),
  },
  "POST /api/promo/validate": {
    method: "POST",
    path: () => "/api/promo/validate",
    who: "resident",
    fields: () => ({
      code: req("", stringField("SAVE", ["x".repeat(41)])),
      bagCount: req(2, numberField(2, BAGS_OUT)),
      email: opt("a@b.ca", stringField("a@b.ca", ["x".repeat(255)])),
      address: opt("1 Rue", stringField("1 Rue", ["x".repeat(501)])),
    }),
  },
  "POST /api/notifications": {
    method: "POST",
    path: () => "/api/notifications",
    who: "resident",
    fields: () => ({
      ids: opt(
        [],
        wrongOf(
          ["1", 1, true, null, {}, [1], [null], [["a"]], ["x".repeat(101)], Array.from({ length: 201 }, String)],
          ...ODD_AND_BIG,
        ),
      ),
      all: opt(false, wrongOf([1, 0, "true", "", null, [true], {}, "x".repeat(1000)], ...ODD_AND_BIG)),
    }),
  },
  "POST /api/admin/promo-codes": {
    method: "POST",
    path: () => "/api/admin/promo-codes",
    who: "admin",
    fields: () => ({
      count: req(1, numberField(1, [0, -1, 501, 1.5, 1e308, 2 ** 53 + 2, -1e308])),
      percent: opt(50, numberField(50, [0, -1, 101, 1.5, 1e308])),
    }),
  },
  "POST /api/admin/invitations": {
    method: "POST",
    path: () => "/api/admin/invitations",
    who: "admin",
    fields: () => ({ email: email("new-admin@recircle-admin.ca") }),
  },
  "POST /api/stripe/webhook": { method: "POST", path: () => "/api/stripe/webhook", who: "visitor", fields: () => ({}) },
};

// ---------------------------------------------------------------------------------------------------
// Malformed bodies

type Body = { kind: string; text: string | Buffer; type: string };
const JSON_TYPE = "application/json";

function body(kind: string, text: string | Buffer, type = JSON_TYPE): Body {
  const shown = typeof text === "string" ? text : text.toString("hex");
  return Object.assign(
    { kind, text, type },
    {
      [fc.toStringMethod]: () =>
        `${kind} (${type}): ${JSON.stringify(shown.length > 300 ? `${shown.slice(0, 300)}… (${shown.length} chars)` : shown)}`,
    },
  );
}

/** Top-level JSON that is no object: arrays, strings, numbers, booleans, null. */
const topLevel = fc
  .oneof(
    fc.array(noise, { maxLength: 4 }),
    oddString,
    fc.string(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom<unknown>(1e308, -1, 0, true, false, null, [{}], [[]], "{}"),
    deep.filter(Array.isArray),
  )
  .map((value) => body("top-level non-object", toJson(value)));

const notJson = (text: string) => {
  if (!text.trim()) return false;
  try {
    JSON.parse(text);
    return false;
  } catch {
    return true;
  }
};

/** Text that is not JSON: garbage, a valid body cut short or with a stray character, bytes that are not UTF-8. */
const invalidJson = (valid: string) =>
  fc.oneof(
    fc
      .string({ minLength: 1, maxLength: 40 })
      .filter(notJson)
      .map((t) => body("invalid JSON", t)),
    fc
      .integer({ min: 1, max: Math.max(1, valid.length - 1) })
      .map((cut) => valid.slice(0, cut))
      .filter(notJson)
      .map((t) => body("truncated JSON", t)),
    fc
      .tuple(fc.nat({ max: valid.length }), fc.constantFrom(",", "}", "{", "'", "\\", "\u0000", ":", "]", "\ud800"))
      .map(([at, ch]) => valid.slice(0, at) + ch + valid.slice(at))
      .filter(notJson)
      .map((t) => body("JSON with a stray character", t)),
    fc.constantFrom(
      body("single quotes", "{'a': 1}"),
      body("trailing comma", '{"a": 1,}'),
      body("NaN", '{"a": NaN}'),
      body("comments", '{/* x */ "a": 1}'),
      body("unclosed", "{".repeat(500)),
      body("bytes that are not UTF-8", Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x80, 0x7d])),
    ),
  );

/** A well-formed body sent as another content type (any cross-site form can send text/plain). */
const otherType = (valid: string) =>
  fc
    .constantFrom(
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/jsonp",
      "text/json",
    )
    .map((type) => body("another content type", valid, type));

/** An object with one field wrong (or one required field missing), noise in others, extra and prototype keys. */
function wrongObject(fields: Record<string, Field>) {
  const names = Object.keys(fields);
  const required = names.filter((name) => fields[name]!.required);
  const extras = fc.array(
    fc.tuple(fc.oneof(fc.constantFrom(...PROTO_KEYS, "isAdmin", "role", "userId", "status"), oddString), noise),
    { maxLength: 4 },
  );
  const others = (except: string) =>
    fc.tuple(
      ...names
        .filter((name) => name !== except)
        .map((name) =>
          fc.oneof(
            { weight: 3, arbitrary: fc.constant<[string, unknown] | null>([name, fields[name]!.valid]) },
            { weight: 1, arbitrary: fc.constant<[string, unknown] | null>(null) },
            { weight: 1, arbitrary: noise.map((v): [string, unknown] => [name, v]) },
          ),
        ),
    );
  const wrongField = fc
    .constantFrom(...names)
    .chain((name) => fc.tuple(fc.constant(name), fields[name]!.wrong.arbitrary, others(name), extras, fc.boolean()))
    .map(([name, value, rest, extra, extraFirst]) => {
      const kept = rest.filter((entry): entry is [string, unknown] => entry !== null && entry[1] !== undefined);
      // The wrong field comes last: a repeated key is read as its last value.
      const entries = extraFirst ? [...extra, ...kept, [name, value]] : [...kept, ...extra, [name, value]];
      return body(`${name} wrong`, new RawObject(entries as Array<[string, unknown]>).text());
    });
  if (!required.length) return wrongField;
  const missing = fc
    .constantFrom(...required)
    .chain((name) => fc.tuple(fc.constant(name), extras))
    .map(([name, extra]) => {
      // Extra keys must not bring the missing field back.
      const others = extra.filter(([key]) => key !== name);
      return body(`${name} missing`, new RawObject([...validEntries(fields, name), ...others]).text());
    });
  return fc.oneof({ weight: 4, arbitrary: wrongField }, { weight: 1, arbitrary: missing });
}

/** The fields' valid values (those that have one), but `except`. */
const validEntries = (fields: Record<string, Field>, except = ""): Array<[string, unknown]> =>
  Object.entries(fields)
    .filter(([name, field]) => name !== except && field.valid !== undefined)
    .map(([name, field]) => [name, field.valid]);

/** Each field's classic wrong values, one at a time, every other field valid: tried before the random runs. */
function classicBodies(endpoint: Endpoint): Body[] {
  const fields = endpoint.fields();
  return Object.entries(fields).flatMap(([name, field]) =>
    field.wrong.classics.map((value) =>
      body(`${name} wrong`, new RawObject([...validEntries(fields, name), [name, value]]).text()),
    ),
  );
}

function malformedBodies(endpoint: Endpoint): fc.Arbitrary<Body> {
  const fields = endpoint.fields();
  const valid = new RawObject(validEntries(fields)).text();
  const kinds: Array<fc.WeightedArbitrary<Body>> = [
    { weight: 2, arbitrary: topLevel },
    { weight: 2, arbitrary: invalidJson(valid) },
    { weight: 1, arbitrary: otherType(valid) },
  ];
  if (Object.keys(fields).length) kinds.push({ weight: 8, arbitrary: wrongObject(fields) });
  return fc.oneof(...kinds);
}

// ---------------------------------------------------------------------------------------------------
// The properties

const headersFor = (who: Who, type: string): Record<string, string> => ({
  "Content-Type": type,
  ...(cookies[who] ? { Cookie: cookies[who] } : {}),
});

/** The answer's `{ message }`, which must be a non-empty string in a JSON answer. */
function expectJsonMessage(answer: Answer, what: string): string {
  expect(answer.type, `${what}: a JSON answer (${answer.text.slice(0, 200)})`).toMatch(/^application\/json/);
  let message: unknown;
  try {
    message = (JSON.parse(answer.text) as { message?: unknown }).message;
  } catch {
    message = undefined;
  }
  expect(
    typeof message === "string" && message.trim().length > 0,
    `${what}: a { message } (${answer.text.slice(0, 200)})`,
  ).toBe(true);
  return message as string;
}

test("every /api route with an action that takes a body is covered here", () => {
  const covered = new Set(Object.values(ENDPOINTS).map((e) => e.path().replace(/\/\d+(?=\/|$)/g, "/{id}")));
  const routes = fs
    .readdirSync("app/routes")
    .filter((file) => file.startsWith("api.") && file !== "api.$.ts")
    .filter((file) => {
      const source = fs.readFileSync(path.join("app/routes", file), "utf8");
      // An action that reads a body (or changes state): a 405-only action is no endpoint with a body.
      return (
        /export\s+async\s+function\s+action\b/.test(source) &&
        /parseApiBody|readJson\(|request\.(text|json|formData)\(|assertSameOrigin/.test(source)
      );
    })
    .map(
      (file) =>
        `/${file
          .replace(/\.tsx?$/, "")
          .split(".")
          .map((part) => (part.startsWith("$") ? "{id}" : part))
          .join("/")}`,
    );
  expect(routes.length).toBeGreaterThan(10);
  for (const route of routes) expect(covered, `${route} has generators`).toContain(route);
});

for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
  test(`${name}: ${NUM_RUNS} malformed bodies each answer 4xx { message }, change no row, keep the connection`, async () => {
    test.setTimeout(90_000);
    const connection = new Connection();
    const before = fingerprint();
    const examples = classicBodies(endpoint).map((malformed): [Body] => [malformed]);
    let sent = 0;
    /** Each message answered, by the language asked for (English and French in turn). */
    const messages = { "en-CA": new Set<string>(), "fr-CA": new Set<string>() };
    try {
      await fc.assert(
        fc.asyncProperty(malformedBodies(endpoint), async (malformed) => {
          const language = sent % 2 ? "fr-CA" : "en-CA";
          const answer = await connection.send(endpoint.method, endpoint.path(), malformed.text, {
            ...headersFor(endpoint.who, malformed.type),
            "Accept-Language": language,
          });
          const what = `${name} with ${malformed.kind} in ${language}`;
          expect(answer.status, `${what}: a 4xx (${answer.text.slice(0, 200)})`).toBeGreaterThanOrEqual(400);
          expect(answer.status, `${what}: a 4xx (${answer.text.slice(0, 200)})`).toBeLessThan(500);
          messages[language].add(expectJsonMessage(answer, what));
          // The request before this one left its socket open and usable: this one went out on it.
          if (sent++ > 0) expect(answer.reused, `${what}: sent on the previous request's socket`).toBe(true);
          expect(answer.connection.toLowerCase(), `${what}: the server keeps the connection`).not.toBe("close");
          expect(fingerprint(), `${what}: no row changed`).toEqual(before);
        }),
        // The classic values first, then NUM_RUNS generated bodies.
        { seed: SEED, numRuns: NUM_RUNS + examples.length, examples, endOnFailure: true },
      );
      // Every refusal is translated: no message was answered word for word in English and in French (but
      // Stripe's webhook: it answers Stripe, which asks in no language, and only before it is configured).
      if (endpoint.path() !== "/api/stripe/webhook") {
        expect([...messages["en-CA"]].filter((message) => messages["fr-CA"].has(message))).toEqual([]);
      }
      // The next request on the same connection is answered, at once and on the same socket.
      const next = await connection.send("GET", "/healthz", null, {});
      expect(next.status).toBe(200);
      expect(next.reused).toBe(true);
    } finally {
      connection.close();
    }
  });
}

test("every endpoint that needs an account answers 401 { message } without one, and the admin's 403 to a resident", async () => {
  const connection = new Connection();
  try {
    const before = fingerprint();
    for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
      // Signing out without an account has nothing to end: 200, like a second click on "Sign out".
      if (endpoint.who === "visitor" || endpoint.path() === "/api/auth/logout") continue;
      const valid = new RawObject(validEntries(endpoint.fields())).text();
      const anonymous = await connection.send(endpoint.method, endpoint.path(), valid, { "Content-Type": JSON_TYPE });
      // The account first, then the method (PATCH is none of that endpoint's): 401 either way.
      expect(anonymous.status, `${name} without an account`).toBe(401);
      expectJsonMessage(anonymous, `${name} without an account`);
      if (endpoint.who === "admin") {
        const resident = await connection.send(
          endpoint.method,
          endpoint.path(),
          valid,
          headersFor("resident", JSON_TYPE),
        );
        expect(resident.status, `${name} as a resident`).toBe(403);
        expectJsonMessage(resident, `${name} as a resident`);
      }
    }
    expect(fingerprint()).toEqual(before);
  } finally {
    connection.close();
  }
});

// The read-only lists take input in the URL, not a body: an odd ?fsa=, ?q= or path prefix answers 200 JSON
// or 400 (404 for another path) { message }, never a 5xx, changes no row, and keeps the connection (issue 11, part 3).
const QUERY_TARGETS = [
  { name: "GET /api/pickup-slots?fsa=", who: "resident" as Who, url: (raw: string) => `/api/pickup-slots?fsa=${raw}` },
  { name: "GET /api/materials?q=", who: "visitor" as Who, url: (raw: string) => `/api/materials?q=${raw}` },
  {
    name: "GET /api/materials/answer?q=",
    who: "visitor" as Who,
    url: (raw: string) => `/api/materials/answer?q=${raw}`,
  },
  { name: "GET /api/service-areas/{fsa}", who: "visitor" as Who, url: (raw: string) => `/api/service-areas/${raw}` },
];
/** Percent-encoded UTF-8 (a lone surrogate becomes U+FFFD), or raw broken escapes. */
const queryValue = fc.oneof(
  oddString.map((s) => [...Buffer.from(s, "utf8")].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("")),
  fc.string({ maxLength: 12 }).map((s) => encodeURIComponent(s)),
  fc.constantFrom("%", "%ZZ", "%C3", "%E2%82", "h2x", "H2X%20", "K1A", "%00", "A1A1A1", "%2F..%2F", "x".repeat(2000)),
);

for (const target of QUERY_TARGETS) {
  test(`${target.name}: ${NUM_RUNS} odd values each answer 200 JSON or 400 { message }, change no row, keep the connection`, async () => {
    test.setTimeout(90_000);
    const connection = new Connection();
    const before = fingerprint();
    let sent = 0;
    try {
      await fc.assert(
        fc.asyncProperty(queryValue, async (raw) => {
          const language = sent % 2 ? "fr-CA" : "en-CA";
          const answer = await connection.send("GET", target.url(raw), null, {
            ...(cookies[target.who] ? { Cookie: cookies[target.who] } : {}),
            "Accept-Language": language,
          });
          const what = `${target.name}${raw.slice(0, 80)} in ${language}`;
          // 404 only where the value makes another path (an empty prefix, a slash): `{ message }` too.
          expect([200, 400, 404], `${what}: ${answer.status} ${answer.text.slice(0, 200)}`).toContain(answer.status);
          if (answer.status !== 200) expectJsonMessage(answer, what);
          else expect(() => JSON.parse(answer.text), what).not.toThrow();
          if (sent++ > 0) expect(answer.reused, `${what}: sent on the previous request's socket`).toBe(true);
          expect(answer.connection.toLowerCase(), `${what}: the server keeps the connection`).not.toBe("close");
        }),
        { seed: SEED, numRuns: NUM_RUNS, endOnFailure: true },
      );
      expect(fingerprint()).toEqual(before);
    } finally {
      connection.close();
    }
  });
}
