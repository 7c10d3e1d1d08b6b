// Several machines on LiteFS (issue 37), played by two servers on one machine: a primary and a replica,
// each with its own LITEFS_DIR, the replica's holding the `.primary` file that names the primary; both
// open the same database file, standing in for LiteFS's replicated copy. Both answer for one APP_URL, as
// machines behind Fly's proxy do. It shows:
// - every non-GET to the replica (forms and /api), and the GET that writes, answers 409 with
//   `fly-replay: instance=<primary>` and changes nothing; GET pages and /api reads answer from the replica;
// - the background work (seed, reconcile, outbox worker, hourly upkeep) runs on the primary only;
// - the txnum cookie: the primary stamps LiteFS's transaction id after a write, and the replica holds a read
//   until its position reaches it (and sends it to the primary when it does not in time);
// - a full booking with JavaScript off through a proxy that replays each 409 on the primary, as Fly's does:
//   the pickup exists once;
// - promotion (the replica's `.primary` file removed) makes the former replica take writes and run the
//   background work; the former primary, now naming another primary, stops its work and replays writes;
//   a payment confirmed on the first primary and booked on the second is booked once.
// It starts its own servers, so it runs in the "js" project only (its browser has JavaScript off).
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { fillCard } from "./booking-fixtures";
import { freePort, rawRequest, serverDir, startServer, waitForLog, type OwnServer } from "./own-server";

test.skip(
  ({ javaScriptEnabled }) => javaScriptEnabled === false,
  "starts its own servers: runs once, in the js project (its own context has JavaScript off)",
);
test.describe.configure({ mode: "serial" });

const PRIMARY = "primary-machine";
const REPLICA = "replica-machine";
const PASSWORD = "recycle-42";

let primary: OwnServer | null = null;
let replica: OwnServer | null = null;
let proxy: http.Server | null = null;
let dir = "";

