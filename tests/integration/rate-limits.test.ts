// Rate limits (decisions section 5): sign-in, sign-up, password reset, postal check, waitlist and promo
// validation answer 429 with Retry-After once over their limit, both as page forms (the form's reply
// carries the translated message's key) and as the JSON API ({ message } in the caller's language).
// A refused attempt stores nothing; another client, or the next window, is let through.
import { eq, sql } from "drizzle-orm";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { beforeAll, beforeEach, afterEach, describe, expect, it } from "vitest";
import { setNow } from "~/lib/clock";
import { action as signInAction } from "~/routes/sign-in";
import { action as signUpAction } from "~/routes/sign-up";
import { action as authAction } from "~/routes/auth";
import { action as forgotAction } from "~/routes/forgot-password";
import { action as resetAction } from "~/routes/reset-password";
import { action as waitlistPageAction, loader as postalPageLoader } from "~/routes/postal-code";
import { action as checkoutAction } from "~/routes/checkout/route";
import { action as apiLogin } from "~/routes/api.auth.login";
import { action as apiRegister } from "~/routes/api.auth.register";
import { action as apiForgot } from "~/routes/api.auth.forgot-password";
import { action as apiReset } from "~/routes/api.auth.reset-password";
import { loader as apiServiceArea } from "~/routes/api.service-areas.$fsa";
import { action as apiWaitlist } from "~/routes/api.waitlist";
import { action as apiPromo } from "~/routes/api.promo.validate";
import { db, schema } from "~/services/platform/db.server";
import { getTFor } from "~/services/platform/translate.server";
import { env } from "~/services/platform/config.server";
import { LIMITS, resetRateLimits, type LimitName } from "~/services/http/rate-limit.server";
import { createUserSession } from "~/services/http/current-user.server";
import { ensureSeeded, resident, slot } from "./fixtures";

type Handler = (args: ActionFunctionArgs & LoaderFunctionArgs) => unknown;
type Answer = { status: number; headers: Headers; body: Record<string, unknown> };

/** Calls a route's action or loader as Remix would, and reads whatever it answered (Response or data()). */
async function call(
  handler: Handler,
  path: string,
  options: {
    method?: string;
    form?: Record<string, string>;
    json?: unknown;
    cookie?: string;
    headers?: Record<string, string>;
    params?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const headers = new Headers(options.headers);
  if (options.cookie) headers.set("Cookie", options.cookie);
  // English unless the test asks otherwise: a request with no language preference gets French.
  if (!headers.has("Accept-Language")) headers.set("Accept-Language", "en-CA");
  let body: string | undefined;
  if (options.form) {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    body = new URLSearchParams(options.form).toString();
  } else if (options.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(options.json);
  }
  const request = new Request(`http://localhost${path}`, {
    method: options.method ?? (body ? "POST" : "GET"),
    headers,
    body,
  });
  let result: unknown;
  try {
    result = await handler({ request, params: options.params ?? {}, context: {} });
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    const text = await result.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      parsed = { text };
    }
    return { status: result.status, headers: result.headers, body: parsed };
  }
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = result as { data: Record<string, unknown>; init: ResponseInit | null };
    return { status: init?.status ?? 200, headers: new Headers(init?.headers), body: data };
  }
  if (result instanceof Error) throw result;
  return { status: 200, headers: new Headers(), body: result as Record<string, unknown> };
}

/** The limit in force (RATE_LIMIT_FACTOR is 1 in tests). */
const max = (name: LimitName) => LIMITS[name].max;

/** Makes `count` calls and returns the answers, in order. */
async function repeat(count: number, make: (i: number) => Promise<Answer>) {
  const answers: Answer[] = [];
  for (let i = 0; i < count; i++) answers.push(await make(i));
  return answers;
}

function expectRetryAfter(answer: Answer, name: LimitName) {
  expect(answer.status).toBe(429);
  const retryAfter = Number(answer.headers.get("Retry-After"));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(LIMITS[name].windowMs / 1000);
}

