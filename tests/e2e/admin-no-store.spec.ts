// Issue 32, part 7: every admin route's answer says `no-store`, decided in one place
// (services/serving/admin-no-store, the server's first middleware). The routes are read from app/routes, so a new
// admin page or admin API cannot slip by: each is asked as an admin, as a resident (403) and signed out, as a
// page and as its data request, in any case, and with its API methods. The headers do not depend on the
// browser, so this runs in the js project only.
import fs from "node:fs";
import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { signInAdmin } from "./admin-fixtures";
import { signInAs } from "./helpers";

/** A flat route file name as the address it answers (`admin.day[.csv].ts` is `/admin/day.csv`). */
function addressOf(file: string): string {
  const name = file.replace(/\.tsx?$/, "");
  const segments = name
    .replace(/\[\.([a-z]+)\]/g, "\u0000$1")
    .split(".")
    .filter((segment) => segment !== "_index")
    .map((segment) => segment.replace("\u0000", "."));
  return `/${segments.join("/")}`;
}

const routeFiles = fs.readdirSync("app/routes").filter((file) => /^(admin(\.|\.tsx$)|api\.admin\.)/.test(file));
const addresses = [...new Set(routeFiles.map(addressOf))].sort();
const pages = addresses.filter((address) => !address.startsWith("/api/") && !address.endsWith(".csv"));

function expectNoStore(cacheControl: string | undefined, what: string) {
  expect(cacheControl ?? "", what).toMatch(/(^|,\s*)no-store(\s*,|$)/);
}

async function everyAnswer(request: APIRequestContext, who: string) {
  for (const address of addresses) {
    const response = await request.get(address, { maxRedirects: 0 });
    expectNoStore(response.headers()["cache-control"], `${who} GET ${address} (${response.status()})`);
    const shouted = await request.get(address.toUpperCase().replace(".CSV", ".csv"), { maxRedirects: 0 });
    expectNoStore(shouted.headers()["cache-control"], `${who} GET ${address.toUpperCase()}`);
    if (address.startsWith("/api/")) {
      const posted = await request.post(address, { data: {}, maxRedirects: 0 });
      expectNoStore(posted.headers()["cache-control"], `${who} POST ${address} (${posted.status()})`);
    }
  }
  for (const address of pages) {
    const data = await request.get(`${address === "/admin" ? "/admin" : address}.data`, { maxRedirects: 0 });
    expectNoStore(data.headers()["cache-control"], `${who} GET ${address}.data (${data.status()})`);
  }
}

test.beforeEach(() => {
  test.skip(test.info().project.name !== "js", "headers do not depend on the browser");
});

test("the admin routes are all found", () => {
  for (const expected of [
    "/admin",
    "/admin/day",
    "/admin/day.csv",
    "/api/admin/promo-stats",
    "/api/admin/promo-redemptions",
  ])
    expect(addresses).toContain(expected);
  expect(addresses.length).toBeGreaterThanOrEqual(routeFiles.length - 2);
});

test("every admin page, data request and admin API answer is no-store, for an admin", async ({ request }) => {
  await signInAdmin(request);
  const stats = await request.get("/api/admin/promo-stats");
  expect(stats.status()).toBe(200);
  expect(stats.headers()["cache-control"]).toBe("private, no-store");
  const redemptions = await request.get("/api/admin/promo-redemptions");
  expect(redemptions.status()).toBe(200);
  expect(redemptions.headers()["cache-control"]).toBe("private, no-store");
  const day = await request.get("/admin/day");
  expect(day.status()).toBe(200);
  expect(day.headers()["cache-control"]).toBe("private, no-store");
  await everyAnswer(request, "admin");
});

test("refusals of admin routes are no-store too: a resident's 403, a visitor's redirect or 401", async ({
  context,
  baseURL,
}) => {
  await signInAs(context);
  await everyAnswer(context.request, "resident");
  const visitor = await playwrightRequest.newContext({ baseURL });
  await everyAnswer(visitor, "visitor");
  await visitor.dispose();
});

test("other answers keep their own Cache-Control (a visitor's landing page is not no-store)", async ({ request }) => {
  const landing = await request.get("/");
  expect(landing.headers()["cache-control"] ?? "").not.toContain("no-store");
  const materials = await request.get("/api/materials");
  expect(materials.headers()["cache-control"] ?? "").not.toContain("no-store");
});
