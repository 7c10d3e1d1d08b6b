// Hostile input: every route module that exports an action, and every /api route, found by reading
// app/routes, gets malformed, oversized and type-confused requests (bodies, content types, methods,
// path parameters, query strings) as a visitor, as a signed-in resident and, on admin routes, as an
// admin. Never a 5xx; /api answers 4xx with a JSON { message }; and no table gains or loses a row.
// It runs on a server of its own (so row counts are not disturbed by other tests), in the js project only.
// HOSTILE_DEBUG=<file> prints progress and slow requests and writes the problems and the server log to <file>.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { createAdminWithScript } from "./admin-fixtures";
import { ApiClient, freePort, pool, serverDir, startServer, type OwnServer } from "./own-server";

const ADMIN_EMAIL = "ops@recircle-admin.ca";
const PASSWORD = "recycle-42";
const ROUTES_DIR = "app/routes";

test.skip(
  ({ javaScriptEnabled }) => javaScriptEnabled === false,
  "API-level and on its own server: runs once, in the js project",
);
test.describe.configure({ mode: "serial" });

// ---------------------------------------------------------------------------------------------------
// Route discovery (Remix v2 flat routes)

type Segment = { kind: "static"; value: string } | { kind: "param"; name: string } | { kind: "splat" };
type Route = {
  file: string;
  segments: Segment[];
  source: string;
  hasAction: boolean;
  isApi: boolean;
  isIndex: boolean;
  isAdmin: boolean;
};

function splitRouteName(name: string): string[] {
  const tokens: string[] = [];
  let current = "";
  let depth = 0;
  for (const ch of name) {
    if (ch === "[") depth += 1;
    if (ch === "]") depth -= 1;
    if (ch === "." && depth === 0) {
      tokens.push(current);
      current = "";
    } else current += ch;
  }
  tokens.push(current);
  return tokens;
}

/**
 * Every route module: a flat file of app/routes, or a folder's route.tsx (its name is the folder's, and its
 * source is read with the screen's glue beside it, which holds what the page's action reads).
 */
function routeModules(): { file: string; name: string; source: string }[] {
  const modules: { file: string; name: string; source: string }[] = [];
  for (const entry of fs
    .readdirSync(ROUTES_DIR, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith(".")) continue;
    if (entry.isDirectory()) {
      const dir = path.join(ROUTES_DIR, entry.name);
      const files = fs.readdirSync(dir).filter((f) => /\.(tsx?|jsx?)$/.test(f));
      const route = files.find((f) => /^route\.(tsx?|jsx?)$/.test(f));
      if (!route) continue;
      const source = files.map((f) => fs.readFileSync(path.join(dir, f), "utf8")).join("\n");
      modules.push({ file: `${entry.name}/${route}`, name: entry.name, source });
    } else if (/\.(tsx?|jsx?)$/.test(entry.name)) {
      const source = fs.readFileSync(path.join(ROUTES_DIR, entry.name), "utf8");
      modules.push({ file: entry.name, name: entry.name.replace(/\.(tsx?|jsx?)$/, ""), source });
    }
  }
  return modules;
}

function discoverRoutes(): Route[] {
  const routes: Route[] = [];
  for (const { file, name, source } of routeModules()) {
    const tokens = splitRouteName(name);
    const segments: Segment[] = [];
    for (let token of tokens) {
      if (token === "_index" || token.startsWith("_")) continue;
      if (token.endsWith("_")) token = token.slice(0, -1);
      if (token === "$") segments.push({ kind: "splat" });
      else if (token.startsWith("$")) segments.push({ kind: "param", name: token.slice(1) });
      else segments.push({ kind: "static", value: token.replace(/\[([^\]]*)\]/g, "$1") });
    }
    const hasAction = /export\s+(const|async\s+function|function)\s+action\b/.test(source);
    const first = segments[0];
    const isApi = first?.kind === "static" && first.value === "api";
    const isAdmin =
      (first?.kind === "static" && first.value === "admin") ||
      (isApi && segments[1]?.kind === "static" && (segments[1] as { value: string }).value === "admin");
    const hasParam = segments.some((segment) => segment.kind !== "static");
    if (hasAction || isApi || hasParam)
      routes.push({ file, segments, source, hasAction, isApi, isIndex: tokens.at(-1) === "_index", isAdmin });
  }
  return routes;
}

