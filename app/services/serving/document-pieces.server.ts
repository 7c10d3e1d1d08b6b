// What every document carries alike, encoded and compressed once per process (issue 44, first views). The
// inlined stylesheet is about 37 KB of a 85 KB page: handed to React as text, it was turned into bytes on every
// render and compressed again on every answer, about a third of a first view's CPU. React now renders a short
// marker in its place (`<!--…-->`, which React's escaping can never produce from a page's own text, so nothing
// a resident types can stand in for it), and the server entry puts the piece's bytes there:
// - `splicingStage`: the document's bytes with each marker's first occurrence replaced by its piece, passed on as
//   the very Buffer the piece holds (so `gzipStage`, further down the same stages, knows it by identity);
// - `gzipStage`: the document as one gzip member (RFC 1952), each piece's deflate blocks taken as compressed
//   once (a sync flush ends them on a byte boundary, not as the last block), everything else compressed as it
//   comes, each run between pieces by a compressor of its own (deflate's back-references never reach across
//   bytes it did not see), an empty last block and the trailer's CRC-32 and length of the whole.
// The page still streams: each run of React's bytes is compressed and passed on as it arrives.
import zlib from "node:zlib";
import type { Stage } from "./gathered-stream.server";

export type DocumentPiece = {
  /** What React renders in the piece's place. */
  marker: Buffer;
  /** The piece as sent. */
  bytes: Buffer;
  /** `bytes` as raw deflate blocks ending on a byte boundary (not the last block). */
  deflated: Buffer;
};

/** A piece for `text` (compressed once, at the highest level: it is paid for once per process). */
export function documentPiece(marker: string, text: string): DocumentPiece {
  const bytes = Buffer.from(text, "utf8");
  return {
    marker: Buffer.from(marker, "utf8"),
    bytes,
    deflated: zlib.deflateRawSync(bytes, { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH }),
  };
}

/** The longest marker's length less one: what is held back in case a marker is cut between two chunks. */
const heldBack = (pieces: DocumentPiece[]) => Math.max(0, ...pieces.map((p) => p.marker.byteLength - 1));

/** Each piece's marker (its first occurrence) replaced by the piece's own `bytes` Buffer. */
export function splicingStage(pieces: DocumentPiece[]): Stage {
  let waiting = [...pieces];
  let carry: Buffer = Buffer.alloc(0);
  const hold = heldBack(pieces);

  function pass(bytes: Buffer, out: (chunk: Uint8Array) => void, final: boolean) {
    let rest = bytes;
    for (;;) {
      let found: { piece: DocumentPiece; at: number } | null = null;
      for (const piece of waiting) {
        const at = rest.indexOf(piece.marker);
        if (at !== -1 && (!found || at < found.at)) found = { piece, at };
      }
      if (!found) break;
      if (found.at > 0) out(rest.subarray(0, found.at));
      out(found.piece.bytes);
      rest = rest.subarray(found.at + found.piece.marker.byteLength);
      waiting = waiting.filter((piece) => piece !== found.piece);
    }
    // Once every marker is found, or at the end, nothing is held back.
    const keep = final || waiting.length === 0 ? 0 : Math.min(hold, rest.byteLength);
    if (rest.byteLength > keep) out(rest.subarray(0, rest.byteLength - keep));
    carry = keep ? Buffer.from(rest.subarray(rest.byteLength - keep)) : Buffer.alloc(0);
  }

  return {
    push(chunk, out) {
      if (waiting.length === 0 && carry.byteLength === 0) out(chunk);
      else {
        const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
        pass(carry.byteLength ? Buffer.concat([carry, bytes]) : bytes, out, false);
      }
    },
    end(out) {
      if (carry.byteLength) pass(carry, out, true);
    },
  };
}

/** As zlib writes it on Unix (OS 3): the render cache's answers (OS 255, "unknown") stay told apart. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
/** The last deflate block: empty, fixed Huffman codes. */
const LAST_BLOCK = Buffer.from([0x03, 0x00]);
/**
 * What is compressed on every answer: zlib's fast family (levels 1-3) at its best, about half the CPU of the
 * compression middleware's default 6 on a 48 KB page for 8 % more bytes (10.1 KB instead of 9.3 KB).
 */
const LEVEL = 3;

/**
 * The document (what `splicingStage` with the same pieces passed on) as a gzip member: a chunk that is one
 * of the pieces' `bytes` goes out as its `deflated`, any other chunk compressed once as it comes.
 */
export function gzipStage(pieces: DocumentPiece[]): Stage {
  const deflatedOf = new Map(pieces.map((piece) => [piece.bytes as Uint8Array, piece.deflated]));
  let crc = 0;
  let length = 0;
  let started = false;
  const header = (out: (chunk: Uint8Array) => void) => {
    if (!started) out(GZIP_HEADER);
    started = true;
  };
  return {
    push(chunk, out) {
      header(out);
      crc = zlib.crc32(chunk, crc);
      length += chunk.byteLength;
      out(
        deflatedOf.get(chunk) ?? zlib.deflateRawSync(chunk, { level: LEVEL, finishFlush: zlib.constants.Z_SYNC_FLUSH }),
      );
    },
    end(out) {
      header(out);
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(crc >>> 0, 0);
      trailer.writeUInt32LE(length >>> 0, 4);
      out(LAST_BLOCK);
      out(trailer);
    },
  };
}
