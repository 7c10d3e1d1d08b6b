// `npm run restore -- --output <file> [--timestamp <ISO>]`: the database as Litestream replicated it
// (LITESTREAM_REPLICA_URL and its credentials, litestream.yml), its latest state or as it was at a point
// in time, written to a new file for an operator (never over an existing one, never the live database).
// The copy is checked (integrity_check) and the seconds it took are printed. docs/operations.md, "The
// restore drill".
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import { litestreamBinary, litestreamEnv, removeRestoreLeftovers } from "./litestream.mjs";

function fail(message) {
  console.error(message);
  process.exit(1);
}

let options;
try {
  options = parseArgs({
    options: { output: { type: "string" }, timestamp: { type: "string" } },
    allowPositionals: false,
  }).values;
} catch (error) {
  fail(`${error.message}\nUsage: npm run restore -- --output <file> [--timestamp <ISO>]`);
}
const env = litestreamEnv();
if (!env.LITESTREAM_REPLICA_URL) fail("LITESTREAM_REPLICA_URL is not set: there is no replica to restore from.");
if (!options.output) fail("Usage: npm run restore -- --output <file> [--timestamp <ISO>]");
const output = path.resolve(options.output);
if (fs.existsSync(output)) fail(`${output} already exists; not overwriting it.`);
if (output === env.DATABASE_PATH) fail("The output must be a new file, not the live database (DATABASE_PATH).");
let timestamp = null;
if (options.timestamp) {
  const at = new Date(options.timestamp);
  if (Number.isNaN(at.getTime()))
    fail(`--timestamp ${options.timestamp} is not a date (ISO 8601, e.g. 2026-01-31T14:00:00Z).`);
  timestamp = at.toISOString().replace(/\.\d{3}Z$/, "Z");
}

fs.mkdirSync(path.dirname(output), { recursive: true });
const started = process.hrtime.bigint();
const restored = spawnSync(
  litestreamBinary(),
  [
    "restore",
    "-config",
    "litestream.yml",
    "-o",
    output,
    ...(timestamp ? ["-timestamp", timestamp] : []),
    env.DATABASE_PATH,
  ],
  { stdio: "inherit", env },
);
removeRestoreLeftovers(output);
if (restored.error) fail(`litestream could not run: ${restored.error.message}`);
if (restored.status !== 0) fail(`litestream restore failed (exit ${restored.status}).`);
const seconds = Number(process.hrtime.bigint() - started) / 1e9;

const copy = new Database(output, { fileMustExist: true });
let check;
try {
  check = copy.pragma("integrity_check", { simple: true });
} finally {
  copy.close();
}
if (check !== "ok") fail(`The restored copy failed its integrity check: ${String(check)}`);
const bytes = fs.statSync(output).size;
console.log(output);
console.log(
  `Restored ${timestamp ? `as of ${timestamp}` : "the latest state"}: ${bytes} bytes, integrity ok, in ${seconds.toFixed(2)} s.`,
);
