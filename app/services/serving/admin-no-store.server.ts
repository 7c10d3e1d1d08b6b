// Admin answers are never stored (issue 32, part 7): every admin page, its data requests and every admin API
// answer carry `Cache-Control: private, no-store` (as the residents' personal pages do), whatever the route
// set, decided here once for all of them. A route that already says no-store (a CSV export) keeps its words.
// The server calls it as its first middleware, through the build's serverHooks.
import type { IncomingMessage, ServerResponse } from "node:http";

const NO_STORE = "private, no-store";

/**
 * The path's segments as the server routes them (dot segments resolved, as scripts/server.mjs's pathOf), then
 * as the router reads them: percent-decoded where possible, lowercased, none empty.
 */
function segmentsOf(url: string): string[] {
  let pathname: string;
  try {
    pathname = new URL(url, "http://localhost").pathname;
  } catch {
    pathname = url.split(/[?#]/, 1)[0] ?? "";
  }
  return pathname
    .split("/")
    .map((segment) => {
      try {
        return decodeURIComponent(segment).toLowerCase();
      } catch {
        return segment.toLowerCase();
      }
    })
    .filter(Boolean);
}

/** `/admin`, `/admin.data`, `/admin/...` and `/api/admin/...`, in any case or encoding. */
export function isAdminPath(url: string): boolean {
  const [first, second] = segmentsOf(url);
  if (first === "admin" || first === "admin.data") return true;
  return first === "api" && (second === "admin" || second === "admin.data");
}

export function adminNoStore(req: IncomingMessage, res: ServerResponse, next: () => void) {
  if (!isAdminPath(req.url ?? "/")) return next();
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name, value) => {
    if (name.toLowerCase() !== "cache-control") return setHeader(name, value);
    // Express appends to the value set first (an array): the route's own words are the last ones.
    const own = String(Array.isArray(value) ? value.at(-1) : value);
    return setHeader(name, /no-store/i.test(own) ? own : NO_STORE);
  };
  setHeader("Cache-Control", NO_STORE);
  next();
}