/** A Conform reply refused with the form-level "too many requests" message. */
function expectFormRefusal(answer: Answer, name: LimitName) {
  expectRetryAfter(answer, name);
  const reply = answer.body.reply as { error?: Record<string, string[] | null> };
  expect(reply.error?.[""]).toContain("errors.tooManyRequests");
}

let english = "";
let french = "";
let n = 0;
const email = (tag: string) => `limits-${tag}-${Date.now().toString(36)}-${++n}@bell.net`;
const userCount = () =>
  db
    .select({ n: sql<number>`count(*)` })
    .from(schema.users)
    .get()!.n;
const waitlistCount = () =>
  db
    .select({ n: sql<number>`count(*)` })
    .from(schema.waitlistEntries)
    .get()!.n;

beforeAll(async () => {
  ensureSeeded();
  english = (await getTFor("en"))("errors.tooManyRequests");
  french = (await getTFor("fr"))("errors.tooManyRequests");
});
beforeEach(() => resetRateLimits());
afterEach(() => setNow(null));

describe("the message", () => {
  it("exists in English and French", () => {
    expect(english).toMatch(/too many/i);
    expect(french).toMatch(/trop de tentatives/i);
  });
});

describe("page forms answer 429 with Retry-After and the translated message", () => {
  it("sign-in (/sign-in and the tabbed /auth share the limit)", async () => {
    const form = { email: "nobody@bell.net", password: "wrong-password" };
    const allowed = await repeat(max("signIn") - 1, () => call(signInAction, "/sign-in", { form }));
    expect(allowed.every((a) => a.status !== 429)).toBe(true);
    expect((await call(authAction, "/auth", { form: { ...form, intent: "signin" } })).status).not.toBe(429);
    expectFormRefusal(await call(signInAction, "/sign-in", { form }), "signIn");
    expectFormRefusal(await call(authAction, "/auth", { form: { ...form, intent: "signin" } }), "signIn");
  });

  it("sign-up, and the refused attempt creates no account", async () => {
    const form = (tag: string) => ({
      email: email(tag),
      password: "recycle-42",
      confirmPassword: "recycle-42",
      postalFsa: "H2X",
    });
    const allowed = await repeat(max("signUp"), (i) => call(signUpAction, "/sign-up", { form: form(`ok${i}`) }));
    expect(allowed.map((a) => a.status)).toEqual(Array(max("signUp")).fill(302));
    const before = userCount();
    const refused = form("refused");
    expectFormRefusal(await call(signUpAction, "/sign-up", { form: refused }), "signUp");
    expectFormRefusal(await call(authAction, "/auth", { form: { ...form("tab"), intent: "signup" } }), "signUp");
    expect(userCount()).toBe(before);
    expect(db.select().from(schema.users).where(eq(schema.users.email, refused.email)).get()).toBeUndefined();
  });

  it("password reset: the request form and the new-password form share the limit", async () => {
    const allowed = await repeat(max("passwordReset"), () =>
      call(forgotAction, "/forgot-password", { form: { email: "someone@bell.net" } }),
    );
    expect(allowed.every((a) => a.status === 302)).toBe(true);
    expectFormRefusal(
      await call(forgotAction, "/forgot-password", { form: { email: "someone@bell.net" } }),
      "passwordReset",
    );
    expectFormRefusal(
      await call(resetAction, "/reset-password", {
        form: { token: "x".repeat(40), newPassword: "recycle-42", confirmPassword: "recycle-42" },
      }),
      "passwordReset",
    );
  });

  it("postal check (a GET form) shows the message as a toast with status 429", async () => {
    const allowed = await repeat(max("postalCheck"), () => call(postalPageLoader, "/postal-code?fsa=H2X"));
    expect(allowed.every((a) => a.status === 200)).toBe(true);
    const refused = await call(postalPageLoader, "/postal-code?fsa=H2X");
    expectRetryAfter(refused, "postalCheck");
    expect(refused.body.toast).toMatchObject({ type: "error", description: "errors.tooManyRequests" });
  });

  it("waitlist, and the refused entry is not stored", async () => {
    const form = (i: number) => ({ name: "Luc", email: email(`wait${i}`), fsa: "K1A", reason: "Outside Service Area" });
    const allowed = await repeat(max("waitlist"), (i) =>
      call(waitlistPageAction, "/postal-code?fsa=K1A", { form: form(i) }),
    );
    expect(allowed.every((a) => a.status === 302)).toBe(true);
    const before = waitlistCount();
    expectFormRefusal(await call(waitlistPageAction, "/postal-code?fsa=K1A", { form: form(99) }), "waitlist");
    expect(waitlistCount()).toBe(before);
  });

  it("promo code at checkout", async () => {
    const user = await resident();
    const s = slot();
    const cookie = (await createUserSession(user.id)).get("Set-Cookie")!.split(";")[0]!;
    const path = `/checkout?bags=1&slotId=${s.id}`;
    const form = { intent: "applyPromo", code: "RC-NOTACODE" };
    const allowed = await repeat(max("promo"), () => call(checkoutAction, path, { form, cookie }));
    expect(allowed.map((a) => a.status)).toEqual(Array(max("promo")).fill(400));
    const refused = await call(checkoutAction, path, { form, cookie });
    expectRetryAfter(refused, "promo");
    const reply = refused.body.reply as { error?: Record<string, string[] | null> };
    expect(reply.error?.code).toEqual(["common:errors.tooManyRequests"]);
  });
});

