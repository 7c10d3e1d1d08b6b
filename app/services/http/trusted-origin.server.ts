// The hosts the app answers for (issue 21, part 1): APP_URL's when it is set, else (a local run) the
// loopback names on any port. Any other Host, or X-Forwarded-Host, is refused with a 400 before
// anything runs, so no e-mail can carry a link to a host a client chose. X-Forwarded-* headers are
// believed only from the proxy TRUST_PROXY names, and only those it sets.
import { appUrl, env } from "~/services/platform/config.server";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);
/** What a Host header may hold: a name or an address, and a port. */
const HOST_SYNTAX = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

function isAllowedHost(value: string): boolean {
  // Asked on every request, by the edge and by loaders, for the same few hosts: each answer is remembered (two
  // URL parses each; issue 44, first views). Any client may send any Host, so the memory is bounded.
  const key = `${env.APP_URL ?? ""}\n${value}`;
  let allowed = hostAnswers.get(key);
  if (allowed === undefined) {
    allowed = hostAllowed(value);
    if (hostAnswers.size >= HOST_ANSWERS_MAX) hostAnswers.clear();
    hostAnswers.set(key, allowed);
  }
  return allowed;
}

const hostAnswers = new Map<string, boolean>();
const HOST_ANSWERS_MAX = 256;

function hostAllowed(value: string): boolean {
  const host = value.trim().toLowerCase();
  if (!HOST_SYNTAX.test(host)) return false;
  if (env.APP_URL) {
    const app = new URL(appUrl());
    // Parsed with APP_URL's scheme, so "example.com:443" and "example.com" are one host over https.
    return new URL(`${app.protocol}//${host}`).host === app.host;
  }
  return LOOPBACK.has(new URL(`http://${host}`).hostname);
}

/** Reads one request header by its lower-case name (a Fetch Request's or a Node request's). */
export type HeaderGetter = (name: string) => string | null | undefined;

/** The host the client asked for, and every host-bearing header that must be allowed. */
function requestHosts(header: HeaderGetter, fallbackHost = ""): { host: string; checked: string[] } {
  const host = header("host") ?? fallbackHost;
  const forwarded = (header("x-forwarded-host") ?? "")
    .split(",")
    .map((value) => value.trim())
    .filter(Boolean);
  // A generic proxy (TRUST_PROXY=1) sets X-Forwarded-Host to what the client asked for, last.
  if (env.TRUST_PROXY === "1" && forwarded.length) {
    const last = forwarded[forwarded.length - 1];
    return { host: last, checked: [last] };
  }
  // Otherwise nobody we trust wrote it: a foreign value is refused all the same.
  return { host, checked: [host, ...forwarded] };
}

/** Whether every host a request names (Host, X-Forwarded-Host) is one the app serves: the server's edge check. */
export function hostsAllowed(header: HeaderGetter): boolean {
  return requestHosts(header).checked.every(isAllowedHost);
}

function fetchHosts(request: Request) {
  return requestHosts((name) => request.headers.get(name), new URL(request.url).host);
}

/** The 400 for a host the app does not serve: JSON `{ message }` under /api, plain text elsewhere. */
export function unknownHostAnswer(path: string) {
  const api = path === "/api" || path.startsWith("/api/");
  return {
    status: 400,
    body: api ? JSON.stringify({ message: "Unknown host" }) : "Unknown host",
    headers: {
      "Content-Type": api ? "application/json; charset=utf-8" : "text/plain; charset=utf-8",
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
    },
  };
}

/** The 400 for a host the app does not serve, or null when allowed. */
export function hostRefusal(request: Request): Response | null {
  const { checked } = fetchHosts(request);
  if (checked.every(isAllowedHost)) return null;
  const { body, ...init } = unknownHostAnswer(new URL(request.url).pathname);
  return new Response(body, init);
}

/** Throws the 400 when the request names a host the app does not serve. */
export function assertAllowedHost(request: Request) {
  const refusal = hostRefusal(request);
  if (refusal) throw refusal;
}

/** The origin e-mailed links point at: APP_URL when set, else the (allowed) origin the request came to. */
export function allowedOrigin(request: Request): string {
  assertAllowedHost(request);
  if (env.APP_URL) return appUrl();
  const { host } = fetchHosts(request);
  const forwardedProto = request.headers.get("X-Forwarded-Proto")?.split(",").pop()?.trim().toLowerCase();
  const proto =
    env.TRUST_PROXY !== "0" && (forwardedProto === "http" || forwardedProto === "https")
      ? forwardedProto
      : new URL(request.url).protocol.replace(":", "");
  return `${proto}://${host.trim().toLowerCase()}`;
}