function urlFor(route: Route, param: string): string {
  return "/" + route.segments.map((s) => (s.kind === "static" ? s.value : param)).join("/");
}

const hasParams = (route: Route) => route.segments.some((s) => s.kind !== "static");

// ---------------------------------------------------------------------------------------------------
// The hostile material

/** Every field name the app's forms and JSON bodies read. */
const FIELDS = [
  "email",
  "password",
  "confirmPassword",
  "newPassword",
  "token",
  "postalFsa",
  "fsa",
  "name",
  "reason",
  "postal_code",
  "building_access",
  "lng",
  "redirectTo",
  "code",
  "bagCount",
  "bags",
  "slotId",
  "amount",
  "promoCode",
  "paymentIntentId",
  "cardNumber",
  "expMonth",
  "expYear",
  "expiry",
  "cvc",
  "postalCode",
  "bagsRequested",
  "pickupSlotId",
  "totalPrice",
  "address",
  "firstName",
  "lastName",
  "streetAddress",
  "unit",
  "city",
  "province",
  "ids",
  "all",
  "count",
  "percent",
  "limit",
  "pickupId",
  "target",
  "date",
  "capacity",
  "mark",
  "status",
  "notify",
  "codeId",
  "batch",
  "id",
  "modify",
  "q",
  "js",
  "window",
  "weekday",
];
const SQLISH = "' OR 1=1; DROP TABLE users; --";
const HTMLISH = "<script>alert(1)</script><img src=x onerror=alert(1)>\"'";
const UNICODE = "💥\u0000\u202e\ufeffé\u0301漢字\u{1F600}";
const BAD_NUMBER_STRINGS = ["-1", "1e400", "0x1F", "NaN", "1,5", "١٢"];
/** Intents of the app's forms that need fields to do anything (field-less ones would be valid requests). */
const INTENTS = [
  "signup",
  "signin",
  "applyPromo",
  "pay",
  "payHosted",
  "bookFree",
  "capacity",
  "close",
  "open",
  "reopen",
  "createCodes",
  "notify",
  "openNotify",
  "mark",
  "saveTemplate",
  "deactivate",
  "cancel",
  "modify",
];
const PARAM_VALUES = [
  "%00",
  "'%20OR%201=1--",
  "'%20OR%20'1'='1",
  "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
  "<script>",
  "..%2F..%2Fetc%2Fpasswd",
  "..",
  "%F0%9F%92%A5",
  "-1",
  "0",
  "1.5",
  "1e309",
  "99999999999999999999999",
  "NaN",
  "null",
  "__proto__",
  "constructor",
  "%20",
  "x".repeat(3000),
  "1%0D%0ASet-Cookie:%20x=1",
];
/** Malformed percent-encoding is refused (400) before it reaches the app: any 4xx will do. */
const MALFORMED_PARAM = "%E0%A4%A";

type Case = {
  label: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The app must refuse it with a 4xx (its body can never be a valid request). */
  mustRefuse?: boolean;
  /** A 4xx from before the app (no JSON body) is fine. */
  preApp?: boolean;
  /** The server may answer before reading it all and reset the connection. */
  big?: boolean;
};

const fill = (value: unknown) => Object.fromEntries(FIELDS.map((f) => [f, value]));
const json = (value: unknown) => JSON.stringify(value);
const JSON_TYPE = { "Content-Type": "application/json" };
const FORM_TYPE = { "Content-Type": "application/x-www-form-urlencoded" };

