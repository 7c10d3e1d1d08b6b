// `npm run backup [-- <file or folder>]`: a consistent copy of the live SQLite database (DATABASE_PATH,
// default data/app.db) made with SQLite's online backup API while the app keeps running and writing.
// The copy goes to backups/app-YYYYMMDD-HHMMSS.db (UTC) unless a file or an existing folder is given;
// it is checked (integrity_check) before the command prints its path and size. See README, "Backup
// and restore".
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

function stamp(at = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return (
    `${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}-` +
    `${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}`
  );
}

function destinationFor(argument: string | undefined): string {
  const name = `app-${stamp()}.db`;
  if (!argument) return path.resolve("backups", name);
  const target = path.resolve(argument);
  if (argument.endsWith("/") || (fs.existsSync(target) && fs.statSync(target).isDirectory()))
    return path.join(target, name);
  return target;
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

async function main() {
  const source = path.resolve(process.env.DATABASE_PATH ?? path.join("data", "app.db"));
  if (!fs.existsSync(source)) {
    console.error(`No database at ${source} (set DATABASE_PATH).`);
    process.exit(1);
  }
  const destination = destinationFor(process.argv[2]);
  if (fs.existsSync(destination)) {
    console.error(`${destination} already exists; not overwriting it.`);
    process.exit(1);
  }
  fs.mkdirSync(path.dirname(destination), { recursive: true });

  const started = Date.now();
  const db = new Database(source, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 10000");
    // All pages in one step: under one read transaction (WAL lets the app keep writing meanwhile), so the
    // copy is the database as of one moment. In small steps, every write the app commits between two
    // steps would restart the copy, and a busy app could keep it from ever finishing.
    await db.backup(destination, { progress: () => 0x7fffffff });
  } catch (error) {
    fs.rmSync(destination, { force: true });
    throw error;
  } finally {
    db.close();
  }

  const copy = new Database(destination, { fileMustExist: true });
  let tables = 0;
  try {
    // One self-contained file (no -wal beside it): restoring is copying it back.
    copy.pragma("journal_mode = DELETE");
    const check = copy.pragma("integrity_check", { simple: true });
    if (check !== "ok") throw new Error(`The copy failed its integrity check: ${String(check)}`);
    tables = (copy.prepare("select count(*) as n from sqlite_master where type = 'table'").get() as { n: number }).n;
  } finally {
    copy.close();
  }
  const bytes = fs.statSync(destination).size;
  console.log(`${destination}`);
  console.log(
    `Backed up ${source}: ${formatSize(bytes)} (${bytes} bytes), ${tables} tables, integrity ok, in ${Date.now() - started} ms.`,
  );
}

main().catch((error) => {
  console.error("Backup failed:", error instanceof Error ? error.message : error);
  process.exit(1);
});
