import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { wholeDocument, type Stage } from "~/services/serving/gathered-stream.server";

function streamOf(pieces: Uint8Array[], pause?: Promise<void>) {
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const half = Math.floor(pieces.length / 2);
      pieces.slice(0, half).forEach((piece) => controller.enqueue(piece));
      await pause;
      pieces.slice(half).forEach((piece) => controller.enqueue(piece));
      controller.close();
    },
  });
}

/** A stage that records what it was given, and marks its output. */
function recording(seen: number[], mark: string): Stage {
  return {
    push(chunk, out) {
      seen.push(chunk.byteLength);
      out(chunk);
    },
    end(out) {
      out(new TextEncoder().encode(mark));
    },
  };
}

describe("a page's bytes read whole (issue 44: one compression, one write)", () => {
  it("gives every byte in order, read across pauses, each stage seeing the document as one chunk", async () => {
    const pieces = Array.from({ length: 200 }, () => new Uint8Array(crypto.randomBytes(512)));
    let resume: () => void = () => {};
    const pause = new Promise<void>((resolve) => (resume = resolve));
    setTimeout(resume, 5);
    const first: number[] = [];
    const second: number[] = [];
    const bytes = await wholeDocument(streamOf(pieces, pause), [recording(first, "<1>"), recording(second, "<2>")]);
    // 100 KB once through each stage, not 200 pieces; each stage's end after the document, in order.
    expect(first).toEqual([200 * 512]);
    expect(second).toEqual([200 * 512, 3]);
    expect(Buffer.from(bytes).equals(Buffer.concat([...pieces, Buffer.from("<1><2>")]))).toBe(true);
  });

  it("is empty for an empty stream, the stages' ends still run", async () => {
    expect((await wholeDocument(streamOf([]))).byteLength).toBe(0);
    const seen: number[] = [];
    expect(new TextDecoder().decode(await wholeDocument(streamOf([]), [recording(seen, "end")]))).toBe("end");
    expect(seen).toEqual([]);
  });
});
