// The client's address under remix-serve (issue 21, part 3): the socket's, which remix-serve does not
// put in the Request by itself; exposeSocketAddress teaches the express it loaded to. Forwarding
// headers a client writes change nothing without TRUST_PROXY.
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import type http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientAddress, exposeSocketAddress } from "~/services/http/client-address.server";

type Express = (() => {
  all(path: string, handler: (req: http.IncomingMessage, res: { send(body: string): void }) => void): void;
  listen(port: number, host: string, ready: () => void): http.Server;
}) & { request: object };

let server: http.Server;
let origin = "";

beforeAll(async () => {
  const serve = createRequire(import.meta.url).resolve("@remix-run/serve/package.json");
  const express = createRequire(serve)("express") as Express;
  exposeSocketAddress();
  const app = express();
  // As @remix-run/express builds the Request: every header of req.headers copied over.
  app.all("*", (req, res) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    res.send(clientAddress(new Request("http://localhost/", { headers })));
  });
  await new Promise<void>((resolve) => {
    server = app.listen(0, "127.0.0.1", resolve);
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("under remix-serve's express", () => {
  it("the key is the socket's address, whatever forwarding headers the client sends", async () => {
    const plain = await (await fetch(origin)).text();
    expect(plain).toMatch(/^(?:::ffff:)?127\.0\.0\.1$/);
    for (const headers of <Record<string, string>[]>[
      { "X-Forwarded-For": "203.0.113.9" },
      { "X-Client-IP": "198.51.100.7" },
      { "Fly-Client-IP": "192.0.2.1" },
      { "X-Real-IP": "10.0.0.1" },
    ]) {
      expect(await (await fetch(origin, { headers })).text()).toBe(plain);
    }
  });

  it("a request built without remix-serve (no socket) is keyed as one local client", () => {
    expect(clientAddress(new Request("http://localhost/", { headers: { "X-Forwarded-For": "203.0.113.9" } }))).toBe(
      "local",
    );
  });
});