describe("the JSON API answers 429 with Retry-After and { message } in the caller's language", () => {
  async function expectApiRefusal(answer: Answer, name: LimitName, message = english) {
    expectRetryAfter(answer, name);
    expect(answer.body).toEqual({ message });
  }

  it("POST /api/auth/login", async () => {
    const json = { email: "nobody@bell.net", password: "wrong-password" };
    const allowed = await repeat(max("signIn"), () => call(apiLogin, "/api/auth/login", { json }));
    expect(allowed.every((a) => a.status === 401 || a.status === 400)).toBe(true);
    await expectApiRefusal(await call(apiLogin, "/api/auth/login", { json }), "signIn");
    await expectApiRefusal(
      await call(apiLogin, "/api/auth/login", { json, headers: { "Accept-Language": "fr-CA" } }),
      "signIn",
      french,
    );
  });

  it("POST /api/auth/register, storing nothing once refused", async () => {
    const allowed = await repeat(max("signUp"), (i) =>
      call(apiRegister, "/api/auth/register", { json: { email: email(`api${i}`), password: "recycle-42" } }),
    );
    expect(allowed.map((a) => a.status)).toEqual(Array(max("signUp")).fill(201));
    const before = userCount();
    await expectApiRefusal(
      await call(apiRegister, "/api/auth/register", { json: { email: email("apirefused"), password: "recycle-42" } }),
      "signUp",
    );
    expect(userCount()).toBe(before);
  });

  it("POST /api/auth/forgot-password and /api/auth/reset-password", async () => {
    await repeat(max("passwordReset"), () =>
      call(apiForgot, "/api/auth/forgot-password", { json: { email: "someone@bell.net" } }),
    );
    await expectApiRefusal(
      await call(apiForgot, "/api/auth/forgot-password", { json: { email: "someone@bell.net" } }),
      "passwordReset",
    );
    await expectApiRefusal(
      await call(apiReset, "/api/auth/reset-password", {
        json: { token: "x".repeat(40), newPassword: "recycle-42" },
        headers: { "Accept-Language": "fr" },
      }),
      "passwordReset",
      french,
    );
  });

  it("GET /api/service-areas/{fsa}", async () => {
    const allowed = await repeat(max("postalCheck"), () =>
      call(apiServiceArea, "/api/service-areas/H2X", { params: { fsa: "H2X" } }),
    );
    expect(allowed.every((a) => a.status === 200)).toBe(true);
    await expectApiRefusal(
      await call(apiServiceArea, "/api/service-areas/H2X", { params: { fsa: "H2X" } }),
      "postalCheck",
    );
  });

  it("POST /api/waitlist, storing nothing once refused", async () => {
    const json = (i: number) => ({
      email: email(`apiwait${i}`),
      name: "Luc",
      postal_code: "K1A",
      building_access: "Outside Service Area",
    });
    const allowed = await repeat(max("waitlist"), (i) => call(apiWaitlist, "/api/waitlist", { json: json(i) }));
    expect(allowed.every((a) => a.status === 201)).toBe(true);
    const before = waitlistCount();
    await expectApiRefusal(await call(apiWaitlist, "/api/waitlist", { json: json(99) }), "waitlist");
    expect(waitlistCount()).toBe(before);
  });

  it("POST /api/promo/validate", async () => {
    const user = await resident();
    const cookie = (await createUserSession(user.id)).get("Set-Cookie")!.split(";")[0]!;
    const json = { code: "RC-NOTACODE", bagCount: 1 };
    const allowed = await repeat(max("promo"), () => call(apiPromo, "/api/promo/validate", { json, cookie }));
    expect(allowed.every((a) => a.status === 400)).toBe(true);
    await expectApiRefusal(await call(apiPromo, "/api/promo/validate", { json, cookie }), "promo");
  });
});

