// The cookies' security settings as production builds them (decisions section 5): the session and the
// visitor cookie are HttpOnly, SameSite=Lax and Secure when NODE_ENV=production; INSECURE_COOKIES=1
// (the plain-http browser tests only) is the one way to drop Secure. The modules read the environment
// when they load, so each case loads them afresh.
import { afterEach, describe, expect, it, vi } from "vitest";

const saved = { NODE_ENV: process.env.NODE_ENV, INSECURE_COOKIES: process.env.INSECURE_COOKIES };

afterEach(() => {
  process.env.NODE_ENV = saved.NODE_ENV;
  if (saved.INSECURE_COOKIES === undefined) delete process.env.INSECURE_COOKIES;
  else process.env.INSECURE_COOKIES = saved.INSECURE_COOKIES;
  vi.resetModules();
});

async function cookiesUnder(env: { NODE_ENV: "production" | "development"; INSECURE_COOKIES?: string }) {
  process.env.NODE_ENV = env.NODE_ENV;
  if (env.INSECURE_COOKIES === undefined) delete process.env.INSECURE_COOKIES;
  else process.env.INSECURE_COOKIES = env.INSECURE_COOKIES;
  vi.resetModules();
  const { registerUser } = await import("~/services/accounts.server");
  const session = await import("~/services/session.server");
  const user = await registerUser({
    email: `cookie-${env.NODE_ENV}-${env.INSECURE_COOKIES ?? "x"}-${Date.now()}@bell.net`,
    password: "secret1",
    locale: "en",
  });
  const sessionCookie = (await session.createUserSession(user.id)).get("Set-Cookie")!;
  const visitorCookie = (await session.flashToast(new Request("http://localhost/"), { title: "toast.success" })).get("Set-Cookie")!;
  const attributes = (cookie: string) => cookie.split(";").map((a) => a.trim().toLowerCase());
  return { session: attributes(sessionCookie), visitor: attributes(visitorCookie), raw: sessionCookie };
}

describe("session cookie settings", () => {
  it("production: HttpOnly, SameSite=Lax, Secure, for the session and the visitor cookie", async () => {
    const { session, visitor, raw } = await cookiesUnder({ NODE_ENV: "production" });
    expect(raw).toMatch(/^__session=/);
    for (const cookie of [session, visitor]) {
      expect(cookie).toContain("httponly");
      expect(cookie).toContain("samesite=lax");
      expect(cookie).toContain("secure");
      expect(cookie).toContain("path=/");
    }
    // The value is only a signed random id (the data stays in the database).
    const value = decodeURIComponent(raw.split(";")[0]!.slice("__session=".length));
    const [payload, signature] = value.split(".");
    expect(signature).toBeTruthy();
    const id = JSON.parse(Buffer.from(payload!, "base64").toString("utf8"));
    expect(typeof id).toBe("string");
    expect(id.length).toBeGreaterThanOrEqual(24);
  });

  it("production over plain http (INSECURE_COOKIES=1, the browser tests): not Secure, still HttpOnly and Lax", async () => {
    const { session } = await cookiesUnder({ NODE_ENV: "production", INSECURE_COOKIES: "1" });
    expect(session).not.toContain("secure");
    expect(session).toContain("httponly");
    expect(session).toContain("samesite=lax");
  });

  it("development: not Secure (http://localhost)", async () => {
    const { session } = await cookiesUnder({ NODE_ENV: "development" });
    expect(session).not.toContain("secure");
    expect(session).toContain("httponly");
  });
});
