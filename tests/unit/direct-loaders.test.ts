// Issue 44: scripts/server.mjs answers a GET of the API's fixed paths with the route's own loader
// (scripts/direct-loaders.mjs). Against the app's real route table, each such path is the path React Router
// itself matches to that very route, and nothing else is taken from Remix; the answer is what Remix's
// resource-route handling makes of what the loader returns or throws.
import { readConfig } from "@remix-run/dev/dist/config.js";
import { ServerMode } from "@remix-run/dev/dist/config/serverModes.js";
import { matchRoutes } from "@remix-run/react";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { directRouteFor, directRoutes, loaderAnswer, sendWhole } from "../../scripts/direct-loaders.mjs";

type Module = { loader?: (args: unknown) => unknown; default?: unknown; ErrorBoundary?: unknown };
type Route = { id: string; parentId?: string; path?: string; index?: boolean; module: Module };
type Tree = { id: string; path?: string; index?: boolean; children?: Tree[] };

let routes: Record<string, Route>;
let direct: Map<string, Route>;

/** The real route table; every route a loader, the pages (not under /api) a component as well. */
beforeAll(async () => {
  const config = await readConfig(process.cwd(), ServerMode.Production);
  routes = Object.fromEntries(
    Object.entries(config.routes).map(([id, route]) => {
      const page = !id.startsWith("routes/api.");
      return [id, { ...route, module: { loader: () => null, ...(page ? { default: () => null } : {}) } }];
    }),
  );
  direct = directRoutes({ routes }) as Map<string, Route>;
});

function tree(parentId?: string): Tree[] {
  return Object.values(routes)
    .filter((route) => route.parentId === parentId)
    .map((route) => {
      const children = tree(route.id);
      return { id: route.id, path: route.path, index: route.index, ...(children.length ? { children } : {}) };
    });
}

