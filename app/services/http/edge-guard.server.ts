// Answers in their own shape at the edge (issue 21, part 8): a refused cross-site request (403), a wrong
// method (405), an unknown /api endpoint (404) and a path whose percent-encoding is broken (400) answer
// JSON `{ message }` under /api and short plain text on pages, in the caller's language, and a refusal
// is logged in one line (no stack trace).
//
// Two of them happen before any route runs: Remix refuses a document POST whose Origin is not the host
// by throwing (a bare 500 and a stack trace in the log), and Express (inside remix-serve) answers a
// broken percent-encoding with an HTML 400 and a stack trace. remix-serve takes no middleware, so
// `installEdgeGuards` wraps the `handle` of the very Express remix-serve loaded (resolved from its own
// folder, as access-log.server.ts does for morgan) before remix-serve creates its app. With a server
// file of our own, these would be two middlewares. The route-level checks (assertSameOrigin and the
// helpers below) stay, so the answers are the same when the guard is absent (tests calling routes).
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import { FALLBACK_LANGUAGE, isLanguage, type Language } from "~/lib/i18n";
import { languageFromAcceptLanguage } from "./i18n.server";

const MESSAGES = {
  en: {
    crossSite: "This request came from another site and was refused.",
    methodNotAllowed: "Method not allowed",
    notFound: "Not found",
    badPath: "This address is malformed.",
  },
  fr: {
    crossSite: "Cette requête venait d'un autre site et a été refusée.",
    methodNotAllowed: "Méthode non permise",
    notFound: "Introuvable",
    badPath: "Cette adresse est malformée.",
  },
} as const satisfies Record<Language, Record<string, string>>;
type MessageKey = keyof (typeof MESSAGES)["en"];

type HeaderGetter = (name: string) => string | null | undefined;

/** The request's language without awaiting anything: the `lng` cookie, then Accept-Language, then French. */
export function edgeLanguage(header: HeaderGetter): Language {
  const match = /(?:^|;\s*)lng=([^;]*)/.exec(header("cookie") ?? "");
  if (match) {
    try {
      // createCookie's encoding: base64 of the JSON value (`"en"`), URI-encoded.
      const value: unknown = JSON.parse(Buffer.from(decodeURIComponent(match[1]!), "base64").toString("utf8"));
      if (isLanguage(value)) return value;
    } catch {
      // an unreadable cookie is no preference
    }
  }
  return languageFromAcceptLanguage(header("accept-language")) ?? FALLBACK_LANGUAGE;
}

function isApiPath(pathname: string) {
  return pathname === "/api" || pathname.startsWith("/api/");
}

/** JSON `{ message }` under /api, plain text elsewhere; nosniff either way. */
function edgeAnswer(pathname: string, header: HeaderGetter, key: MessageKey, status: number) {
  const message = MESSAGES[edgeLanguage(header)][key];
  const api = isApiPath(pathname);
  return {
    status,
    body: api ? JSON.stringify({ message }) : message,
    headers: {
      "Content-Type": api ? "application/json; charset=utf-8" : "text/plain; charset=utf-8",
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
    },
  };
}

function answerFor(request: Request, key: MessageKey, status: number) {
  const { body, ...init } = edgeAnswer(new URL(request.url).pathname, (name) => request.headers.get(name), key, status);
  return new Response(body, init);
}

/** 405 `{ message }` in the caller's language: the loader or action of an /api route that does not take the method. */
export function methodNotAllowed({ request }: { request: Request }) {
  return answerFor(request, "methodNotAllowed", 405);
}

/** 404 `{ message }` in the caller's language: an /api path that is no endpoint. */
export function apiNotFound({ request }: { request: Request }) {
  return answerFor(request, "notFound", 404);
}

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Why a state-changing request is cross-site, or null when it is not: Sec-Fetch-Site other than
 * same-origin/none, or an Origin (`null` included: sandboxed frames, data: URLs) whose host is not the
 * one asked. A request with neither (curl, a server such as Stripe's webhook) is no browser forging a click.
 */
export function crossSiteOrigin(method: string, header: HeaderGetter): string | null {
  if (!UNSAFE_METHODS.has(method.toUpperCase())) return null;
  const origin = header("origin");
  const site = header("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return origin ?? `sec-fetch-site ${site}`;
  if (origin == null) return null;
  const host = header("x-forwarded-host")?.split(",")[0]?.trim() || header("host");
  let originHost: string | null = null;
  try {
    originHost = origin === "null" ? null : new URL(origin).host;
  } catch {
    originHost = null;
  }
  return originHost && originHost === host ? null : origin;
}

/** Printable ASCII only, and short: what a caller sends cannot break or forge a log line. */
function printable(text: string) {
  return text.replace(/[^\x20-\x7e]/g, "?").slice(0, 200);
}

function logRefusal(method: string, path: string, origin: string) {
  console.warn(`[csrf] refused ${method} ${printable(path)} from origin ${printable(origin)}`);
}

/** The 403 for a cross-site state change (logged in one line), or null when the request is same-site. */
export function crossSiteRefusal(request: Request): Response | null {
  const origin = crossSiteOrigin(request.method, (name) => request.headers.get(name));
  if (origin === null) return null;
  const { pathname } = new URL(request.url);
  logRefusal(request.method, pathname, origin);
  return answerFor(request, "crossSite", 403);
}

type Handle = (req: IncomingMessage, res: ServerResponse, callback?: (error?: unknown) => void) => void;
type Express = { application: { handle: Handle & { edgeGuarded?: true } } };

function send(res: ServerResponse, answer: ReturnType<typeof edgeAnswer>) {
  res.writeHead(answer.status, { ...answer.headers, "Content-Length": Buffer.byteLength(answer.body) });
  res.end(answer.body);
}

/** Whether the raw path's percent-encoding decodes. */
function decodablePath(url: string) {
  try {
    decodeURIComponent(url.split("?")[0]!);
    return true;
  } catch {
    return false;
  }
}

/** Shapes cross-site refusals, broken paths and /api nosniff before remix-serve's Express routes; nothing happens without it. */
export function installEdgeGuards() {
  let express: Express;
  try {
    const serve = createRequire(import.meta.url).resolve("@remix-run/serve/package.json");
    express = createRequire(serve)("express") as Express;
  } catch {
    return;
  }
  const original = express.application.handle;
  if (!original || original.edgeGuarded) return;
  const guarded: Handle & { edgeGuarded?: true } = function (this: unknown, req, res, callback) {
    const url = req.url ?? "/";
    const path = url.split("?")[0]!;
    const header: HeaderGetter = (name) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    if (isApiPath(path)) {
      // Every /api answer is nosniff; set when the head is written, unless the route set it (no duplicate).
      const writeHead = res.writeHead;
      res.writeHead = function (this: ServerResponse, ...rest: unknown[]) {
        if (!this.hasHeader("X-Content-Type-Options")) this.setHeader("X-Content-Type-Options", "nosniff");
        return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, rest);
      } as ServerResponse["writeHead"];
    }
    if (!decodablePath(url)) {
      console.warn(`[http] malformed path refused: ${req.method} ${printable(path)}`);
      return send(res, edgeAnswer(path, header, "badPath", 400));
    }
    const origin = crossSiteOrigin(req.method ?? "GET", header);
    if (origin !== null) {
      logRefusal(req.method ?? "POST", path, origin);
      return send(res, edgeAnswer(path, header, "crossSite", 403));
    }
    return original.call(this, req, res, callback);
  };
  guarded.edgeGuarded = true;
  express.application.handle = guarded;
}