/** JSON bodies: [label, body, is it a non-object (always refused by a body-reading endpoint)]. */
function jsonBodies(): Array<[string, string, boolean]> {
  return [
    ["invalid JSON", "{", true],
    ["truncated JSON", '{"email": "a@b.ca", "password": ', true],
    ["array", "[]", true],
    ["array of objects", json([fill("x")]), true],
    ["string", '"hello"', true],
    ["number", "42", true],
    ["boolean", "true", true],
    ["null", "null", true],
    ["deeply nested", "[".repeat(3000) + "]".repeat(3000), true],
    ["1 MB body", json({ pad: "a".repeat(1_000_000) }), true],
    ["100 KB field", json({ ...fill("x"), email: "a".repeat(100_000) }), true],
    ["empty object", "{}", false],
    [
      "prototype keys",
      '{"__proto__":{"isAdmin":true,"role":"admin"},"constructor":{"prototype":{"role":"admin"}}}',
      false,
    ],
    [
      "extra fields only",
      json({ role: "admin", isAdmin: true, id: 1, userId: 1, status: "Completed", currentBooked: -5 }),
      false,
    ],
    ...BAD_NUMBER_STRINGS.map((v): [string, string, boolean] => [`numbers as strings ${v}`, json(fill(v)), false]),
    ["arrays", json(fill([1, "2", null])), false],
    ["nested objects", json(fill({ $gt: "", toString: "x", valueOf: 1 })), false],
    ["nulls", json(fill(null)), false],
    ["booleans", json(fill(true)), false],
    ["negative numbers", json(fill(-1)), false],
    ["floats", json(fill(1.5)), false],
    ["huge numbers", json(fill(1e308)), false],
    ["unsafe integers", json(fill(0)).replace(/:0/g, ":9007199254740993"), false],
    ["zero", json(fill(0)), false],
    ["unicode, emoji and NUL", json(fill(UNICODE)), false],
    ["lone surrogate", json(fill("x")).replace(/"x"/g, '"\\ud800"'), false],
    ["SQL-ish strings", json(fill(SQLISH)), false],
    ["HTML-ish strings", json(fill(HTMLISH)), false],
    ["long strings (1.2 KB each)", json(fill("x".repeat(1200))), false],
    ["duplicate keys", '{"email":"a@b.ca","email":["x"],"bagCount":1,"bagCount":{"a":1}}', false],
  ];
}

function formBody(values: Record<string, string>): string {
  return new URLSearchParams(values).toString();
}

function formCases(method: string, url: string): Case[] {
  const cases: Case[] = [];
  const everyField = (value: string, intent = value) => formBody({ ...fill(value), intent } as Record<string, string>);
  for (const value of [SQLISH, HTMLISH, UNICODE, "x".repeat(1200), "", "-1", "0x1F", "1e400"]) {
    cases.push({
      label: `form: every field ${JSON.stringify(value.slice(0, 20))}`,
      method,
      path: url,
      headers: FORM_TYPE,
      body: everyField(value),
    });
  }
  INTENTS.forEach((intent, i) => {
    // Each intent with hostile fields of one kind or another (bad numbers, SQL-ish, HTML-ish, unicode).
    const value = [BAD_NUMBER_STRINGS[i % BAD_NUMBER_STRINGS.length]!, SQLISH, HTMLISH, UNICODE][i % 4]!;
    cases.push({
      label: `form: intent ${intent} with ${JSON.stringify(value.slice(0, 12))}`,
      method,
      path: url,
      headers: FORM_TYPE,
      body: everyField(value, intent),
    });
  });
  cases.push(
    {
      label: "form: intents without their fields",
      method,
      path: url,
      headers: FORM_TYPE,
      body: INTENTS.map((i) => `intent=${i}`).join("&"),
    },
    { label: "form: empty body", method, path: url, headers: FORM_TYPE, body: "" },
    {
      label: "form: repeated fields",
      method,
      path: url,
      headers: FORM_TYPE,
      body: "email=a&email=b&intent=signup&intent=signin&bags=1&bags=4&lng=fr&lng=xx",
    },
    {
      label: "form: bracket names",
      method,
      path: url,
      headers: FORM_TYPE,
      body: "email[]=x&user[role]=admin&__proto__[isAdmin]=true&constructor[prototype][x]=1",
    },
    {
      label: "form: malformed percent-encoding",
      method,
      path: url,
      headers: FORM_TYPE,
      body: "%ZZ=%E0%A4%A&=&&==&email=%",
    },
    {
      label: "form: 100 KB field",
      method,
      path: url,
      headers: FORM_TYPE,
      body: `intent=signup&email=${"a".repeat(100_000)}`,
      big: true,
    },
    {
      label: "form: 1 MB body",
      method,
      path: url,
      headers: FORM_TYPE,
      body: `intent=signin&pad=${"a".repeat(1_000_000)}`,
      big: true,
    },
    {
      label: "multipart garbage",
      method,
      path: url,
      headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
      body: "garbage\r\n--abc--",
    },
    {
      label: "multipart without boundary",
      method,
      path: url,
      headers: { "Content-Type": "multipart/form-data" },
      body: "--x\r\n\r\n",
    },
    {
      label: "multipart with a file",
      method,
      path: url,
      headers: { "Content-Type": "multipart/form-data; boundary=b0undary" },
      body: `--b0undary\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsignup\r\n--b0undary\r\nContent-Disposition: form-data; name="email"; filename="../../etc/passwd"\r\nContent-Type: application/octet-stream\r\n\r\n${"\u0000".repeat(2000)}\r\n--b0undary--\r\n`,
    },
    { label: "JSON to a form", method, path: url, headers: JSON_TYPE, body: json(fill(HTMLISH)) },
    {
      label: "text/plain",
      method,
      path: url,
      headers: { "Content-Type": "text/plain" },
      body: "email=a@b.ca\npassword=x",
    },
    { label: "no content type", method, path: url, body: "intent=signup&email=x" },
    {
      label: "binary body",
      method,
      path: url,
      headers: FORM_TYPE,
      body: Buffer.from([0, 1, 2, 0xff, 0xfe, 0x80, 0x25, 0x00]),
    },
  );
  return cases;
}

