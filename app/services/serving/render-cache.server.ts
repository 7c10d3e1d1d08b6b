// Rendered pages kept by what they were rendered from (issue 11, render cost). A page's HTML is a pure
// function of its inputs: the build's manifest, the URL, the language, the status and what every loader
// of the page returned (the session's user, the flash message, the honeypot's timestamp, the slot
// calendar: everything a page shows comes to it from a loader). So the loaders run on every request as
// before, reading the database as they always do, and only React's rendering of the same inputs into
// the same bytes is skipped: two residents never share an entry (their loader data differ), a booking
// or an admin's change makes the next request's data, hence its key, differ. This is fragment caching
// keyed by content, not a cache with a lifetime; nothing in it can be stale.
//
// Kept out: anything but a plain 200 document (an action's answer, an error, a 404), data still being
// streamed (a deferred promise), and development. The minute is part of the key, so even a component
// that read the clock while rendering is never older than the minute. Each answer's CSP nonce is fresh:
// the nonce is cut out of the stored bytes and the new one put in its place. A page asked for gzipped is
// sent from its pieces compressed once (see `gzipOf`), not compressed again on every answer.
// Bounded by bytes (MAX_RENDER_BYTES); the least recently used page goes first. A page is kept from its second
// render only (`keptFromNow`): most pages are asked for once.
import crypto from "node:crypto";
import zlib from "node:zlib";
import type { EntryContext } from "@remix-run/node";
import { staged, type Stage } from "./gathered-stream.server";

/** What the kept pages may hold in memory (identity and gzip bytes). */
export const MAX_RENDER_BYTES = 6 * 1024 * 1024;

/** `size`: the page's bytes without its nonces; `cost`: what the entry holds in memory. */
type Entry = { parts: Buffer<ArrayBuffer>[]; size: number; cost: number; deflated?: Buffer[] };
const entries = new Map<string, Entry>();
let bytes = 0;

const manifestIds = new WeakMap<object, number>();
let manifestsSeen = 0;

/** Each manifest object (the build's halves have their own) gets its own number. */
function manifestId(manifest: object): number {
  let id = manifestIds.get(manifest);
  if (id === undefined) {
    id = ++manifestsSeen;
    manifestIds.set(manifest, id);
  }
  return id;
}

/**
 * The key of a document render, or null when this render must not be kept (see the top of the file). `handoff`:
 * the page's single-fetch hand-off as `handoff.server`'s `settleHandoff` read it, turbo-stream's encoding of every
 * loader's data (a faithful one: the browser rebuilds the data from it, `undefined`, dates, maps, sets and bigints
 * told apart). One line is the data; a promise settled later is a line more, so such a page is not kept. `now`
 * is for tests.
 */
export function renderKey(
  request: Request,
  status: number,
  context: EntryContext,
  language: string,
  handoff: string | null,
  now = Date.now(),
): string | null {
  const handler = context.staticHandlerContext;
  if (request.method !== "GET" || status !== 200 || handler.actionData || handler.errors) return null;
  // A context without its build's manifest (a stand-in) is not the build's page.
  if (context.isSpaMode || typeof context.manifest !== "object" || context.manifest === null) return null;
  if (handoff === null || handoff.indexOf("\n") !== handoff.length - 1) return null;
  const routes = handler.matches.map((match) => match.route.id).join(",");
  return crypto
    .createHash("sha256")
    .update(`${manifestId(context.manifest)}\n${Math.floor(now / 60_000)}\n${request.url}\n${language}\n${routes}\n`)
    .update(handoff)
    .digest("base64");
}

/**
 * The stored page with `nonce` in the place of the one it was rendered with, gzipped when `gzip` is
 * asked; null when none is kept.
 */
export function storedRender(key: string, nonce: string, gzip = false): Uint8Array<ArrayBuffer> | null {
  const entry = entries.get(key);
  if (!entry) return null;
  // Most recently used last: the Map's order is the eviction order.
  entries.delete(key);
  entries.set(key, entry);
  return gzip ? gzipOf(entry, nonce) : withNonce(entry.parts, Buffer.from(nonce));
}

function withNonce(parts: Buffer<ArrayBuffer>[], nonce: Buffer): Buffer<ArrayBuffer> {
  if (parts.length === 1) return parts[0]!;
  const pieces: Buffer[] = [];
  parts.forEach((part, index) => {
    if (index > 0) pieces.push(nonce);
    pieces.push(part);
  });
  return Buffer.concat(pieces);
}

