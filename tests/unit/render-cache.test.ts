// The render cache (services/serving/render-cache): a page is kept under the key of everything it was rendered
// from, so any change of data, language, URL, build or minute is another key; what is not a plain 200
// document is never kept; each answer carries its own nonce, identity or gzip, and a gzip answer is a
// valid gzip of exactly the identity page; memory is bounded.
import { gunzipSync } from "node:zlib";
import type { EntryContext } from "@remix-run/node";
import { afterEach, describe, expect, it } from "vitest";
import {
  forgetRenders,
  keptFromNow,
  keptRenderBytes,
  MAX_RENDER_BYTES,
  renderKey,
  storedRender,
  storingRender,
} from "~/services/serving/render-cache.server";

const NOW = Date.UTC(2026, 10, 24, 15, 0, 10);
const manifest = { version: "abc" };

function context(loaderData: Record<string, unknown>, extra: Record<string, unknown> = {}): EntryContext {
  return {
    manifest,
    isSpaMode: false,
    staticHandlerContext: {
      loaderData,
      actionData: null,
      errors: null,
      matches: [{ route: { id: "root" } }, { route: { id: "routes/booking" } }],
      ...extra,
    },
  } as unknown as EntryContext;
}

const page = (url = "https://app.test/booking", method = "GET") => new Request(url, { method });
/** Stands in for the hand-off as settleHandoff reads it: turbo-stream's one line of the loaders' data. */
const handoffOf = (data: unknown) => `${JSON.stringify(data)}\n`;
const data = () => ({ root: { user: { id: 1, name: "Marie" }, toast: null }, "routes/booking": { spotsLeft: 3 } });
const key = (loaderData: Record<string, unknown>, options: { url?: string; lng?: string; now?: number } = {}) =>
  renderKey(
    page(options.url),
    200,
    context(loaderData),
    options.lng ?? "en",
    handoffOf(loaderData),
    options.now ?? NOW,
  );

async function render(html: string, nonce: string, cacheKey: string, whole = true) {
  const encoded = new TextEncoder().encode(html);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // Two pieces, cut through the nonce's attribute, as a stream may cut them.
      const cut = Math.floor(encoded.length / 2);
      controller.enqueue(encoded.slice(0, cut));
      controller.enqueue(encoded.slice(cut));
      controller.close();
    },
  });
  return new Response(storingRender(cacheKey, nonce, body, () => whole)).text();
}

const html = (nonce: string, spots = 3) =>
  `<!DOCTYPE html><html><head><script nonce="${nonce}">a()</script></head><body><p>${spots} left</p>` +
  `<script nonce="${nonce}">b()</script><p>${"é".repeat(300)}</p><script nonce="${nonce}" type="module">c()</script></body></html>`;

afterEach(() => forgetRenders());

describe("the key: everything a page is rendered from", () => {
  it("is the same for the same inputs, within the minute", () => {
    expect(key(data())).toBe(key(data()));
    expect(key(data(), { now: NOW + 40_000 })).toBe(key(data()));
  });

  it("differs when any loader value, the language, the URL, the build or the minute differs", () => {
    const base = key(data());
    const changed = data();
    changed["routes/booking"].spotsLeft = 2;
    expect(key(changed)).not.toBe(base);
    const otherUser = data();
    otherUser.root.user.id = 2;
    expect(key(otherUser)).not.toBe(base);
    expect(key(data(), { lng: "fr" })).not.toBe(base);
    expect(key(data(), { url: "https://app.test/booking?date=2026-12-01" })).not.toBe(base);
    expect(key(data(), { now: NOW + 60_000 })).not.toBe(base);
    const otherBuild = renderKey(
      page(),
      200,
      { ...context(data()), manifest: { version: "abc" } } as EntryContext,
      "en",
      handoffOf(data()),
      NOW,
    );
    expect(otherBuild).not.toBe(base);
  });

  it("is null for anything but a plain GET answered 200 with all its data in one line", () => {
    const handoff = handoffOf(data());
    expect(renderKey(page(undefined, "POST"), 200, context(data()), "en", handoff, NOW)).toBeNull();
    expect(renderKey(page(), 404, context(data()), "en", handoff, NOW)).toBeNull();
    expect(renderKey(page(), 200, context(data(), { actionData: { x: 1 } }), "en", handoff, NOW)).toBeNull();
    expect(
      renderKey(page(), 200, context(data(), { errors: { root: new Error("x") } }), "en", handoff, NOW),
    ).toBeNull();
    // A promise settled after the data: turbo-stream's second line (P1:...), so the page is not kept.
    expect(renderKey(page(), 200, context(data()), "en", `${handoff}P1:[3]\n`, NOW)).toBeNull();
    // No hand-off read (a context without single fetch's stream).
    expect(renderKey(page(), 200, context(data()), "en", null, NOW)).toBeNull();
    expect(renderKey(page(), 200, context(data()), "en", handoff, NOW)).not.toBeNull();
  });
});

