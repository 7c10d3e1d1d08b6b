// Where this process stands among several machines (issue 37): LiteFS mounts the database directory at
// LITEFS_DIR and keeps two files there that tell it, read here as litefs-js reads them:
// - `.primary` exists on a replica only, and holds the primary's name (what `fly-replay: instance=` wants);
//   no `.primary` file means this machine holds the lease and takes the writes;
// - `<database>-pos` holds the position of the database this machine has: `<TXID>/<checksum>`, the
//   transaction id in 16 hex digits. A replica has caught up with a write once its TXID is at least the
//   one the primary had after it.
// Without LITEFS_DIR (one VM, embedded or under Litestream) this process is the primary and has no position.
import fs from "node:fs";
import path from "node:path";
import { env } from "./config.server";

/** LiteFS's mount directory, when the app runs on LiteFS. */
export function litefsDir(): string | null {
  return env.LITEFS_DIR?.trim() || null;
}

/** The primary's name when this machine is a replica; null when it is the primary (or not on LiteFS). */
export function primaryInstance(dir = litefsDir()): string | null {
  if (!dir) return null;
  try {
    return fs.readFileSync(path.join(dir, ".primary"), "utf8").trim() || null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** Does this machine take the writes (and run the background work)? */
export function isPrimary(dir = litefsDir()): boolean {
  return primaryInstance(dir) === null;
}

/** `<TXID>/<checksum>` → the TXID as a number; null for anything else. */
export function parsePosition(text: string): number | null {
  const match = /^([0-9a-f]{16})\//i.exec(text.trim());
  return match ? Number.parseInt(match[1]!, 16) : null;
}

/** This machine's transaction id for the database, or null when LiteFS gives none. */
export function currentTxid(dir = litefsDir(), database = path.basename(env.DATABASE_PATH)): number | null {
  if (!dir) return null;
  try {
    return parsePosition(fs.readFileSync(path.join(dir, `${database}-pos`), "utf8"));
  } catch {
    return null;
  }
}

const POLL_MS = 25;

/**
 * Waits until this machine's transaction id reaches `txid` (true), or `timeoutMs` passes (false). Polls
 * the position file as litefs-js's waitForUpToDateTxNumber does.
 */
export async function waitForTxid(txid: number, timeoutMs: number, dir = litefsDir()): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const current = currentTxid(dir);
    if (current !== null && current >= txid) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
