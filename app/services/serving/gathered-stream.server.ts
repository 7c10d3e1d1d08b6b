// A page's bytes in a few large writes instead of hundreds of small ones (issue 11, render cost). React's
// web-stream writer (entry.server) hands out 512-byte pieces; each became its own write down to the
// socket, through Express, morgan and compression (which also flushes gzip after every write, each
// flush costing CPU and compression): an 80 KB page took about 160 of each.
// Pieces are gathered while React is writing and passed on together as soon as it pauses (the next turn
// of the event loop) or once GATHER_BYTES are waiting, so the page still streams: what is rendered
// goes out at once, whatever comes later (a deferred part) follows when it is ready.
//
// Issue 44: what the server entry does to a document's bytes after that (the closing tags held back, the
// stylesheet put in, the bytes kept for the render cache, gzip) are `Stage`s run in turn on each gathered
// chunk, inside the one transform: a chunk crosses one web stream instead of five (each cost a few promises
// per chunk, a tenth of a first view).

const GATHER_BYTES = 16 * 1024;

/** One step over a document's gathered chunks: what it passes on goes to `out`, in order. */
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

/** `stream` gathered into few chunks, each passed through `stages`; what one chunk gives goes out as one. */
export function gathered(stream: ReadableStream<Uint8Array>, stages: Stage[] = []): ReadableStream<Uint8Array> {
  let pending: Uint8Array[] = [];
  let size = 0;
  let later: NodeJS.Immediate | null = null;

  function joined(pieces: Uint8Array[], total: number): Uint8Array {
    if (pieces.length === 1) return pieces[0]!;
    const bytes = new Uint8Array(total);
    let offset = 0;
    for (const piece of pieces) {
      bytes.set(piece, offset);
      offset += piece.byteLength;
    }
    return bytes;
  }

  function emit(controller: TransformStreamDefaultController<Uint8Array>, chunk: Uint8Array | null) {
    const out: Uint8Array[] = [];
    run(stages, 0, chunk, (c) => {
      if (c.byteLength) out.push(c);
    });
    if (out.length === 0) return;
    try {
      controller.enqueue(
        joined(
          out,
          out.reduce((n, c) => n + c.byteLength, 0),
        ),
      );
    } catch {
      // the reader went away (the client disconnected): nothing to pass on to
    }
  }

  function passOn(controller: TransformStreamDefaultController<Uint8Array>) {
    if (later) clearImmediate(later);
    later = null;
    if (size === 0) return;
    const bytes = joined(pending, size);
    pending = [];
    size = 0;
    emit(controller, bytes);
  }

  return stream.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(piece, controller) {
        pending.push(piece);
        size += piece.byteLength;
        if (size >= GATHER_BYTES) passOn(controller);
        else later ??= setImmediate(() => passOn(controller));
      },
      flush(controller) {
        passOn(controller);
        emit(controller, null);
      },
    }),
  );
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