describe("stored pages", () => {
  it("are kept once rendered whole and answered with the new nonce, identity or gzip", async () => {
    const cacheKey = key(data())!;
    expect(storedRender(cacheKey, "NONCE-2")).toBeNull();
    expect(await render(html("NONCE-1"), "NONCE-1", cacheKey)).toBe(html("NONCE-1"));

    const identity = storedRender(cacheKey, "fresh+nonce/222==");
    expect(Buffer.from(identity!).toString()).toBe(html("fresh+nonce/222=="));
    const gzipped = storedRender(cacheKey, "other+nonce/333==", true)!;
    expect(gunzipSync(gzipped).toString()).toBe(html("other+nonce/333=="));
    // Compressed once, then reused: the next answer is still a valid gzip with its own nonce.
    expect(gunzipSync(storedRender(cacheKey, "third+nonce/444==", true)!).toString()).toBe(html("third+nonce/444=="));
  });

  it("a page without a nonce, and a large one, gunzip whole", async () => {
    const plain = `<p>${"x".repeat(200_000)}</p>`;
    const cacheKey = key({ root: { big: true } })!;
    await render(plain, "N1", cacheKey);
    expect(gunzipSync(storedRender(cacheKey, "N2", true)!).toString()).toBe(plain);
  });

  it("a render that failed on the way is not kept", async () => {
    const cacheKey = key(data())!;
    await render(html("N1"), "N1", cacheKey, false);
    expect(storedRender(cacheKey, "N2")).toBeNull();
  });

  it("a render the client stopped reading is not kept", async () => {
    const cacheKey = key(data())!;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode("<p>more</p>"));
      },
    });
    const reader = storingRender(cacheKey, "N1", body, () => true).getReader();
    await reader.read();
    await reader.cancel();
    expect(storedRender(cacheKey, "N2")).toBeNull();
  });

  it("are bounded in bytes, the least recently used going first", async () => {
    const big = "y".repeat(256 * 1024);
    const first = key({ root: { n: 0 } })!;
    await render(big, "N", first);
    for (let n = 1; n < 60; n++) {
      storedRender(first, "N");
      await render(big, "N", key({ root: { n } })!);
    }
    expect(keptRenderBytes()).toBeLessThanOrEqual(MAX_RENDER_BYTES);
    expect(storedRender(first, "N")).not.toBeNull();
    expect(storedRender(key({ root: { n: 1 } })!, "N")).toBeNull();
  });
});

describe("what is kept", () => {
  it("keeps a page from its second render only, and forgets a key rendered once after 8,192 others", () => {
    expect(keptFromNow("page-a")).toBe(false);
    expect(keptFromNow("page-b")).toBe(false);
    expect(keptFromNow("page-a")).toBe(true);
    // Kept now: the count starts again should it be dropped from the cache and rendered anew.
    expect(keptFromNow("page-a")).toBe(false);
    for (let i = 0; i < 8192; i++) keptFromNow(`other-${i}`);
    expect(keptFromNow("page-b")).toBe(false);
    expect(keptFromNow("other-8191")).toBe(true);
  });
});
