// Issue 44: the single-fetch hand-off read whole before the string render (services/serving/handoff).
import { describe, expect, it } from "vitest";
import type { EntryContext } from "@remix-run/node";
import { settleHandoff } from "~/services/serving/handoff.server";

function contextWith(chunks: Uint8Array[] | null): EntryContext {
  const stream = chunks
    ? new ReadableStream<Uint8Array>({
        async start(controller) {
          for (const chunk of chunks) {
            await new Promise((resolve) => setTimeout(resolve, 1));
            controller.enqueue(chunk);
          }
          controller.close();
        },
      })
    : undefined;
  return { serverHandoffStream: stream, renderMeta: chunks ? {} : undefined } as unknown as EntryContext;
}

describe("settleHandoff", () => {
  it("leaves each level's read settled as StreamTransfer decodes it, a character cut between chunks whole", async () => {
    const bytes = new TextEncoder().encode('["Montréal","déc."]');
    const cut = bytes.indexOf(0xc3) + 1; // inside the two bytes of "é"
    const context = contextWith([bytes.subarray(0, cut), bytes.subarray(cut)]);
    expect(await settleHandoff(context)).toBe('["Montréal","déc."]');
    const cache = context.renderMeta!.streamCache!;
    expect(Object.keys(cache)).toEqual(["0", "1", "2"]);
    expect(cache[0]!.result).toEqual({ done: false, value: '["Montr' });
    expect(cache[1]!.result).toEqual({ done: false, value: 'éal","déc."]' });
    expect(cache[2]!.result).toEqual({ done: true, value: "" });
    await expect(cache[0]).resolves.toBeUndefined();
    // RemixServer still asks for a reader: the stream in the context is a fresh, unlocked one.
    expect(() => context.serverHandoffStream!.getReader()).not.toThrow();
  });

  it("does nothing without a hand-off stream", async () => {
    const context = contextWith(null);
    expect(await settleHandoff(context)).toBeNull();
    expect(context.renderMeta).toBeUndefined();
  });
});
