// The plans' cycle job in a process of its own (issue 45's bench line): the server's scheduled run
// (ops/startup → plans/cycle-apart.server) starts this script below serving (SCHED_IDLE where chrt can set
// it, and niced) and paced (`--duty`), so the pages keep their thread and their CPU while thousands of
// cycles are booked and charged. It runs runPlanCycles once, on its own SQLite connection (DATABASE_PATH,
// inherited), and sends the run's counts back to its parent, with its nice value, policy and pace.
// `--at <ms>` with `--fixed-clock`: as if it were that time (the clock stopped there, as `npm run plans -- --at`);
// without `--fixed-clock` the run is at `--at` and the clock goes on. `--duty <0..1>`: the share of a CPU it
// may use (plans/job-pace). Not for operators: `npm run plans`.
import fs from "node:fs";
import os from "node:os";
import { parseArgs } from "node:util";
import { setNow } from "../app/lib/clock";
import { runPlanCycles } from "../app/services/plans/cycle-job.server";

const { values } = parseArgs({
  options: { at: { type: "string" }, "fixed-clock": { type: "boolean" }, duty: { type: "string" } },
});
const at = values.at === undefined ? Date.now() : Number(values.at);
if (!Number.isFinite(at)) {
  console.error(`[plans] --at: not a time in milliseconds: ${values.at}`);
  process.exit(2);
}
if (values["fixed-clock"]) setNow(at);
const duty = values.duty === undefined ? 1 : Number(values.duty);
const run = await runPlanCycles(at, { duty });
/** This process's scheduling policy, from /proc/self/stat (field 41: 0 SCHED_OTHER, 5 SCHED_IDLE). */
function policy(): "idle" | "other" | "unknown" {
  try {
    const stat = fs.readFileSync("/proc/self/stat", "utf8");
    const field = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[38]);
    return field === 5 ? "idle" : field === 0 ? "other" : "unknown";
  } catch {
    return "unknown";
  }
}

// Its nice value, policy and pace with it: the parent set them (the tests check that it did).
const message = { run, niceness: os.getPriority(), policy: policy(), duty };
if (process.send) process.send(message, undefined, undefined, () => process.exit(0));
else console.log(JSON.stringify(message));
