// What the bench's in-process parts share (scripts/bench-reminders.ts, scripts/bench-plans.ts): the pages
// served by a build in the very process that runs a job, and a load generator in another process
// (scripts/bench-load.mjs) to see what the job costs them.
import { fork } from "node:child_process";
import http from "node:http";
import path from "node:path";
import url from "node:url";

/** The pages (GET only), served by the build at `buildPath` in this very process with Remix's own request handler. */
export async function servePages(buildPath: string): Promise<http.Server> {
  const build = await import(url.pathToFileURL(buildPath).href);
  const { createRequestHandler, installGlobals } = await import("@remix-run/node");
  installGlobals({ nativeFetch: build.future.v3_singleFetch });
  const handle = createRequestHandler(build, "production");
  const server = http.createServer((req, res) => {
    const request = new Request(`http://${req.headers.host}${req.url}`, {
      headers: Object.entries(req.headers).flatMap(([name, value]) =>
        typeof value === "string" ? [[name, value] as [string, string]] : [],
      ),
    });
    void handle(request)
      .then(async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      })
      .catch(() => res.writeHead(500).end());
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

export type Load = { rps: number; total: number; non2xx: number; errors: number; p99: number; seconds: number };

/** Load on `target` from another process with `connections`, for `seconds` or until `stop()`. */
export function load(target: string, connections: number, seconds: number) {
  const child = fork(path.join(import.meta.dirname, "bench-load.mjs"), [target, String(connections), String(seconds)]);
  const counts: ((count: number) => void)[] = [];
  const result = new Promise<Load>((resolve, reject) => {
    child.on("message", (message: Load | { error: string } | { count: number }) => {
      if ("count" in message) counts.shift()?.(message.count);
      else if ("error" in message) reject(new Error(message.error));
      else resolve(message);
    });
    child.once("exit", (code) => reject(new Error(`the load generator exited ${code}`)));
  });
  /** The responses it has had so far. */
  const count = () =>
    new Promise<number>((resolve) => {
      counts.push(resolve);
      child.send("count");
    });
  return { stop: () => child.send("stop"), result, count };
}
