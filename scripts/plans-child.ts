// The plans' cycle job in a process of its own (issue 45's bench line): the server's scheduled run
// (ops/startup → plans/cycle-apart.server) forks this script, with a lower CPU priority than serving, so the
// pages keep their thread while thousands of cycles are booked and charged. It runs runPlanCycles once, on
// its own SQLite connection (DATABASE_PATH, inherited), and sends the run's counts back to its parent (with its nice value).
// `--at <ms>` with `--fixed-clock`: as if it were that time (the clock stopped there, as `npm run plans -- --at`);
// without `--fixed-clock` the run is at `--at` and the clock goes on. Not for operators: `npm run plans`.
import os from "node:os";
import { parseArgs } from "node:util";
import { setNow } from "../app/lib/clock";
import { runPlanCycles } from "../app/services/plans/cycle-job.server";

const { values } = parseArgs({ options: { at: { type: "string" }, "fixed-clock": { type: "boolean" } } });
const at = values.at === undefined ? Date.now() : Number(values.at);
if (!Number.isFinite(at)) {
  console.error(`[plans] --at: not a time in milliseconds: ${values.at}`);
  process.exit(2);
}
if (values["fixed-clock"]) setNow(at);
const run = await runPlanCycles(at);
// Its nice value with it: the parent lowered it (the tests check that it did).
const message = { run, niceness: os.getPriority() };
if (process.send) process.send(message, undefined, undefined, () => process.exit(0));
else console.log(JSON.stringify(message));
