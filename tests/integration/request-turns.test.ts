// Issue 44: scripts/server.mjs starts one request per turn of the event loop (scripts/request-turns.mjs), so
// connections opened while the server is busy are taken in after a few of the busy ones' requests, not after
// every request read in each turn. Counted in requests answered, not timed.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { oneRequestPerTurn } from "../../scripts/request-turns.mjs";

const BUSY = 20;
const NEWCOMERS = 30;

function work(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

function get(port: number, agent: http.Agent): Promise<void> {
  return new Promise((resolve, reject) => {
    http
      .get({ port, host: "127.0.0.1", path: "/", agent }, (res) => {
        res.resume();
        res.on("end", () => resolve());
      })
      .on("error", reject);
  });
}

let server: http.Server | null = null;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** How many requests of the busy connections were answered before the last newcomer's was. */
async function newcomersWait(inTurn: (start: () => void) => void) {
  let answered = 0;
  server = http.createServer((_req, res) =>
    inTurn(() => {
      work(3);
      answered += 1;
      res.end("ok");
    }),
  );
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const busyAgent = new http.Agent({ keepAlive: true, maxSockets: BUSY });
  let running = true;
  const busy = Array.from({ length: BUSY }, async () => {
    while (running) await get(port, busyAgent);
  });
  while (answered < 5 * BUSY) await new Promise((r) => setTimeout(r, 5));
  const before = answered;
  const waits = await Promise.all(
    Array.from({ length: NEWCOMERS }, () =>
      get(port, new http.Agent({ keepAlive: false })).then(() => answered - before),
    ),
  );
  running = false;
  await Promise.all(busy);
  busyAgent.destroy();
  return Math.max(...waits);
}

describe("one request per turn", () => {
  it("starts the requests in the order they came, each in a turn of its own", async () => {
    const inTurn = oneRequestPerTurn();
    const order: string[] = [];
    inTurn(() => {
      order.push("a");
      // Queued by a's turn: runs in a later turn, after b (already waiting) has had its own.
      setImmediate(() => order.push("after a's turn"));
    });
    inTurn(() => order.push("b"));
    inTurn(() => order.push("c"));
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual(["a", "b", "after a's turn", "c"]);
  });

  it("lets in connections opened while 20 others keep it busy after a few of their requests", async () => {
    const waited = await newcomersWait(oneRequestPerTurn());
    // Every request read in a turn run in that turn, the last of 30 newcomers waited for about 30 turns of
    // 20 requests each (600); one per turn, for about 30 requests and the busy ones' place in line.
    expect(waited).toBeLessThan(8 * BUSY);
  });
});
