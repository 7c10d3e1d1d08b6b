// Answers in their own shape at the edge (issue 21, part 8): a refused cross-site request (403), a wrong
// method (405), an unknown /api endpoint (404) and a path whose percent-encoding is broken (400) answer
// JSON `{ message }` under /api and short plain text on pages, in the caller's language, and a refusal
// is logged in one line (no stack trace).
//
// Some happen before any route runs, in `edgeGuard`, the server's first middleware (scripts/server.mjs
// calls it through the build's serverHooks): a host the app does not serve (400, before static files
// too), a broken percent-encoding (Express would answer an HTML 400 with a stack trace), a cross-site
// document POST (Remix would throw: a bare 500), and a body over the limit (413, never read into
// memory: the connection is drained or closed so the next request is answered at once). The
// route-level checks (assertSameOrigin and the helpers below) stay, so the answers are the same when
// the guard is absent (tests calling routes).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { FALLBACK_LANGUAGE, isLanguage, type Language } from "~/lib/i18n";
import { languageFromAcceptLanguage } from "./language.server";
import { hostsAllowed, unknownHostAnswer, type HeaderGetter } from "./trusted-origin.server";
import { resources } from "~/locales/resources";

const MESSAGES = {
  en: {
    crossSite: "This request came from another site and was refused.",
    methodNotAllowed: "Method not allowed",
    notFound: "Not found",
    badPath: "This address is malformed.",
    bodyTooLarge: resources.en.common.errors.bodyTooLarge,
  },
  fr: {
    crossSite: "Cette requête venait d'un autre site et a été refusée.",
    methodNotAllowed: "Méthode non permise",
    notFound: "Introuvable",
    badPath: "Cette adresse est malformée.",
    bodyTooLarge: resources.fr.common.errors.bodyTooLarge,
  },
} as const satisfies Record<Language, Record<string, string>>;
type MessageKey = keyof (typeof MESSAGES)["en"];

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

/** Answered for any Host: the one path a health checker asks for by the machine's address. */
const HEALTH_CHECK_PATH = "/healthz";

/** The largest body the app reads (forms and JSON); a larger one is refused before it is read. */
export const MAX_BODY_BYTES = 64 * 1024;
/**
 * A refused body up to this size is read and thrown away (never kept) so the keep-alive connection
 * serves the next request at once; a larger one is answered with `Connection: close` instead.
 */
const DRAIN_MAX_BYTES = 8 * 1024 * 1024;

type Answer = { status: number; body: string; headers: Record<string, string> };

/**
 * How long a connection ended after a refused body keeps reading (and discarding) what the client still
 * sends: closing a socket with unread data resets it, and a client still uploading could then lose the
 * 413 before reading it (a lingering close, as nginx's).
 */
const LINGER_MS = 2_000;

/** Node ends a `Connection: close` answer's socket with destroySoon(): end it, read on, destroy it later. */
function lingerOnClose(socket: Socket) {
  (socket as Socket & { destroySoon(): void }).destroySoon = function (this: Socket) {
    this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    this.once("close", () => clearTimeout(timer));
  };
}

function send(res: ServerResponse, answer: Answer, extra: Record<string, string> = {}) {
  res.writeHead(answer.status, { ...answer.headers, ...extra, "Content-Length": Buffer.byteLength(answer.body) });
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

/**
 * A body sent without Content-Length (chunked) is counted as it arrives: past the limit, the request is
 * answered 413 with `Connection: close` (when nothing was answered yet) and the connection ends, so
 * nothing past the limit is ever handed to the app.
 */
function limitChunkedBody(req: IncomingMessage, res: ServerResponse, path: string, header: HeaderGetter) {
  let received = 0;
  const push = req.push;
  req.push = function (this: IncomingMessage, chunk: unknown, encoding?: BufferEncoding) {
    if (chunk != null && received <= MAX_BODY_BYTES) {
      received += (chunk as Buffer).length;
      if (received > MAX_BODY_BYTES) {
        console.warn(`[http] body over ${MAX_BODY_BYTES} bytes refused: ${req.method} ${printable(path)}`);
        if (res.headersSent) req.destroy();
        else {
          // The app never sees the rest; the connection ends after the 413, lingering (see lingerOnClose).
          lingerOnClose(req.socket);
          send(res, edgeAnswer(path, header, "bodyTooLarge", 413), { Connection: "close" });
        }
      }
    }
    return received > MAX_BODY_BYTES ? true : push.call(this, chunk, encoding);
  };
}

/**
 * The server's first middleware (scripts/server.mjs), before static files and the app: refuses a host
 * the app does not serve (400), a malformed path (400), a cross-site state change (403) and a body over
 * the limit (413, not read), each in its own shape; marks every /api answer nosniff.
 */
export function edgeGuard(req: IncomingMessage, res: ServerResponse, next: () => void) {
  const url = req.url ?? "/";
  const path = url.split("?")[0]!;
  const header: HeaderGetter = (name) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  // Health checkers (Docker's, Fly's) ask by address, not by APP_URL's name; /healthz carries no link.
  if (path !== HEALTH_CHECK_PATH && !hostsAllowed(header)) return send(res, unknownHostAnswer(path));
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
  const declared = header("content-length");
  if (declared != null && Number(declared) > MAX_BODY_BYTES) {
    console.warn(`[http] body of ${Number(declared)} bytes refused: ${req.method} ${printable(path)}`);
    // Node reads an unread body to its end once the answer is sent (discarding it), so a drained
    // connection serves its next request; past DRAIN_MAX_BYTES the connection ends instead, lingering.
    if (Number(declared) <= DRAIN_MAX_BYTES) return send(res, edgeAnswer(path, header, "bodyTooLarge", 413));
    lingerOnClose(req.socket);
    return send(res, edgeAnswer(path, header, "bodyTooLarge", 413), { Connection: "close" });
  }
  if (declared == null && header("transfer-encoding")) limitChunkedBody(req, res, path, header);
  next();
}