/** A deflate block that stores `bytes` as they are, not the last one (RFC 1951 3.2.4; under 64 KB). */
function storedBlock(bytes: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.writeUInt16LE(bytes.byteLength, 1);
  header.writeUInt16LE(~bytes.byteLength & 0xffff, 3);
  return Buffer.concat([header, bytes]);
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** The last deflate block: empty, fixed Huffman codes. */
const LAST_BLOCK = Buffer.from([0x03, 0x00]);

/**
 * The page as one gzip member (RFC 1952) without compressing it again: each piece between nonces was
 * compressed once into deflate blocks ending on a byte boundary (a sync flush, not the last block), the
 * nonce goes between them as a stored block, an empty last block closes it, and the trailer's CRC-32 and
 * length are those of the whole page with this nonce.
 */
function gzipOf(entry: Entry, nonce: string): Buffer<ArrayBuffer> {
  if (!entry.deflated) {
    entry.deflated = entry.parts.map((part) =>
      zlib.deflateRawSync(part, { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH }),
    );
    const added = entry.deflated.reduce((sum, part) => sum + part.byteLength, 0);
    entry.cost += added;
    bytes += added;
    evict();
  }
  const nonceBytes = Buffer.from(nonce);
  const nonceBlock = storedBlock(nonceBytes);
  const pieces: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  entry.parts.forEach((part, index) => {
    if (index > 0) {
      pieces.push(nonceBlock);
      crc = zlib.crc32(nonceBytes, crc);
    }
    pieces.push(entry.deflated![index]!);
    crc = zlib.crc32(part, crc);
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE((entry.size + (entry.parts.length - 1) * nonceBytes.byteLength) >>> 0, 4);
  pieces.push(LAST_BLOCK, trailer);
  return Buffer.concat(pieces);
}

/** Keys rendered once and not kept (yet), least recently rendered first out: a few hundred KB at most. */
const renderedOnce = new Map<string, true>();
const RENDERED_ONCE_MAX = 8192;

/**
 * Whether a page rendered under `key` is kept: only from its second render on (issue 44, first views). Most
 * pages are asked for once (a resident's own booking page, their checkout): copying and keeping each of those
 * cost a first view more than a tenth of its CPU, mostly in garbage collection, for pages never asked for
 * again. A page asked for twice (the landing page, a page reloaded or come back to) is kept from its second
 * render, and answered from the cache from its third request on.
 */
export function keptFromNow(key: string): boolean {
  if (renderedOnce.delete(key)) return true;
  renderedOnce.set(key, true);
  if (renderedOnce.size > RENDERED_ONCE_MAX) renderedOnce.delete(renderedOnce.keys().next().value as string);
  return false;
}

/**
 * The document's chunks passed on unchanged; once it has ended and `whole()` says nothing failed while
 * rendering, its bytes are kept under `key` (with `nonce` cut out). A body cut short (the client went away)
 * never ends here, so it is not kept.
 */
export function storingStage(key: string, nonce: string, whole: () => boolean): Stage {
  const chunks: Uint8Array[] = [];
  return {
    push(chunk, out) {
      chunks.push(chunk);
      out(chunk);
    },
    end() {
      if (whole()) keep(key, Buffer.concat(chunks), nonce);
    },
  };
}

/** `storingStage` over a stream. */
export function storingRender(
  key: string,
  nonce: string,
  body: ReadableStream<Uint8Array>,
  whole: () => boolean,
): ReadableStream<Uint8Array> {
  return staged(body, storingStage(key, nonce, whole));
}

function keep(key: string, page: Buffer<ArrayBuffer>, nonce: string) {
  if (page.byteLength > MAX_RENDER_BYTES / 8) return;
  const parts: Buffer<ArrayBuffer>[] = [];
  const nonceBytes = Buffer.from(nonce);
  let from = 0;
  for (let at = page.indexOf(nonceBytes); at !== -1; at = page.indexOf(nonceBytes, from)) {
    parts.push(page.subarray(from, at));
    from = at + nonceBytes.byteLength;
  }
  parts.push(page.subarray(from));
  const size = page.byteLength - (parts.length - 1) * nonceBytes.byteLength;
  const previous = entries.get(key);
  if (previous) {
    bytes -= previous.cost;
    entries.delete(key);
  }
  entries.set(key, { parts, size, cost: size });
  bytes += size;
  evict();
}

/** The least recently used pages go until what is kept fits MAX_RENDER_BYTES. */
function evict() {
  for (const [oldest, entry] of entries) {
    if (bytes <= MAX_RENDER_BYTES) break;
    entries.delete(oldest);
    bytes -= entry.cost;
  }
}

/** For tests: what the kept pages hold. */
export function keptRenderBytes() {
  return bytes;
}

/** For tests: forget every page. */
export function forgetRenders() {
  renderedOnce.clear();
  entries.clear();
  bytes = 0;
}
