import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { gathered } from "~/services/serving/gathered-stream.server";

async function readAll(stream: ReadableStream<Uint8Array>) {
  const chunks: Uint8Array[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(value);
  }
}

describe("a page's bytes gathered into few writes", () => {
  it("passes on every byte in order, in a few large chunks instead of 512-byte pieces", async () => {
    const pieces = Array.from({ length: 200 }, () => new Uint8Array(crypto.randomBytes(512)));
    const source = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of pieces) controller.enqueue(piece);
        controller.close();
      },
    });
    const chunks = await readAll(gathered(source));
    expect(Buffer.concat(chunks).equals(Buffer.concat(pieces))).toBe(true);
    // 100 KB in 16 KB writes: 7, not 200.
    expect(chunks.length).toBeLessThanOrEqual(8);
  });

  it("still streams: what is written goes out before the rest is ready", async () => {
    let finish: () => void = () => {};
    const rest = new Promise<void>((resolve) => (finish = resolve));
    const source = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode("<html>shell"));
        controller.enqueue(new TextEncoder().encode(" and more"));
        await rest;
        controller.enqueue(new TextEncoder().encode("deferred</html>"));
        controller.close();
      },
    });
    const reader = gathered(source).getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe("<html>shell and more");
    finish();
    const second = await reader.read();
    expect(new TextDecoder().decode(second.value)).toBe("deferred</html>");
    expect((await reader.read()).done).toBe(true);
  });
});
