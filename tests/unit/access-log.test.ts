// The server's access log (morgan "tiny", scripts/server.mjs) prints reset links without their token
// (issue 21, part 4).
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { accessLogLine, redactedUrl } from "~/services/serving/access-log.server";

describe("access log", () => {
  it("redacts the query of /reset-password (page and .data) and any token= value", () => {
    expect(redactedUrl("/reset-password?token=abc123")).toBe("/reset-password?[redacted]");
    expect(redactedUrl("/reset-password.data?token=abc123&_routes=x")).toBe("/reset-password.data?[redacted]");
    expect(redactedUrl("/other?a=1&token=abc123")).toBe("/other?a=1&token=[redacted]");
    expect(redactedUrl("/reset-password?done=1")).toBe("/reset-password?[redacted]");
    expect(redactedUrl("/history?page=2")).toBe("/history?page=2");
    expect(redactedUrl("/profile")).toBe("/profile");
    // What an admin searched for names a resident: the app's own access log keeps it, not the server's.
    expect(redactedUrl("/admin/search?q=marie%40bell.net")).toBe("/admin/search?[redacted]");
    expect(redactedUrl("/admin/search.data?q=514+555-0142")).toBe("/admin/search.data?[redacted]");
    expect(redactedUrl("/admin/access-log?resident=marie%40bell.net")).toBe("/admin/access-log?[redacted]");
  });

  it("the server's line is morgan's tiny one, with no token", () => {
    const req = {
      method: "GET",
      url: "/reset-password?token=s3cret-token",
      originalUrl: "/reset-password?token=s3cret-token",
      headers: {},
    } as unknown as IncomingMessage;
    const res = {
      _header: "HTTP/1.1 200 OK",
      statusCode: 200,
      getHeader: () => "1234",
      headersSent: true,
    } as unknown as ServerResponse;
    // The morgan the server loads: its format function is called with morgan's own tokens.
    const morgan = createRequire(import.meta.url)("morgan") as Parameters<typeof accessLogLine>[0];
    const line = accessLogLine(morgan, req, res);
    expect(line).toMatch(/^GET \/reset-password\?\[redacted\] 200 1234 - (?:-|[\d.]+) ms$/);
    expect(line).not.toContain("s3cret-token");
  });
});
