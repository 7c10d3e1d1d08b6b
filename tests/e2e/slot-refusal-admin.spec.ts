// Issue 23, part 1, at an operator's desk (1280×800): a refused capacity far down the slots page is named
// at the top (a summary linking to its field) and, without JavaScript, the reloaded page lands on its row.
// Nothing is saved. Runs on the admin server (file name ends admin.spec.ts), JavaScript on and off.
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { signInAdmin } from "./admin-fixtures";
import { query } from "./helpers";

const VIEWPORT = { width: 1280, height: 800 };

test.use({ viewport: VIEWPORT, locale: "en-CA" });

test("a refused capacity is named at the top of the page and its row is in view", async ({
  page,
  javaScriptEnabled,
}) => {
  await signInAdmin(page.request);
  await page.goto("/admin/supply");
  const last = page.locator("tr[data-slot-id]").last();
  const slotId = Number(await last.getAttribute("data-slot-id"));
  const capacity = () =>
    query<{ max_capacity: number }>("select max_capacity from pickup_slots where id = ?", slotId)[0]!.max_capacity;
  const before = capacity();

  await last.getByRole("spinbutton").fill("501");
  await last.getByRole("button", { name: "Save" }).click();
  const row = page.locator(`tr[data-slot-id="${slotId}"]`);
  await expect(row.getByRole("alert")).toHaveText("Enter a capacity from 0 to 500.");
  if (!javaScriptEnabled) await expect(page).toHaveURL(new RegExp(`/admin/supply\\?index#slot-${slotId}$`));

  // The row is on screen where the page landed…
  const box = await row.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(VIEWPORT.height);
  // …and the top of the page names the refusal, linking to the field.
  const summary = page.getByTestId("slot-problems");
  const link = summary.getByRole("link", { name: /Capacity of .+: Enter a capacity from 0 to 500\./ });
  await expect(link).toHaveAttribute("href", `#capacity-${slotId}`);
  const top = await summary.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  expect(top).toBeLessThan(VIEWPORT.height);
  const heading = await page
    .getByRole("heading", { level: 1 })
    .evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  expect(top).toBeGreaterThan(heading);

  expect(capacity()).toBe(before);
  if (javaScriptEnabled) {
    // axe over the refused state (without JavaScript axe cannot run in the page itself).
    const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"]).analyze();
    const blocking = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  }
});

test("a date refused for having no slots is written as the operator reads dates, in English and French", async ({
  page,
  baseURL,
}) => {
  await signInAdmin(page.request);
  // A stale form from another tab: closing or reopening a date with no slots at all.
  const date = "2031-12-03";
  for (const [language, intent, text] of [
    ["en-CA", "close", "Wed, Dec 3 has no open slot to close."],
    ["fr-CA", "reopen", "Le mer. 3 déc. n'a aucune plage fermée à rouvrir."],
  ] as const) {
    const response = await page.request.post(`/admin/supply/close?date=${date}`, {
      form: { intent },
      headers: { Origin: baseURL!, "Accept-Language": language },
    });
    expect(response.status()).toBe(400);
    const html = (await response.text()).replace(/&#x27;|&#39;/g, "'");
    expect(html).toContain(text);
    expect(html).not.toContain(date + " ");
  }
});
