// Trusted origins (issue 21, part 1): the app answers only for APP_URL's host, or locally the loopback
// names; a foreign Host or X-Forwarded-Host gets a 400 before anything runs, so no reset or booking
// e-mail can carry a link to a host the client chose. X-Forwarded-* are believed only behind the proxy
// TRUST_PROXY names. Production without APP_URL refuses to start.
import { eq } from "drizzle-orm";
import type { ActionFunctionArgs } from "@remix-run/node";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action as forgotAction } from "~/routes/forgot-password";
import { action as apiForgot } from "~/routes/api.auth.forgot-password";
import { action as createIntentAction } from "~/routes/api.create-payment-intent";
import { action as simulatedConfirmAction } from "~/routes/api.payments.simulated.confirm";
import { action as pickupRequestsAction } from "~/routes/api.pickup-requests";
import { db, schema } from "~/services/platform/db.server";
import { env, loadEnv } from "~/services/platform/config.server";
import { resetRateLimits } from "~/services/http/rate-limit.server";
import { createUserSession } from "~/services/http/current-user.server";
import { hostRefusal } from "~/services/http/trusted-origin.server";
import { requestOrigin } from "~/services/http/request.server";
import { CARD, ensureSeeded, resident, slot } from "./fixtures";
import { STAND_IN_IDENTITY } from "../../scripts/stand-in-identity.mjs";

type Action = (args: ActionFunctionArgs) => unknown;

/** Posts to an action as Remix would; a thrown Response is returned like any other. */
async function post(
  action: Action,
  path: string,
  options: { json?: unknown; form?: Record<string, string>; headers?: Record<string, string>; cookie?: string },
) {
  const headers = new Headers({ "Accept-Language": "en-CA", ...options.headers });
  if (options.cookie) headers.set("Cookie", options.cookie);
  let body: string;
  if (options.form) {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    body = new URLSearchParams(options.form).toString();
  } else {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(options.json ?? {});
  }
  const request = new Request(`http://localhost${path}`, { method: "POST", headers, body });
  try {
    const result = await action({ request, params: {}, context: {} });
    return result instanceof Response ? result : new Response(null, { status: 200 });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const outboxFor = (to: string) => db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, to)).all();
const FOREIGN: Record<string, string>[] = [
  { Host: "evil.example" },
  { "X-Forwarded-Host": "evil.example" },
  { Host: "localhost.evil.example" },
];

const saved = { APP_URL: env.APP_URL, TRUST_PROXY: env.TRUST_PROXY };
beforeAll(() => ensureSeeded());
beforeEach(() => resetRateLimits());
afterEach(() => {
  env.APP_URL = saved.APP_URL;
  env.TRUST_PROXY = saved.TRUST_PROXY;
});

describe("a reset e-mail asked for with a foreign host", () => {
  it.each(FOREIGN)("page form and API with %o: 400 and no e-mail", async (headers) => {
    const user = await resident();
    const page = await post(forgotAction, "/forgot-password", { form: { email: user.email }, headers });
    expect(page.status).toBe(400);
    expect(page.headers.get("Content-Type")).toMatch(/^text\/plain/);
    const api = await post(apiForgot, "/api/auth/forgot-password", { json: { email: user.email }, headers });
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({ message: "Unknown host" });
    expect(outboxFor(user.email)).toHaveLength(0);
  });

  it("the loopback names with any port are served locally, and the link keeps the request's origin", async () => {
    const user = await resident();
    for (const host of ["localhost:4100", "127.0.0.1:3000", "[::1]:8080"]) {
      const api = await post(apiForgot, "/api/auth/forgot-password", {
        json: { email: user.email },
        headers: { Host: host },
      });
      expect(api.status).toBe(200);
      expect(outboxFor(user.email).at(-1)!.text).toContain(`http://${host}/reset-password?token=`);
    }
  });

  it("with APP_URL set, only its host is served and the link uses APP_URL", async () => {
    env.APP_URL = "https://recircle.example";
    const user = await resident();
    const local = await post(apiForgot, "/api/auth/forgot-password", {
      json: { email: user.email },
      headers: { Host: "localhost:3000" },
    });
    expect(local.status).toBe(400);
    expect(outboxFor(user.email)).toHaveLength(0);
    const page = await post(forgotAction, "/forgot-password", {
      form: { email: user.email },
      headers: { Host: "recircle.example" },
    });
    expect(page.status).toBe(302);
    const link = outboxFor(user.email).at(-1)!.text;
    expect(link).toContain("https://recircle.example/reset-password?token=");
    expect(link).not.toContain("localhost");
  });
});

