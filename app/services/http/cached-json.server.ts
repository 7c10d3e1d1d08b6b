// The read-only JSON lists of /api (slots, materials, service areas): one place for their validators and
// encodings (issue 11, part 3).
// - A body is serialized once into a `JsonBody`: its bytes, a strong ETag (a hash of those bytes, so two
//   callers share a tag only when they would receive the same bytes) and, when first asked for, its gzip.
// - `If-None-Match` (a list, `*`, weak `W/` tags compared weakly as RFC 9110 13.1.2 says) answers
//   304 Not Modified without a body, with the headers a 200 would carry (ETag, Cache-Control, Vary, ...).
// - `Accept-Encoding: gzip` gets the gzip bytes with `Content-Encoding: gzip`; the server's
//   `compression` middleware sees the encoding and leaves the answer alone (never compressed twice).
//   The gzip variant's strong tag is the identity tag with `-gzip` (a strong validator differs per
//   content coding); If-None-Match matches either one.
// - `jsonBodyCache` keeps serialized bodies (and their gzip) by key, bounded, least recently used out:
//   callers put whatever their body depends on into the key (a data version, the language, the prefix).
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";

/** Below this, gzip saves too little to be worth its time (the `compression` middleware's own threshold). */
const GZIP_THRESHOLD_BYTES = 1024;

export type JsonBody = { bytes: Uint8Array<ArrayBuffer>; etag: string; gzipped?: Uint8Array<ArrayBuffer> };

export function jsonBody(data: unknown): JsonBody {
  const bytes = new TextEncoder().encode(JSON.stringify(data));
  const hash = createHash("sha256").update(bytes).digest("base64url").slice(0, 27);
  return { bytes, etag: `"${hash}"` };
}

function gzipOf(body: JsonBody): Uint8Array<ArrayBuffer> {
  body.gzipped ??= new Uint8Array(gzipSync(body.bytes));
  return body.gzipped;
}

const gzipTag = (etag: string) => `${etag.slice(0, -1)}-gzip"`;

/** The entity tags of an If-None-Match header, W/ dropped (If-None-Match compares weakly); "*" stays. */
function requestedTags(header: string): string[] {
  return header.match(/\*|(?:W\/)?"[^"]*"/g)?.map((tag) => tag.replace(/^W\//, "")) ?? [];
}

/** Does the request accept gzip (q above 0, by name or through `*`)? */
export function acceptsGzip(header: string | null): boolean {
  if (!header) return false;
  let star: boolean | null = null;
  for (const part of header.toLowerCase().split(",")) {
    const [coding = "", ...params] = part.split(";").map((s) => s.trim());
    const q = params.find((p) => p.startsWith("q="));
    const acceptable = !q || Number(q.slice(2)) > 0;
    if (coding === "gzip" || coding === "x-gzip") return acceptable;
    if (coding === "*") star = acceptable;
  }
  return star ?? false;
}

/**
 * Answers a serialized JSON body: 304 to a matching If-None-Match, else 200 (or init.status) with its
 * ETag, gzip-encoded when the request accepts it. `init.headers` go on both (Cache-Control, Vary, ...).
 */
export function answerJson(request: Request, body: JsonBody, init: { status?: number; headers?: HeadersInit } = {}) {
  const headers = new Headers(init.headers);
  const vary = headers.get("Vary");
  headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
  const gzip = body.bytes.length >= GZIP_THRESHOLD_BYTES && acceptsGzip(request.headers.get("Accept-Encoding"));
  headers.set("ETag", gzip ? gzipTag(body.etag) : body.etag);
  // The bytes go out as they are, under their own tag: `no-transform` keeps the compression middleware
  // (and any proxy) from sending a client that accepts only brotli a br body under the identity tag.
  headers.set("Cache-Control", [headers.get("Cache-Control"), "no-transform"].filter(Boolean).join(", "));
  const ifNoneMatch = request.headers.get("If-None-Match");
  if (ifNoneMatch && (request.method === "GET" || request.method === "HEAD")) {
    const tags = requestedTags(ifNoneMatch);
    if (tags.some((tag) => tag === "*" || tag === body.etag || tag === gzipTag(body.etag))) {
      // No Content-Type: the compression middleware then leaves the empty answer alone.
      return new Response(null, { status: 304, headers });
    }
  }
  headers.set("Content-Type", "application/json; charset=utf-8");
  const bytes = gzip ? gzipOf(body) : body.bytes;
  if (gzip) headers.set("Content-Encoding", "gzip");
  headers.set("Content-Length", String(bytes.length));
  return new Response(bytes, { status: init.status ?? 200, headers });
}

/** An answer for who asks (the session cookie) in their language: kept by their browser only, revalidated on each use. */
export function privateRevalidated(lng: string) {
  return { "Cache-Control": "private, no-cache", Vary: "Cookie, Accept-Language", "Content-Language": lng };
}

/** `Response.json` with an ETag, 304 and gzip: for a body computed per request (a small one). */
export function jsonWithEtag(request: Request, data: unknown, init: { status?: number; headers?: HeadersInit } = {}) {
  return answerJson(request, jsonBody(data), init);
}

/**
 * Serialized bodies by key (bounded; the least recently used goes first). A body built with a
 * `validUntil` (ms) is built again once the clock passes it.
 */
export function jsonBodyCache(max: number) {
  const entries = new Map<string, { body: JsonBody; validUntil: number }>();
  return {
    get(key: string, at: number, build: () => { data: unknown; validUntil?: number }): JsonBody {
      const hit = entries.get(key);
      entries.delete(key);
      if (hit && at <= hit.validUntil) {
        entries.set(key, hit);
        return hit.body;
      }
      const { data, validUntil = Number.POSITIVE_INFINITY } = build();
      const body = jsonBody(data);
      entries.set(key, { body, validUntil });
      if (entries.size > max) entries.delete(entries.keys().next().value!);
      return body;
    },
  };
}
