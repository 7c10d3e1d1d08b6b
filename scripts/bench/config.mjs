// The bench's settings shared by its modules (scripts/bench.mjs and scripts/bench/*): ports, durations and the
// headers every request sends. Environment knobs: docs/performance.md.
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const PORT = Number(process.env.BENCH_PORT ?? 3240);
export const ORIGIN = `http://127.0.0.1:${PORT}`;
export const DURATION = Number(process.env.BENCH_DURATION ?? 10);
export const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
export const CONNECTIONS = 50;
export const KB = 1024;
/** What a browser sends, the same to the app and to the floor: gzip only, so both answer gzip. */
const BROWSER = { "Accept-Encoding": "gzip", "Accept-Language": "fr-CA,fr;q=0.9,en;q=0.8" };
export const HTML = { ...BROWSER, Accept: "text/html,application/xhtml+xml" };
export const JSON_ACCEPT = { ...BROWSER, Accept: "application/json" };

export const log = (message) => console.error(`[bench] ${message}`);