describe("the limits are per client and per window", () => {
  afterEach(() => {
    env.TRUST_PROXY = "0";
  });

  it("another client is still let through, and the same one again after the window", async () => {
    env.TRUST_PROXY = "fly";
    // A fresh account each time: the per-account limit is not what is tried here.
    const from = (ip: string) => ({
      json: { email: email("per-client"), password: "wrong-password" },
      headers: { "Fly-Client-IP": ip },
    });
    await repeat(max("signIn"), () => call(apiLogin, "/api/auth/login", from("203.0.113.7")));
    expect((await call(apiLogin, "/api/auth/login", from("203.0.113.7"))).status).toBe(429);
    expect((await call(apiLogin, "/api/auth/login", from("198.51.100.9"))).status).not.toBe(429);
    setNow(Date.now() + LIMITS.signIn.windowMs + 1000);
    expect((await call(apiLogin, "/api/auth/login", from("203.0.113.7"))).status).not.toBe(429);
  });
});

describe("headers a client writes do not choose its bucket", () => {
  afterEach(() => {
    env.TRUST_PROXY = "0";
  });

  it.each(["X-Forwarded-For", "X-Client-IP", "Fly-Client-IP", "X-Real-IP"])(
    "without TRUST_PROXY, a new %s after a 429 is still refused",
    async (header) => {
      const json = { email: "nobody@bell.net", password: "wrong-password" };
      const from = (ip: string) => ({ json, headers: { [header]: ip } });
      await repeat(max("signIn"), (i) => call(apiLogin, "/api/auth/login", from(`203.0.113.${i}`)));
      for (const ip of ["198.51.100.1", "198.51.100.2", "10.0.0.1"]) {
        const refused = await call(apiLogin, "/api/auth/login", from(ip));
        expectRetryAfter(refused, "signIn");
        expect(refused.body).toEqual({ message: english });
      }
      const page = await call(signInAction, "/sign-in", {
        form: { email: "nobody@bell.net", password: "wrong-password" },
        headers: { [header]: "192.0.2.77" },
      });
      expectFormRefusal(page, "signIn");
    },
  );

  it("behind fly-proxy (TRUST_PROXY=fly), only Fly-Client-IP names the client: a forged X-Forwarded-For opens no bucket", async () => {
    env.TRUST_PROXY = "fly";
    // A fresh account each time: the per-account limit is not what is tried here.
    const from = (client: string, forged: string) => ({
      json: { email: email("fly"), password: "wrong-password" },
      headers: { "Fly-Client-IP": client, "X-Forwarded-For": forged, "X-Client-IP": forged },
    });
    await repeat(max("signIn"), (i) => call(apiLogin, "/api/auth/login", from("203.0.113.50", `10.0.0.${i}`)));
    expect((await call(apiLogin, "/api/auth/login", from("203.0.113.50", "10.9.9.9"))).status).toBe(429);
    expect((await call(apiLogin, "/api/auth/login", from("198.51.100.50", "10.9.9.9"))).status).not.toBe(429);
  });

  it("behind a generic proxy (TRUST_PROXY=1), the address it appended last names the client", async () => {
    env.TRUST_PROXY = "1";
    const json = { email: "nobody@bell.net", password: "wrong-password" };
    const from = (forged: string, real: string) => ({ json, headers: { "X-Forwarded-For": `${forged}, ${real}` } });
    await repeat(max("signIn"), (i) => call(apiLogin, "/api/auth/login", from(`10.0.0.${i}`, "203.0.113.60")));
    expect((await call(apiLogin, "/api/auth/login", from("10.9.9.9", "203.0.113.60"))).status).toBe(429);
  });
});