/** The methods a resource route's source handles with a body (POST by default). */
function bodyMethods(route: Route): string[] {
  const found = new Set<string>();
  for (const match of route.source.matchAll(/"(POST|PUT|DELETE|PATCH)"/g)) found.add(match[1]!);
  if (!found.size) found.add("POST");
  return [...found];
}

const readsJson = (route: Route) => /parseApiBody|readJson\(/.test(route.source);
const OTHER_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const HOSTILE_QUERY =
  "?redirect=%2F%2Fevil.example&redirectTo=https%3A%2F%2Fevil.example&fsa=%3Cscript%3E&bags=-1&slotId=1e309&token=%00&lng=xx&tab=%F0%9F%92%A5" +
  "&q=%27%20OR%201%3D1--&sent=%3Cimg%20src%3Dx%3E&step=%00&modify=true&session_id=cs_%27&confirmationNumber=%27&limit=-5&date=2024-02-30&status=%00&postalCode=%E2%80%AE";

function casesFor(route: Route): Case[] {
  const cases: Case[] = [];
  const base = urlFor(route, "1");
  const queryCases = (url: string): Case[] => [
    { label: "GET with hostile query", method: "GET", path: `${url}${HOSTILE_QUERY}` },
    { label: "GET with a 6 KB query", method: "GET", path: `${url}?q=${"%25".repeat(2000)}&x=${"y".repeat(1000)}` },
  ];
  if (route.isApi) {
    const primary = route.hasAction ? bodyMethods(route) : [];
    for (const method of primary) {
      for (const [label, body, nonObject] of jsonBodies()) {
        cases.push({
          label: `${method} ${label}`,
          method,
          path: base,
          headers: JSON_TYPE,
          body,
          mustRefuse: nonObject && readsJson(route),
          big: body.length > 64_000,
        });
      }
      cases.push(
        {
          label: `${method} text/plain JSON`,
          method,
          path: base,
          headers: { "Content-Type": "text/plain" },
          body: json(fill(SQLISH)),
        },
        {
          label: `${method} form-encoded`,
          method,
          path: base,
          headers: FORM_TYPE,
          body: formBody({ email: "a@b.ca", password: "x" }),
        },
        {
          label: `${method} multipart garbage`,
          method,
          path: base,
          headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
          body: "--xyz\r\ngarbage",
          mustRefuse: readsJson(route),
        },
        {
          label: `${method} binary`,
          method,
          path: base,
          headers: JSON_TYPE,
          body: Buffer.from([0xff, 0xfe, 0x00, 0x7b]),
          mustRefuse: readsJson(route),
        },
        {
          label: `${method} utf-16 claimed`,
          method,
          path: base,
          headers: { "Content-Type": "application/json; charset=utf-16" },
          body: Buffer.from("{}", "utf16le"),
          mustRefuse: readsJson(route),
        },
      );
    }
    for (const method of OTHER_METHODS.filter((m) => !primary.includes(m))) {
      if (method === "GET") {
        cases.push(...queryCases(base));
        continue;
      }
      cases.push(
        { label: `${method} (wrong method) invalid JSON`, method, path: base, headers: JSON_TYPE, body: "{" },
        { label: `${method} (wrong method) object`, method, path: base, headers: JSON_TYPE, body: json(fill(HTMLISH)) },
      );
    }
  } else if (route.hasAction) {
    const targets = [base];
    if (route.isIndex) targets.push(`${base === "/" ? "/" : base}?index`);
    targets.push(`${base === "/" ? "/_root" : base}.data`);
    for (const url of targets) {
      if (url === base) cases.push(...formCases("POST", url));
      else cases.push(...formCases("POST", url).filter((_, i) => i % 8 === 0));
    }
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      cases.push({
        label: `${method} form`,
        method,
        path: base,
        headers: FORM_TYPE,
        body: formBody(fill(HTMLISH) as Record<string, string>),
      });
    }
    cases.push(...queryCases(base));
  } else {
    cases.push(...queryCases(base));
  }
  if (hasParams(route)) {
    const methods = ["GET", ...(route.hasAction ? (route.isApi ? bodyMethods(route) : ["POST"]) : [])];
    for (const value of PARAM_VALUES) {
      for (const method of methods) {
        cases.push({
          label: `${method} param ${value.slice(0, 30)}`,
          method,
          path: urlFor(route, value),
          // ".." leaves the route (and /api); CR/LF cannot match a route pattern: the site's HTML 404 may answer.
          preApp: value === ".." || value.includes("%0D%0A"),
          headers: method === "GET" ? undefined : route.isApi ? JSON_TYPE : FORM_TYPE,
          body: method === "GET" ? undefined : route.isApi ? json({ pickupSlotId: 1 }) : formBody({ intent: "cancel" }),
        });
      }
    }
    cases.push({
      label: "GET malformed percent-encoding",
      method: "GET",
      path: urlFor(route, MALFORMED_PARAM),
      preApp: true,
    });
  }
  return cases;
}

