// Nothing lost when the VM dies (issue 37): the app runs under Litestream for real (`npm run
// start:replicated`, the packaged binary, litestream.yml) with Litestream's `file` replica standing in for
// S3. (The npm S3 stand-in s3rver 3.7.1 was tried: it stores Litestream's objects, but its listing with a
// delimiter returns no CommonPrefixes for nested prefixes, so `litestream restore` finds no generation.) Residents book and pay through the JSON API; mid-burst the whole process group (Litestream and the
// server) is SIGKILLed, as when the machine dies, and the machine's disk is gone (database, WAL, Litestream's
// shadow WAL). Then:
// - `npm run restore -- --output <file>` brings back every payment and booking acknowledged more than the
//   shipping bound before the kill (litestream.yml: sync-interval 1 s plus the 100 ms WAL check), with
//   integrity_check ok; `--timestamp` restores a point in time (what was acknowledged well before it is
//   there, nothing started after it);
// - started again on the empty disk, start:replicated restores the latest state first (as the container
//   does), the server starts on it, and the start-up reconcile leaves no payment taken without its pickup
//   (each is booked once or refunded in full).
// It starts its own servers, so it runs in the "js" project only.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { parse as parseYaml } from "yaml";
import { expect, test } from "@playwright/test";
import {
  ApiClient,
  BUILD,
  freePort,
  pool,
  registerResident,
  serverDir,
  startServer,
  waitForLog,
  type OwnServer,
} from "./own-server";

