// A page's bytes in a few large writes instead of hundreds of small ones (issue 11, render cost). React's
// web-stream writer (entry.server) hands out 512-byte pieces; each became its own write down to the
// socket, through Express, morgan and compression (which also flushes gzip after every write, each
// flush costing CPU and compression): an 80 KB page took about 160 of each.
// Pieces are gathered while React is writing and passed on together as soon as it pauses (the next turn
// of the event loop) or once GATHER_BYTES are waiting, so the page still streams: what is rendered
// goes out at once, whatever comes later (a deferred part) follows when it is ready.

const GATHER_BYTES = 16 * 1024;

export function gathered(stream: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  let pending: Uint8Array[] = [];
  let size = 0;
  let later: NodeJS.Immediate | null = null;

  function passOn(controller: TransformStreamDefaultController<Uint8Array>) {
    if (later) clearImmediate(later);
    later = null;
    if (size === 0) return;
    const bytes = pending.length === 1 ? pending[0]! : new Uint8Array(size);
    if (pending.length > 1) {
      let offset = 0;
      for (const piece of pending) {
        bytes.set(piece, offset);
        offset += piece.byteLength;
      }
    }
    pending = [];
    size = 0;
    try {
      controller.enqueue(bytes);
    } catch {
      // the reader went away (the client disconnected): nothing to pass on to
    }
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
      },
    }),
  );
}
