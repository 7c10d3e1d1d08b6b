// The app's own server (scripts/server.mjs) keeps connections alive through refusals and stops
// gracefully (issue 21 part 7, issue 22 part 4), over raw HTTP against the built server:
// - a 2 MB body is refused with 413 before it is read, and the next request on the SAME keep-alive
//   socket is answered at once (the refused body is drained, not kept);
// - past 8 MB the connection is closed instead, lingering so the client reads the 413 before the close;
// - a chunked body is cut at the limit (413, Connection: close), with no stack trace in the log;
// - a client that sends half a body then goes silent holds nobody else up and is dropped (408);
// - a foreign Host gets 400 on a static file and on resource routes, not only on pages (/healthz aside);
// - SIGTERM under steady keep-alive load: every request in flight is answered (no reset), /healthz
//   says 503 while stopping, and the process exits by itself within its 10 s deadline.
// Servers of its own (OWN_SERVER_PORT + 4 and + 5), so it runs in the "js" project only.
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { BUILD, freePort, serverDir, startServer, type OwnServer } from "./own-server";

test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "HTTP-level: runs once, in the js project");
test.describe.configure({ mode: "serial" });

const pinned = (offset: number) =>
  process.env.OWN_SERVER_PORT ? String(Number(process.env.OWN_SERVER_PORT) + offset) : undefined;

let server: OwnServer | null = null;
const dirs: string[] = [];

async function ownServer(tag: string, offset: number) {
  const dir = serverDir(tag);
  dirs.push(dir);
  return startServer({ port: await freePort(pinned(offset)), dbFile: path.join(dir, "app.db") });
}

test.afterAll(async () => {
  await server?.kill();
  server = null;
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string; reusedSocket: boolean; ms: number };

/** One request through node:http (an agent decides whether the socket is reused); rejects on any socket error. */
function send(
  port: number,
  options: {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: Buffer | string;
    agent?: http.Agent;
  },
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method: options.method ?? "GET",
        path: options.path,
        agent: options.agent ?? false,
        headers: { Host: `127.0.0.1:${port}`, "Accept-Language": "en", ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString("utf8"),
            reusedSocket: req.reusedSocket,
            ms: performance.now() - started,
          }),
        );
      },
    );
    req.setTimeout(20_000, () => req.destroy(new Error(`no answer to ${options.path} within 20 s`)));
    req.on("error", reject);
    req.end(options.body);
  });
}