/** Paths that try to climb out of a route or the asset folders. */
const CLIMBING_PATHS = [
  "/locales/xx/../common",
  "/locales/en/..%2F..%2Fpackage.json",
  "/locales/en/../../package.json",
  "/locales/%2e%2e/common",
  "/api/../package.json",
  "/api/service-areas/..%2F..%2F..%2Fetc%2Fpasswd",
  "/build/../package.json",
  "/favicon.ico/..%00",
  "//evil.example/%2e%2e",
];

// ---------------------------------------------------------------------------------------------------
// Sending and checking

type Answer = { status: number; contentType: string; body: string; setCookie: string[] } | { error: string };

function send(port: number, c: Case, cookie: string): Promise<Answer> {
  return new Promise((resolve) => {
    const body = c.body === undefined ? undefined : Buffer.isBuffer(c.body) ? c.body : Buffer.from(c.body);
    const headers: Record<string, string | number> = {
      ...c.headers,
      Accept: c.path.startsWith("/api/") ? "application/json" : "text/html",
    };
    if (cookie) headers.Cookie = cookie;
    if (body) headers["Content-Length"] = body.length;
    let settled = false;
    const done = (answer: Answer) => {
      if (!settled) {
        settled = true;
        resolve(answer);
      }
    };
    let request: http.ClientRequest;
    try {
      // A fresh connection each time: a server that answered 413 without reading an upload closes its socket.
      request = http.request(
        { host: "127.0.0.1", port, method: c.method, path: c.path, headers, timeout: 20_000, agent: false },
        onResponse,
      );
    } catch (error) {
      return done({ error: `the test could not send it: ${(error as Error).message}` });
    }
    function onResponse(response: http.IncomingMessage) {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        done({
          status: response.statusCode ?? 0,
          contentType: String(response.headers["content-type"] ?? ""),
          body: Buffer.concat(chunks).toString("utf8"),
          setCookie: response.headers["set-cookie"] ?? [],
        }),
      );
      response.on("error", (error) => done({ error: error.message }));
    }
    request.on("timeout", () => request.destroy(new Error("timed out")));
    request.on("error", (error) => done({ error: (error as NodeJS.ErrnoException).code ?? error.message }));
    request.end(body);
  });
}

