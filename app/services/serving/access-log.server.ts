// The access log (morgan, in scripts/server.mjs) must not keep the secrets some URLs carry: a reset
// link's token (`/reset-password?token=…`, and its `.data` twin when the page is reached by a
// client-side navigation), nor a resident's name or number an admin searched for. The server logs each
// request with `accessLogLine`, morgan's "tiny" format with the URL redacted.
import type { IncomingMessage, ServerResponse } from "node:http";

/** The tokens morgan passes to a format function (those this line uses). */
type MorganTokens = {
  method(req: IncomingMessage, res: ServerResponse): string | undefined;
  status(req: IncomingMessage, res: ServerResponse): string | undefined;
  res(req: IncomingMessage, res: ServerResponse, field: string): string | undefined;
  "response-time"(req: IncomingMessage, res: ServerResponse): string | undefined;
};

/**
 * Pages whose whole query string is secret: a reset link's, an admin invitation's, and the admin search's
 * and access log's (a resident's name, e-mail address, phone or address: the app's own access log keeps
 * who searched what, admin/access-log).
 */
const SECRET_QUERY_PATHS = /^\/(?:reset-password|admin-invitation|admin\/search|admin\/access-log)(?:\.data)?\/?$/;

/** The URL as it may be logged: no query string on secret pages, no `token=` value anywhere. */
export function redactedUrl(url: string): string {
  const q = url.indexOf("?");
  if (q < 0) return url;
  const path = url.slice(0, q);
  if (SECRET_QUERY_PATHS.test(path)) return `${path}?[redacted]`;
  return path + url.slice(q).replace(/([?&](?:token|code)=)[^&#]*/gi, "$1[redacted]");
}

/** morgan's "tiny" line (method, URL, status, length, time) with the URL redacted. */
export function accessLogLine(
  tokens: MorganTokens,
  req: IncomingMessage & { originalUrl?: string },
  res: ServerResponse,
) {
  const url = redactedUrl(req.originalUrl || req.url || "");
  const length = tokens.res(req, res, "content-length") ?? "-";
  return `${tokens.method(req, res)} ${url} ${tokens.status(req, res) ?? "-"} ${length} - ${tokens["response-time"](req, res) ?? "-"} ms`;
}
