// remix-serve's access log (morgan "tiny") prints reset links without their token (issue 21, part 4).
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { redactAccessLog, redactedUrl } from "~/services/http/access-log.server";

type Morgan = {
  tiny: string;
  compile(format: string): (tokens: unknown, req: unknown, res: unknown) => string;
};

describe("access log", () => {
  it("redacts the query of /reset-password (page and .data) and any token= value", () => {
    expect(redactedUrl("/reset-password?token=abc123")).toBe("/reset-password?[redacted]");
    expect(redactedUrl("/reset-password.data?token=abc123&_routes=x")).toBe("/reset-password.data?[redacted]");
    expect(redactedUrl("/other?a=1&token=abc123")).toBe("/other?a=1&token=[redacted]");
    expect(redactedUrl("/reset-password?done=1")).toBe("/reset-password?[redacted]");
    expect(redactedUrl("/history?page=2")).toBe("/history?page=2");
    expect(redactedUrl("/profile")).toBe("/profile");
  });

  it("morgan's line, as remix-serve writes it, carries no token once redactAccessLog ran", () => {
    redactAccessLog();
    // The morgan remix-serve itself loads.
    const serve = createRequire(import.meta.url).resolve("@remix-run/serve/package.json");
    const morgan = createRequire(serve)("morgan") as Morgan;
    const line = morgan.compile(morgan.tiny)(
      morgan,
      { method: "GET", url: "/reset-password?token=s3cret-token", originalUrl: "/reset-password?token=s3cret-token" },
      { _header: "HTTP/1.1 200 OK", statusCode: 200, getHeader: () => "1234", headersSent: true },
    );
    expect(line).toContain("GET /reset-password?[redacted] 200");
    expect(line).not.toContain("s3cret-token");
  });
});