function problemWith(route: Route, c: Case, answer: Answer): string | null {
  if ("error" in answer) {
    // A server that answers 413 before reading a 1 MB body may reset the upload: not a failure of the app.
    if (c.big && /ECONNRESET|EPIPE/.test(answer.error)) return null;
    return `no answer (${answer.error})`;
  }
  if (answer.status >= 500) return `${answer.status}: ${answer.body.slice(0, 200)}`;
  if (answer.setCookie.some((cookie) => cookie.startsWith("x="))) return "a header was injected through the URL";
  if (c.mustRefuse && (answer.status < 400 || answer.status >= 500))
    return `accepted with ${answer.status}: ${answer.body.slice(0, 200)}`;
  if (route.isApi && answer.status >= 400 && !c.preApp) {
    let message: unknown;
    try {
      message = (JSON.parse(answer.body) as { message?: unknown }).message;
    } catch {
      return `${answer.status} without a JSON body (${answer.contentType}): ${answer.body.slice(0, 120)}`;
    }
    if (typeof message !== "string" || !message.trim())
      return `${answer.status} without a { message }: ${answer.body.slice(0, 120)}`;
    if (message === "Unexpected Server Error") return `${answer.status} with Remix's generic message`;
  }
  return null;
}

function rowCounts(dbFile: string): Record<string, number> {
  const db = new Database(dbFile, { readonly: true });
  try {
    const tables = db
      .prepare(
        // The admins' access log (issue 42 part 9) records every look an admin makes, hostile ones included:
        // a look is what it keeps, not something a request stored.
        "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '%drizzle%' and name not in ('sessions', 'admin_access_log')",
      )
      .all() as Array<{ name: string }>;
    return Object.fromEntries(
      tables.map(({ name }) => [name, (db.prepare(`select count(*) as n from "${name}"`).get() as { n: number }).n]),
    );
  } finally {
    db.close();
  }
}

// ---------------------------------------------------------------------------------------------------

let server: OwnServer | null = null;
let dir = "";

