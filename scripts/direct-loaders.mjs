// The JSON API's fixed paths answered by their route's own loader, without Remix's request machinery
// (issue 44, the API lines): for a GET of `/api/auth/me`, Remix matches the path against its routes, builds a
// static handler's query (React Router's `queryRoute`, its data strategy and its checks) and streams the
// Response it gets back through a web stream, all to call one loader. Here a GET whose path is exactly a
// resource route's full path (no `:param`, no splat, no optional segment) calls that route module's `loader`
// with what Remix would give it (the request, no params, an empty context) and sends its Response as Remix
// does: a thrown Response is the answer (with Remix's `X-Remix-Catch: yes`), any other error goes to the
// entry's `handleError` and answers Remix's last-resort 500. The loader is the same function Remix calls, so
// the page-and-API rule (one service function for both) is untouched. Anything else (another method, a path
// written otherwise: other case, encoded, a trailing slash; Remix's own `_data`, `index` and `_routes`
// parameters) goes to Remix as before. Tested in tests/unit/direct-loaders.test.ts, and against Remix's own
// answers by the API's browser tests, which run through here.
import { createRemixHeaders } from "@remix-run/express/dist/server.js";
import { fullPathOf } from "./route-subsets.mjs";

/** Remix's search parameters that change how it calls a loader: such requests are left to Remix. */
const REMIX_PARAMS = ["_data", "index", "_routes"];

/** `/api/...` paths of the build's resource routes with a loader and a fully static path, each to its route. */
export function directRoutes(build) {
  const byPath = new Map();
  for (const route of Object.values(build.routes)) {
    const path = fullPathOf(build, route);
    const module = route.module;
    if (!path.startsWith("api/") || /[:*?]/.test(path) || route.index) continue;
    if (!module || typeof module.loader !== "function" || module.default != null || module.ErrorBoundary != null)
      continue;
    byPath.set(`/${path}`, route);
  }
  return byPath;
}

/** The route a GET of this URL (`req.originalUrl`) is answered by directly, else null. */
export function directRouteFor(byPath, method, originalUrl) {
  if (method !== "GET") return null;
  const query = originalUrl.indexOf("?");
  const pathname = query < 0 ? originalUrl : originalUrl.slice(0, query);
  const route = byPath.get(pathname);
  if (!route) return null;
  if (query >= 0) {
    const search = new URLSearchParams(originalUrl.slice(query + 1));
    if (REMIX_PARAMS.some((name) => search.has(name))) return null;
  }
  return route;
}

/** What Remix's resource-route handling makes of a loader's result or of what it threw. */
export async function loaderAnswer(route, request, handleError) {
  try {
    const result = await route.module.loader({ request, params: {}, context: {} });
    return result instanceof Response ? result : Response.json(result);
  } catch (error) {
    if (error instanceof Response) {
      try {
        error.headers.set("X-Remix-Catch", "yes");
      } catch {
        // immutable headers (a fetched Response): Remix leaves them as they are too
      }
      return error;
    }
    handleError(error, { request, params: {}, context: {} });
    return new Response("Unexpected Server Error", { status: 500, headers: { "Content-Type": "text/plain" } });
  }
}

/** Sends a Response on Express's `res` as @remix-run/express does, its body read whole (these are small). */
export async function sendWhole(res, response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (!response.body) return void res.end();
  res.end(Buffer.from(await response.arrayBuffer()));
}

/** The request's URL as @remix-run/express's `createRemixRequest` makes it (the port from X-Forwarded-Host or Host). */
export function remixUrl(req) {
  const portOf = (header) => Number.parseInt(req.get(header)?.split(":")[1] ?? "", 10);
  const forwarded = portOf("X-Forwarded-Host");
  const host = portOf("host");
  const port = Number.isSafeInteger(forwarded) ? forwarded : Number.isSafeInteger(host) ? host : "";
  return new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`).href;
}

/**
 * The loader's Request for a GET answered directly, as @remix-run/express's `createRemixRequest` makes it, but
 * made only as far as the loader reads it (issue 44, the API's fixed cost: building undici's Request, its
 * AbortSignal and its body was about a tenth of a small answer's CPU). Its `url`, `method` and `headers` are
 * plain; its `signal` is made when first read, aborted as Remix's is when the connection closes before the
 * answer is finished; anything else (`clone()`, `text()`, ...) makes the real Request with that very URL,
 * headers and signal and reads from it. It is an `instanceof Request`.
 */
export function lightRequest(req, res) {
  const url = remixUrl(req);
  let headers = null;
  let controller = null;
  let real = null;
  let cut = false;
  res.on("close", () => {
    if (res.writableFinished) return;
    cut = true;
    controller?.abort();
  });
  const signal = () => {
    if (!controller) {
      controller = new AbortController();
      if (cut) controller.abort();
    }
    return controller.signal;
  };
  const headersOf = () => (headers ??= createRemixHeaders(req.headers));
  const materialized = () =>
    (real ??= new Request(url, { method: req.method, headers: headersOf(), signal: signal() }));
  return new Proxy(Object.create(Request.prototype), {
    get(_target, property) {
      if (property === "url") return url;
      if (property === "method") return req.method;
      if (property === "headers") return headersOf();
      if (property === "signal") return signal();
      const request = materialized();
      const value = Reflect.get(request, property, request);
      return typeof value === "function" ? value.bind(request) : value;
    },
    has(_target, property) {
      return property in materialized();
    },
  });
}
