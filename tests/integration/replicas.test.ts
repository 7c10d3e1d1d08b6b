// The rules a LiteFS machine follows (issue 37): which requests write (and go to the primary), the
// primary's name and the transaction position as LiteFS writes them, the wait for a transaction, the 409
// `fly-replay` answer, and the outbox worker following the lease rather than the region. The two servers
// on one database are in tests/e2e/replicas.spec.ts.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { WRITING_READS, replayAnswer, txidOfCookie, writesData } from "~/services/serving/replica.server";
import { currentTxid, parsePosition, primaryInstance, waitForTxid } from "~/services/platform/litefs.server";
import { isOutboxPrimary } from "~/services/platform/outbox.server";
import { env } from "~/services/platform/config.server";
import { openDatabase } from "~/services/platform/db.server";

const dirs: string[] = [];
function litefsDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "litefs-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const position = (txid: number) => `${txid.toString(16).padStart(16, "0")}/${"ab".repeat(8)}\n`;

describe("which requests write", () => {
  it("every method but GET, HEAD and OPTIONS, on any path", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "post"]) {
      for (const pathname of ["/booking", "/api/pickup-requests", "/api/stripe/webhook", "/language", "/"]) {
        expect(writesData(method, pathname), `${method} ${pathname}`).toBe(true);
      }
    }
    for (const method of ["GET", "HEAD", "OPTIONS", "get"]) {
      for (const pathname of ["/booking", "/api/pickup-slots", "/history", "/confirmation", "/"]) {
        expect(writesData(method, pathname), `${method} ${pathname}`).toBe(false);
      }
    }
  });

  it("the GETs that write, however the path is written", () => {
    expect(WRITING_READS).toContain("/checkout/return");
    for (const pathname of [
      "/checkout/return",
      "/checkout/return/",
      "/Checkout/Return",
      "/checkout/%72eturn",
      "/checkout/return.data",
    ]) {
      expect(writesData("GET", pathname), pathname).toBe(true);
    }
    expect(writesData("GET", "/checkout")).toBe(false);
    expect(writesData("GET", "/checkout/returns")).toBe(false);
  });

  it("an admin's look at residents' data writes the access log: the search, a resident's or a pickup's page", () => {
    for (const pathname of [
      "/admin/search",
      "/admin/search.data",
      "/Admin/Search/",
      "/admin/residents/12",
      "/admin/residents/12.data",
      "/admin/pickups/K7M2-QX9P",
    ]) {
      expect(writesData("GET", pathname), pathname).toBe(true);
    }
    expect(writesData("GET", "/admin/access-log")).toBe(false);
    expect(writesData("GET", "/admin")).toBe(false);
    expect(writesData("GET", "/admin/residents")).toBe(false);
  });
});

describe("LiteFS's files", () => {
  it("a `.primary` file names the primary; without it this machine is the primary", () => {
    const dir = litefsDir();
    expect(primaryInstance(dir)).toBeNull();
    fs.writeFileSync(path.join(dir, ".primary"), "5683d1e0b04d8e\n");
    expect(primaryInstance(dir)).toBe("5683d1e0b04d8e");
    expect(primaryInstance(null)).toBeNull();
  });

  it("reads the transaction id from the position file", () => {
    expect(parsePosition("00000000000000ff/e3b0c44298fc1c14")).toBe(255);
    expect(parsePosition("not a position")).toBeNull();
    const dir = litefsDir();
    expect(currentTxid(dir, "app.db")).toBeNull();
    fs.writeFileSync(path.join(dir, "app.db-pos"), position(42));
    expect(currentTxid(dir, "app.db")).toBe(42);
  });

  it("waits until the position reaches a transaction, or gives up after the time allowed", async () => {
    const dir = litefsDir();
    const database = path.basename(process.env.DATABASE_PATH!);
    fs.writeFileSync(path.join(dir, `${database}-pos`), position(6));
    expect(await waitForTxid(6, 0, dir)).toBe(true);
    expect(await waitForTxid(7, 100, dir)).toBe(false);
    const waiting = waitForTxid(7, 5_000, dir);
    setTimeout(() => fs.writeFileSync(path.join(dir, `${database}-pos`), position(7)), 150);
    expect(await waiting).toBe(true);
  });
});

