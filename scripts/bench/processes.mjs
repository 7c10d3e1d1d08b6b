import { spawn } from "node:child_process";
import { ROOT } from "./config.mjs";

// Processes the bench starts, stopped whatever happens (try/finally, SIGINT, SIGTERM).

const children = new Set();
/** What stops a thing that is no process of ours (a browser, a temporary folder), last in first. */
export const cleanups = [];

export function start(command, args, options = {}) {
  // Own process group, so `npx tsx` and its grandchildren stop together.
  const child = spawn(command, args, { cwd: ROOT, detached: true, ...options });
  children.add(child);
  child.on("exit", () => children.delete(child));
  return child;
}

export function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // not up yet, or already gone
      }
      resolve();
    }, 5000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      clearTimeout(timer);
      resolve();
    }
  });
}

export async function stopEverything() {
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      await cleanup();
    } catch {
      // not up yet, or already gone
    }
  }
  await Promise.all([...children].map(stopChild));
}

let stopping = false;
/** A Ctrl-C (or SIGTERM) is stopping the bench. */
export const isStopping = () => stopping;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.error(`\n[bench] ${signal}: stopping everything it started`);
    await stopEverything();
    process.exit(130);
  });
}

export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = start(command, args, { stdio: ["ignore", "pipe", "pipe"], ...options });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0
        ? resolve({ stdout, stderr })
        : reject(new Error(`${command} ${args.join(" ")} exited ${code}\n${stderr}${stdout}`)),
    );
  });
}
