// A page's bytes in one write (issues 11 and 44, render cost). React's web-stream writer (entry.server) hands
// out 512-byte pieces; each became its own write down to the socket, through Express, morgan and compression
// (which also flushed gzip after every write): an 80 KB page took about 160 of each. Issue 11 gathered them
// into 16 KB chunks as React paused; issue 44 reads the whole document first: no loader of this app defers
// anything (every page is whole once its loaders return), so what streaming bought was a few milliseconds of
// first byte, and what it cost was a web stream per chunk, a zlib stream per chunk, and a system call per
// chunk (on a small VM, writev was the largest single cost of a first view). The stages (the closing tags held
// back, the stylesheet put in, the bytes kept for the render cache, gzip) run over the document once, and the
// answer goes out with its Content-Length in one write. Since then the document is rendered as one string
// (services/serving/handoff), so there is no stream to read: `throughStages` takes its bytes.

/** One step over a document's chunks: what it passes on goes to `out`, in order. */
export type Stage = {
  push(chunk: Uint8Array, out: (chunk: Uint8Array) => void): void;
  end(out: (chunk: Uint8Array) => void): void;
};

/** `chunk` through `stages` from the `from`-th on, the last one's output to `out`. */
function run(stages: Stage[], from: number, chunk: Uint8Array | null, out: (chunk: Uint8Array) => void) {
  if (from === stages.length) {
    if (chunk) out(chunk);
    return;
  }
  const next = (c: Uint8Array) => run(stages, from + 1, c, out);
  if (chunk) stages[from]!.push(chunk, next);
  else {
    stages[from]!.end(next);
    run(stages, from + 1, null, out);
  }
}

/** `pieces` as one array of bytes. */
function joined(pieces: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(pieces.reduce((n, piece) => n + piece.byteLength, 0));
  let offset = 0;
  for (const piece of pieces) {
    bytes.set(piece, offset);
    offset += piece.byteLength;
  }
  return bytes;
}

/** A whole document's bytes (or none) through `stages` as one chunk, what the last one passes on joined. */
export function throughStages(document: Uint8Array | null, stages: Stage[] = []): Uint8Array<ArrayBuffer> {
  const out: Uint8Array[] = [];
  const keep = (chunk: Uint8Array) => {
    if (chunk.byteLength) out.push(chunk);
  };
  if (document?.byteLength) run(stages, 0, document, keep);
  run(stages, 0, null, keep);
  return joined(out);
}

/** `stream` through one stage, chunk by chunk, without gathering (a stage's own tests, and the cache's). */
export function staged(stream: ReadableStream<Uint8Array>, stage: Stage): ReadableStream<Uint8Array> {
  return stream.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        stage.push(chunk, (c) => controller.enqueue(c));
      },
      flush(controller) {
        stage.end((c) => controller.enqueue(c));
      },
    }),
  );
}
