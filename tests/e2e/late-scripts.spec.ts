// Remix's scripts start after the first paint (issue 11, part 5; app/components/late-scripts.tsx): the
// document as served holds no script file, module preload or module script, only the inline loader that
// adds them after the next frame (at once in a hidden tab). With JavaScript on, in English and French, on
// the visitor's / and the resident's /booking: every script of the build is requested after the page's
// first contentful paint, and they are the very files Remix would have preloaded (the entry's and the
// matched routes' modules and imports, from its manifest), each requested once; the page then hydrates and
// navigates client-side, with no page error, console error (React's hydration errors among them) or CSP
// violation, and the late scripts' element is gone once React renders the root again. A page opened in a
// hidden tab (no animation frame ever comes) still loads its scripts and hydrates. Hydrating builds no Intl
// date or number formatter; the loader adds one preload per task; no route is discovered while the page
// loads (no `/__manifest` request before the first client-side navigation); and a new page's scroll
// restoration script leaves the session storage alone (issue 44). With JavaScript off, a page requests no
// script at all.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { interactive } from "./helpers";

type Language = { lang: "en" | "fr"; locale: string };
const LANGUAGES: Language[] = [
  { lang: "en", locale: "en-CA" },
  { lang: "fr", locale: "fr-CA" },
];

/** Each page and the link of a client-side navigation from it. */
const PAGES = [
  { path: "/", resident: false, link: 'main a[href="/postal-code"]', to: /\/postal-code$/ },
  { path: "/booking", resident: true, link: 'nav a[href="/history"]', to: /\/history$/ },
];

const jsOnly = () => test.skip(test.info().project.use.javaScriptEnabled === false, "about the scripts");

/** Page errors, console errors and anything about hydration or the CSP, and the page's own CSP violations. */
async function watch(page: Page) {
  const problems: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const list = ((window as unknown as { __csp?: string[] }).__csp ??= []);
      list.push(`${event.violatedDirective} blocked ${event.blockedURI}`);
    });
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" || /hydrat|content security policy|refused to/i.test(message.text()))
      problems.push(`console ${message.type()}: ${message.text()}`);
  });
  return async () => {
    const violations = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
    return [...problems, ...violations.map((v) => `violation: ${v}`)];
  };
}

/**
 * Counts the Intl date and number formatters the page's scripts build (issue 44: building the first one loads
 * the browser's locale data, 12-18 ms of a desktop CPU in one task; dates and money are written from names).
 */
async function countIntlFormatters(page: Page) {
  await page.addInitScript(() => {
    const made: string[] = [];
    (window as unknown as { __intl: string[] }).__intl = made;
    for (const name of ["DateTimeFormat", "NumberFormat"] as const) {
      const original = Intl[name];
      const counted = new Proxy(original, {
        construct: (target, args) => (made.push(name), Reflect.construct(target, args) as object),
        apply: (target, self, args) => (made.push(name), Reflect.apply(target, self, args) as unknown),
      });
      Object.defineProperty(Intl, name, { value: counted, writable: true, configurable: true });
    }
  });
  return () => page.evaluate(() => (window as unknown as { __intl?: string[] }).__intl ?? []);
}

/** Records what the loader adds to the late scripts' element: the preloads' hrefs, and the module scripts. */
async function recordLateScripts(page: Page) {
  await page.addInitScript(() => {
    const added: string[] = [];
    const batches: number[] = [];
    (window as unknown as { __late: string[]; __lateBatches: number[] }).__late = added;
    (window as unknown as { __lateBatches: number[] }).__lateBatches = batches;
    // A callback per task that added something (its microtask checkpoint): the preloads each task added.
    new MutationObserver((mutations) => {
      let preloads = 0;
      for (const { target, addedNodes } of mutations) {
        if ((target as Element).id !== "late-scripts") continue;
        for (const node of addedNodes) {
          if (node instanceof HTMLLinkElement) preloads++;
          added.push(
            node instanceof HTMLLinkElement
              ? `${node.rel} ${node.href}`
              : `${node.nodeName} ${node instanceof HTMLScriptElement ? `${node.type} ${node.src}`.trim() : ""}`,
          );
        }
      }
      if (preloads) batches.push(preloads);
    }).observe(document, { childList: true, subtree: true });
  });
}

