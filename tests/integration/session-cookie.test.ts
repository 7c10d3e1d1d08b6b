// The cookies' security settings as production builds them (decisions section 5): the session and the
// visitor cookie are HttpOnly, SameSite=Lax and Secure when NODE_ENV=production; INSECURE_COOKIES=1
// (the plain-http browser tests only) is the one way to drop Secure. The modules read the environment
// when they load, so each case loads them afresh.
import { afterEach, describe, expect, it, vi } from "vitest";
import { STAND_IN_IDENTITY } from "../../scripts/stand-in-identity.mjs";

const saved = {
  NODE_ENV: process.env.NODE_ENV,
  INSECURE_COOKIES: process.env.INSECURE_COOKIES,
  SESSION_SECRET: process.env.SESSION_SECRET,
  APP_URL: process.env.APP_URL,
};

afterEach(() => {
  process.env.NODE_ENV = saved.NODE_ENV;
  if (saved.INSECURE_COOKIES === undefined) delete process.env.INSECURE_COOKIES;
  else process.env.INSECURE_COOKIES = saved.INSECURE_COOKIES;
  process.env.SESSION_SECRET = saved.SESSION_SECRET;
  if (saved.APP_URL === undefined) delete process.env.APP_URL;
  else process.env.APP_URL = saved.APP_URL;
  for (const name of Object.keys(STAND_IN_IDENTITY)) delete process.env[name];
  vi.resetModules();
});

async function cookiesUnder(env: { NODE_ENV: "production" | "development"; INSECURE_COOKIES?: string }) {
  process.env.NODE_ENV = env.NODE_ENV;
  // Production refuses to start without it, and with the placeholder identity.
  process.env.APP_URL = "https://recircle.example";
  Object.assign(process.env, STAND_IN_IDENTITY);
  if (env.INSECURE_COOKIES === undefined) delete process.env.INSECURE_COOKIES;
  else process.env.INSECURE_COOKIES = env.INSECURE_COOKIES;
  vi.resetModules();
  const { registerUser } = await import("~/services/accounts/accounts.server");
  const session = await import("~/services/http/current-user.server");
  const { flashToast } = await import("~/services/http/toast.server");
  const user = await registerUser({
    email: `cookie-${env.NODE_ENV}-${env.INSECURE_COOKIES ?? "x"}-${Date.now()}@bell.net`,
    password: "sorting-day-1",
    locale: "en",
  });
  const sessionCookie = (await session.createUserSession(user.id)).get("Set-Cookie")!;
  const visitorCookie = (await flashToast(new Request("http://localhost/"), { title: "toast.success" })).get(
    "Set-Cookie",
  )!;
  const attributes = (cookie: string) => cookie.split(";").map((a) => a.trim().toLowerCase());
  return { session: attributes(sessionCookie), visitor: attributes(visitorCookie), raw: sessionCookie };
}

describe("session cookie settings", () => {
  it("production: HttpOnly, SameSite=Lax, Secure, for the session and the visitor cookie", async () => {
    const { session, visitor, raw } = await cookiesUnder({ NODE_ENV: "production" });
    // __Host-: the browser keeps it only when Secure, on path /, without Domain (no subdomain can set it).
    expect(raw).toMatch(/^__Host-session=/);
    expect(session.some((attribute) => attribute.startsWith("domain="))).toBe(false);
    for (const cookie of [session, visitor]) {
      expect(cookie).toContain("httponly");
      expect(cookie).toContain("samesite=lax");
      expect(cookie).toContain("secure");
      expect(cookie).toContain("path=/");
    }
    // The value is only a signed random id (the data stays in the database).
    const value = decodeURIComponent(raw.split(";")[0]!.slice("__Host-session=".length));
    const [payload, signature] = value.split(".");
    expect(signature).toBeTruthy();
    const id = JSON.parse(Buffer.from(payload!, "base64").toString("utf8"));
    expect(typeof id).toBe("string");
    expect(id.length).toBeGreaterThanOrEqual(24);
  });

  it("production over plain http (INSECURE_COOKIES=1, the browser tests): not Secure, still HttpOnly and Lax", async () => {
    const { session, raw } = await cookiesUnder({ NODE_ENV: "production", INSECURE_COOKIES: "1" });
    // __Host- needs Secure: plain http keeps the plain name.
    expect(raw).toMatch(/^__session=/);
    expect(session).not.toContain("secure");
    expect(session).toContain("httponly");
    expect(session).toContain("samesite=lax");
  });

  it("development: not Secure (http://localhost)", async () => {
    const { session, raw } = await cookiesUnder({ NODE_ENV: "development" });
    expect(raw).toMatch(/^__session=/);
    expect(session).not.toContain("secure");
    expect(session).toContain("httponly");
  });
});

describe("session secret rotation", () => {
  async function modulesWith(secret: string) {
    process.env.SESSION_SECRET = secret;
    vi.resetModules();
    const accounts = await import("~/services/accounts/accounts.server");
    const session = await import("~/services/http/current-user.server");
    return { ...accounts, ...session };
  }
  const cookieOf = (headers: Headers) => headers.get("Set-Cookie")!.split(";")[0]!;
  const asking = (cookie: string) => new Request("http://localhost/history", { headers: { Cookie: cookie } });

  it("a cookie signed with the old secret still signs in after a new secret is put first", async () => {
    const old = await modulesWith("old-secret");
    const user = await old.registerUser({
      email: `rotate-${Date.now()}@bell.net`,
      password: "sorting-day-1",
      locale: "en",
    });
    const oldCookie = cookieOf(await old.createUserSession(user.id));
    expect((await old.getUser(asking(oldCookie)))?.id).toBe(user.id);

    const rotated = await modulesWith("new-secret, old-secret");
    expect((await rotated.getUser(asking(oldCookie)))?.id).toBe(user.id);
    // New cookies are signed with the first secret: they verify once the old secret is dropped.
    const newCookie = cookieOf(await rotated.createUserSession(user.id));
    const dropped = await modulesWith("new-secret");
    expect((await dropped.getUser(asking(newCookie)))?.id).toBe(user.id);
    expect(await dropped.getUser(asking(oldCookie))).toBeNull();
  });
});
