// A locked database on the real server (issue 22, part 3): this test process takes the write lock on the
// server's database file (as a backup script or an operator's sqlite3 would). Pages and /api reads answer at
// once; a profile save answers 503 with Retry-After, as the error page "Nothing was charged or saved"
// (JavaScript on, and a plain form post) or a translated { message } under /api, never a 500; the log has one
// [db] line per refused request; once released, the same save succeeds. Own server: the "js" project only.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { RESIDENT_PROFILE } from "../resident-profile";
import { ApiClient, freePort, registerResident, serverDir, startServer, type OwnServer } from "./own-server";

test.skip(
  ({ javaScriptEnabled }) => javaScriptEnabled === false,
  "starts its own server: runs once, in the js project",
);

let server: OwnServer | null = null;
let dir = "";

test.afterAll(async () => {
  await server?.kill();
  server = null;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const profile = RESIDENT_PROFILE;

test("while another process holds the write lock, reads answer and writes answer 503, then succeed", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  dir = serverDir("db-faults");
  const dbFile = path.join(dir, "app.db");
  server = await startServer({ port: await freePort(process.env.OWN_SERVER_PORT), dbFile });
  const { baseURL } = server;
  const api = new ApiClient(baseURL, `locked-${Date.now().toString(36)}@recircle-mail.ca`);
  await registerResident(api);
  const [name, value] = api.cookie.split(/=(.*)/s) as [string, string];
  await context.addCookies([{ name, value, url: baseURL, httpOnly: true, sameSite: "Lax", secure: false }]);
  await page.goto(`${baseURL}/profile`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 30_000 });

  const other = new Database(dbFile);
  other.exec("BEGIN IMMEDIATE");
  try {
    // Reads: a page and the API, answered at once (generously bounded: the machine may be loaded).
    const started = Date.now();
    const home = await fetch(`${baseURL}/`, { headers: { Cookie: api.cookie } });
    expect(home.status).toBe(200);
    expect((await api.call("GET", "/api/pickup-slots")).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2_000);

    // The JSON API: 503 { message } in the caller's language, with Retry-After.
    for (const [lang, words] of [
      ["en-CA", /nothing was charged or saved/],
      ["fr-CA", /rien n'a été facturé ni enregistré/],
    ] as const) {
      const put = await fetch(`${baseURL}/api/auth/profile`, {
        method: "PUT",
        headers: { Cookie: api.cookie, "Content-Type": "application/json", "Accept-Language": lang },
        body: JSON.stringify({ ...profile, streetAddress: "1 Rue Refusée" }),
      });
      expect(put.status).toBe(503);
      expect(put.headers.get("Retry-After")).toBe("2");
      expect(((await put.json()) as { message: string }).message).toMatch(words);
    }

    // A form posted without JavaScript: the 503 error page, with Retry-After.
    const posted = await fetch(`${baseURL}/profile`, {
      method: "POST",
      headers: {
        Cookie: api.cookie,
        Origin: baseURL,
        "Content-Type": "application/x-www-form-urlencoded",
        "Accept-Language": "en-CA",
      },
      body: new URLSearchParams({ ...profile, streetAddress: "2 Rue Refusée" }),
      redirect: "manual",
    });
    expect(posted.status).toBe(503);
    expect(posted.headers.get("Retry-After")).toBe("2");
    expect(await posted.text()).toContain("Nothing was charged or saved");

    // The page with JavaScript: the same error page.
    await page.getByLabel(/street address/i).fill("3 Rue Refusée");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByRole("heading", { name: "Nothing was charged or saved" })).toBeVisible();
  } finally {
    other.exec("ROLLBACK");
    other.close();
  }

  const log = server.log.join("");
  expect(log.match(/\[db\] database locked: SQLITE_BUSY/g)?.length).toBe(4);
  expect(log).not.toMatch(/Unexpected Server Error|SqliteError/);
  const me = await api.call("GET", "/api/auth/me");
  expect(JSON.stringify(me.json)).not.toContain("Refusée");

  // Released: the same save succeeds.
  const saved = await api.call("PUT", "/api/auth/profile", { ...profile, streetAddress: "4 Rue Acceptée" });
  expect(saved.status).toBe(200);
  expect(JSON.stringify((await api.call("GET", "/api/auth/me")).json)).toContain("4 Rue Acceptée");
});