/**
 * The build's scripts the page requested (path and start), its first contentful paint, the files Remix
 * preloads for it (the entry's and the first matched routes' modules and imports, read from its manifest
 * right after hydrating, before any navigation) and what the loader added to the late scripts' element.
 */
function scriptsOf(page: Page) {
  return page.evaluate(() => {
    type Module = { module: string; imports?: string[] };
    const remix = window as unknown as {
      __remixManifest: { entry: Module; routes: Record<string, Module> };
      __remixRouteModules: Record<string, unknown>;
    };
    const { entry, routes } = remix.__remixManifest;
    const modules = [entry, ...Object.keys(remix.__remixRouteModules).map((id) => routes[id]!)];
    const pathOf = (url: string) => new URL(url, location.href).pathname;
    return {
      // When the renderer painted it (its rendering update); `startTime` is when the screen showed it, a
      // frame or more later, which a script of the page cannot wait for (the loader starts in the task
      // after the frame's rendering update), as the paint's `presentationTime`.
      fcp: ((paint?: PerformanceEntry & { paintTime?: number }) => paint?.paintTime ?? paint?.startTime ?? null)(
        performance.getEntriesByName("first-contentful-paint")[0],
      ),
      requested: performance
        .getEntriesByType("resource")
        .filter((e) => /^\/build[^/]*\/.*\.js$/.test(pathOf(e.name)))
        .map((e) => ({ path: pathOf(e.name), start: e.startTime })),
      remix: [...new Set(modules.flatMap((m) => [m.module, ...(m.imports ?? [])]).map(pathOf))].sort(),
      batches: (window as unknown as { __lateBatches?: number[] }).__lateBatches ?? [],
      // In the order added; the preloads' and the scripts' URLs as paths.
      late: ((window as unknown as { __late?: string[] }).__late ?? []).map((added) =>
        added.replace(/ (https?:\/\/\S+)$/, (_, href: string) => ` ${pathOf(href)}`),
      ),
    };
  });
}

/** What the loader adds for Remix's preloads, in order: a module preload each, then the module script. */
function expectLateScripts(late: string[], preloads: string[]) {
  expect(late.slice(0, -1).sort()).toEqual(preloads.map((p) => `modulepreload ${p}`));
  expect(late.at(-1), "the page's module script comes last").toBe("SCRIPT module");
}

/** A client-side navigation by `link`: no new document (a mark set on the window survives it). */
async function navigateClientSide(page: Page, link: string, to: RegExp) {
  await page.evaluate(() => ((window as unknown as { __samePage?: boolean }).__samePage = true));
  await page.locator(link).first().click();
  await expect(page).toHaveURL(to);
  await expect(page.locator("main#main h1").first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
}

test("the document as served holds no script file, module preload or module script", async ({ page, resident }) => {
  expect(resident.id).toBeGreaterThan(0);
  for (const { path } of PAGES) {
    const html = await (await page.request.get(path)).text();
    expect(html, `${path}: the late scripts' element`).toContain('<div id="late-scripts" hidden=""></div>');
    expect(html, `${path}: no script file`).not.toMatch(/<script[^>]*\ssrc=/);
    expect(html, `${path}: no module preload`).not.toMatch(/<link[^>]*modulepreload/);
    expect(html, `${path}: no module script`).not.toMatch(/<script[^>]*type="module"/);
  }
});

test("the entry's big imports (React DOM, Remix) begin with V8's compile hint", async ({ page }) => {
  jsOnly();
  // scripts/compile-hints.mjs, run by npm run build: Chromium compiles those files while they stream in.
  await page.goto("/");
  await interactive(page);
  const imports = await page.evaluate(
    () => (window as unknown as { __remixManifest: { entry: { imports: string[] } } }).__remixManifest.entry.imports,
  );
  let hinted = 0;
  for (const url of imports) {
    const code = await (await page.request.get(url)).text();
    const big = Buffer.byteLength(code) >= 20_000;
    expect(code.startsWith("//# allFunctionsCalledOnLoad\n"), `${url} (${code.length} characters)`).toBe(big);
    if (big) hinted++;
  }
  expect(hinted, "React DOM and Remix at least").toBeGreaterThanOrEqual(2);
});

test("with JavaScript off, a page requests no script", async ({ page, resident }) => {
  test.skip(test.info().project.use.javaScriptEnabled !== false, "about JavaScript off");
  expect(resident.id).toBeGreaterThan(0);
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script" || request.url().endsWith(".js")) scripts.push(request.url());
  });
  for (const { path } of PAGES) {
    await page.goto(path);
    await expect(page.locator("main#main h1").first()).toBeVisible();
  }
  await page.waitForLoadState("networkidle");
  expect(scripts).toEqual([]);
});

