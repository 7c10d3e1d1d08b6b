// What Remix answers, gathered and sent whole (issue 44, the JSON API). Remix's Express adapter writes a
// Response's body chunk by chunk (for a JSON answer, one chunk) and calls `res.flush()` after each, and no
// Response built with `Response.json` says its length: so the `compression` middleware could not apply its
// 1 KB threshold, and gzipped a 400-byte `/api/auth/me` (a tenth of its CPU in a profile) with a sync flush
// and a finish for one chunk. Gathered here, the answer goes to `compression` in one `end` with its
// Content-Length: below 1 KB it leaves uncompressed, above it is compressed in one go. An answer that
// already says its length (the pages, the cached JSON lists) or grows past `limit` bytes passes as it comes.

const NO_BODY = new Set([204, 304]);

/** Express middleware: `res.write` and `res.end` gathered until `end`, then one `end` with Content-Length. */
export function wholeAnswer(limit = 256 * 1024) {
  return function gather(req, res, next) {
    if (req.method === "HEAD") return next();
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    let pieces = [];
    let size = 0;
    let passing = false;
    /** From here on the answer passes as it comes (what was gathered first). */
    function pass() {
      passing = true;
      res.write = write;
      res.end = end;
      const gathered = pieces;
      pieces = [];
      for (const piece of gathered) write(piece);
    }
    const flush = res.flush;
    res.flush = function flushIfPassing() {
      if (passing && typeof flush === "function") flush.call(res);
    };
    res.write = function gatherWrite(chunk, encoding, callback) {
      if (passing || res.getHeader("Content-Length") !== undefined) {
        if (!passing) pass();
        return write(chunk, encoding, callback);
      }
      const piece =
        typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? encoding : "utf8") : chunk;
      pieces.push(piece);
      size += piece.byteLength;
      if (size > limit) pass();
      const done = typeof encoding === "function" ? encoding : callback;
      if (typeof done === "function") process.nextTick(done);
      return true;
    };
    res.end = function gatherEnd(chunk, encoding, callback) {
      if (passing) return end(chunk, encoding, callback);
      if (typeof chunk === "function") [chunk, callback] = [undefined, chunk];
      if (typeof encoding === "function") [encoding, callback] = [undefined, encoding];
      if (chunk != null) {
        pieces.push(typeof chunk === "string" ? Buffer.from(chunk, encoding ?? "utf8") : chunk);
      }
      res.write = write;
      res.end = end;
      const body = pieces.length === 1 ? pieces[0] : Buffer.concat(pieces);
      pieces = [];
      if (!res.headersSent && !NO_BODY.has(res.statusCode) && res.getHeader("Content-Length") === undefined) {
        res.setHeader("Content-Length", body.byteLength);
      }
      return body.byteLength ? end(body, callback) : end(callback);
    };
    next();
  };
}