describe("the txnum cookie", () => {
  it("reads a transaction id and nothing else", () => {
    expect(txidOfCookie("txnum=17")).toBe(17);
    expect(txidOfCookie("lng=ImZyIg%3D%3D; txnum=9; __session=x")).toBe(9);
    expect(txidOfCookie("txnum=abc")).toBeNull();
    expect(txidOfCookie("xtxnum=4")).toBeNull();
    expect(txidOfCookie(undefined)).toBeNull();
  });
});

describe("the answer to a write on a replica", () => {
  it("is a 409 naming the primary for fly-replay, JSON under /api, text on pages, translated", () => {
    const api = replayAnswer("machine-1", "/api/pickup-requests", "fr");
    expect(api.status).toBe(409);
    expect(api.headers["fly-replay"]).toBe("instance=machine-1");
    expect(api.headers["Content-Type"]).toMatch(/^application\/json/);
    expect(JSON.parse(api.body).message).toMatch(/serveur principal/);
    const page = replayAnswer("machine-1", "/booking", "en");
    expect(page.headers["Content-Type"]).toMatch(/^text\/plain/);
    expect(page.body).toMatch(/main server/);
  });
});

describe("the outbox worker's machine", () => {
  it("on LiteFS follows the lease (ops/startup), whatever the region", () => {
    expect(
      isOutboxPrimary({ OUTBOX_WORKER: "1", FLY_REGION: "yyz", PRIMARY_REGION: "yul", LITEFS_DIR: "/litefs" }),
    ).toBe(true);
    expect(isOutboxPrimary({ OUTBOX_WORKER: "0", LITEFS_DIR: "/litefs" })).toBe(false);
    expect(isOutboxPrimary({ OUTBOX_WORKER: "1", FLY_REGION: "yyz", PRIMARY_REGION: "yul" })).toBe(false);
  });
});

describe("the database connection", () => {
  afterEach(() => {
    env.LITESTREAM_REPLICA_URL = undefined;
    env.LITEFS_DIR = undefined;
  });
  const pragmas = (file: string) => {
    const { sqlite } = openDatabase(file);
    try {
      return {
        journal: sqlite.pragma("journal_mode", { simple: true }),
        autocheckpoint: sqlite.pragma("wal_autocheckpoint", { simple: true }),
        busyTimeout: sqlite.pragma("busy_timeout", { simple: true }),
        migrated: sqlite.prepare("select count(*) as n from sqlite_master where name = '__drizzle_migrations'").get(),
      };
    } finally {
      sqlite.close();
    }
  };

  it("under Litestream leaves the WAL's checkpoints to Litestream; alone, SQLite checkpoints it", () => {
    expect(pragmas(path.join(litefsDir(), "alone.db"))).toMatchObject({ journal: "wal", autocheckpoint: 1000 });
    env.LITESTREAM_REPLICA_URL = "s3://recircle-backups/app.db";
    const replicated = pragmas(path.join(litefsDir(), "replicated.db"));
    expect(replicated).toMatchObject({ journal: "wal", autocheckpoint: 0 });
    expect(replicated.busyTimeout).toBeGreaterThan(0);
  });

  it("is migrated by the primary only: a LiteFS replica's copy arrives migrated", () => {
    const dir = litefsDir();
    env.LITEFS_DIR = dir;
    expect(pragmas(path.join(dir, "primary.db")).migrated).toEqual({ n: 1 });
    fs.writeFileSync(path.join(dir, ".primary"), "machine-1");
    expect(pragmas(path.join(dir, "replica.db")).migrated).toEqual({ n: 0 });
  });
});
