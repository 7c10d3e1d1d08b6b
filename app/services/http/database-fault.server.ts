// A database that cannot store (disk full, I/O error, read-only, out of memory) or is locked by another
// process past its short wait answers 503 with Retry-After, never a 500 or a reset: `{ message }` in the
// caller's language under /api, the error page ("nothing was charged or saved") elsewhere; the log gets
// one line. Nothing is kept from the failed request: its transaction rolled back, the connection is
// whole, and the same request succeeds once space (or the lock) is back.
//
// Remix turns any other error into a bare 500 (a plain-text one for resource routes), after its
// handleError, which cannot change the answer. So every route's loader and action is guarded once, when
// the server build loads (entry.server calls answerDatabaseFaults with the build's routes).
import type { ActionFunction, LoaderFunction } from "@remix-run/node";
import { databaseFault, type DatabaseFault } from "~/services/platform/db.server";
import { getT } from "./language.server";

/** Seconds to wait before trying again: a lock lasts seconds, a full disk needs an operator. */
const RETRY_AFTER_SECONDS: Record<DatabaseFault, number> = { full: 60, io: 60, busy: 2 };

const LOG_LABEL: Record<DatabaseFault, string> = { full: "disk full", io: "storage error", busy: "database locked" };

const API_MESSAGE: Record<DatabaseFault, string> = {
  full: "common:errors.databaseUnavailable",
  io: "common:errors.databaseUnavailable",
  busy: "common:errors.databaseBusy",
};

/** What the error page reads from a 503 answer's data. */
type DatabaseFaultData = { databaseFault: DatabaseFault };

/** The 503 answer to a request whose database work failed for want of storage or the lock; null for any other error. */
async function databaseFaultAnswer(request: Request, error: unknown): Promise<Response | null> {
  const fault = databaseFault(error);
  if (!fault) return null;
  const { pathname } = new URL(request.url);
  const code = (error as { code?: string }).code;
  console.error(`[db] ${LOG_LABEL[fault]}: ${code} ${(error as Error).message} (${request.method} ${pathname})`);
  const headers = { "Retry-After": String(RETRY_AFTER_SECONDS[fault]), "Cache-Control": "no-store" };
  if (pathname === "/api" || pathname.startsWith("/api/")) {
    const t = await getT(request);
    return Response.json({ message: t(API_MESSAGE[fault]) }, { status: 503, headers });
  }
  const data: DatabaseFaultData = { databaseFault: fault };
  return Response.json(data, { status: 503, headers });
}

/** For a route that answers its own errors: a database fault is left to the guard (503), not answered 500. */
export function rethrowDatabaseFault(error: unknown) {
  if (databaseFault(error)) throw error;
}

type Handler = LoaderFunction | ActionFunction;

function guarded<H extends Handler>(handler: H): H {
  return (async (args: Parameters<H>[0]) => {
    try {
      return await handler(args);
    } catch (error) {
      // A thrown Response is Remix's: the error page (pages) or the answer itself (/api).
      throw (await databaseFaultAnswer(args.request, error)) ?? error;
    }
  }) as H;
}

type RouteModules = Record<string, { module: { loader?: LoaderFunction; action?: ActionFunction } }>;

/**
 * Guards every route's loader and action (the server build's `routes`, read when a request comes).
 * Outside a server build (a test importing entry.server from source) there are none.
 */
export function answerDatabaseFaults(routes: RouteModules | undefined) {
  for (const route of Object.values(routes ?? {})) {
    const { loader, action } = route.module;
    if (!loader && !action) continue;
    route.module = {
      ...route.module,
      ...(loader ? { loader: guarded(loader) } : {}),
      ...(action ? { action: guarded(action) } : {}),
    };
  }
}
