// Issue 32, parts 6 and 7: the closing tags of a page go out last, whatever pieces React writes them in;
// which addresses are admin ones (their answers are never stored).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isAdminPath } from "~/services/serving/admin-no-store.server";
import { closingTagsLast } from "~/services/serving/document-end.server";

async function through(pieces: string[]): Promise<{ text: string; chunks: string[] }> {
  const encoder = new TextEncoder();
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
  const chunks: string[] = [];
  const reader = closingTagsLast(source).getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(decoder.decode(value));
  }
  return { text: chunks.join(""), chunks };
}

const DOCUMENT = '<!DOCTYPE html><html lang="en"><head></head><body><main>Hi</main></body></html>';
const TAIL = '<!--$--><script nonce="n">window.__remixContext.streamController.close();</script><!--/$-->';

describe("closingTagsLast", () => {
  it("moves </body></html> after what is streamed after it", async () => {
    const { text } = await through([DOCUMENT, TAIL]);
    expect(text).toBe(DOCUMENT.replace("</body></html>", "") + TAIL + "</body></html>");
  });

  it("finds the closing tags cut anywhere between pieces, and passes everything else on unchanged", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: DOCUMENT.length + TAIL.length - 1 }), { maxLength: 6 }),
        async (cuts) => {
          const whole = DOCUMENT + TAIL;
          const points = [...new Set(cuts)].sort((a, b) => a - b);
          const pieces = [0, ...points].map((start, i) => whole.slice(start, points[i] ?? whole.length));
          const { text } = await through(pieces);
          expect(text).toBe(DOCUMENT.replace("</body></html>", "") + TAIL + "</body></html>");
          expect(text.endsWith("</html>")).toBe(true);
        },
      ),
    );
  });

  it("keeps streaming: the part before the closing tags goes out before the tail arrives", async () => {
    const { chunks } = await through([DOCUMENT, TAIL]);
    expect(chunks[0]).toContain("<main>Hi</main>");
    expect(chunks.at(-1)).toBe("</body></html>");
  });

  it("leaves a page without closing tags (or a near miss) as it is", async () => {
    expect((await through(["<p>a</p></body", "></htm"])).text).toBe("<p>a</p></body></htm");
    expect((await through(["</body></html>", "</body></html>"])).text).toBe("</body></html></body></html>");
  });
});

describe("isAdminPath", () => {
  it.each([
    "/admin",
    "/admin/",
    "/admin/day",
    "/admin/day.csv?date=2026-12-01",
    "/ADMIN/Outbox",
    "/%61dmin/team",
    "/admin.data",
    "/admin/supply.data?_routes=x",
    "/api/admin/promo-stats",
    "/API/Admin/promo-redemptions",
    "/booking/../admin/day",
  ])("%s is an admin address", (url) => expect(isAdminPath(url)).toBe(true));

  it.each([
    "/",
    "/admin-invitation?token=x",
    "/administrator",
    "/api/auth/me",
    "/history",
    "/api/materials",
    "/api/administer",
  ])("%s is not", (url) => expect(isAdminPath(url)).toBe(false));
});
