// Every answer in its own shape, against the real server (issue 21, part 8): a cross-site form post
// (another site, `Origin: null`, Sec-Fetch-Site: cross-site) to /sign-out, /language, /checkout and an
// /api endpoint answers 403 (JSON under /api), changes nothing and is logged in one line with no stack
// trace; under /api an unknown endpoint answers 404, a wrong method 405 and a broken percent-encoding 400,
// all JSON { message } with nosniff. On a server of its own, to read its log; js project only.
import { expect, test } from "@playwright/test";
import { ApiClient, freePort, registerAccount, serverDir, startServer, type OwnServer } from "./own-server";

test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "HTTP-level: runs once, in the js project");
test.describe.configure({ mode: "serial" });

let server: OwnServer;
let api: ApiClient;

test.beforeAll(async () => {
  const pinned = process.env.OWN_SERVER_PORT;
  const port = await freePort(pinned ? String(Number(pinned) + 3) : undefined);
  const dbFile = `${serverDir("edge-answers")}/db.sqlite`;
  server = await startServer({ port, dbFile, env: { APP_URL: `http://127.0.0.1:${port}` } });
  api = new ApiClient(server.baseURL, `edge-${Date.now().toString(36)}@recircle-mail.ca`);
  await registerAccount(api);
});

test.afterAll(async () => {
  await server?.kill();
});

const EN = { "Accept-Language": "en-CA" };

function send(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  return fetch(`${server.baseURL}${path}`, {
    method,
    headers: { Cookie: api.cookie, ...headers },
    body,
    redirect: "manual",
    signal: AbortSignal.timeout(10_000),
  });
}

const CROSS_SITE: [string, Record<string, string>, string][] = [
  ["another site", { Origin: "https://evil.example" }, "https://evil.example"],
  ["Origin: null", { Origin: "null" }, "null"],
  ["Sec-Fetch-Site: cross-site", { "Sec-Fetch-Site": "cross-site" }, "sec-fetch-site cross-site"],
];
const TARGETS: [string, string, string][] = [
  ["/sign-out", "application/x-www-form-urlencoded", ""],
  ["/language", "application/x-www-form-urlencoded", "lng=en&redirectTo=/"],
  ["/checkout", "application/x-www-form-urlencoded", "intent=pay&slotId=1&bagCount=2"],
  ["/api/auth/logout", "application/json", "{}"],
  ["/api/auth/profile", "application/json", JSON.stringify({ firstName: "Mallory" })],
];

for (const [label, headers, logged] of CROSS_SITE) {
  test(`a cross-site post from ${label} is refused with a 403 on every target, nothing changed, one log line each`, async () => {
    for (const [path, type, body] of TARGETS) {
      const before = server.log.join("").length;
      const response = await send(
        path.startsWith("/api/auth/profile") ? "PUT" : "POST",
        path,
        {
          ...EN,
          ...headers,
          "Content-Type": type,
        },
        body,
      );
      expect(response.status, path).toBe(403);
      expect(response.headers.get("set-cookie"), path).toBeNull();
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      const message = "This request came from another site and was refused.";
      if (path.startsWith("/api/")) {
        expect(response.headers.get("content-type")).toMatch(/^application\/json/);
        expect(await response.json()).toEqual({ message });
      } else {
        expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
        expect(await response.text()).toBe(message);
      }
      await expect
        .poll(() => server.log.join("").slice(before))
        .toContain(
          `[csrf] refused ${path.startsWith("/api/auth/profile") ? "PUT" : "POST"} ${path} from origin ${logged}`,
        );
      const logs = server.log.join("").slice(before);
      expect(logs.split("\n").filter((line) => line.includes("[csrf]"))).toHaveLength(1);
      expect(logs).not.toMatch(/^\s+at /m);
      expect(logs).not.toMatch(/Error/);
    }
    // Still signed in, in the language and under the name it had.
    const me = await api.call("GET", "/api/auth/me");
    expect(me.status).toBe(200);
    expect(JSON.stringify(me.json)).not.toContain("Mallory");
  });
}

test("a French caller gets the refusal in French; a same-origin sign-out still works", async () => {
  const refused = await send("POST", "/api/auth/logout", { Origin: "null", "Content-Type": "application/json" }, "{}");
  expect(await refused.json()).toEqual({ message: "Cette requête venait d'un autre site et a été refusée." });
  expect((await api.call("GET", "/api/auth/me")).status).toBe(200);
});

test("under /api: unknown endpoint 404, wrong method 405, broken percent-encoding 400, all JSON and nosniff", async () => {
  const cases: [string, string, number, string][] = [
    ["GET", "/api/nope", 404, "Not found"],
    ["POST", "/api/no/such/endpoint", 404, "Not found"],
    ["PUT", "/api/auth/login", 405, "Method not allowed"],
    ["GET", "/api/auth/register", 405, "Method not allowed"],
    ["DELETE", "/api/auth/me", 405, "Method not allowed"],
    ["GET", "/api/pickup-requests/%E0%A4%A", 400, "This address is malformed."],
    ["GET", "/api/%E0%A4%A?x=1", 400, "This address is malformed."],
  ];
  for (const [method, path, status, message] of cases) {
    const before = server.log.join("").length;
    const response = await send(method, path, EN);
    expect(response.status, `${method} ${path}`).toBe(status);
    expect(response.headers.get("content-type"), path).toMatch(/^application\/json/);
    expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
    expect(await response.json(), path).toEqual({ message });
    await new Promise((r) => setTimeout(r, 50));
    expect(server.log.join("").slice(before)).not.toMatch(/^\s+at /m);
  }
  const french = await send("GET", "/api/nope");
  expect(await french.json()).toEqual({ message: "Introuvable" });
  // A page's broken path answers plain text, not a stack trace.
  const page = await send("GET", "/%E0%A4%A", EN);
  expect(page.status).toBe(400);
  expect(await page.text()).toBe("This address is malformed.");
});

test("a JSON answer of the API carries nosniff once", async () => {
  const response = await send("GET", "/api/materials", EN);
  expect(response.status).toBe(200);
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
});
