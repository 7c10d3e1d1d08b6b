// With the Stripe provider on, every page's Content-Security-Policy allows Stripe.js (a resident reaches
// /checkout by an in-app navigation from /booking or /profile, and the browser keeps the first page's
// policy); with the simulated provider no page names Stripe. The document entry (app/entry.server.tsx) is
// run for each page with a different environment, its modules loaded afresh (they read the environment
// when they load; the Stripe SDK is only constructed, never called); RemixServer is stood in by an empty component, only the headers matter here.
import type { EntryContext } from "@remix-run/node";
import type * as RemixReact from "@remix-run/react";
import type * as Entry from "~/entry.server";
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("@remix-run/react", async (importOriginal) => ({
  ...(await importOriginal<typeof RemixReact>()),
  RemixServer: () => null,
}));

const NAMES = ["PAYMENT_PROVIDER", "STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY"] as const;
const saved = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]));

afterEach(() => {
  for (const name of NAMES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  vi.resetModules();
});

const PAGES = [
  ["/booking", "routes/booking"],
  ["/profile", "routes/profile"],
  ["/checkout?bags=2&slotId=1", "routes/checkout"],
] as const;

async function withEnv(env: Partial<Record<(typeof NAMES)[number], string>>) {
  for (const name of NAMES) {
    if (env[name] === undefined) delete process.env[name];
    else process.env[name] = env[name];
  }
  vi.resetModules();
  const entry = await import("~/entry.server");
  const headersModule = await import("~/services/serving/security-headers.server");
  return { entry, headersModule };
}

/** The CSP directives the entry sends for a page, as a map of directive to sources. */
async function policyOf(entry: typeof Entry, url: string, routeId: string) {
  const headers = new Headers();
  const context = {
    staticHandlerContext: { matches: [{ route: { id: "root" } }, { route: { id: routeId } }] },
    routeModules: {},
  } as unknown as EntryContext;
  const response = (await entry.default(
    new Request(`http://localhost${url}`, { headers: { "User-Agent": "Mozilla/5.0" } }),
    200,
    headers,
    context,
  )) as Response;
  await response.body?.cancel();
  return directives(headers.get("Content-Security-Policy")!);
}

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
}

function expectStripeAllowed(policy: Map<string, string[]>, page: string) {
  expect(policy.get("script-src"), page).toEqual(
    expect.arrayContaining(["'self'", "https://js.stripe.com", "https://*.js.stripe.com"]),
  );
  expect(policy.get("frame-src"), page).toEqual(
    expect.arrayContaining(["'self'", "https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"]),
  );
  expect(policy.get("connect-src"), page).toEqual(["'self'", "https://api.stripe.com"]);
}

describe("with the Stripe provider on", () => {
  it.each([
    ["PAYMENT_PROVIDER=stripe and both keys", { PAYMENT_PROVIDER: "stripe" }],
    ["only the keys (the provider follows them)", {}],
  ])("%s: /booking, /profile and /checkout all allow Stripe.js", async (_label, extra) => {
    const { entry } = await withEnv({
      ...extra,
      STRIPE_SECRET_KEY: "sk_test_csp",
      STRIPE_PUBLISHABLE_KEY: "pk_test_csp",
    });
    for (const [url, routeId] of PAGES) {
      const policy = await policyOf(entry, url, routeId);
      expectStripeAllowed(policy, url);
      // The nonce and the rest of the policy stay as they are.
      const script = policy.get("script-src")!;
      expect(
        script.filter((s) => s.startsWith("'nonce-")),
        url,
      ).toHaveLength(1);
      expect(script, url).not.toContain("'unsafe-inline'");
      expect(policy.get("default-src"), url).toEqual(["'self'"]);
      expect(policy.get("frame-ancestors"), url).toEqual(["'none'"]);
      expect(policy.get("form-action"), url).toEqual(["'self'", "https://checkout.stripe.com"]);
    }
  });

  it("the header builder: Stripe's hosts only when asked, the nonce in both cases", async () => {
    const { headersModule } = await withEnv({
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "sk_test_csp",
      STRIPE_PUBLISHABLE_KEY: "pk_test_csp",
    });
    const withStripe = directives(headersModule.securityHeaders("abc", { stripe: true })["Content-Security-Policy"]!);
    expectStripeAllowed(withStripe, "builder");
    expect(withStripe.get("script-src")).toEqual([
      "'self'",
      "'nonce-abc'",
      "https://js.stripe.com",
      "https://*.js.stripe.com",
    ]);
    const plain = headersModule.securityHeaders("abc")["Content-Security-Policy"]!;
    expect(directives(plain).get("script-src")).toEqual(["'self'", "'nonce-abc'"]);
    expect(headersModule.documentSecurityHeaders("abc")).toEqual(
      headersModule.securityHeaders("abc", { stripe: true }),
    );
  });
});

describe("with the simulated provider (the default)", () => {
  it.each([
    ["no provider set", {}],
    ["PAYMENT_PROVIDER=simulated, even with keys", { PAYMENT_PROVIDER: "simulated", STRIPE_SECRET_KEY: "sk_test_csp" }],
  ])("%s: no page names Stripe's script or frame hosts", async (_label, env) => {
    const { entry, headersModule } = await withEnv(env);
    for (const [url, routeId] of PAGES) {
      const policy = await policyOf(entry, url, routeId);
      expect(
        policy.get("script-src")!.filter((s) => !s.startsWith("'nonce-")),
        url,
      ).toEqual(["'self'"]);
      expect(policy.get("frame-src"), url).toEqual(["'self'"]);
      expect(policy.get("connect-src"), url).toEqual(["'self'"]);
    }
    expect(headersModule.documentSecurityHeaders("abc")).toEqual(headersModule.securityHeaders("abc"));
  });
});
