// Scroll restoration (components/scroll-restoration, issue 44): a page reloaded, or come back to, opens where
// it was left, by Remix's inline script before the page paints or by react-router after a client-side
// navigation; and a new page's script, which has nothing to restore, leaves the session storage alone while the
// document is parsed (the first access waits for the browser: the late scripts' loader opens it later, in a
// task of its own). With JavaScript off the browser keeps the position itself: nothing to test of ours.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { interactive } from "./helpers";

const jsOnly = () => test.skip(test.info().project.use.javaScriptEnabled === false, "about the scripts");

/** Records each session-storage read and the document's state then ("loading" while it is parsed). */
async function recordStorageReads(page: Page) {
  await page.addInitScript(() => {
    const reads: string[] = [];
    (window as unknown as { __reads: string[] }).__reads = reads;
    const getItem = Storage.prototype.getItem;
    Storage.prototype.getItem = function (this: Storage, key: string) {
      if (this === window.sessionStorage) reads.push(`${key} ${document.readyState}`);
      return getItem.call(this, key);
    };
  });
  return () => page.evaluate(() => (window as unknown as { __reads: string[] }).__reads);
}

async function scrollDown(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 700));
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(700);
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

test.use({ viewport: { width: 390, height: 844 } });

test("a new page's script reads nothing from the session storage while the document is parsed", async ({ page }) => {
  jsOnly();
  const reads = await recordStorageReads(page);
  await page.goto("/privacy");
  await interactive(page);
  expect(await scrollY(page)).toBe(0);
  expect((await reads()).filter((read) => read.endsWith(" loading"))).toEqual([]);
  // The entry has its key all the same, which react-router stores the position under.
  expect(await page.evaluate(() => typeof (history.state as { key?: unknown } | null)?.key)).toBe("string");
});

test("a new page's history entry is written once: the router finds its index already there", async ({ page }) => {
  jsOnly();
  await page.addInitScript(() => {
    const calls: unknown[] = [];
    (window as unknown as { __replaced: unknown[] }).__replaced = calls;
    const replaceState = History.prototype.replaceState;
    History.prototype.replaceState = function (this: History, ...args: Parameters<History["replaceState"]>) {
      calls.push(JSON.parse(JSON.stringify(args[0])));
      return replaceState.apply(this, args);
    };
  });
  await page.goto("/privacy");
  await interactive(page);
  const replaced = await page.evaluate(() => (window as unknown as { __replaced: unknown[] }).__replaced);
  // The inline script's only: react-router writes its own when the entry has no index (a second
  // same-document navigation told to the browser while hydrating).
  expect(replaced).toHaveLength(1);
  expect(replaced[0]).toMatchObject({ usr: null, idx: 0, key: expect.any(String) });
  expect(await page.evaluate(() => history.state)).toEqual(replaced[0]);
  // And the router works from it: a client-side navigation and back.
  await page.evaluate(() => document.querySelector<HTMLAnchorElement>('footer a[href="/terms"]')!.click());
  await expect(page).toHaveURL(/\/terms$/);
  expect(await page.evaluate(() => (history.state as { idx?: number }).idx)).toBe(1);
  await page.goBack();
  await expect(page).toHaveURL(/\/privacy$/);
  expect(await page.evaluate(() => (history.state as { idx?: number }).idx)).toBe(0);
});

test("a reloaded page opens where it was left, read by the inline script before hydrating", async ({ page }) => {
  jsOnly();
  await page.goto("/privacy");
  await interactive(page);
  await scrollDown(page);
  const reads = await recordStorageReads(page);
  await page.reload();
  // The inline script restored it while the document was parsed, the only read then.
  expect((await reads()).filter((read) => read.endsWith(" loading"))).toEqual(["positions loading"]);
  await interactive(page);
  expect(await scrollY(page)).toBe(700);
});

test("back from a client-side navigation, the page opens where it was left", async ({ page }) => {
  jsOnly();
  await page.goto("/privacy");
  await interactive(page);
  await scrollDown(page);
  await page.evaluate(() => ((window as unknown as { __samePage?: boolean }).__samePage = true));
  // Clicked by the page itself: Playwright's own click would first scroll the link into view.
  await page.evaluate(() => document.querySelector<HTMLAnchorElement>('footer a[href="/terms"]')!.click());
  await expect(page).toHaveURL(/\/terms$/);
  await expect.poll(() => scrollY(page)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect.poll(() => scrollY(page)).toBe(700);
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
});
