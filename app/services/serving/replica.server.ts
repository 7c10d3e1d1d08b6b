// Several machines on LiteFS (issue 37, docs/operations.md): a replica serves reads from its own copy and
// sends every write to the primary; a resident's read after a write waits for the copy to have it.
// `replicaGuard` runs in the server (scripts/server.mjs, through the build's serverHooks) right after the
// edge checks, before static files and the app, so a write is refused before any work is done:
// - on a replica, a request that writes (`writesData`: every method but GET/HEAD/OPTIONS, and the GETs
//   of WRITING_READS) answers 409 with `fly-replay: instance=<primary>`: Fly's proxy replays it there;
// - on the primary, the answer to such a request carries the `txnum` cookie: LiteFS's transaction id once
//   the write is done (as litefs-js does);
// - on a replica, a read with a `txnum` cookie waits until the replica's copy has that transaction, then
//   is answered here (the cookie cleared); past CATCH_UP_MS it is replayed to the primary instead.
// Without LITEFS_DIR (one VM) it does nothing.
import type { IncomingMessage, ServerResponse } from "node:http";
import { currentTxid, litefsDir, primaryInstance, waitForTxid } from "~/services/platform/litefs.server";
import { secureCookies } from "~/services/accounts/session-rows.server";
import { resources } from "~/locales/resources";
import { TXNUM_COOKIE } from "~/lib/cookies";
import { edgeLanguage } from "../http/edge-guard.server";

/**
 * The GET paths whose loader writes, the one list a replica consults besides the method. Today:
 * - `/checkout/return`: the hosted Stripe Checkout's return (and a redirect-based payment's) books the
 *   paid pickup (fulfilPayment);
 * - `/confirm-email`: the welcome e-mail's link spends its token and marks the address confirmed.
 * Sessions are read, never touched, on a GET; the calendar links and the unsubscribe page only read
 * (their token is made by a POST on the profile; unsubscribing is a POST). A new GET that writes goes in
 * this list the day it writes.
 */
export const WRITING_READS: readonly string[] = ["/checkout/return", "/confirm-email", "/admin/search"];
/**
 * The GET paths under these write too: an admin's look at a resident's or a pickup's page is written to
 * the access log before it is shown (admin/access-log, Law 25).
 */
const WRITING_READ_PREFIXES: readonly string[] = ["/admin/residents/", "/admin/pickups/"];

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The path as the routes see it: decoded, lowercased, without a single-fetch `.data` suffix or a final slash. */
function routePath(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // the edge refuses a malformed path before this
  }
  const path = decoded
    .toLowerCase()
    .replace(/\.data$/, "")
    .replace(/\/+$/, "");
  return path === "" || path === "/_root" ? "/" : path;
}

/** Does this request write (so it must run on the primary)? The one decision, for the guard and tests. */
export function writesData(method: string, pathname: string): boolean {
  if (!READ_METHODS.has(method.toUpperCase())) return true;
  const path = routePath(pathname);
  return WRITING_READS.includes(path) || WRITING_READ_PREFIXES.some((prefix) => path.startsWith(prefix));
}

const TXID_COOKIE = TXNUM_COOKIE.name;
/** How long a read on a replica waits for the resident's last write before the primary answers it. */
const CATCH_UP_MS = 5_000;

/** The `txnum` cookie's transaction id, or null. */
export function txidOfCookie(cookieHeader: string | undefined): number | null {
  const match = new RegExp(`(?:^|;\\s*)${TXID_COOKIE}=(\\d{1,16})(?:;|$)`).exec(cookieHeader ?? "");
  return match ? Number(match[1]) : null;
}

function txidCookie(txid: number | null): string {
  const secure = secureCookies ? "; Secure" : "";
  return txid === null
    ? `${TXID_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`
    : `${TXID_COOKIE}=${txid}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${TXNUM_COOKIE.maxAgeSeconds}${secure}`;
}

/** 409 with `fly-replay`: JSON `{ message }` under /api, plain text elsewhere, in the caller's language. */
export function replayAnswer(primary: string, pathname: string, language: ReturnType<typeof edgeLanguage>) {
  const message = resources[language].replicas.replay;
  const api = pathname === "/api" || pathname.startsWith("/api/");
  return {
    status: 409,
    body: api ? JSON.stringify({ message }) : message,
    headers: {
      "fly-replay": `instance=${primary}`,
      "Content-Type": api ? "application/json; charset=utf-8" : "text/plain; charset=utf-8",
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
    },
  };
}

function sendReplay(req: IncomingMessage, res: ServerResponse, primary: string, pathname: string) {
  const answer = replayAnswer(
    primary,
    pathname,
    edgeLanguage((name) => header(req, name)),
  );
  res.writeHead(answer.status, { ...answer.headers, "Content-Length": Buffer.byteLength(answer.body) });
  res.end(answer.body);
}

function header(req: IncomingMessage, name: string) {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Adds the `txnum` cookie with the transaction id reached once the answer's work is done. */
function stampTxid(res: ServerResponse, dir: string) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...rest: unknown[]) {
    const txid = currentTxid(dir);
    if (txid !== null) this.appendHeader("Set-Cookie", txidCookie(txid));
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, rest);
  } as ServerResponse["writeHead"];
}

/** The server's middleware after the edge checks (see the top of this file). */
export function replicaGuard(req: IncomingMessage, res: ServerResponse, next: () => void) {
  const dir = litefsDir();
  if (!dir) return next();
  const pathname = (req.url ?? "/").split("?")[0]!;
  const writes = writesData(req.method ?? "GET", pathname);
  const txid = txidOfCookie(header(req, "cookie"));
  const primary = primaryInstance(dir);
  if (primary === null) {
    if (writes) stampTxid(res, dir);
    else if (txid !== null) res.appendHeader("Set-Cookie", txidCookie(null));
    return next();
  }
  if (writes) return sendReplay(req, res, primary, pathname);
  if (txid === null) return next();
  void waitForTxid(txid, CATCH_UP_MS, dir).then((caughtUp) => {
    if (!caughtUp) return sendReplay(req, res, primaryInstance(dir) ?? primary, pathname);
    res.appendHeader("Set-Cookie", txidCookie(null));
    next();
  }, next);
}