for (const { lang, locale } of LANGUAGES) {
  test.describe(`late scripts (${lang})`, () => {
    test.use({ locale });

    for (const { path, resident, link, to } of PAGES) {
      test(`${path}: Remix's scripts start after the first paint, then the page hydrates and navigates`, async ({
        page,
        signIn,
      }) => {
        jsOnly();
        if (resident) await signIn();
        const problems = await watch(page);
        await recordLateScripts(page);
        const intlFormatters = await countIntlFormatters(page);
        const discovered: string[] = [];
        page.on("request", (request) => {
          if (new URL(request.url()).pathname === "/__manifest") discovered.push(request.url());
        });
        await page.goto(path);
        await expect(page.locator("html")).toHaveAttribute("lang", lang);
        await interactive(page);
        const { fcp, requested, remix, late, batches } = await scriptsOf(page);
        expect(fcp, "a first contentful paint").not.toBeNull();
        expect(remix.length, "Remix preloads the entry and the routes").toBeGreaterThan(2);
        // Each is requested once, all after the first paint, and they are what Remix preloads.
        expect(requested.map((r) => r.path).sort()).toEqual(remix);
        for (const { path: file, start } of requested)
          expect(start, `${file} starts after the first paint`).toBeGreaterThanOrEqual(fcp!);
        expectLateScripts(late, remix);
        // One per task (each starts a request: 25 in one task were 8-30 ms of a desktop CPU, issue 44).
        expect(batches, `preloads per task: ${batches.join(", ")}`).toEqual(remix.map(() => 1));
        expect(await intlFormatters(), "Intl formatters built while hydrating").toEqual([]);
        // No route discovery while the page loads: Remix would patch the routes it learns into the router
        // and render the whole page again (components/no-route-discovery).
        await page.waitForTimeout(300);
        expect(discovered, "route discovery before any navigation").toEqual([]);

        await navigateClientSide(page, link, to);
        await expect(page.locator("html")).toHaveAttribute("lang", lang);
        await expect(page.locator("#late-scripts")).toHaveCount(0);
        expect(await problems()).toEqual([]);
      });
    }
  });
}

test.describe("late scripts in a hidden tab", () => {
  test("a page opened in a hidden tab, where no frame comes, still loads its scripts and hydrates", async ({
    page,
    signIn,
  }) => {
    jsOnly();
    const problems = await watch(page);
    await recordLateScripts(page);
    // A background tab, before any of the page's scripts: hidden, and its animation frames never come.
    await page.addInitScript(() => {
      Object.defineProperty(Document.prototype, "visibilityState", { configurable: true, get: () => "hidden" });
      Object.defineProperty(Document.prototype, "hidden", { configurable: true, get: () => true });
      window.requestAnimationFrame = () => 0;
    });
    for (const { path, resident, link, to } of PAGES) {
      if (resident) await signIn();
      await page.goto(path);
      await interactive(page);
      expect(await page.evaluate(() => document.visibilityState)).toBe("hidden");
      const { requested, remix, late } = await scriptsOf(page);
      expect(requested.map((r) => r.path).sort()).toEqual(remix);
      expectLateScripts(late, remix);
      await navigateClientSide(page, link, to);
    }
    expect(await problems()).toEqual([]);
  });
});