const RESIDENTS = 16;
/** How long the burst runs before the machine dies. */
const BURST_MS = 7_000;
const CARD = { cardNumber: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123", postalCode: "H2X 3K2" };

test.skip(
  ({ javaScriptEnabled }) => javaScriptEnabled === false,
  "starts its own servers: runs once, in the js project",
);
test.describe.configure({ mode: "serial" });

/** Milliseconds of a Litestream duration ("1s", "100ms"). */
function millis(duration: string): number {
  const match = /^(\d+)(ms|s)$/.exec(duration);
  if (!match) throw new Error(`unexpected duration ${duration}`);
  return Number(match[1]) * (match[2] === "s" ? 1000 : 1);
}
const config = parseYaml(fs.readFileSync("litestream.yml", "utf8")) as {
  dbs: Array<{ "monitor-interval": string; replicas: Array<{ "sync-interval": string }> }>;
};
/** A commit is in the replica this long after it at most: the WAL is checked, then shipped at the next sync. */
const SHIPPED_WITHIN_MS =
  millis(config.dbs[0]!.replicas[0]!["sync-interval"]) + millis(config.dbs[0]!["monitor-interval"]);

let server: OwnServer | null = null;
let dir = "";

test.afterAll(async () => {
  await server?.kill();
  server = null;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

type Acknowledged = {
  resident: number;
  paymentIntentId: string;
  paidAt: number;
  startedAt: number;
  pickup?: string;
  bookedAt?: number;
};

function restore(env: Record<string, string>, ...args: string[]) {
  const run = spawnSync(process.execPath, ["scripts/restore.mjs", ...args], {
    encoding: "utf8",
    env: { ...process.env, ...env },
  });
  expect(run.status, run.stderr + run.stdout).toBe(0);
  return run.stdout;
}

test("a machine killed mid-burst under Litestream loses no acknowledged booking or payment", async () => {
  test.setTimeout(180_000);
  dir = path.resolve(serverDir("litestream"));
  const disk = path.join(dir, "machine");
  fs.mkdirSync(disk);
  const dbFile = path.join(disk, "app.db");
  const env = {
    LITESTREAM_REPLICA_URL: `file://${path.join(dir, "replica")}`,
    LITESTREAM_META_PATH: path.join(disk, ".app.db-litestream"),
  };
  const replicated = { script: ["scripts/start-replicated.mjs", BUILD], group: true, env };
  const port = await freePort();
  server = await startServer({ port, dbFile, ...replicated });
  const first = server;
  await waitForLog(first, /msg="replicating to" name=file type=file sync-interval=1s/, 10_000);

  const residents = Array.from(
    { length: RESIDENTS },
    (_, i) => new ApiClient(first.baseURL, `litestream-${Date.now().toString(36)}-${i}@recircle-mail.ca`),
  );
  await pool(residents, 4, (resident, i) => registerResident(resident, `${2000 + i} Rue Saint-Denis`));
  const slots = (await residents[0]!.call("GET", "/api/pickup-slots")).json as unknown as Array<{
    id: number;
    currentBooked: number;
    maxCapacity: number;
  }>;
  const open = slots.filter((s) => s.currentBooked < s.maxCapacity);
  expect(open.length).toBeGreaterThan(3);

  const acknowledged: Acknowledged[] = [];
  let next = 0;
  let dying = false;
  /** One resident booking again and again, as the checkout page's script does, until the machine dies. */
  async function keepBooking(resident: ApiClient, index: number) {
    while (!dying) {
      const slot = open[next++ % open.length]!;
      const startedAt = Date.now();
      try {
        const intent = await resident.call("POST", "/api/create-payment-intent", {
          acceptTerms: true,
          bagCount: 1,
          slotId: slot.id,
        });
        if (intent.status !== 200) continue;
        const paymentIntentId = intent.json.paymentIntentId as string;
        const paid = await resident.call("POST", "/api/payments/simulated/confirm", { paymentIntentId, ...CARD });
        if (paid.status !== 200) continue;
        const entry: Acknowledged = { resident: index, paymentIntentId, paidAt: Date.now(), startedAt };
        acknowledged.push(entry);
        const booked = await resident.call("POST", "/api/pickup-requests", {
          acceptTerms: true,
          bagsRequested: 1,
          pickupSlotId: slot.id,
          totalPrice: 11.5,
          paymentIntentId,
        });
        if (booked.status === 201) {
          entry.pickup = booked.json.confirmationNumber as string;
          entry.bookedAt = Date.now();
        }
      } catch {
        return; // cut off by the kill
      }
    }
  }
  const burstStarted = Date.now();
  const burst = Promise.all(residents.map((resident, index) => keepBooking(resident, index)));
  await new Promise((resolve) => setTimeout(resolve, BURST_MS));
  const killedAt = Date.now();
  dying = true;
  await first.kill();
  expect(first.child.signalCode).toBe("SIGKILL");
  await burst;

  // The machine's disk is gone: the database, its WAL, Litestream's shadow WAL.
  fs.rmSync(disk, { recursive: true, force: true });
  fs.mkdirSync(disk);

  const cutoff = killedAt - SHIPPED_WITHIN_MS;
  const mustPay = acknowledged.filter((a) => a.paidAt < cutoff);
  const mustBook = acknowledged.filter((a) => a.bookedAt !== undefined && a.bookedAt < cutoff);
  console.log(
    `[litestream test] ${acknowledged.length} payments (${acknowledged.filter((a) => a.pickup).length} booked) ` +
      `acknowledged in ${killedAt - burstStarted} ms; ${mustPay.length} paid and ${mustBook.length} booked more than ` +
      `${SHIPPED_WITHIN_MS} ms before the kill`,
  );
  expect(mustBook.length).toBeGreaterThan(10);

  // The operator's restore: the latest state, into a new file.
  const restoreEnv = { ...env, DATABASE_PATH: dbFile };
  const latest = path.join(dir, "latest.db");
  const printed = restore(restoreEnv, "--output", latest);
  expect(printed).toMatch(/Restored the latest state: \d+ bytes, integrity ok, in \d+\.\d+ s\./);
  console.log(`[litestream test] ${printed.trim().split("\n").at(-1)}`);
  expect(fs.readdirSync(dir).filter((name) => name.startsWith("latest.db"))).toEqual(["latest.db"]);
  const copy = new Database(latest, { readonly: true });
  try {
    expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
    const payments = new Set(
      (
        copy.prepare("select provider_payment_id as id from payments where status = 'succeeded'").all() as Array<{
          id: string;
        }>
      ).map((row) => row.id),
    );
    const pickups = new Set(
      (copy.prepare("select confirmation_number as c from pickup_requests").all() as Array<{ c: string }>).map(
        (row) => row.c,
      ),
    );
    for (const a of mustPay) expect(payments.has(a.paymentIntentId), `payment ${a.paymentIntentId}`).toBe(true);
    for (const a of mustBook) expect(pickups.has(a.pickup!), `pickup ${a.pickup}`).toBe(true);
  } finally {
    copy.close();
  }

  // A point in time in the middle of the acknowledged payments (not of the burst: on a loaded machine, or once
  // the slots are full, they may all lie in its first half), with some paid well before its second and some
  // begun after it.
  const firstPaid = Math.min(...acknowledged.map((a) => a.paidAt)) + SHIPPED_WITHIN_MS + 1000;
  const lastBegun = Math.max(...acknowledged.map((a) => a.startedAt)) - 1000;
  expect(lastBegun, "the acknowledged payments span more than the shipping bound and two seconds").toBeGreaterThan(
    firstPaid,
  );
  const at = Math.floor((firstPaid + lastBegun) / 2);
  const pointInTime = path.join(dir, "point-in-time.db");
  const printedAt = restore(restoreEnv, "--output", pointInTime, "--timestamp", new Date(at).toISOString());
  expect(printedAt).toMatch(/Restored as of .*Z: \d+ bytes, integrity ok/);
  const past = new Database(pointInTime, { readonly: true });
  try {
    const pastPayments = new Set(
      (past.prepare("select provider_payment_id as id from payments").all() as Array<{ id: string }>).map((r) => r.id),
    );
    // --timestamp keeps whole seconds: what was paid more than the bound before that second is there...
    const second = Math.floor(at / 1000) * 1000;
    const before = acknowledged.filter((a) => a.paidAt < second - SHIPPED_WITHIN_MS);
    const after = acknowledged.filter((a) => a.startedAt > second + 1000);
    expect(before.length).toBeGreaterThan(0);
    expect(after.length).toBeGreaterThan(0);
    for (const a of before) expect(pastPayments.has(a.paymentIntentId), `paid before: ${a.paymentIntentId}`).toBe(true);
    // ...and nothing begun after it.
    for (const a of after) expect(pastPayments.has(a.paymentIntentId), `begun after: ${a.paymentIntentId}`).toBe(false);
  } finally {
    past.close();
  }

  // The machine starts again on its empty disk: the latest state is restored first, then the server starts.
  server = await startServer({ port, dbFile, ...replicated });
  await waitForLog(server, /\[reconcile\] start-up done/, 30_000);
  expect(server.log.join("")).toMatch(/is missing: restoring the latest state from the replica/);
  expect(fs.readdirSync(disk).filter((name) => name.includes(".tmp"))).toEqual([]);

  const db = new Database(dbFile, { readonly: true });
  try {
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    const pickups = new Set(
      (db.prepare("select confirmation_number as c from pickup_requests").all() as Array<{ c: string }>).map(
        (r) => r.c,
      ),
    );
    for (const a of mustBook) expect(pickups.has(a.pickup!), `pickup ${a.pickup}`).toBe(true);
    // Every payment the provider took has its one pickup, or was refunded in full.
    const paid = db
      .prepare(
        `select p.id, p.status, p.amount_cents as amount, p.refunded_cents as refunded,
                (select count(*) from pickup_requests r where r.payment_id = p.id and r.status <> 'Cancelled') as live
           from simulated_intents i join payments p on p.provider_payment_id = i.id
          where i.status = 'succeeded'`,
      )
      .all() as Array<{ id: number; status: string; amount: number; refunded: number; live: number }>;
    expect(paid.length).toBeGreaterThanOrEqual(mustPay.length);
    for (const row of paid) {
      if (row.live > 0) expect(row, `payment #${row.id}`).toMatchObject({ live: 1, status: "succeeded", refunded: 0 });
      else expect(row, `payment #${row.id}`).toMatchObject({ status: "refunded", refunded: row.amount });
    }
  } finally {
    db.close();
  }
  // The residents' sessions came back too: the API answers them their pickups from the restored database.
  const mine = await residents[0]!.call("GET", "/api/pickup-requests");
  expect(mine.status).toBe(200);
  const numbers = (mine.json as unknown as Array<{ confirmationNumber: string }>).map((o) => o.confirmationNumber);
  for (const a of mustBook.filter((b) => b.resident === 0)) {
    expect(numbers).toContain(a.pickup);
  }
});
