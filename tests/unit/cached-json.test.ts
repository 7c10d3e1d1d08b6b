// The read-only API lists' validators and encodings (issue 11, part 3): a strong ETag per body, 304 to a
// matching If-None-Match (lists, *, W/ compared weakly), gzip only when the request accepts it.
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptsGzip, answerJson, jsonBody, jsonBodyCache } from "~/services/http/cached-json.server";

const LIST = Array.from({ length: 70 }, (_, i) => ({ id: i + 1, serviceAreas: ["H2X", "H3Z", "H2T"] }));
const HEADERS = { "Cache-Control": "private, no-cache", Vary: "Cookie, Accept-Language" };

const get = (headers: Record<string, string> = {}) => new Request("http://localhost/api/list", { headers });

describe("answerJson", () => {
  it("answers the JSON with a strong ETag that depends only on the bytes", async () => {
    const response = answerJson(get(), jsonBody(LIST), { headers: HEADERS });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(LIST);
    const etag = response.headers.get("ETag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(jsonBody(structuredClone(LIST)).etag).toBe(etag);
    expect(jsonBody([...LIST, { id: 71, serviceAreas: [] }]).etag).not.toBe(etag);
    expect(response.headers.get("Cache-Control")).toBe("private, no-cache, no-transform");
    expect(response.headers.get("Vary")).toBe("Cookie, Accept-Language, Accept-Encoding");
    expect(response.headers.get("Content-Encoding")).toBeNull();
  });

  it("answers 304 without a body to a matching If-None-Match: a list, a weak tag, *", async () => {
    const body = jsonBody(LIST);
    for (const header of [body.etag, `"other", ${body.etag}`, `W/${body.etag}`, "*", `"x",W/${body.etag} , "y"`]) {
      const response = answerJson(get({ "If-None-Match": header }), body, { headers: HEADERS });
      expect(response.status, header).toBe(304);
      expect(await response.text()).toBe("");
      expect(response.headers.get("ETag")).toBe(body.etag);
      expect(response.headers.get("Cache-Control")).toBe("private, no-cache, no-transform");
      expect(response.headers.get("Content-Type")).toBeNull();
    }
    for (const header of ['"other"', body.etag.slice(1, -1), `"${body.etag}"`, ""]) {
      const response = answerJson(get({ "If-None-Match": header }), body);
      expect(response.status, header).toBe(200);
      expect(await response.json()).toEqual(LIST);
    }
  });

  it("gzips when asked, under its own tag, and either tag revalidates", async () => {
    const body = jsonBody(LIST);
    const zipped = answerJson(get({ "Accept-Encoding": "gzip, deflate, br" }), body);
    expect(zipped.headers.get("Content-Encoding")).toBe("gzip");
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(Number(zipped.headers.get("Content-Length"))).toBe(bytes.length);
    expect(bytes.length).toBeLessThan(body.bytes.length / 4);
    expect(JSON.parse(gunzipSync(bytes).toString("utf8"))).toEqual(LIST);
    const gzipTag = zipped.headers.get("ETag")!;
    expect(gzipTag).not.toBe(body.etag);
    expect(answerJson(get({ "Accept-Encoding": "gzip", "If-None-Match": gzipTag }), body).status).toBe(304);
    expect(answerJson(get({ "If-None-Match": gzipTag }), body).status).toBe(304);
    expect(answerJson(get({ "Accept-Encoding": "gzip", "If-None-Match": body.etag }), body).status).toBe(304);
  });

  it("leaves small bodies and requests that refuse gzip unencoded", async () => {
    const small = answerJson(get({ "Accept-Encoding": "gzip" }), jsonBody({ available: true, fsa: "H2X" }));
    expect(small.headers.get("Content-Encoding")).toBeNull();
    expect(await small.json()).toEqual({ available: true, fsa: "H2X" });
    expect(answerJson(get({ "Accept-Encoding": "gzip;q=0, br" }), jsonBody(LIST)).headers.get("Content-Encoding")).toBe(
      null,
    );
  });
});

describe("acceptsGzip", () => {
  it("reads q-values, * and their absence", () => {
    expect(acceptsGzip("gzip")).toBe(true);
    expect(acceptsGzip("br;q=1.0, gzip;q=0.8")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("*, gzip;q=0")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip(null)).toBe(false);
  });
});

describe("jsonBodyCache", () => {
  it("serializes once per key, again after validUntil, and keeps at most max keys", () => {
    const cache = jsonBodyCache(2);
    let builds = 0;
    const build = (validUntil?: number) => () => {
      builds += 1;
      return { data: { builds }, validUntil };
    };
    const first = cache.get("a", 100, build(150));
    expect(cache.get("a", 150, build(150))).toBe(first);
    expect(builds).toBe(1);
    const later = cache.get("a", 151, build());
    expect(later).not.toBe(first);
    expect(builds).toBe(2);
    cache.get("b", 151, build());
    cache.get("c", 151, build());
    expect(builds).toBe(4);
    cache.get("a", 151, build());
    expect(builds).toBe(5);
  });
});