describe("the per-account sign-in limit", () => {
  afterEach(() => {
    env.TRUST_PROXY = "0";
  });

  it("holds across addresses: the 11th try from a new address is refused for that account only", async () => {
    env.TRUST_PROXY = "fly";
    const victim = await resident();
    const other = await resident();
    const limit = LIMITS.signInAccount.max;
    const wrong = (ip: string, address = victim.email) => ({
      json: { email: address, password: "not-the-password" },
      headers: { "Fly-Client-IP": ip },
    });
    const tries = await repeat(limit, (i) => call(apiLogin, "/api/auth/login", wrong(`203.0.113.${100 + i}`)));
    expect(tries.every((a) => a.status === 401)).toBe(true);

    // Spelled otherwise, from an address never seen: still the same account, still refused.
    const refused = await call(apiLogin, "/api/auth/login", wrong("198.51.100.200", ` ${victim.email.toUpperCase()} `));
    expectRetryAfter(refused, "signInAccount");
    expect(refused.body.message).toBe((await getTFor("en"))("errors.accountLocked"));
    // Even the right password waits: the account, not the guess, is limited.
    const right = await call(apiLogin, "/api/auth/login", {
      json: { email: victim.email, password: "sorting-day-1" },
      headers: { "Fly-Client-IP": "198.51.100.201", "Accept-Language": "fr-CA" },
    });
    expectRetryAfter(right, "signInAccount");
    expect(right.body.message).toBe((await getTFor("fr"))("errors.accountLocked"));
    const page = await call(signInAction, "/sign-in", {
      form: { email: victim.email, password: "not-the-password" },
      headers: { "Fly-Client-IP": "198.51.100.202" },
    });
    expectRetryAfter(page, "signInAccount");
    expect((page.body.reply as { error?: Record<string, string[]> }).error?.[""]).toContain("errors.accountLocked");

    // Another account signs in, from the same addresses as the attack.
    const signedIn = await call(apiLogin, "/api/auth/login", {
      json: { email: other.email, password: "sorting-day-1" },
      headers: { "Fly-Client-IP": "203.0.113.100" },
    });
    expect(signedIn.status).toBe(200);
    // And the window ends.
    setNow(Date.now() + LIMITS.signInAccount.windowMs + 1000);
    const later = await call(apiLogin, "/api/auth/login", {
      json: { email: victim.email, password: "sorting-day-1" },
      headers: { "Fly-Client-IP": "198.51.100.203" },
    });
    expect(later.status).toBe(200);
  });

  it("a success does not reset another account's count", async () => {
    env.TRUST_PROXY = "fly";
    const victim = await resident();
    const other = await resident();
    const limit = LIMITS.signInAccount.max;
    await repeat(limit - 1, (i) =>
      call(apiLogin, "/api/auth/login", {
        json: { email: victim.email, password: "not-the-password" },
        headers: { "Fly-Client-IP": `192.0.2.${i}` },
      }),
    );
    const ok = await call(apiLogin, "/api/auth/login", {
      json: { email: other.email, password: "sorting-day-1" },
      headers: { "Fly-Client-IP": "192.0.2.200" },
    });
    expect(ok.status).toBe(200);
    await call(apiLogin, "/api/auth/login", {
      json: { email: victim.email, password: "not-the-password" },
      headers: { "Fly-Client-IP": "192.0.2.201" },
    });
    const refused = await call(apiLogin, "/api/auth/login", {
      json: { email: victim.email, password: "not-the-password" },
      headers: { "Fly-Client-IP": "192.0.2.202" },
    });
    expectRetryAfter(refused, "signInAccount");
  });
});
