// The app's own HTTP server (`npm start`): Express with @remix-run/express, as @remix-run/serve's cli
// and the Epic Stack serve Remix, plus what remix-serve gives no hook for (issues 21 part 7, 22 part 4):
// - the edge checks run first, before static files and resource routes (the build's serverHooks, the
//   rules staying in app/services): a host the app does not serve answers 400, a body over the limit
//   413 without being read into memory (the connection is drained, or closed past a few megabytes);
// - the socket's address reaches `clientAddress(request)` under a header no client can forge;
// - the access log (morgan "tiny") redacts reset tokens;
// - timeouts: a request's headers within 10 s, the whole request within 15 s (a client that stops
//   mid-body is answered 408 and dropped, checked every second; others are served meanwhile), idle
//   keep-alive connections kept 65 s (longer than the 60 s proxies commonly keep theirs, so the proxy
//   closes an idle connection first and never sends on one we are closing);
// - graceful stop on SIGTERM/SIGINT: stop accepting, /healthz 503, let requests in flight finish
//   (answered with `Connection: close`), close idle keep-alive connections, stop the timers and the
//   outbox worker, close the database, exit; after 10 s, force.
// Usage: node scripts/server.mjs [build/index.js]  (default: $REMIX_BUILD_NAME/index.js, else build/index.js)
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import url from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { broadcastDevReady, installGlobals } from "@remix-run/node";
import compression from "compression";
import express from "express";
import morgan from "morgan";
import { directRouteFor, directRoutes, lightRequest, loaderAnswer, sendWhole } from "./direct-loaders.mjs";
import { oneRequestPerTurn } from "./request-turns.mjs";
import { wholeAnswer } from "./whole-answer.mjs";
import { isApiPath, routeSubsets, splitBuild } from "./route-subsets.mjs";

process.env.NODE_ENV = process.env.NODE_ENV ?? "production";

const HEADERS_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 15_000;
const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** How often Node checks the two timeouts above (its default is 30 s). */
const TIMEOUT_CHECK_MS = 1_000;
const STOP_DEADLINE_MS = 10_000;
/**
 * On stop, a keep-alive connection idle this long is closed; a client still using it gets its next
 * answer with `Connection: close` instead of a reset of the request it may be sending that moment.
 */
const IDLE_GRACE_MS = 1_000;

const buildPath = path.resolve(process.argv[2] ?? `${process.env.REMIX_BUILD_NAME ?? "build"}/index.js`);

async function importBuild() {
  const stat = fs.statSync(buildPath);
  // The query busts the import cache when a development rebuild replaces the file.
  return import(`${url.pathToFileURL(buildPath).href}?t=${stat.mtimeMs}`);
}

/**
 * The build reads and checks the environment as it loads (app/services/platform/config.server.ts): a refused
 * configuration (a production start without APP_URL or SESSION_SECRET, or with a placeholder identity, issue
 * 43) stops here, before anything listens, with its message and exit code 1.
 */
async function firstBuild() {
  try {
    return await importBuild();
  } catch (error) {
    const refused =
      error instanceof Error && (error.name === "StartRefused" || /must be set in production/.test(error.message));
    console.error(`[server] not started: ${refused ? error.message : (error?.stack ?? error)}`);
    process.exit(1);
  }
}

let build = await firstBuild();
installGlobals({ nativeFetch: build.future.v3_singleFetch });
const hooks = build.entry.module.serverHooks;
if (!hooks) {
  console.error(
    `[server] ${buildPath} exports no serverHooks (app/entry.server.tsx): rebuild it with \`npx remix build\``,
  );
  process.exit(1);
}

const development = process.env.NODE_ENV === "development";

/** The path Remix will see (it resolves dot segments: `/api/..` is `/`). */
const pathOf = (req) => new URL(req.originalUrl, "http://localhost").pathname;
/** `remix dev` runs us with its origin set; without it (NODE_ENV=development by hand) there is nobody to tell. */
const devServer = development && Boolean(process.env.REMIX_DEV_ORIGIN);
if (development) {
  // `remix dev --manual`: a rebuild writes version.txt beside the build; load it and tell the dev server.
  fs.watchFile(path.resolve(buildPath, "..", "version.txt"), { interval: 300 }, async () => {
    build = await importBuild();
    if (devServer) void broadcastDevReady(build);
  });
}

let stopping = false;
/** Each open connection: requests under way, the answers not yet started, since when it is idle. */
const connections = new Map();

const app = express();
app.disable("x-powered-by");
app.use((req, res, next) => {
  const connection = connections.get(req.socket);
  if (connection) {
    connection.active += 1;
    connection.pending.add(res);
    res.on("close", () => {
      connection.active -= 1;
      connection.pending.delete(res);
      connection.idleSince = Date.now();
    });
  }
  if (stopping) res.setHeader("Connection", "close");
  hooks.passSocketAddress(req);
  next();
});
// Static files answered successfully are not logged (as remix-serve); everything else is.
app.use(morgan(hooks.accessLogLine, { skip: (_req, res) => res.statusCode < 400 && !res.locals.dynamic }));
app.use(hooks.edgeGuard);
// Admin answers are never stored, whatever the route says (issue 32).
app.use(hooks.adminNoStore);
// On a LiteFS replica (LITEFS_DIR, issue 37): a write answers 409 `fly-replay` here, before any work.
app.use(hooks.replicaGuard);
app.use(compression());
/** What Remix answers is logged whatever its status (static files are not, unless they fail). */
function dynamic(_req, res, next) {
  res.locals.dynamic = true;
  next();
}
// A path of the API is answered before static files are looked up (no file lives there), every other path
// after them: each from the subset of the build's routes that could match it (routeSubsets), or the API's or
// the pages' half (splitBuild). In development, from the halves of the build as it is now.
const handlerOf = (half) =>
  development
    ? (req, res, next) => createRequestHandler({ build: splitBuild(build)[half], mode: "development" })(req, res, next)
    : createRequestHandler({ build: splitBuild(build)[half], mode: process.env.NODE_ENV });