test.afterAll(async () => {
  await Promise.all([primary?.kill(), replica?.kill()]);
  proxy?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const position = (txid: number) => `${txid.toString(16).padStart(16, "0")}/${"0f".repeat(8)}`;

/** Every row of every table, hashed: "changes nothing" is this digest unchanged. */
function digest(dbFile: string): string {
  const db = new Database(dbFile, { readonly: true });
  try {
    const hash = crypto.createHash("sha256");
    const tables = db.prepare("select name from sqlite_master where type = 'table' order by name").all() as Array<{
      name: string;
    }>;
    for (const { name } of tables) hash.update(name + JSON.stringify(db.prepare(`select * from "${name}"`).all()));
    return hash.digest("hex");
  } finally {
    db.close();
  }
}

test("a primary and a replica on one database: writes replayed, reads local, work on the primary, promotion", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  dir = path.resolve(serverDir("replicas"));
  const dbFile = path.join(dir, "app.db");
  const primaryDir = path.join(dir, "litefs-primary");
  const replicaDir = path.join(dir, "litefs-replica");
  fs.mkdirSync(primaryDir);
  fs.mkdirSync(replicaDir);
  fs.writeFileSync(path.join(replicaDir, ".primary"), `${PRIMARY}\n`);

  // The proxy in front of both, as Fly's: requests go to the replica (the nearest machine); an answer with
  // `fly-replay: instance=X` is not passed on, the same request is replayed on machine X.
  const [proxyPort, primaryPort, replicaPort] = await Promise.all([freePort(), freePort(), freePort()]);
  const appUrl = `http://127.0.0.1:${proxyPort}`;
  const host = `127.0.0.1:${proxyPort}`;
  const machines: Record<string, number> = { [PRIMARY]: primaryPort, [REPLICA]: replicaPort };
  const replays: string[] = [];
  proxy = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const send = (port: number, replayed: boolean) => {
        const upstream = http.request(
          { host: "127.0.0.1", port, method: req.method, path: req.url, headers: req.headers },
          (answer) => {
            const replay = /^instance=(.+)$/.exec(String(answer.headers["fly-replay"] ?? ""));
            if (answer.statusCode === 409 && replay && !replayed) {
              answer.resume();
              replays.push(`${req.method} ${req.url!.split("?")[0]} -> ${replay[1]}`);
              return send(machines[replay[1]!]!, true);
            }
            res.writeHead(answer.statusCode!, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.on("error", () => res.destroy());
        upstream.end(body);
      };
      send(replicaPort, false);
    });
  });
  await new Promise<void>((resolve) => proxy!.listen(proxyPort, "127.0.0.1", resolve));

  const edge = { baseURL: appUrl };
  const common = { dbFile, env: { APP_URL: appUrl } };
  primary = await startServer({ port: primaryPort, ...common, env: { ...common.env, LITEFS_DIR: primaryDir } });
  await waitForLog(primary, /\[reconcile\] start-up done/, 30_000);
  replica = await startServer({ port: replicaPort, ...common, env: { ...common.env, LITEFS_DIR: replicaDir } });
  await waitForLog(replica, new RegExp(`\\[background\\] replica of ${PRIMARY}: no background work here`), 10_000);

  /** One request straight to a machine (or to the proxy: `edge`), for APP_URL's host. */
  const call = (
    server: Pick<OwnServer, "baseURL">,
    method: string,
    url: string,
    options: { cookie?: string; json?: unknown; form?: Record<string, string>; language?: string } = {},
  ) =>
    rawRequest(`${server.baseURL}${url}`, {
      method,
      headers: {
        Host: host,
        "Accept-Language": options.language ?? "en-CA",
        ...(options.cookie ? { Cookie: options.cookie } : {}),
        ...(options.json !== undefined ? { "Content-Type": "application/json" } : {}),
        ...(options.form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
      },
      body:
        options.json !== undefined
          ? JSON.stringify(options.json)
          : options.form
            ? new URLSearchParams(options.form).toString()
            : undefined,
    });

  // A resident, registered on the primary.
  const email = `replicas-${Date.now().toString(36)}@recircle-mail.ca`;
  const registered = await call(primary, "POST", "/api/auth/register", {
    json: { email, password: PASSWORD, postalFsa: "H2X" },
  });
  expect(registered.status, registered.text).toBe(201);
  const cookie = [registered.headers["set-cookie"]!]
    .flat()
    .find((c) => c.startsWith("__session="))!
    .split(";")[0]!;
  expect((await call(primary, "POST", "/api/auth/complete-onboarding", { cookie })).status).toBe(200);
  const profile = {
    firstName: "Marie",
    lastName: "Tremblay",
    streetAddress: "77 Rue Rachel Est",
    unit: "",
    city: "Montréal",
    province: "QC",
    postalCode: "H2X 3K2",
  };
  expect((await call(primary, "PUT", "/api/auth/profile", { cookie, json: profile })).status).toBe(200);

  // Only the primary ran the background work.
  expect(primary.log.join("")).toMatch(/\[background\] primary: seed, outbox worker, reconcile and hourly upkeep/);
  expect(replica.log.join("")).not.toMatch(/\[background\] primary|\[reconcile\]/);

  // Reads answer from the replica.
  for (const url of ["/", "/booking", "/history", "/profile"]) {
    const page = await call(replica, "GET", url, { cookie });
    expect(page.status, url).toBe(200);
    expect(page.text, url).toMatch(/^<!DOCTYPE html>/i);
  }
  const slots = await call(replica, "GET", "/api/pickup-slots", { cookie });
  expect(slots.status).toBe(200);
  const open = (JSON.parse(slots.text) as Array<{ id: number; currentBooked: number; maxCapacity: number }>).filter(
    (s) => s.currentBooked < s.maxCapacity - 1,
  );
  expect(open.length).toBeGreaterThan(0);
  for (const url of ["/api/pickup-requests", "/api/auth/me", "/api/materials"]) {
    expect((await call(replica, "GET", url, { cookie })).status, url).toBe(200);
  }

  // Every write to the replica: 409 fly-replay naming the primary, before any work; nothing changed.
  const before = digest(dbFile);
  const writes: Array<[string, string, Parameters<typeof call>[3]]> = [
    ["POST", "/api/auth/login", { json: { email, password: PASSWORD } }],
    ["POST", "/api/auth/register", { json: { email: `other-${email}`, password: PASSWORD, postalFsa: "H2X" } }],
    ["PUT", "/api/auth/profile", { cookie, json: { ...profile, firstName: "Changed" } }],
    ["POST", "/api/create-payment-intent", { cookie, json: { acceptTerms: true, bagCount: 1, slotId: open[0]!.id } }],
    ["POST", "/api/pickup-requests", { cookie, json: { bagsRequested: 1, pickupSlotId: open[0]!.id } }],
    ["DELETE", "/api/pickup-requests/ABCD-EFGH", { cookie }],
    ["PATCH", "/api/pickup-requests/ABCD-EFGH", { cookie, json: { pickupSlotId: open[0]!.id } }],
    ["POST", "/api/payments/simulated/confirm", { cookie, json: { paymentIntentId: "pi_sim_x" } }],
    ["POST", "/api/stripe/webhook", { json: { type: "payment_intent.succeeded" } }],
    ["POST", "/api/auth/logout", { cookie }],
    ["POST", "/api/waitlist", { json: { email: `wait-${email}`, fsa: "H0H" } }],
    ["POST", "/sign-in", { form: { email, password: PASSWORD } }],
    ["POST", "/sign-up", { form: { email: `form-${email}`, password: PASSWORD, confirmPassword: PASSWORD } }],
    ["POST", "/booking", { cookie, form: { bags: "1", slotId: String(open[0]!.id) } }],
    ["POST", "/checkout", { cookie, form: { bags: "1", slotId: String(open[0]!.id) } }],
    ["POST", "/profile", { cookie, form: profile }],
    ["POST", "/sign-out", { cookie }],
    ["POST", "/language", { form: { lng: "fr" } }],
    ["POST", "/booking.data", { cookie, form: { bags: "1" } }],
    ["GET", "/checkout/return?session_id=cs_test_abc", { cookie }],
  ];
  for (const [method, url, options] of writes) {
    const answer = await call(replica, method, url, options);
    const what = `${method} ${url}`;
    expect(answer.status, what).toBe(409);
    expect(answer.headers["fly-replay"], what).toBe(`instance=${PRIMARY}`);
    if (url.startsWith("/api/")) expect(JSON.parse(answer.text).message, what).toMatch(/main server/);
    else expect(answer.text, what).toMatch(/main server/);
  }
  const french = await call(replica, "POST", "/api/auth/login", { json: { email }, language: "fr-CA" });
  expect(JSON.parse(french.text).message).toMatch(/serveur principal/);
  expect(digest(dbFile)).toBe(before);

  // The txnum cookie. The primary's write carries LiteFS's transaction id once it is done...
  fs.writeFileSync(path.join(primaryDir, "app.db-pos"), position(41));
  fs.writeFileSync(path.join(replicaDir, "app.db-pos"), position(40));
  const written = await call(primary, "PUT", "/api/auth/profile", { cookie, json: profile });
  expect(written.status).toBe(200);
  const txCookie = [written.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith("txnum="));
  expect(txCookie).toMatch(/^txnum=41; Path=\/; HttpOnly; SameSite=Lax/);
  // ...and the replica holds the resident's next read until it has that transaction.
  let answered = false;
  const waiting = call(replica, "GET", "/history", { cookie: `${cookie}; txnum=41` }).then((answer) => {
    answered = true;
    return answer;
  });
  await new Promise((resolve) => setTimeout(resolve, 700));
  expect(answered, "the read waits for the replica to catch up").toBe(false);
  fs.writeFileSync(path.join(replicaDir, "app.db-pos"), position(41));
  const caughtUp = await waiting;
  expect(caughtUp.status).toBe(200);
  expect([caughtUp.headers["set-cookie"] ?? []].flat()).toContainEqual(expect.stringMatching(/^txnum=; .*Max-Age=0/));
  // A replica that does not catch up in time sends the read to the primary.
  const lagging = await call(replica, "GET", "/history", { cookie: `${cookie}; txnum=99` });
  expect(lagging.status).toBe(409);
  expect(lagging.headers["fly-replay"]).toBe(`instance=${PRIMARY}`);
  fs.rmSync(path.join(primaryDir, "app.db-pos"));
  fs.rmSync(path.join(replicaDir, "app.db-pos"));

  // A full booking with JavaScript off, through the proxy: each write replayed on the primary.
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: appUrl });
  try {
    const page = await context.newPage();
    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).not.toHaveURL(/sign-in/);
    await page.goto(`/checkout?bags=2&slotId=${open[0]!.id}`);
    await fillCard(page, "4242 4242 4242 4242");
    await page.getByRole("button", { name: /^Pay / }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/confirmed/i);
    const confirmation = new URL(page.url()).searchParams.get("confirmationNumber")!;
    await expect(page.getByTestId("confirmation-number")).toHaveText(confirmation);
  } finally {
    await context.close();
  }
  expect(replays).toEqual(expect.arrayContaining([`POST /sign-in -> ${PRIMARY}`, `POST /checkout -> ${PRIMARY}`]));
  const db = new Database(dbFile, { readonly: true });
  try {
    const pickups = db
      .prepare(
        `select r.status, r.bags_requested as bags, p.status as paid from pickup_requests r
           join users u on u.id = r.user_id join payments p on p.id = r.payment_id where u.email = ?`,
      )
      .all(email);
    expect(pickups).toEqual([{ status: "Scheduled", bags: 2, paid: "succeeded" }]);
  } finally {
    db.close();
  }

  // A payment confirmed on the primary, through the proxy (both writes replayed there)...
  const slotId = open[1]!.id;
  const intent = await call(edge, "POST", "/api/create-payment-intent", {
    cookie,
    json: { acceptTerms: true, bagCount: 1, slotId },
  });
  expect(intent.status, intent.text).toBe(200);
  const paymentIntentId = JSON.parse(intent.text).paymentIntentId as string;
  const card = { cardNumber: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123", postalCode: "H2X 3K2" };
  const confirmed = await call(edge, "POST", "/api/payments/simulated/confirm", {
    cookie,
    json: { paymentIntentId, ...card },
  });
  expect(confirmed.status, confirmed.text).toBe(200);
  expect(replays).toEqual(
    expect.arrayContaining([
      `POST /api/create-payment-intent -> ${PRIMARY}`,
      `POST /api/payments/simulated/confirm -> ${PRIMARY}`,
    ]),
  );

  // Promotion: the replica's `.primary` file goes; it takes the writes and starts the background work.
  fs.rmSync(path.join(replicaDir, ".primary"));
  await waitForLog(replica, /\[background\] primary: seed, outbox worker, reconcile and hourly upkeep started/, 10_000);
  await waitForLog(replica, /\[reconcile\] start-up done/, 30_000);
  const renamed = await call(replica, "PUT", "/api/auth/profile", { cookie, json: { ...profile, firstName: "Léa" } });
  expect(renamed.status, renamed.text).toBe(200);
  const check = new Database(dbFile, { readonly: true });
  try {
    expect(check.prepare("select first_name as name from users where email = ?").get(email)).toEqual({ name: "Léa" });
  } finally {
    check.close();
  }
  // The former primary, now naming the new one, stops its work and sends writes there.
  fs.writeFileSync(path.join(primaryDir, ".primary"), REPLICA);
  await waitForLog(primary, new RegExp(`\\[background\\] replica of ${REPLICA}: background work stopped`), 10_000);
  const demoted = await call(primary, "POST", "/api/auth/logout", { cookie });
  expect(demoted.status).toBe(409);
  expect(demoted.headers["fly-replay"]).toBe(`instance=${REPLICA}`);

  // ...and booked on the other machine, now the primary (its promotion's reconcile may have booked it
  // already; the resident's request, and its retry, find that one): one pickup for the payment.
  const booking = { bagsRequested: 1, pickupSlotId: slotId, totalPrice: 11.5, paymentIntentId, acceptTerms: true };
  const first = await call(edge, "POST", "/api/pickup-requests", { cookie, json: booking });
  const again = await call(edge, "POST", "/api/pickup-requests", { cookie, json: booking });
  const numbers = [first, again].map((answer) => {
    expect([201, 409], answer.text).toContain(answer.status);
    return JSON.parse(answer.text).confirmationNumber as string;
  });
  expect(numbers[1]).toBe(numbers[0]);
  const after = new Database(dbFile, { readonly: true });
  try {
    const rows = after
      .prepare(
        `select r.confirmation_number as number, p.status from pickup_requests r join payments p on p.id = r.payment_id
          where p.provider_payment_id = ?`,
      )
      .all(paymentIntentId);
    expect(rows).toEqual([{ number: numbers[0], status: "succeeded" }]);
  } finally {
    after.close();
  }
});
