// The hosts the app answers for (issue 21, part 1): APP_URL's when it is set, else (a local run) the
// loopback names on any port. Any other Host, or X-Forwarded-Host, is refused with a 400 before
// anything runs, so no e-mail can carry a link to a host a client chose. X-Forwarded-* headers are
// believed only from the proxy TRUST_PROXY names, and only those it sets.
import { appUrl, env } from "~/services/platform/config.server";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);
/** What a Host header may hold: a name or an address, and a port. */
const HOST_SYNTAX = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

function isAllowedHost(value: string): boolean {
  const host = value.trim().toLowerCase();
  if (!HOST_SYNTAX.test(host)) return false;
  if (env.APP_URL) {
    const app = new URL(appUrl());
    // Parsed with APP_URL's scheme, so "example.com:443" and "example.com" are one host over https.
    return new URL(`${app.protocol}//${host}`).host === app.host;
  }
  return LOOPBACK.has(new URL(`http://${host}`).hostname);
}

/** The host the client asked for, and every host-bearing header that must be allowed. */
function requestHosts(request: Request): { host: string; checked: string[] } {
  const host = request.headers.get("Host") ?? new URL(request.url).host;
  const forwarded = (request.headers.get("X-Forwarded-Host") ?? "")
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

/** The 400 for a host the app does not serve: JSON `{ message }` under /api, plain text elsewhere; null when allowed. */
export function hostRefusal(request: Request): Response | null {
  const { checked } = requestHosts(request);
  if (checked.every(isAllowedHost)) return null;
  const path = new URL(request.url).pathname;
  if (path === "/api" || path.startsWith("/api/")) {
    return Response.json({ message: "Unknown host" }, { status: 400 });
  }
  return new Response("Unknown host", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
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
  const { host } = requestHosts(request);
  const forwardedProto = request.headers.get("X-Forwarded-Proto")?.split(",").pop()?.trim().toLowerCase();
  const proto =
    env.TRUST_PROXY !== "0" && (forwardedProto === "http" || forwardedProto === "https")
      ? forwardedProto
      : new URL(request.url).protocol.replace(":", "");
  return `${proto}://${host.trim().toLowerCase()}`;
}
