// `npm run backup` (scripts/backup.ts) copies a live database while another process keeps writing to
// it: the copy passes integrity_check, holds every transaction whole or not at all (a snapshot of one
// moment), and once the writes stop a second copy has exactly the live database's row counts.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/services/platform/db.server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "recircle-backup-"));
const live = path.join(dir, "live.db");

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function run(command: string, args: string[], env: Record<string, string>, timeoutMs = 60_000) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const backup = (destination: string) =>
  run(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/backup.ts", destination], { DATABASE_PATH: live });

/** A second process writing to the database: each transaction adds a batch of 25 ledger rows, its total and a waitlist entry. */
const WRITER = `
const Database = require("better-sqlite3");
const fs = require("node:fs");
const db = new Database(process.argv[1]);
db.pragma("journal_mode = WAL");
db.pragma("busy_timeout = 10000");
const addRow = db.prepare("insert into ledger (batch, payload) values (?, ?)");
const addTotal = db.prepare("insert into ledger_totals (batch, n) values (?, ?)");
const addEntry = db.prepare("insert into waitlist_entries (name, email, fsa, reason, locale, created_at, updated_at) values ('Writer', ?, 'K1A', 'Outside Service Area', 'en', ?, ?)");
const write = db.transaction((batch) => {
  for (let i = 0; i < 25; i++) addRow.run(batch, "x".repeat(200));
  addTotal.run(batch, 25);
  addEntry.run("writer-" + batch + "@bell.net", Date.now(), Date.now());
});
let batch = 0;
const deadline = Date.now() + 30000;
function tick() {
  for (let i = 0; i < 5; i++) write(++batch);
  if (batch === 5) process.stdout.write("writing\\n");
  if (fs.existsSync(process.argv[2]) || Date.now() > deadline) { db.close(); process.exit(0); }
  setImmediate(tick);
}
tick();
`;

const batches = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare("select count(*) as n from ledger_totals").get() as { n: number }).n;
  } finally {
    db.close();
  }
};

function rowCounts(file: string) {
  const db = new Database(file, { readonly: true });
  try {
    const tables = db
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
      .all() as Array<{ name: string }>;
    return Object.fromEntries(
      tables.map(({ name }) => [name, (db.prepare(`select count(*) as n from "${name}"`).get() as { n: number }).n]),
    );
  } finally {
    db.close();
  }
}

describe("npm run backup", () => {
  it("copies a database that is being written, consistently, and the copy opens", async () => {
    // The app's schema (migrations) plus a ledger, filled to ~15 MB so the copy takes many steps.
    const { sqlite } = openDatabase(live);
    sqlite.exec(
      "create table ledger (id integer primary key, batch integer not null, payload text not null); create table ledger_totals (batch integer primary key, n integer not null);",
    );
    const fillRow = sqlite.prepare("insert into ledger (batch, payload) values (0, ?)");
    sqlite.transaction(() => {
      for (let i = 0; i < 15_000; i++) fillRow.run("f".repeat(1000));
    })();
    sqlite.prepare("insert into ledger_totals (batch, n) values (0, 15000)").run();
    sqlite.close();

    const stopFile = path.join(dir, "stop");
    const writer = spawn(process.execPath, ["-e", WRITER, live, stopFile], {
      stdio: ["ignore", "pipe", "pipe"],
      cwd: process.cwd(),
    });
    const writerDone = new Promise<number | null>((resolve) => writer.on("exit", resolve));
    let writerErr = "";
    writer.stderr.on("data", (c: Buffer) => (writerErr += c.toString()));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the writer did not start: ${writerErr}`)), 15_000);
      writer.stdout.on("data", (c: Buffer) => {
        if (c.toString().includes("writing")) {
          clearTimeout(timer);
          resolve();
        }
      });
    });

    const before = batches(live);
    const destination = path.join(dir, "copies", "during.db");
    const result = await backup(destination);
    const after = batches(live);
    fs.writeFileSync(stopFile, "");
    expect(await writerDone).toBe(0);

    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(destination);
    expect(result.stdout).toMatch(/integrity ok/);
    expect(result.stdout).toMatch(new RegExp(`\\(${fs.statSync(destination).size} bytes\\)`));
    expect(after, "the writer kept writing during the backup").toBeGreaterThan(before);

    // The copy: sound, self-contained, and a snapshot of one moment of the live database.
    expect(fs.existsSync(`${destination}-wal`)).toBe(false);
    const copy = new Database(destination, { readonly: true, fileMustExist: true });
    try {
      expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
      expect(copy.pragma("journal_mode", { simple: true })).toBe("delete");
      const torn = copy
        .prepare(
          "select t.batch from ledger_totals t left join (select batch, count(*) as c from ledger group by batch) g on g.batch = t.batch where coalesce(g.c, 0) <> t.n",
        )
        .all();
      expect(torn, "batches copied in part").toEqual([]);
      const orphans = copy
        .prepare("select count(*) as n from ledger where batch not in (select batch from ledger_totals)")
        .get() as { n: number };
      expect(orphans.n).toBe(0);
      const copied = (copy.prepare("select count(*) as n from ledger_totals").get() as { n: number }).n;
      expect(copied).toBeGreaterThanOrEqual(before);
      expect(copied).toBeLessThanOrEqual(after + 5);
      const entries = (
        copy.prepare("select count(*) as n from waitlist_entries where name = 'Writer'").get() as { n: number }
      ).n;
      expect(entries).toBe(copied - 1);
      // The app's own tables came along (migrations journal included), so the copy can be restored as is.
      const tables = (
        copy.prepare("select name from sqlite_master where type = 'table'").all() as Array<{ name: string }>
      ).map((t) => t.name);
      expect(tables).toEqual(expect.arrayContaining(["users", "pickup_requests", "payments", "__drizzle_migrations"]));
    } finally {
      copy.close();
    }

    // Writes stopped: a new copy has exactly the live database's rows.
    const quiet = path.join(dir, "copies", "quiet.db");
    expect((await backup(quiet)).code).toBe(0);
    expect(rowCounts(quiet)).toEqual(rowCounts(live));

    // It never overwrites an earlier backup.
    const again = await backup(quiet);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already exists/);
  }, 90_000);

  it("names the copy backups/app-YYYYMMDD-HHMMSS.db inside a folder it is given, and fails clearly without a database", async () => {
    const folder = path.join(dir, "folder");
    fs.mkdirSync(folder);
    const result = await backup(`${folder}/`);
    expect(result.code, result.stderr).toBe(0);
    const [name] = fs.readdirSync(folder);
    expect(name).toMatch(/^app-\d{8}-\d{6}\.db$/);
    expect(result.stdout.split("\n")[0]).toBe(path.join(folder, name!));

    const missing = await run(
      process.execPath,
      ["node_modules/tsx/dist/cli.mjs", "scripts/backup.ts", path.join(dir, "x.db")],
      {
        DATABASE_PATH: path.join(dir, "nope.db"),
      },
    );
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/No database/);
  }, 60_000);
});
