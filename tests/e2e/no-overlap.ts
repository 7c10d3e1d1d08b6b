// The check behind "messages never cover the page": the box of each flash message on screen and the box
// of every heading, field, button and link on the page (outside the message) do not intersect.
import { expect, type Page } from "@playwright/test";

export async function expectNothingCovered(page: Page) {
  await expect(page.getByTestId("toast").first()).toBeVisible();
  // The pointer on the message pauses its timer (Radix), so it is still there to be measured on a slow machine.
  await page.getByTestId("toast").first().hover();
  const covered = await page.evaluate(() => {
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      // Visually hidden helpers (1×1 px, clipped) are not something a person can see or press, nor is a
      // closed menu's content (a closed <details> keeps boxes that are not rendered).
      return box.width > 2 && box.height > 2 && el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    };
    const messages = [...document.querySelectorAll('[data-testid="toast"]')].filter(shown);
    const targets = [
      ...document.querySelectorAll(
        "h1, h2, h3, h4, input:not([type=hidden]), select, textarea, button, a[href], [role=tab], label",
      ),
    ].filter((el) => shown(el) && !messages.some((m) => m.contains(el)));
    const hits: string[] = [];
    for (const message of messages) {
      const m = message.getBoundingClientRect();
      for (const target of targets) {
        const t = target.getBoundingClientRect();
        const apart = t.right <= m.left || t.left >= m.right || t.bottom <= m.top || t.top >= m.bottom;
        if (!apart) hits.push(`${target.tagName.toLowerCase()} "${(target.textContent ?? "").trim().slice(0, 40)}"`);
      }
    }
    return { messages: messages.length, hits };
  });
  expect(covered.messages).toBeGreaterThan(0);
  expect(covered.hits).toEqual([]);
}
