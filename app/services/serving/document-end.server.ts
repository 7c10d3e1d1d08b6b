// Nothing after `</html>` (issue 32, part 6). React writes the document's closing tags as soon as the shell
// is done, and everything streamed later (Remix's loader data, React's moves of late parts into place) comes
// after them: a parser puts it back into the body, but the W3C checker reports "Stray start tag script" and
// stops checking there. The closing tags are held back here and written after the last streamed piece, so
// every page is one well-formed document. Nothing else is delayed: what comes before them, and after them,
// is passed on as it arrives.

import { staged, type Stage } from "./gathered-stream.server";

const CLOSING = new TextEncoder().encode("</body></html>");

/** Where `pattern` starts in `bytes`, or -1. */
function indexOf(bytes: Uint8Array, pattern: Uint8Array): number {
  const first = pattern[0];
  outer: for (
    let i = bytes.indexOf(first!);
    i !== -1 && i <= bytes.length - pattern.length;
    i = bytes.indexOf(first!, i + 1)
  ) {
    for (let j = 1; j < pattern.length; j++) if (bytes[i + j] !== pattern[j]) continue outer;
    return i;
  }
  return -1;
}

/** How many bytes at the end of `bytes` are the start of `pattern` (a closing tag cut between two pieces). */
function partialTail(bytes: Uint8Array, pattern: Uint8Array): number {
  for (let n = Math.min(pattern.length - 1, bytes.length); n > 0; n--) {
    let match = true;
    for (let j = 0; j < n && match; j++) match = bytes[bytes.length - n + j] === pattern[j];
    if (match) return n;
  }
  return 0;
}

function joined(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.byteLength === 0) return b;
  const bytes = new Uint8Array(a.byteLength + b.byteLength);
  bytes.set(a, 0);
  bytes.set(b, a.byteLength);
  return bytes;
}

/** The page with its first `</body></html>` moved to the very end (a render without one is left as it is). */
export function closingTagsStage(): Stage {
  let found = false;
  /** The end of the last piece when it may be the start of the closing tags. */
  let held: Uint8Array = new Uint8Array(0);
  return {
    push(piece, out) {
      if (found) {
        out(piece);
        return;
      }
      let bytes = joined(held, piece);
      held = new Uint8Array(0);
      const at = indexOf(bytes, CLOSING);
      if (at !== -1) {
        found = true;
        bytes = joined(bytes.subarray(0, at), bytes.subarray(at + CLOSING.length));
      } else {
        const keep = partialTail(bytes, CLOSING);
        held = bytes.slice(bytes.length - keep);
        bytes = bytes.subarray(0, bytes.length - keep);
      }
      if (bytes.byteLength) out(bytes);
    },
    end(out) {
      if (held.byteLength) out(held);
      if (found) out(CLOSING);
    },
  };
}

/** `closingTagsStage` over a stream. */
export function closingTagsLast(stream: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  return staged(stream, closingTagsStage());
}
