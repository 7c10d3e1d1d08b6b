import { gunzipSync } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { documentPiece, gzipStage, splicingStage } from "~/services/serving/document-pieces.server";
import { throughStages, type Stage } from "~/services/serving/gathered-stream.server";

const CSS = "body{color:red}".repeat(500);
const piece = documentPiece("<!--recircle:stylesheet:0-->", CSS);

/** The chunks every stage gives for `chunks`, in order (the last stage's output). */
function through(stages: Stage[], chunks: Uint8Array[]): Uint8Array[] {
  const out: Uint8Array[] = [];
  const run = (i: number, chunk: Uint8Array | null) => {
    if (i === stages.length) {
      if (chunk) out.push(chunk);
      return;
    }
    if (chunk) stages[i]!.push(chunk, (c) => run(i + 1, c));
    else {
      stages[i]!.end((c) => run(i + 1, c));
      run(i + 1, null);
    }
  };
  for (const chunk of chunks) run(0, chunk);
  run(0, null);
  return out;
}

const page = (
  head = '<html><head><style data-href="/s.css">',
  rest = "</style></head><body><p>Bonjour</p></body></html>",
) => `${head}${piece.marker.toString()}${rest}`;
const expected = (html: string) => html.replace(piece.marker.toString(), CSS);

/** `text` cut at `cuts` (byte offsets). */
function cut(text: string, cuts: number[]): Uint8Array[] {
  const bytes = Buffer.from(text);
  const at = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let from = 0;
  for (const c of [...at, bytes.length]) {
    if (c > from) chunks.push(bytes.subarray(from, c));
    from = Math.max(from, c);
  }
  return chunks;
}

describe("the stylesheet's bytes put in its marker's place", () => {
  it("replaces the marker wherever the chunks are cut, the CSS passed on as the piece's own Buffer", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(200), { maxLength: 6 }), (cuts) => {
        const out = through([splicingStage([piece])], cut(page(), cuts));
        expect(Buffer.concat(out).toString()).toBe(expected(page()));
        expect(out).toContain(piece.bytes);
      }),
    );
  });

  it("replaces only the first marker: the same words later in the page are left as they are", () => {
    const html = page(undefined, `</style></head><body>${piece.marker.toString()}</body></html>`);
    const out = Buffer.concat(through([splicingStage([piece])], [Buffer.from(html)])).toString();
    expect(out.indexOf(CSS)).toBeGreaterThan(0);
    expect(out.endsWith(`<body>${piece.marker.toString()}</body></html>`)).toBe(true);
  });

  it("passes a page without the marker on unchanged, a cut marker start included", () => {
    const html = "<html><body>ends with <!--recircle:style";
    expect(Buffer.concat(through([splicingStage([piece])], cut(html, [20, 30]))).toString()).toBe(html);
  });
});

describe("the page gzipped with the stylesheet compressed once", () => {
  it("is one valid gzip member of the whole page, the stylesheet's blocks those compressed once", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(200), { maxLength: 6 }), (cuts) => {
        const out = through([splicingStage([piece]), gzipStage([piece])], cut(page(), cuts));
        expect(out).toContain(piece.deflated);
        const gz = Buffer.concat(out);
        expect([...gz.subarray(0, 3)]).toEqual([0x1f, 0x8b, 8]);
        // OS byte 3 (Unix), as the compression middleware's: the render cache's answers (255) stay told apart.
        expect(gz[9]).toBe(3);
        expect(gunzipSync(gz).toString()).toBe(expected(page()));
      }),
    );
  });

  it("is a valid empty gzip member for an empty page", () => {
    expect(gunzipSync(Buffer.concat(through([gzipStage([piece])], []))).byteLength).toBe(0);
  });

  it("goes through throughStages(): a whole page comes out spliced and gzipped", () => {
    const html = page(undefined, `</style></head><body>${"<p>Texte é</p>".repeat(4000)}</body></html>`);
    const gz = Buffer.from(throughStages(Buffer.from(html), [splicingStage([piece]), gzipStage([piece])]));
    expect(gunzipSync(gz).toString()).toBe(expected(html));
  });
});