describe("the paths answered directly", () => {
  it("are the API's fixed paths, each the route React Router matches for it", () => {
    expect([...direct.keys()]).toEqual(
      expect.arrayContaining(["/api/auth/me", "/api/pickup-requests", "/api/materials", "/api/pickup-slots"]),
    );
    for (const [path, route] of direct) {
      expect(path).toMatch(/^\/api\/[^:*?]+$/);
      const matches = matchRoutes(tree() as Parameters<typeof matchRoutes>[0], path);
      expect(matches?.at(-1)?.route.id, path).toBe(route.id);
    }
  });

  it("leave out paths with a parameter, pages and routes without a loader", () => {
    const paths = [...direct.keys()];
    expect(paths.some((path) => /pickup-plans\/|pickup-requests\//.test(path))).toBe(false);
    expect(paths.every((path) => path.startsWith("/api/"))).toBe(true);
    const none = directRoutes({
      routes: {
        root: { id: "root", path: "", module: { loader: () => null, default: () => null } },
        a: { id: "a", parentId: "root", path: "api/a", module: {} },
        b: { id: "b", parentId: "root", path: "api/b", module: { loader: () => null, ErrorBoundary: () => null } },
        c: { id: "c", parentId: "root", path: "booking", module: { loader: () => null } },
        d: { id: "d", parentId: "root", path: "api/d/:id", module: { loader: () => null } },
      },
    });
    expect(none.size).toBe(0);
  });

  it("take a GET of the path exactly as written; anything else goes to Remix", () => {
    const me = direct.get("/api/auth/me");
    expect(directRouteFor(direct, "GET", "/api/auth/me")).toBe(me);
    expect(directRouteFor(direct, "GET", "/api/materials?q=pile&lang=fr")).toBe(direct.get("/api/materials"));
    for (const [method, url] of [
      ["HEAD", "/api/auth/me"],
      ["POST", "/api/auth/me"],
      ["GET", "/API/auth/me"],
      ["GET", "/api/auth/me/"],
      ["GET", "/api/auth/%6De"],
      ["GET", "/api//auth/me"],
      ["GET", "/api/auth/me?_data=routes/api.auth.me"],
      ["GET", "/api/auth/me?index"],
      ["GET", "/api/auth/me?x=1&_routes=root"],
      ["GET", "http://localhost/api/auth/me"],
      ["GET", "/api/pickup-plans/12"],
    ] as const) {
      expect(directRouteFor(direct, method, url), `${method} ${url}`).toBeNull();
    }
  });
});

describe("the direct answer", () => {
  const request = () => new Request("http://localhost/api/x");
  const route = (loader: (args: unknown) => unknown) => ({ module: { loader } });

  it("is the loader's Response, the loader called as Remix calls it", async () => {
    const loader = vi.fn(() => Response.json({ ok: 1 }, { headers: { "Cache-Control": "private, no-store" } }));
    const req = request();
    const answer = await loaderAnswer(route(loader), req, () => {});
    expect(loader).toHaveBeenCalledWith({ request: req, params: {}, context: {} });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await answer.json()).toEqual({ ok: 1 });
  });

  it("is JSON for plain data, the thrown Response marked as Remix marks it, a 500 for an error", async () => {
    expect(
      await (
        await loaderAnswer(
          route(() => ({ a: 1 })),
          request(),
          () => {},
        )
      ).json(),
    ).toEqual({ a: 1 });
    const thrown = await loaderAnswer(
      route(() => {
        throw Response.json({ message: "no" }, { status: 401 });
      }),
      request(),
      () => {},
    );
    expect(thrown.status).toBe(401);
    expect(thrown.headers.get("X-Remix-Catch")).toBe("yes");
    const handleError = vi.fn();
    const req = request();
    const failed = await loaderAnswer(
      route(async () => {
        throw new Error("boom");
      }),
      req,
      handleError,
    );
    expect(failed.status).toBe(500);
    expect(failed.headers.get("Content-Type")).toBe("text/plain");
    expect(await failed.text()).toBe("Unexpected Server Error");
    expect(handleError).toHaveBeenCalledWith(expect.objectContaining({ message: "boom" }), {
      request: req,
      params: {},
      context: {},
    });
  });

  it("is sent with its status, every header (each cookie) and its whole body", async () => {
    const headers = new Headers({ "Content-Type": "application/json" });
    headers.append("Set-Cookie", "a=1");
    headers.append("Set-Cookie", "b=2");
    const sent: { status?: number; headers: [string, string][]; body?: Buffer } = { headers: [] };
    const res = {
      statusMessage: "",
      status(code: number) {
        sent.status = code;
        return res;
      },
      append(key: string, value: string) {
        sent.headers.push([key, value]);
      },
      end(body?: Buffer) {
        sent.body = body;
      },
    };
    await sendWhole(res, new Response('{"x":1}', { status: 201, statusText: "Created", headers }));
    expect(sent.status).toBe(201);
    expect(res.statusMessage).toBe("Created");
    expect(sent.headers).toEqual([
      ["content-type", "application/json"],
      ["set-cookie", "a=1"],
      ["set-cookie", "b=2"],
    ]);
    expect(sent.body?.toString()).toBe('{"x":1}');
    await sendWhole(res, new Response(null, { status: 304 }));
    expect(sent.status).toBe(304);
  });
});

describe("the loader's request (lightRequest)", () => {
  /** An Express app answering once with what `inspect` makes of the adapter's Request and the light one. */
  async function compare(
    path: string,
    headers: Record<string, string>,
    inspect: (light: Request, remix: Request) => Promise<unknown>,
  ) {
    const express = (await import("express")).default;
    const { createRemixRequest } = await import("@remix-run/express/dist/server.js");
    const { lightRequest } = await import("../../scripts/direct-loaders.mjs");
    const app = express();
    let result: unknown;
    app.get(/.*/, (req: IncomingMessage, res: ServerResponse) => {
      void inspect(lightRequest(req, res), createRemixRequest(req, res)).then((value) => {
        result = value;
        if (!res.writableEnded) res.end("ok");
      });
    });
    const server = app.listen(0);
    const port = (server.address() as AddressInfo).port;
    try {
      await fetch(`http://127.0.0.1:${port}${path}`, { headers });
    } finally {
      server.close();
    }
    return result;
  }

  it("has the adapter's URL, method and headers, and is a Request", async () => {
    const seen = await compare(
      "/api/auth/me?x=1&y=%C3%A9",
      { cookie: "a=1; b=2", "accept-language": "fr-CA", "x-forwarded-host": "example.org:8443" },
      async (light, remix) => ({
        url: [light.url, remix.url],
        method: [light.method, remix.method],
        headers: [[...light.headers], [...remix.headers]],
        isRequest: light instanceof Request,
        aborted: light.signal.aborted,
      }),
    );
    const { url, method, headers, isRequest, aborted } = seen as Record<string, [unknown, unknown]> & {
      isRequest: boolean;
      aborted: boolean;
    };
    expect(url[0]).toBe(url[1]);
    expect(url[0]).toMatch(/:8443\/api\/auth\/me\?x=1&y=%C3%A9$/);
    expect(method[0]).toBe("GET");
    expect(headers[0]).toEqual(headers[1]);
    expect(isRequest).toBe(true);
    expect(aborted).toBe(false);
  });

  it("makes the real Request for anything else, with the same URL and headers", async () => {
    const seen = await compare("/api/materials?q=pile", { cookie: "c=3" }, async (light) => {
      const copy = light.clone();
      return {
        url: copy.url,
        cookie: copy.headers.get("cookie"),
        body: await light.text(),
        mode: light.mode,
        has: "clone" in light,
      };
    });
    expect(seen).toMatchObject({ cookie: "c=3", body: "", has: true });
    expect((seen as { url: string }).url).toMatch(/\/api\/materials\?q=pile$/);
  });

  it("its signal is aborted when the connection closes before the answer, as the adapter's", async () => {
    const express = (await import("express")).default;
    const { lightRequest } = await import("../../scripts/direct-loaders.mjs");
    const app = express();
    let early: Promise<boolean> | null = null;
    let late: Promise<boolean> | null = null;
    app.get("/early", (req: IncomingMessage, res: ServerResponse) => {
      const request = lightRequest(req, res);
      const signal = request.signal;
      early = new Promise((resolve) => signal.addEventListener("abort", () => resolve(true)));
    });
    app.get("/late", (req: IncomingMessage, res: ServerResponse) => {
      const request = lightRequest(req, res);
      late = new Promise((resolve) => res.on("close", () => setTimeout(() => resolve(request.signal.aborted), 10)));
    });
    const server = app.listen(0);
    const port = (server.address() as AddressInfo).port;
    try {
      for (const path of ["/early", "/late"]) {
        const controller = new AbortController();
        const asked = fetch(`http://127.0.0.1:${port}${path}`, { signal: controller.signal }).catch(() => null);
        await new Promise((resolve) => setTimeout(resolve, 100));
        controller.abort();
        await asked;
      }
      expect(await early).toBe(true);
      // Its signal read only after the connection closed: made aborted.
      expect(await late).toBe(true);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