test.afterAll(async () => {
  await server?.kill();
  server = null;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

type Identity = { name: "visitor" | "resident" | "admin"; client: ApiClient | null; email: string };

async function signIn(identity: Identity) {
  if (!identity.client) return;
  const me = await identity.client.call("GET", "/api/auth/me");
  if (me.status === 200) return;
  const login = await identity.client.call("POST", "/api/auth/login", { email: identity.email, password: PASSWORD });
  expect(login.status, `${identity.name} signs in again`).toBe(200);
}

test("malformed, oversized and type-confused requests to every action and API route: no 5xx, nothing stored", async () => {
  // Every action and API route, each with its malformed bodies: the routes grow with each issue.
  test.setTimeout(600_000);
  dir = serverDir("hostile");
  const dbFile = path.join(dir, "app.db");
  const port = await freePort(process.env.HOSTILE_TEST_PORT);
  server = await startServer({ port, dbFile });

  // A resident with a complete address and an admin, both signed in.
  const resident: Identity = {
    name: "resident",
    client: new ApiClient(server.baseURL),
    email: "hostile-resident@recircle-mail.ca",
  };
  const admin: Identity = { name: "admin", client: new ApiClient(server.baseURL), email: ADMIN_EMAIL };
  const visitor: Identity = { name: "visitor", client: null, email: "" };
  for (const who of [resident, admin]) {
    expect(
      (await who.client!.call("POST", "/api/auth/register", { email: who.email, password: PASSWORD, postalFsa: "H2X" }))
        .status,
    ).toBe(201);
    expect((await who.client!.call("POST", "/api/auth/complete-onboarding")).status).toBe(200);
  }
  // Made an admin the server-access way (ADMIN_EMAILS would only e-mail it an invitation).
  createAdminWithScript(dbFile, ADMIN_EMAIL, PASSWORD);
  const profile = await resident.client!.call("PUT", "/api/auth/profile", {
    firstName: "Marie",
    lastName: "Tremblay",
    streetAddress: "1234 Rue Saint-Denis",
    unit: "3",
    city: "Montréal",
    province: "QC",
    postalCode: "H2X 3K2",
  });
  expect(profile.status).toBe(200);
  expect((await admin.client!.call("GET", "/api/auth/me")).json).toMatchObject({ isAdmin: true });

  const routes = discoverRoutes();
  // The discovery found the routes this test is about (and whatever is added later).
  const urls = routes.map((r) => urlFor(r, "$"));
  for (const expected of [
    "/api/auth/register",
    "/api/pickup-requests/$",
    "/api/service-areas/$",
    "/sign-in",
    "/checkout",
    "/order/$/cancel",
    "/locales/$/$",
  ]) {
    expect(urls).toContain(expected);
  }

  const problems: string[] = [];
  let sent = 0;
  const started = Date.now();
  for (const route of routes) {
    const identities = route.isAdmin ? [visitor, resident, admin] : [visitor, resident];
    const cases = casesFor(route);
    for (const identity of identities) {
      if (server.child.exitCode !== null || server.child.signalCode !== null) {
        throw new Error(
          `the server died (before ${route.file}):\n${server.log.join("").slice(-4000)}\n${problems.slice(0, 20).join("\n")}`,
        );
      }
      await signIn(identity);
      const before = rowCounts(dbFile);
      await pool(cases, 8, async (c) => {
        const t0 = Date.now();
        const answer = await send(port, c, identity.client?.cookie ?? "");
        if (process.env.HOSTILE_DEBUG && Date.now() - t0 > 300)
          console.log(
            `  slow ${Date.now() - t0} ms: ${c.method} ${c.path.slice(0, 60)} [${c.label}] ${"status" in answer ? answer.status : answer.error}`,
          );
        sent += 1;
        const problem = problemWith(route, c, answer);
        if (problem)
          problems.push(
            `${route.file} as ${identity.name}: ${c.method} ${c.path.slice(0, 80)} [${c.label}] → ${problem}`,
          );
      });
      const after = rowCounts(dbFile);
      if (process.env.HOSTILE_DEBUG)
        console.log(
          `${route.file} as ${identity.name}: ${cases.length} cases, ${((Date.now() - started) / 1000).toFixed(1)} s`,
        );
      for (const table of Object.keys({ ...before, ...after })) {
        if (before[table] !== after[table]) {
          problems.push(
            `${route.file} as ${identity.name}: ${table} went from ${before[table]} to ${after[table]} rows`,
          );
        }
      }
    }
  }
  for (const identity of [visitor, resident]) {
    await signIn(identity);
    const before = rowCounts(dbFile);
    for (const url of CLIMBING_PATHS) {
      const answer = await send(
        port,
        { label: "climbing path", method: "GET", path: url },
        identity.client?.cookie ?? "",
      );
      sent += 1;
      if ("error" in answer) problems.push(`GET ${url} as ${identity.name}: no answer (${answer.error})`);
      else {
        if (answer.status >= 500) problems.push(`GET ${url} as ${identity.name}: ${answer.status}`);
        if (answer.status === 200 && /"dependencies"|root:x:0/.test(answer.body))
          problems.push(`GET ${url} as ${identity.name}: served a file outside the app`);
      }
    }
    const after = rowCounts(dbFile);
    if (JSON.stringify(before) !== JSON.stringify(after))
      problems.push(`climbing paths as ${identity.name} changed row counts`);
  }
  console.log(
    `[hostile input] ${routes.length} routes, ${sent} requests in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  // Control: the row counting does see a stored row (a valid waitlist entry).
  const beforeControl = rowCounts(dbFile);
  const joined = await new ApiClient(server.baseURL).call("POST", "/api/waitlist", {
    email: "control@recircle-mail.ca",
    name: "Control",
    postal_code: "K1A",
    building_access: "Outside Service Area",
  });
  expect(joined.status).toBe(201);
  expect(rowCounts(dbFile).waitlist_entries).toBe(beforeControl.waitlist_entries! + 1);

  // The server is still up and well.
  expect((await fetch(`${server.baseURL}/healthz`)).status).toBe(200);
  if (process.env.HOSTILE_DEBUG)
    fs.writeFileSync(process.env.HOSTILE_DEBUG, problems.join("\n") + "\n\n" + server.log.join(""));
  expect(problems, problems.slice(0, 60).join("\n")).toEqual([]);
});