test.describe("one server", () => {
  test.beforeAll(async () => {
    test.setTimeout(60_000);
    server = await ownServer("connections", 4);
  });

  test("a rendered page leaves nothing behind: no error once the render's abort delay has passed", async () => {
    const port = server!.port;
    const pages = ["/", "/sign-in", "/sign-up", "/forgot-password", "/postal-code"];
    for (const path of pages) {
      for (const language of ["en", "fr"]) {
        const page = await send(port, { path, headers: { "Accept-Language": language } });
        expect(page.status, path).toBe(200);
        expect(page.body).toContain("</html>");
      }
    }
    // entry.server gives up a render still under way after 5 s; a finished one must not be aborted then
    // (React closing its closed stream again threw ERR_INVALID_STATE from the timer for every page).
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(server!.log.join("").match(/ERR_INVALID_STATE|already closed|Error/g) ?? []).toEqual([]);
  });

  test("a 2 MB body is refused with 413 and the same keep-alive socket answers the next request at once", async () => {
    const port = server!.port;
    // Reference: a request on a fresh connection, on this machine, now.
    const reference = await send(port, { path: "/api/materials" });
    expect(reference.status).toBe(200);

    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const refused = await send(port, {
        method: "POST",
        path: "/api/waitlist",
        headers: { "Content-Type": "application/json" },
        body: Buffer.alloc(2 * 1024 * 1024, "a"),
        agent,
      });
      // Read in full, no ECONNRESET (send rejects on any socket error), translated JSON, and kept alive.
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.body)).toEqual({ message: "The request is too large." });
      expect(refused.headers.connection).not.toBe("close");

      const next = await send(port, { path: "/api/materials", agent });
      expect(next.status).toBe(200);
      expect(next.reusedSocket, "the second request went over the same socket").toBe(true);
      expect(
        next.ms,
        `answered in ${Math.round(next.ms)} ms (fresh connection: ${Math.round(reference.ms)} ms)`,
      ).toBeLessThan(1_000 + reference.ms);
    } finally {
      agent.destroy();
    }

    // In French for a French caller; the log names the refusal, never the body.
    const french = await send(port, {
      method: "POST",
      path: "/api/waitlist",
      headers: { "Content-Type": "application/json", "Accept-Language": "fr-CA" },
      body: Buffer.alloc(100 * 1024, "a"),
    });
    expect(french.status).toBe(413);
    expect(JSON.parse(french.body)).toEqual({ message: "La requête est trop volumineuse." });
    expect(server!.log.join("")).toMatch(/\[http\] body of 2097152 bytes refused: POST \/api\/waitlist/);
  });

  test("a 32 MB upload is refused with 413 and Connection: close, read before the close every time", async () => {
    const port = server!.port;
    // The body is streamed as fast as the socket takes it; the server ends the connection after the 413
    // but reads on for a moment, so the client is never reset before it has read the answer.
    const upload = () =>
      new Promise<string>((resolve) => {
        const req = http.request(
          {
            host: "127.0.0.1",
            port,
            method: "POST",
            path: "/api/waitlist",
            agent: false,
            headers: { Host: `127.0.0.1:${port}`, "Content-Type": "application/json", "Content-Length": 32 << 20 },
          },
          (res) => {
            let body = "";
            res.on("data", (chunk: Buffer) => (body += chunk.toString()));
            res.on("end", () => resolve(`${res.statusCode} ${res.headers.connection} ${body}`));
            res.on("error", (error: NodeJS.ErrnoException) => resolve(`response ${error.code}`));
          },
        );
        req.on("error", (error: NodeJS.ErrnoException) => resolve(`request ${error.code}`));
        const chunk = Buffer.alloc(1 << 20, "a");
        let sent = 0;
        const write = () => {
          while (sent < 32 << 20) {
            sent += chunk.length;
            if (!req.write(chunk)) return void req.once("drain", write);
          }
          req.end();
        };
        write();
      });
    for (let i = 0; i < 12; i += 1) {
      expect(await upload(), `upload ${i + 1}`).toBe('413 close {"message":"La requête est trop volumineuse."}');
    }
    expect((await send(port, { path: "/healthz" })).status).toBe(200);
  });

  test("a chunked body is cut at the limit: 413, Connection: close, no stack trace, the server still answers", async () => {
    const port = server!.port;
    const socket = net.connect(port, "127.0.0.1");
    let text = "";
    socket.on("data", (chunk: Buffer) => (text += chunk.toString()));
    socket.on("error", () => {}); // writes past the refusal may meet a closed socket
    const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    await new Promise<void>((resolve) => socket.once("connect", resolve));
    socket.write(
      `POST /api/waitlist HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
        `Transfer-Encoding: chunked\r\nAccept-Language: en\r\n\r\n`,
    );
    const chunk = Buffer.alloc(16 * 1024, "a");
    for (let i = 0; i < 12 && !socket.destroyed; i += 1) {
      socket.write(`${chunk.length.toString(16)}\r\n`);
      socket.write(chunk);
      socket.write("\r\n");
      await new Promise((r) => setTimeout(r, 10));
    }
    await Promise.race([closed, new Promise((r) => setTimeout(r, 10_000))]);
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text.toLowerCase()).toContain("connection: close");
    expect(text).toContain('{"message":"The request is too large."}');
    expect((await send(port, { path: "/healthz" })).status).toBe(200);
    const log = server!.log.join("");
    expect(log).toContain("[http] body over 65536 bytes refused: POST /api/waitlist");
    expect(log).not.toMatch(/TypeError|ERR_HTTP_HEADERS_SENT|\n\s+at /);
  });

  test("half a body then silence: others are served meanwhile, and the silent one is dropped", async () => {
    test.setTimeout(60_000);
    const port = server!.port;
    const stalled = net.connect(port, "127.0.0.1");
    await new Promise<void>((resolve, reject) => stalled.once("connect", resolve).once("error", reject));
    let received = "";
    stalled.on("data", (chunk: Buffer) => (received += chunk.toString()));
    const closed = new Promise<number>((resolve) => stalled.once("close", () => resolve(performance.now())));
    stalled.on("error", () => {});
    const started = performance.now();
    stalled.write(
      `POST /api/waitlist HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
        `Content-Length: 1000\r\nAccept-Language: en\r\n\r\n{"email":"${"x".repeat(400)}`,
    );

    // Meanwhile, other clients are answered as usual, one after another.
    const reference = await send(port, { path: "/api/materials" });
    for (let i = 0; i < 5; i += 1) {
      const other = await send(port, { path: i % 2 ? "/api/materials" : "/healthz" });
      expect(other.status).toBe(200);
      expect(other.ms, `answered in ${Math.round(other.ms)} ms`).toBeLessThan(1_000 + reference.ms);
    }

    // The silent client is answered 408 and dropped once the request timeout (15 s) has passed.
    const end = await Promise.race([closed, new Promise<null>((r) => setTimeout(() => r(null), 30_000))]);
    expect(end, "the stalled connection was closed by the server").not.toBeNull();
    expect(end! - started).toBeGreaterThan(5_000);
    expect(received).toMatch(/^HTTP\/1\.1 408/);
    // And the server still answers.
    expect((await send(port, { path: "/healthz" })).status).toBe(200);
  });

  test("a foreign Host gets 400 on a static file and on resource routes too", async () => {
    const port = server!.port;
    const buildName = path.dirname(BUILD);
    const asset = fs.readdirSync(path.join("public", buildName)).find((name) => name.endsWith(".js"));
    expect(asset, "a built asset").toBeTruthy();
    for (const target of [`/${buildName}/${asset}`, "/favicon.svg", "/locales/en/common", "/api/materials"]) {
      expect((await send(port, { path: target })).status, `${target} for our host`).toBe(200);
      const foreign = await send(port, { path: target, headers: { Host: "evil.example" } });
      expect(foreign.status, `${target} for evil.example`).toBe(400);
      expect(foreign.body).toContain("Unknown host");
      const forwarded = await send(port, { path: target, headers: { "X-Forwarded-Host": "evil.example" } });
      expect(forwarded.status, `${target} forwarded for evil.example`).toBe(400);
    }
    // Only the health check answers whatever the Host: Docker and Fly ask for it by the machine's address.
    expect((await send(port, { path: "/healthz", headers: { Host: "10.0.0.5:3000" } })).status).toBe(200);
  });
});

