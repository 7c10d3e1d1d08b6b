import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { throughStages, type Stage } from "~/services/serving/gathered-stream.server";

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

describe("a page's bytes through the stages whole (issue 44: one compression, one write)", () => {
  it("gives every byte in order, each stage seeing the document as one chunk, its end after it", () => {
    const document = new Uint8Array(crypto.randomBytes(200 * 512));
    const first: number[] = [];
    const second: number[] = [];
    const bytes = throughStages(document, [recording(first, "<1>"), recording(second, "<2>")]);
    // 100 KB once through each stage; each stage's end after the document, in order.
    expect(first).toEqual([200 * 512]);
    expect(second).toEqual([200 * 512, 3]);
    expect(Buffer.from(bytes).equals(Buffer.concat([document, Buffer.from("<1><2>")]))).toBe(true);
  });

  it("is empty for no document or an empty one, the stages' ends still run", () => {
    expect(throughStages(null).byteLength).toBe(0);
    const seen: number[] = [];
    expect(new TextDecoder().decode(throughStages(new Uint8Array(0), [recording(seen, "end")]))).toBe("end");
    expect(seen).toEqual([]);
  });
});
