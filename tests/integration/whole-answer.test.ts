// Issue 44: scripts/server.mjs sends what Remix answers whole, with its length (scripts/whole-answer.mjs), so
// the compression middleware leaves a small JSON answer as it is and compresses a larger one in one go.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { wholeAnswer } from "../../scripts/whole-answer.mjs";

type Res = http.ServerResponse & { status(code: number): Res; flush?: () => void };
type Handler = (req: http.IncomingMessage, res: Res, next: () => void) => void;
type Reply = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

let server: http.Server | null = null;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** An Express app as scripts/server.mjs has it (compression, then the gathering), answering with `handler`. */
async function serve(handler: Handler, limit?: number) {
  const app = express();
  app.use(compression());
  const whole = wholeAnswer(limit);
  app.all("*", (req: http.IncomingMessage, res: Res, next: () => void) =>
    whole(req, res, () => handler(req, res, next)),
  );
  server = http.createServer(app);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

function ask(port: number, method = "GET"): Promise<Reply> {
  return new Promise((resolve, reject) => {
    http
      .request({ port, host: "127.0.0.1", path: "/", method, headers: { "Accept-Encoding": "gzip" } }, (res) => {
        const pieces: Buffer[] = [];
        res.on("data", (piece: Buffer) => pieces.push(piece));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(pieces) }));
      })
      .on("error", reject)
      .end();
  });
}

/** Writes as Remix's adapter does: each chunk, then `res.flush()`, then `end()`. */
const remixLike =
  (chunks: string[], status = 200): Handler =>
  (_req, res) => {
    res.status(status).setHeader("Content-Type", "application/json; charset=utf-8");
    for (const chunk of chunks) {
      res.write(new TextEncoder().encode(chunk));
      res.flush?.();
    }
    res.end();
  };

const json = (bytes: number) => JSON.stringify({ pad: "x".repeat(bytes - 10) });

describe("answers sent whole", () => {
  it("a small JSON answer goes out as it is, with its length", async () => {
    const body = json(400);
    const reply = await ask(await serve(remixLike([body])));
    expect(reply.headers["content-encoding"]).toBeUndefined();
    expect(reply.headers["content-length"]).toBe(String(body.length));
    expect(reply.body.toString()).toBe(body);
  });

  it("a larger one, written in pieces, is gzipped whole", async () => {
    const body = json(3000);
    const reply = await ask(await serve(remixLike([body.slice(0, 1000), body.slice(1000)])));
    expect(reply.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(reply.body).toString()).toBe(body);
  });

  it("past the limit, the answer passes as it comes, whole and in order", async () => {
    const pieces = ["a", "b", "c", "d"].map((c) => c.repeat(800));
    const reply = await ask(await serve(remixLike(pieces), 1024));
    expect(reply.headers["content-length"]).toBeUndefined();
    expect(gunzipSync(reply.body).toString()).toBe(pieces.join(""));
  });

  it("an answer that says its length is left as it is", async () => {
    const body = "<!DOCTYPE html><p>bonjour</p>";
    const port = await serve((_req, res) => {
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.setHeader("Content-Length", String(Buffer.byteLength(body)));
      res.write(body);
      res.end();
    });
    const reply = await ask(port);
    expect(reply.headers["content-length"]).toBe(String(Buffer.byteLength(body)));
    expect(reply.body.toString()).toBe(body);
  });

  it("a 304 and a HEAD get no length of a body they do not have", async () => {
    const notModified = await ask(await serve(remixLike([], 304)));
    expect(notModified.status).toBe(304);
    expect(notModified.headers["content-length"]).toBeUndefined();
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    const head = await ask(await serve(remixLike(['{"ok":true}'])), "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.byteLength).toBe(0);
  });
});
