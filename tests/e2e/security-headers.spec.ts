// Security headers on every page: an enforced Content-Security-Policy with a fresh nonce per request on
// every inline script, no 'unsafe-inline' scripts, no framing, nosniff and a referrer policy; the app
// still works with JavaScript under that policy (no violation, no page error); the session cookie is
// HttpOnly and SameSite=Lax (Secure in production: see tests/integration/session-cookie.test.ts; the test
// server runs with INSECURE_COOKIES=1 because it is plain http).
import { expect, test, type APIRequestContext, type APIResponse, type Page } from "@playwright/test";
import { ADDRESS } from "./booking-fixtures";
import { interactive, PASSWORD, registerViaApi, signInAs, uniqueEmail } from "./helpers";

const VISITOR_PAGES = [
  "/",
  "/postal-code",
  "/postal-code?fsa=H2X",
  "/postal-code?fsa=K1A",
  "/sign-in",
  "/sign-up",
  "/auth",
  "/forgot-password",
  "/reset-password?token=x",
  "/no-such-page",
];
const RESIDENT_PAGES = [
  "/",
  "/booking",
  "/history",
  "/profile",
  "/notifications",
  "/materials",
  "/how-it-works",
  "/onboarding",
];

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

/** Checks one page's headers and markup; returns its nonce. */
async function checkPage(response: APIResponse, url: string): Promise<string> {
  const headers = response.headers();
  expect(headers["content-type"], url).toContain("text/html");
  const csp = headers["content-security-policy"];
  expect(csp, `${url}: enforced CSP`).toBeTruthy();
  expect(headers["content-security-policy-report-only"], `${url}: not report-only`).toBeUndefined();
  const policy = directives(csp!);
  const scriptSrc = policy.get("script-src") ?? policy.get("default-src")!;
  expect(scriptSrc, url).not.toContain("'unsafe-inline'");
  expect(scriptSrc, url).not.toContain("'unsafe-eval'");
  expect(scriptSrc, url).not.toContain("*");
  const nonces = scriptSrc.filter((v) => v.startsWith("'nonce-")).map((v) => v.slice(7, -1));
  expect(nonces, `${url}: one nonce`).toHaveLength(1);
  const nonce = nonces[0]!;
  expect(nonce.length, "nonce of at least 128 bits").toBeGreaterThanOrEqual(22);
  expect(policy.get("frame-ancestors"), url).toEqual(["'none'"]);
  expect(policy.get("object-src"), url).toEqual(["'none'"]);
  expect(policy.get("base-uri"), url).toEqual(["'self'"]);
  expect(headers["x-frame-options"], url).toBe("DENY");
  expect(headers["x-content-type-options"], url).toBe("nosniff");
  expect(headers["referrer-policy"], url).toMatch(
    /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
  );

  // Every inline script carries this response's nonce; no inline event handlers either.
  const html = await response.text();
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
  expect(scripts.length, `${url}: the page has scripts`).toBeGreaterThan(0);
  for (const [tag, attributes, body] of scripts) {
    const inline = !/\bsrc=/.test(attributes!) && body!.trim().length > 0;
    if (!inline) continue;
    expect(attributes, `${url}: ${tag!.slice(0, 120)}`).toContain(`nonce="${nonce}"`);
  }
  expect(html, `${url}: inline event handler`).not.toMatch(/<[a-z][^>]*\son[a-z]+\s*=\s*["']/i);
  return nonce;
}

async function getPage(request: APIRequestContext, url: string) {
  const response = await request.get(url, { maxRedirects: 0 });
  expect(response.status(), url).toBeLessThan(500);
  return response;
}

test.describe("security headers", () => {
  test("every visitor page carries an enforced CSP with a per-request nonce on every inline script", async ({
    request,
  }) => {
    for (const url of VISITOR_PAGES) {
      const first = await checkPage(await getPage(request, url), url);
      const second = await checkPage(await getPage(request, url), url);
      expect(second, `${url}: a new nonce per request`).not.toBe(first);
    }
  });

  test("signed-in pages and the checkout too", async ({ request }) => {
    await registerViaApi(request, uniqueEmail("csp"));
    expect((await request.put("/api/auth/profile", { data: ADDRESS })).status()).toBe(200);
    const slots = (await (await request.get("/api/pickup-slots")).json()) as Array<{ id: number }>;
    const pages = [...RESIDENT_PAGES, `/checkout?bags=1&slotId=${slots[0]!.id}`];
    const seen = new Set<string>();
    for (const url of pages) {
      const response = await getPage(request, url);
      if (response.status() >= 300 && response.status() < 400) continue;
      const nonce = await checkPage(response, url);
      expect(seen.has(nonce), `${url}: nonce reused`).toBe(false);
      seen.add(nonce);
    }
    expect(seen.size).toBeGreaterThanOrEqual(5);
  });

  test("the session cookie is HttpOnly and SameSite=Lax", async ({ request }) => {
    const email = uniqueEmail("cookie");
    await registerViaApi(request, email, "H2X", { onboarded: false });
    const login = await request.post("/api/auth/login", { data: { email, password: PASSWORD } });
    expect(login.status()).toBe(200);
    const cookie = login
      .headersArray()
      .find((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith("__session="));
    expect(cookie, "a session cookie").toBeTruthy();
    const attributes = cookie!.value.split(";").map((a) => a.trim().toLowerCase());
    expect(attributes).toContain("httponly");
    expect(attributes).toContain("samesite=lax");
    expect(attributes).toContain("path=/");
    // The test server speaks plain http (INSECURE_COOKIES=1); production sets Secure (integration test).
    expect(attributes).not.toContain("secure");
  });

  test("production answers carry HSTS (the test server runs as production)", async ({ request }) => {
    for (const url of ["/", "/sign-in"]) {
      expect((await request.get(url)).headers()["strict-transport-security"], url).toBe(
        "max-age=31536000; includeSubDomains",
      );
    }
  });

  test("signed-in pages and their data are never cached; visitor pages may be", async ({ request }) => {
    for (const url of ["/", "/sign-in", "/sign-in.data"]) {
      expect((await request.get(url)).headers()["cache-control"] ?? "", url).not.toContain("no-store");
    }
    await registerViaApi(request, uniqueEmail("nostore"));
    for (const url of ["/", "/profile", "/history", "/notifications", "/profile.data", "/history.data"]) {
      const response = await request.get(url, { maxRedirects: 0 });
      expect(response.status(), url).toBe(200);
      expect(response.headers()["cache-control"], url).toBe("private, no-store");
    }
  });

  test("the pages' data requests (client navigation) are not sniffed either", async ({ request }) => {
    const response = await request.get("/sign-in.data");
    expect(response.status()).toBe(200);
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  });
});

test.describe("the app works with JavaScript under the policy", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "about scripts running under the CSP");

  /** Collects CSP violations (as the page's own event and as console messages) and page errors. */
  async function watch(page: Page) {
    const problems: string[] = [];
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        const list = ((window as unknown as { __csp?: string[] }).__csp ??= []);
        list.push(`${event.violatedDirective} blocked ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`);
      });
    });
    page.on("console", (message) => {
      if (/content security policy|refused to (execute|load|apply|connect|frame)/i.test(message.text()))
        problems.push(`console: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    return async () => {
      const fromPage = await page
        .evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])
        .catch(() => []);
      return [...problems, ...fromPage.map((v) => `violation: ${v}`)];
    };
  }

  test("visitor pages, client-side navigation and a form, with no violation", async ({ page }) => {
    const problems = await watch(page);
    await page.goto("/");
    await expect(page.locator("h1").first()).toBeVisible();
    // Hydrated: React has taken over the page (it only can if its scripts were allowed).
    await interactive(page);
    // A client-side navigation (a .data request, no page load).
    await page.evaluate(() => ((window as unknown as { __samePage?: boolean }).__samePage = true));
    await page.locator('main a[href="/postal-code"], a[href="/postal-code"]').first().click();
    await expect(page).toHaveURL(/\/postal-code$/);
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    await page.getByRole("textbox").first().fill("H2X");
    await page.getByRole("textbox").first().press("Enter");
    await expect(page).toHaveURL(/fsa=H2X/);
    await page.goto("/sign-in");
    await page.locator('input[name="email"]').fill("nobody@recircle-mail.ca");
    await page.locator('input[name="password"]').fill("wrong-password");
    await page.locator('form button[type="submit"]').last().click();
    await expect(page.locator('[id$="-form-error"], [role="alert"]').first()).toBeVisible();
    expect(await problems()).toEqual([]);

    // The watcher does see a violation, and the browser enforces the policy: an injected inline script
    // without the nonce does not run.
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.__injected = true;";
      document.body.append(script);
    });
    await expect.poll(async () => (await problems()).join("\n")).toMatch(/script-src/);
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
  });

  test("signed-in pages with no violation", async ({ page }) => {
    const problems = await watch(page);
    await signInAs(page, { tag: "cspjs" });
    expect((await page.request.put("/api/auth/profile", { data: ADDRESS })).status()).toBe(200);
    for (const url of ["/booking", "/history", "/profile", "/notifications", "/materials"]) {
      await page.goto(url);
      await expect(page.locator("h1").first()).toBeVisible();
    }
    await interactive(page);
    expect(await problems()).toEqual([]);
  });
});