test("SIGTERM under steady keep-alive load: every request in flight answered, 503 while stopping, a clean exit in time", async () => {
  test.setTimeout(90_000);
  await server?.kill();
  server = await ownServer("graceful-stop", 5);
  const stopping = server;
  const port = stopping.port;

  type Outcome = { target: string; status: number; connection?: string; afterSignal: boolean };
  const outcomes: Outcome[] = [];
  const failures: string[] = [];
  let signalled = false;
  let refusedAfterSignal = 0;

  /** One client looping requests on its keep-alive socket until the server refuses new connections. */
  async function loop(target: string) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (;;) {
        try {
          const answer = await send(port, { path: target, agent });
          outcomes.push({
            target,
            status: answer.status,
            connection: answer.headers.connection,
            afterSignal: signalled,
          });
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          // A new connection refused once the server stopped accepting is no request lost.
          if (signalled && code === "ECONNREFUSED") {
            refusedAfterSignal += 1;
            return;
          }
          failures.push(`${target}: ${code ?? ""} ${(error as Error).message}`);
          return;
        }
      }
    } finally {
      agent.destroy();
    }
  }

  const clients = [
    loop("/api/materials"),
    loop("/api/materials"),
    loop("/api/service-areas/H2X"),
    loop("/"),
    loop("/healthz"),
  ];
  // A request in flight when the signal comes, whose body ends only afterwards: it must still be answered.
  const slowAnswer = new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let text = "";
    socket.on("data", (chunk: Buffer) => (text += chunk.toString()));
    socket.on("end", () => resolve(text));
    socket.on("error", reject);
    socket.on("connect", () => {
      socket.write(
        `POST /api/waitlist HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
          `Content-Length: 2\r\nAccept-Language: en\r\n\r\n{`,
      );
      // The rest of the body, a moment after the signal.
      const finish = setInterval(() => {
        if (!signalled) return;
        clearInterval(finish);
        setTimeout(() => socket.write("}"), 1_500);
      }, 20);
    });
  });

  // Steady load for a moment, then SIGTERM.
  await new Promise((r) => setTimeout(r, 1_500));
  expect(outcomes.length, "requests answered before the signal").toBeGreaterThan(10);
  const signalledAt = performance.now();
  signalled = true;
  stopping.child.kill("SIGTERM");
  const code = await Promise.race([stopping.exited, new Promise<"hung">((r) => setTimeout(() => r("hung"), 20_000))]);
  const exitMs = performance.now() - signalledAt;
  await Promise.all(clients);
  const slow = await slowAnswer;
  server = null;
  console.log(
    `[graceful stop] ${outcomes.length} answers (${outcomes.filter((o) => o.afterSignal).length} after SIGTERM), ` +
      `${refusedAfterSignal} client(s) then refused a new connection, exit ${code} after ${Math.round(exitMs)} ms`,
  );

  expect(failures, "no request was reset or cut").toEqual([]);
  expect(code, `exit code (after ${Math.round(exitMs)} ms)`).toBe(0);
  expect(exitMs, "stopped within its 10 s deadline").toBeLessThan(10_000 + 2_000);
  expect(stopping.child.signalCode).toBeNull();
  expect(stopping.log.join("")).toMatch(/\[server\] SIGTERM: stopping[\s\S]*\[server\] stopped in \d+ ms/);

  // The request whose body ended after the signal was answered (JSON 400 for an empty object), closing.
  expect(slow).toMatch(/^HTTP\/1\.1 400 /);
  expect(slow.toLowerCase()).toContain("connection: close");
  expect(slow).toContain('{"message":');

  // Every answer was a real one; after the signal, /healthz says 503 and answers carry Connection: close.
  const odd = outcomes.filter(
    (o) => o.status !== 200 && !(o.status === 503 && o.afterSignal && o.target === "/healthz"),
  );
  expect(odd).toEqual([]);
  const afterSignal = outcomes.filter((o) => o.afterSignal);
  expect(afterSignal.length, "requests answered after the signal").toBeGreaterThan(0);
  expect(
    outcomes.some((o) => o.status === 503),
    "/healthz answered 503 while stopping",
  ).toBe(true);
  expect(afterSignal.some((o) => o.connection === "close")).toBe(true);
  expect(refusedAfterSignal, "clients found the server gone only for new connections").toBeGreaterThan(0);
});
