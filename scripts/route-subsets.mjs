// Which of the build's routes a request is matched against (scripts/server.mjs): Remix flattens, ranks and
// compiles every route of its build on each match (two to four per request), so the fewer routes a request
// is matched against, the less each answer costs. Pure functions of a Remix server build's `routes` and
// `assets`, tested in tests/unit/route-subsets.test.ts against React Router's own matching.

/** A route's full path (its parents' paths and its own, joined). */
export function fullPathOf(full, route) {
  const parent = route.parentId ? full.routes[route.parentId] : undefined;
  return [parent ? fullPathOf(full, parent) : "", route.path ?? ""].filter(Boolean).join("/");
}

/** The build with only `keep`'s routes (and the root), each route's parent kept with it, and their assets. */
export function buildWith(full, keep) {
  const routes = {};
  const add = (id) => {
    if (routes[id]) return;
    const route = full.routes[id];
    routes[id] = route;
    if (route.parentId) add(route.parentId);
  };
  add("root");
  for (const [id, route] of Object.entries(full.routes)) if (keep(route)) add(id);
  const assetRoutes = Object.fromEntries(Object.entries(full.assets.routes).filter(([id]) => routes[id]));
  return { ...full, routes, assets: { ...full.assets, routes: assetRoutes } };
}

/**
 * The build split in two by path: the API's (the root and the routes whose full path is `api` or starts with
 * `api/`) and the pages' (all the others). The browser calls the API with fetch and never navigates to it,
 * so the pages' manifest needs none of its routes. A path none matches (a 404) is rendered from the root as
 * before. These two serve what `routeSubsets` leaves to them (lazy route discovery, data requests, odd paths).
 */
export function splitBuild(full) {
  const isApi = (route) => fullPathOf(full, route) === "api" || fullPathOf(full, route).startsWith("api/");
  return { api: buildWith(full, isApi), pages: buildWith(full, (route) => !isApi(route)) };
}

/**
 * The path's segments as React Router reads them: each percent-decoded, a slash decoded from `%2F` written
 * `%2F` again, the whole path left as it is when one segment cannot be decoded; empty ones left out.
 */
export function routerSegments(pathname) {
  let segments = pathname.split("/");
  try {
    segments = segments.map((segment) => decodeURIComponent(segment).replace(/\//g, "%2F"));
  } catch {
    // as React Router: the path as it came
  }
  return segments.filter(Boolean);
}

/** Does the path reach the API's routes (its first segment `api`, in any case or encoding)? */
export function isApiPath(pathname) {
  return routerSegments(pathname)[0]?.toLowerCase() === "api";
}

/**
 * The static segments a route's full path starts with, lowercased (React Router matches without regard to
 * case): up to its first dynamic (`:id`), optional (`x?`) or splat (`*`) segment.
 */
export function staticPrefix(path) {
  const prefix = [];
  for (const segment of path.split("/").filter(Boolean)) {
    if (/[:*?]/.test(segment)) break;
    prefix.push(segment.toLowerCase());
  }
  return prefix;
}

/**
 * Remix flattens, ranks and compiles every route of its build on each match (two to four per request), so a
 * request is matched against only the routes that could match its path: those whose leading static segments
 * are the path's first segments (with their parents). The others cannot match it, so the same route wins,
 * with the same params, as against the whole build; a path none matches gets the root's 404 as before. The
 * subsets are few (one per distinct static prefix a path reaches), each made once. Remix's own endpoints
 * (`/__manifest` of lazy route discovery, which must know every page route, and single-fetch `.data`
 * requests) get null: the caller answers them from splitBuild's halves.
 */
export function routeSubsets(full, makeHandler) {
  const prefixes = Object.entries(full.routes)
    .filter(([id]) => id !== "root")
    .map(([id, route]) => [id, staticPrefix(fullPathOf(full, route))]);
  const bySet = new Map();
  const byPath = new Map();
  const PATHS_KEPT = 2_000;
  return (pathname) => {
    if (pathname === "/__manifest" || pathname.endsWith(".data")) return null;
    const key = routerSegments(pathname).join("/").toLowerCase();
    const known = byPath.get(key);
    if (known) return known;
    const lowered = key ? key.split("/") : [];
    const ids = prefixes
      .filter(([, prefix]) => prefix.length <= lowered.length && prefix.every((segment, i) => segment === lowered[i]))
      .map(([id]) => id);
    const setKey = ids.join("\n");
    let handler = bySet.get(setKey);
    if (!handler) {
      const wanted = new Set(ids);
      handler = makeHandler(buildWith(full, (route) => wanted.has(route.id)));
      bySet.set(setKey, handler);
    }
    if (byPath.size >= PATHS_KEPT) byPath.delete(byPath.keys().next().value);
    byPath.set(key, handler);
    return handler;
  };
}
