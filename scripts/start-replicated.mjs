// `npm run start:replicated` (and the container's start, through litefs.yml or the Dockerfile): the server
// (scripts/server.mjs) with the database replicated off the machine by Litestream (issue 37,
// docs/operations.md). With LITESTREAM_REPLICA_URL set:
// - one VM: when the database file is missing, the latest state is restored first (`litestream restore
//   -if-db-not-exists -if-replica-exists`), then the server runs under `litestream replicate -exec`, so
//   every commit is shipped within the sync interval of litestream.yml and the server's stop stops both;
// - on LiteFS (LITEFS_DIR): the server runs as it is, and Litestream replicates beside it while this machine
//   is the primary (no `.primary` file), started when it is promoted and stopped when it is not (a replica's
//   copy is the primary's, shipped already); LiteFS brings a new machine its data from the primary.
// Without LITESTREAM_REPLICA_URL it is `node scripts/server.mjs`: the embedded default.
// Usage: node scripts/start-replicated.mjs [build/index.js]
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { litestreamBinary, litestreamEnv, removeRestoreLeftovers } from "./litestream.mjs";

const build = process.argv[2] ?? `${process.env.REMIX_BUILD_NAME ?? "build"}/index.js`;
const server = [process.execPath, "scripts/server.mjs", build];
const env = litestreamEnv();
const litefsDir = env.LITEFS_DIR?.trim();

/** Runs a child to its end, passing SIGTERM/SIGINT on, and exits as it did. */
function runToEnd(command, args, options = {}) {
  const child = spawn(command, args, { stdio: "inherit", env, ...options });
  for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => {
    options.onExit?.();
    process.exit(code ?? (signal ? 1 : 0));
  });
  return child;
}

if (!env.LITESTREAM_REPLICA_URL) {
  runToEnd(server[0], server.slice(1));
} else if (!litefsDir) {
  const binary = litestreamBinary();
  const config = ["-config", "litestream.yml"];
  if (!fs.existsSync(env.DATABASE_PATH)) {
    console.log(`[litestream] ${env.DATABASE_PATH} is missing: restoring the latest state from the replica`);
    const restored = spawnSync(
      binary,
      ["restore", ...config, "-if-db-not-exists", "-if-replica-exists", env.DATABASE_PATH],
      { stdio: "inherit", env },
    );
    removeRestoreLeftovers(env.DATABASE_PATH);
    if (restored.status !== 0) process.exit(restored.status ?? 1);
  }
  const quote = (word) => `'${word.replace(/'/g, `'\\''`)}'`;
  runToEnd(binary, ["replicate", ...config, "-exec", server.map(quote).join(" ")]);
} else {
  // LiteFS: the server, and Litestream beside it on the primary only.
  const binary = litestreamBinary();
  let replicating = null;
  const follow = () => {
    const primary = !fs.existsSync(path.join(litefsDir, ".primary"));
    if (primary && !replicating) {
      console.log("[litestream] primary: replicating the database off the machine");
      replicating = spawn(binary, ["replicate", "-config", "litestream.yml"], { stdio: "inherit", env });
      replicating.on("exit", () => (replicating = null));
    } else if (!primary && replicating) {
      console.log("[litestream] replica now: replication stopped (the primary ships the database)");
      replicating.kill("SIGTERM");
    }
  };
  follow();
  const timer = setInterval(follow, 1000);
  runToEnd(server[0], server.slice(1), {
    onExit: () => {
      clearInterval(timer);
      replicating?.kill("SIGTERM");
    },
  });
}
