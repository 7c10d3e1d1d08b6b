// The access log `remix-serve` writes (morgan's "tiny" format: method, URL, status...) must not keep the
// secrets some URLs carry: a reset link's token (`/reset-password?token=…`, and its `.data` twin when the
// page is reached by a client-side navigation). remix-serve takes no option for its log, so the app
// redefines morgan's `:url` token, which the compiled format looks up on every line, on the very morgan
// instance remix-serve loaded (resolved from @remix-run/serve's own folder, so hoisting cannot split them).
// With a server file of our own, a redacting format would replace this.
import { createRequire } from "node:module";

type Morgan = {
  token(name: string, fn: (req: { originalUrl?: string; url?: string }) => string | undefined): unknown;
};

/** Pages whose whole query string is secret. */
const SECRET_QUERY_PATHS = /^\/reset-password(?:\.data)?\/?$/;

/** The URL as it may be logged: no query string on secret pages, no `token=` value anywhere. */
export function redactedUrl(url: string): string {
  const q = url.indexOf("?");
  if (q < 0) return url;
  const path = url.slice(0, q);
  if (SECRET_QUERY_PATHS.test(path)) return `${path}?[redacted]`;
  return path + url.slice(q).replace(/([?&](?:token|code)=)[^&#]*/gi, "$1[redacted]");
}

/** Makes morgan (remix-serve's access log) print redacted URLs; nothing happens when it is absent. */
export function redactAccessLog() {
  let morgan: Morgan;
  try {
    const serve = createRequire(import.meta.url).resolve("@remix-run/serve/package.json");
    morgan = createRequire(serve)("morgan") as Morgan;
  } catch {
    return;
  }
  morgan.token("url", (req) => redactedUrl(req.originalUrl || req.url || ""));
}
