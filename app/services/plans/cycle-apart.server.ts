// The plans' cycle job run off the server's thread (issue 45's bench line: 5,000 plans renewed while `/`
// keeps at least 0.9 of its throughput). The server has one JavaScript thread: a run in it takes every
// millisecond it works from the pages. So the scheduled run (ops/startup, on the primary only, every 10
// minutes and at start-up, which catches up after downtime) forks scripts/plans-child.ts, which runs
// runPlanCycles on its own SQLite connection, below serving in three ways:
// - Linux's SCHED_IDLE policy where `chrt` (util-linux, in the image) can set it: a waking server or any
//   other process preempts the job at once (a niced task may first finish its slice);
// - niced to 10 as well (os.setPriority), and only niced where chrt is missing or refused;
// - paced (JOB_DUTY, plans/job-pace): it uses at most 30 % of a CPU. On this machine's two vCPUs, which
//   behave as one core's two threads, `/` cost 16 % more CPU per request while the job ran flat out on the
//   "other" CPU, whatever its priority; paced, 5,000 renewals take about 34 s and `/` keeps 0.95 of its
//   throughput (docs/performance.md).
// Nothing of "exactly once" moves: every claim, charge and booking is the same conditional write on the
// cycle's row as in process (two runs at once, a restart and the reconcile are kept apart by its primary
// key and statuses); a child killed half-way leaves what a crash leaves, which the reconcile finishes.
// In the container, as `npm run plans`: node with tsx (a dependency), app/ and scripts/ beside the build.
import { fork, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sqlite } from "~/services/platform/db.server";
import { now } from "~/lib/clock";
import type { CycleRun } from "./cycle-job.server";

/** The child's nice value: below serving (0), so the pages come first; not 19, so the job still gets on. */
const JOB_NICENESS = 10;
/**
 * The share of a CPU the job may use (plans/job-pace): 5,000 renewals take about 10 s of CPU, so about 34 s
 * at this pace, within the bench's 60 s, and `/` keeps its throughput meanwhile (docs/performance.md).
 */
const JOB_DUTY = 0.3;

let running: ChildProcess | null = null;

let chrt: string | null | undefined;

/**
 * util-linux's `chrt` where it can start a command under SCHED_IDLE here (tried once with `true`), else null:
 * the job is then niced only (no chrt, another system, a container that refuses the policy).
 */
function idleLauncher(): string | null {
  if (chrt === undefined) {
    const file = ["/usr/bin/chrt", "/bin/chrt"].find((candidate) => fs.existsSync(candidate));
    chrt = file && spawnSync(file, ["--idle", "0", "true"], { stdio: "ignore" }).status === 0 ? file : null;
  }
  return chrt;
}

/** What the child answers: the run's counts, and the nice value, scheduling policy and pace it ran at. */
export type ApartRun = { run: CycleRun; niceness: number; policy: "idle" | "other" | "unknown"; duty: number };

/**
 * Whether a run could have anything to do: a plan that takes cycles (active or paused: a pause ends by
 * itself) or a held cycle whose hold may run out. Without either, no process is started (it costs about
 * 1.5 s of CPU to load the job): a server with no plans, the demo and the tests' servers fork nothing.
 */
export function plansHaveWork(): boolean {
  const row = sqlite()
    .prepare(
      `SELECT EXISTS (SELECT 1 FROM pickup_plans WHERE status IN ('active', 'paused'))
           OR EXISTS (SELECT 1 FROM plan_cycles WHERE status = 'payment_needed') AS work`,
    )
    .get() as { work: number };
  return row.work === 1;
}

/**
 * Runs the plans' cycle job at `at` in a child process and answers its counts. `fixedClock`: the child's
 * clock stopped at `at` (a run "as if it were then": the bench, tests), else it goes on from the real time.
 */
export function runPlanCyclesApart(options: { at?: number; fixedClock?: boolean } = {}): Promise<ApartRun> {
  const at = options.at ?? now();
  const script = path.join(process.cwd(), "scripts", "plans-child.ts");
  const args = ["--at", String(at), "--duty", String(JOB_DUTY), ...(options.fixedClock ? ["--fixed-clock"] : [])];
  return new Promise<ApartRun>((resolve, reject) => {
    // `chrt --idle 0 node --import tsx plans-child.ts …`: chrt execs node in its own process (same pid, so the
    // IPC channel, the nice value and stopPlanCyclesApart's signal all reach the job), every thread idle-policy.
    const launcher = idleLauncher();
    const child = fork(script, args, {
      cwd: process.cwd(),
      ...(launcher
        ? { execPath: launcher, execArgv: ["--idle", "0", process.execPath, "--import", "tsx"] }
        : { execArgv: ["--import", "tsx"] }),
      env: process.env,
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    running = child;
    try {
      if (child.pid !== undefined) os.setPriority(child.pid, JOB_NICENESS);
    } catch (error) {
      // Not fatal: the job runs at the server's priority, still off its thread.
      console.error("[plans] could not lower the job's priority", error);
    }
    let result: ApartRun | null = null;
    child.on("message", (message) => (result = message as ApartRun));
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      if (running === child) running = null;
      if (result) resolve(result);
      else reject(new Error(`the plans' job process ended (${signal ?? `exit code ${code}`}) without its counts`));
    });
  });
}

/** The pid of the job's process while one runs (the bench pauses it to measure the pages without it). */
export function planJobPid(): number | null {
  return running?.pid ?? null;
}

/**
 * The server stops or is no longer the primary: the job under way is ended (SIGTERM). What it claimed and
 * did not book is left "charging" for the reconcile, exactly as after a crash.
 */
export async function stopPlanCyclesApart(): Promise<void> {
  const child = running;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  await exited;
}
