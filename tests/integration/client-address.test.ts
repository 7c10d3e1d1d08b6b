// The client's address (issue 21, part 3): the socket's, which @remix-run/express does not put in the
// Request by itself; the server (scripts/server.mjs) calls passSocketAddress on every request first.
// Forwarding headers a client writes change nothing without TRUST_PROXY.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientAddress, passSocketAddress } from "~/services/http/client-address.server";

let server: http.Server;
let origin = "";

beforeAll(async () => {
  server = http.createServer((req, res) => {
    passSocketAddress(req);
    // As @remix-run/express builds the Request (createRemixHeaders): every header of req.headers copied over.
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      for (const one of Array.isArray(value) ? value : value ? [value] : []) headers.append(name, one);
    }
    res.end(clientAddress(new Request("http://localhost/", { headers })));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("behind the server's passSocketAddress", () => {
  it("the key is the socket's address, whatever forwarding headers the client sends", async () => {
    const plain = await (await fetch(origin)).text();
    expect(plain).toMatch(/^(?:::ffff:)?127\.0\.0\.1$/);
    for (const headers of <Record<string, string>[]>[
      { "X-Forwarded-For": "203.0.113.9" },
      { "X-Client-IP": "198.51.100.7" },
      { "Fly-Client-IP": "192.0.2.1" },
      { "X-Real-IP": "10.0.0.1" },
      { "X-Recircle-Peer": "10.0.0.2" },
    ]) {
      expect(await (await fetch(origin, { headers })).text()).toBe(plain);
    }
  });

  it("a request built without the server (no socket) is keyed as one local client", () => {
    expect(clientAddress(new Request("http://localhost/", { headers: { "X-Forwarded-For": "203.0.113.9" } }))).toBe(
      "local",
    );
  });
});