describe("a booking e-mail asked for with a foreign host", () => {
  it.each(FOREIGN)(
    "%o: 400, nothing booked, no e-mail; the same request on our host books and e-mails",
    async (headers) => {
      const user = await resident();
      const cookie = (await createUserSession(user.id)).get("Set-Cookie")!.split(";")[0]!;
      const s = slot();
      const created = (await (
        await post(createIntentAction, "/api/create-payment-intent", {
          json: { amount: 1150, bagCount: 1, slotId: s.id, acceptTerms: true },
          cookie,
        })
      ).json()) as { paymentIntentId: string };
      const { paymentIntentId } = created;
      const confirmed = await post(simulatedConfirmAction, "/api/payments/simulated/confirm", {
        json: { paymentIntentId, ...CARD },
        cookie,
      });
      expect(confirmed.status).toBe(200);
      const mailsBefore = outboxFor(user.email).length;
      const json = { bagsRequested: 1, pickupSlotId: s.id, totalPrice: 11.5, paymentIntentId, acceptTerms: true };

      const refused = await post(pickupRequestsAction, "/api/pickup-requests", { json, cookie, headers });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ message: "Unknown host" });
      expect(
        db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.userId, user.id)).all(),
      ).toHaveLength(0);
      expect(outboxFor(user.email)).toHaveLength(mailsBefore);

      const booked = await post(pickupRequestsAction, "/api/pickup-requests", { json, cookie });
      expect(booked.status).toBe(201);
      expect(outboxFor(user.email).length).toBeGreaterThan(mailsBefore);
    },
  );
});

describe("X-Forwarded-* only from a trusted proxy", () => {
  const request = (headers: Record<string, string>) => new Request("http://localhost:3000/x", { headers });

  it("without TRUST_PROXY, X-Forwarded-Proto is not read and a loopback X-Forwarded-Host does not replace Host", () => {
    env.TRUST_PROXY = "0";
    expect(
      requestOrigin(
        request({ Host: "localhost:3000", "X-Forwarded-Host": "127.0.0.1:9", "X-Forwarded-Proto": "https" }),
      ),
    ).toBe("http://localhost:3000");
  });

  it("behind a generic proxy (TRUST_PROXY=1), X-Forwarded-Host and -Proto name the origin, and are checked", () => {
    env.TRUST_PROXY = "1";
    expect(
      requestOrigin(
        request({ Host: "app.internal:3000", "X-Forwarded-Host": "localhost:8443", "X-Forwarded-Proto": "https" }),
      ),
    ).toBe("https://localhost:8443");
    expect(hostRefusal(request({ Host: "localhost:3000", "X-Forwarded-Host": "evil.example" }))?.status).toBe(400);
  });

  it("behind fly-proxy (TRUST_PROXY=fly), X-Forwarded-Host is not its header: the Host is checked", () => {
    env.TRUST_PROXY = "fly";
    env.APP_URL = "https://recircle-montreal.fly.dev";
    expect(hostRefusal(request({ Host: "recircle-montreal.fly.dev", "X-Forwarded-Proto": "https" }))).toBeNull();
    expect(
      hostRefusal(request({ Host: "recircle-montreal.fly.dev", "X-Forwarded-Host": "evil.example" }))?.status,
    ).toBe(400);
    expect(requestOrigin(request({ Host: "recircle-montreal.fly.dev:443" }))).toBe("https://recircle-montreal.fly.dev");
  });

  it("pages and their data answer plain text 400 to a foreign host, the API JSON", async () => {
    const page = hostRefusal(new Request("http://localhost/profile", { headers: { Host: "evil.example" } }))!;
    expect(page.status).toBe(400);
    expect(await page.text()).toBe("Unknown host");
    const api = hostRefusal(new Request("http://localhost/api/auth/me", { headers: { Host: "evil.example" } }))!;
    expect(await api.json()).toEqual({ message: "Unknown host" });
    expect(hostRefusal(new Request("http://localhost/profile", { headers: { Host: "localhost:3000" } }))).toBeNull();
  });
});

describe("production configuration", () => {
  const production = {
    NODE_ENV: "production",
    SESSION_SECRET: "a-secret",
    DATABASE_PATH: "/tmp/unused.db",
    // Production refuses the placeholder identity (issue 43, tests/unit/identity-check.test.ts).
    ...STAND_IN_IDENTITY,
  };

  it("refuses to start without APP_URL", () => {
    expect(() => loadEnv(production)).toThrow("APP_URL must be set in production");
  });

  it("starts with APP_URL, and a local `npm start` (ALLOW_GENERATED_SECRET) without it", () => {
    expect(loadEnv({ ...production, APP_URL: "https://recircle.example" }).APP_URL).toBe("https://recircle.example");
    expect(() => loadEnv({ ...production, ALLOW_GENERATED_SECRET: "1" })).not.toThrow();
  });

  it("refuses the placeholder identity when it reads the environment (issue 43), not for a local `npm start`", () => {
    const placeholder = { ...production, APP_URL: "https://recircle.example", GST_NUMBER: undefined };
    expect(() => loadEnv(placeholder)).toThrow(/Refusing to start in production[\s\S]*GST_NUMBER is not set/);
    expect(loadEnv({ ...placeholder, ALLOW_GENERATED_SECRET: "1" }).GST_NUMBER).toBe("123456789 RT 0001");
    expect(loadEnv({ SESSION_SECRET: "a-secret" }).PRIVACY_OFFICER_NAME).toBe("Camille Tremblay");
  });

  it("reads TRUST_PROXY as 0 (no proxy) unless told, and refuses an unknown value", () => {
    expect(loadEnv({ SESSION_SECRET: "a-secret" }).TRUST_PROXY).toBe("0");
    expect(loadEnv({ SESSION_SECRET: "a-secret", TRUST_PROXY: "fly" }).TRUST_PROXY).toBe("fly");
    expect(() => loadEnv({ SESSION_SECRET: "a-secret", TRUST_PROXY: "yes" })).toThrow();
  });
});
