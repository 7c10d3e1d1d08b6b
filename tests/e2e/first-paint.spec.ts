// The first paint waits for nothing but the HTML (issue 11, part 5): the app's stylesheet is inlined in
// every document's <head>, no render-blocking stylesheet is requested, and the page is styled with
// JavaScript on and off. With JavaScript on, hydration keeps the inlined stylesheet (once) through
// client-side navigations, without a page error or a hydration error in the console; the browser fetches
// the texts of the page's language only (no fallback language before hydrating).
import { expect, test } from "./fixtures";
import { interactive } from "./helpers";

const VISITOR_PAGES = ["/", "/postal-code"];
const RESIDENT_PAGES = ["/booking", "/materials", "/history"];

test.describe("first paint", () => {
  test("documents inline the app's stylesheet and link none", async ({ page, resident }) => {
    expect(resident.id).toBeGreaterThan(0);
    for (const path of [...VISITOR_PAGES, ...RESIDENT_PAGES]) {
      const html = await (await page.request.get(path)).text();
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head, `${path}: no linked stylesheet`).not.toMatch(/<link[^>]*rel="stylesheet"(?![^>]*media="print")/);
      const inline = /<style data-href="([^"]+\.css)">([^<]*)<\/style>/.exec(head);
      expect(inline, `${path}: an inlined stylesheet`).not.toBeNull();
      const built = await (await page.request.get(inline![1]!)).text();
      expect(inline![2], `${path}: the whole built stylesheet`).toBe(built);
      // The container queries (the `narrow` variant in rem) are inlined too, as a data: URL first in the body.
      expect(inline![2]).not.toContain("@container");
      const body = html.slice(html.indexOf("<body"));
      const queries = /^<body[^>]*><link rel="stylesheet" href="data:text\/css;charset=utf-8,([^"]+)"/.exec(body);
      expect(queries, `${path}: the container queries inlined`).not.toBeNull();
      expect(decodeURIComponent(queries![1]!)).toMatch(/^body\{container:page \/ inline-size\}@container page/);
    }
  });

  test("pages are styled without requesting a stylesheet", async ({ page, resident }) => {
    expect(resident.id).toBeGreaterThan(0);
    const stylesheets: string[] = [];
    const problems: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "stylesheet") stylesheets.push(request.url());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    const styled = async (path: string) => {
      // max-w-3xl (48rem) and the brand colour of the active bottom-bar link come from the stylesheet.
      await expect(page.locator("main#main")).toHaveCSS("max-width", "768px");
      await expect(page.locator(`nav a[href="${path}"]`)).toHaveCSS("min-height", "64px");
      await expect(page.locator("style[data-href]")).toHaveCount(1);
    };
    await page.goto("/booking");
    await interactive(page);
    await styled("/booking");
    // A navigation by the bottom bar: client-side with JavaScript, a new document without.
    await page.locator('nav a[href="/history"]').click();
    await expect(page).toHaveURL(/\/history$/);
    await interactive(page);
    await styled("/history");
    expect(stylesheets).toEqual([]);
    expect(problems).toEqual([]);
  });

  test("a page fetches the texts of its own language only", async ({ page, resident }) => {
    test.skip(test.info().project.use.javaScriptEnabled === false, "texts are fetched by the JavaScript");
    expect(resident.id).toBeGreaterThan(0);
    const texts: string[] = [];
    const answers: number[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith("/locales/")) texts.push(pathname);
    });
    page.on("response", (response) => {
      if (new URL(response.url()).pathname.startsWith("/locales/")) answers.push(response.status());
    });
    await page.goto("/booking");
    await interactive(page);
    // Hydration waited for the page's namespaces, all in one request; the other screens' follow when the
    // browser is idle, one each.
    await expect.poll(() => texts.length).toBeGreaterThan(3);
    await page.waitForLoadState("networkidle");
    expect(texts.filter((p) => !p.startsWith("/locales/en/"))).toEqual([]);
    const names = texts.map((p) => p.slice("/locales/en/".length).split("+"));
    expect(names[0]).toEqual(expect.arrayContaining(["booking", "common"]));
    expect(names[0]).toEqual([...names[0]!].sort());
    expect(names.slice(1).every((set) => set.length === 1)).toBe(true);
    // None asked twice, and each answered.
    expect(new Set(names.flat()).size).toBe(names.flat().length);
    expect(answers).toEqual(texts.map(() => 200));
  });
});