const apiHandler = handlerOf("api");
const pagesHandler = handlerOf("pages");
const subsetFor = development
  ? () => null
  : routeSubsets(build, (subset) => createRequestHandler({ build: subset, mode: process.env.NODE_ENV }));
/**
 * A GET of one of the API's fixed paths is answered by its route's loader directly (direct-loaders); not for a
 * build whose hooks say `directLoaders: false` (the bench's bare Remix app, scripts/bench-floor).
 */
const direct = development || hooks.directLoaders === false ? new Map() : directRoutes(build);
const reportError = build.entry.module.handleError ?? ((error) => console.error(error));
const directHandler = (route) => (req, res, next) =>
  loaderAnswer(route, lightRequest(req, res), reportError)
    .then((response) => sendWhole(res, response))
    .catch(next);
/** What Remix answers starts one request per turn of the event loop (request-turns: newcomers are let in). */
const inTurn = oneRequestPerTurn();
/** ... and leaves whole, with its length (whole-answer: no gzip below 1 KB, one write). */
const whole = wholeAnswer();
function answer(req, res, next) {
  const pathname = pathOf(req);
  const route = directRouteFor(direct, req.method, req.originalUrl);
  const handler = route
    ? directHandler(route)
    : (subsetFor(pathname) ?? (isApiPath(pathname) ? apiHandler : pagesHandler));
  dynamic(req, res, () => whole(req, res, () => inTurn(() => handler(req, res, next))));
}
app.all(["/api", "/api/*"], (req, res, next) => (isApiPath(pathOf(req)) ? answer(req, res, next) : next()));
app.use(build.publicPath, express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y" }));
app.use(express.static("public", { maxAge: "1h" }));
app.all("*", answer);
// An error once the answer is out: when the edge already answered (a chunked body cut at the limit
// gets its 413 while the app reads it), the app's late answer has nowhere to go and is dropped quietly;
// an answer cut in the middle is logged and its connection ended.
app.use((error, _req, res, next) => {
  if (!res.headersSent) return next(error);
  if (res.writableEnded) return;
  console.error(error);
  res.destroy();
});

const server = http.createServer(
  {
    headersTimeout: HEADERS_TIMEOUT_MS,
    requestTimeout: REQUEST_TIMEOUT_MS,
    connectionsCheckingInterval: TIMEOUT_CHECK_MS,
  },
  app,
);
server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
server.on("connection", (socket) => {
  connections.set(socket, { active: 0, pending: new Set(), idleSince: Date.now() });
  socket.on("close", () => connections.delete(socket));
});

const port = Number(process.env.PORT) || 3000;
const onListen = () => {
  console.log(`[server] http://localhost:${port}`);
  if (devServer) void broadcastDevReady(build);
};
if (process.env.HOST) server.listen(port, process.env.HOST, onListen);
else server.listen(port, onListen);

/** Closes the connections with nothing under way for a moment; the others close after their answer. */
function closeIdle() {
  const now = Date.now();
  for (const [socket, connection] of connections) {
    if (connection.active === 0 && now - connection.idleSince >= IDLE_GRACE_MS) socket.destroy();
  }
}

async function stop(signal) {
  if (stopping) return;
  stopping = true;
  const started = Date.now();
  console.log(`[server] ${signal}: stopping (${connections.size} connection(s) open)`);
  const deadline = setTimeout(() => {
    console.error(`[server] still ${connections.size} connection(s) after ${STOP_DEADLINE_MS} ms: forcing the exit`);
    server.closeAllConnections();
    process.exit(1);
  }, STOP_DEADLINE_MS);
  // /healthz answers 503 from now on; timers and the outbox worker stop.
  const background = Promise.resolve(hooks.stopBackgroundWork()).catch((error) =>
    console.error("[server] stopping the background work failed", error),
  );
  // Answers not yet started go out with `Connection: close`.
  for (const connection of connections.values()) {
    for (const res of connection.pending) if (!res.headersSent) res.setHeader("Connection", "close");
  }
  // Stop accepting. (http.Server#close would also drop every idle keep-alive connection at once, racing
  // a request its client may be sending on it that very moment: closeIdle gives them a short grace.)
  const closed = new Promise((resolve) => net.Server.prototype.close.call(server, resolve));
  const sweep = setInterval(closeIdle, 50);
  await closed;
  clearInterval(sweep);
  await background;
  hooks.closeDatabase();
  clearTimeout(deadline);
  console.log(`[server] stopped in ${Date.now() - started} ms`);
  process.exit(0);
}

for (const signal of ["SIGTERM", "SIGINT"]) process.once(signal, () => void stop(signal));
