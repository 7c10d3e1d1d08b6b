// Issue 23, parts 1 and 5, on a 390×844 phone in English and French: without JavaScript each step of
// /booking comes back where the resident acted (the windows after "Show time windows", a refusal by
// its button, named in a focused summary at the top linking to the part to fix) and the summary follows the checked window at once; the Move
// page says first when the pickup is now, numbers its own steps, and refuses the same slot (the button
// waits for another choice with JavaScript).
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { formatDate, windowLabel } from "../../app/lib/format";
import { bookTwoBags } from "./booking-fixtures";
import { interactive, query, signedInResident } from "./helpers";

const VIEWPORT = { width: 390, height: 844 };

const TEXT = {
  en: {
    locale: "en-CA",
    showWindows: "Show time windows",
    continue: "Continue",
    chooseBags: "Please choose how many bags you want picked up.",
    pay: /Pay \$20\.70/,
    modifyDate: "Modify date",
    move: "Move my pickup",
    dateLegend: "1. Choose a new date",
    windowLegend: "2. Choose a new time window",
    current: (date: string, window: string) => `Your pickup is on ${date}, ${window}.`,
    sameSlot: "Please choose a different date or time window.",
  },
  fr: {
    locale: "fr-CA",
    showWindows: "Afficher les plages horaires",
    continue: "Continuer",
    chooseBags: "Veuillez choisir combien de sacs nous devons ramasser.",
    pay: /Payer 20,70/,
    modifyDate: "Changer la date",
    move: "Déplacer ma collecte",
    dateLegend: "1. Choisissez une nouvelle date",
    windowLegend: "2. Choisissez une nouvelle plage horaire",
    current: (date: string, window: string) => `Votre collecte est prévue le ${date}, ${window}.`,
    sameSlot: "Veuillez choisir une autre date ou plage horaire.",
  },
} as const;

/** The element's box lies within the first screen the browser shows (scrolled where it landed). */
async function expectOnScreen(element: Locator) {
  // Once the document is whole: the browser scrolls to the fragment when it has the element, and a box
  // measured while the page still streams in can be read before that scroll.
  await element.page().waitForLoadState("load");
  await expect(async () => {
    const box = await element.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(VIEWPORT.height);
  }).toPass({ timeout: 3000 });
}

const windowBox = (page: Page) => page.locator("#windows label").filter({ has: page.locator("input:not([disabled])") });

/** A resident with a paid 2-bag pickup; its slot and date. */
async function residentWithPickup(page: Page, tag: string, pay: RegExp) {
  const { slotId, confirmation } = await bookTwoBags(page, tag, pay);
  const slot = query<{ date: string; window: "morning" | "afternoon" }>(
    "select date, window from pickup_slots where id = ?",
    slotId,
  )[0]!;
  return { confirmation, slotId, ...slot };
}

const pickupRow = (confirmation: string) =>
  query<{ pickup_slot_id: number; modified_at: number | null; updated_at: number }>(
    "select pickup_slot_id, modified_at, updated_at from pickup_requests where confirmation_number = ?",
    confirmation,
  )[0]!;

for (const lng of ["en", "fr"] as const) {
  const text = TEXT[lng];
  test.describe(`landing where the resident acted (${lng})`, () => {
    test.use({ locale: text.locale, viewport: VIEWPORT });

    test("without JavaScript: the windows are on the first screen after Show time windows, the summary follows the checked window, and a refusal is named at the top and shown by its button", async ({
      page,
      javaScriptEnabled,
    }) => {
      test.skip(javaScriptEnabled, "the page updates in place with JavaScript");
      await signedInResident(page, `land-${lng}`);
      await page.goto("/booking");
      await page.locator('input[name="date"]:not([disabled])').first().check();
      await page.getByRole("button", { name: text.showWindows }).click();
      await expect(page).toHaveURL(/\/booking\?.*date=\d{4}-\d{2}-\d{2}.*#windows$/);
      const first = windowBox(page).first();
      await expectOnScreen(first);

      // The summary names the checked window at once, with no "Update summary".
      const summaryWindow = page.getByTestId("summary-window");
      const label = (await first.locator("span.text-sm").first().innerText()).trim();
      await first.locator("input").check();
      await expect(summaryWindow).toHaveText(label, { useInnerText: true });

      // Continue without bags: the page opens on a focused summary of the reason, linking to the bags.
      await page.getByRole("button", { name: text.continue, exact: true }).click();
      await expect(page.getByTestId("booking-error")).toHaveText(text.chooseBags);
      const summary = page.getByTestId("error-summary");
      await expect(summary).toBeFocused();
      await expectOnScreen(summary);
      await expect(summary.getByRole("link", { name: text.chooseBags })).toHaveAttribute("href", "#bags");
      // The choices stay, and so does the summary's window.
      await expect(page.locator('input[name="slotId"]:checked')).toHaveCount(1);
      await expect(summaryWindow).toHaveText(label, { useInnerText: true });
    });

    test("the Move page says when the pickup is now, numbers its steps from 1, and refuses the same slot, changing nothing", async ({
      page,
      javaScriptEnabled,
    }) => {
      const pickup = await residentWithPickup(page, `move-${lng}`, text.pay);
      const before = pickupRow(pickup.confirmation);
      await page.goto("/history");
      await page
        .locator(`[data-confirmation="${pickup.confirmation}"]`)
        .getByRole("button", { name: text.modifyDate })
        .click();
      await expect(page).toHaveURL(/\/order\/[^/]+\/move/);
      await interactive(page);
      await expect(page.getByTestId("current-pickup")).toHaveText(
        text.current(formatDate(pickup.date, lng, "short"), windowLabel(pickup.window, lng)),
      );
      await expect(page.locator("legend").first()).toHaveText(text.dateLegend);
      await expect(page.locator("#windows legend")).toHaveText(text.windowLegend);
      const move = page.getByRole("button", { name: text.move });
      if (javaScriptEnabled) await expect(move).toBeDisabled();

      // The pickup's own date and window again.
      await page.locator(`input[name="date"][value="${pickup.date}"]`).check();
      if (!javaScriptEnabled) await page.getByRole("button", { name: text.showWindows }).click();
      await page.locator(`input[name="slotId"][value="${pickup.slotId}"]`).check();
      await expect(page.getByTestId("current-window")).toBeVisible();
      if (javaScriptEnabled) {
        await expect(move).toBeDisabled();
        // Another window (or date) enables it.
        await page.locator('input[name="date"]:not([disabled])').last().check();
        await page.locator(`input[name="slotId"]:not([disabled]):not([value="${pickup.slotId}"])`).first().check();
        await expect(move).toBeEnabled();
        // axe over the Move page (without JavaScript axe cannot run in the page; a11y.spec.ts's twin does that).
        // From the top: where the page scrolled to, the sticky header covers part of a radio (axe target-size).
        await page.evaluate(() => window.scrollTo(0, 0));
        const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"]).analyze();
        const blocking = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
        expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      } else {
        await move.click();
        await expect(page).toHaveURL(/\/order\/[^/]+\/move/);
        await expect(page.getByTestId("booking-error")).toHaveText(text.sameSlot);
        await expect(page.getByTestId("error-summary")).toBeFocused();
        await expectOnScreen(page.getByTestId("error-summary"));
        await expect(page.getByTestId("error-summary").getByRole("link", { name: text.sameSlot })).toHaveAttribute(
          "href",
          "#windows",
        );
        await expect(page.getByTestId("current-pickup")).toBeVisible();
        expect(pickupRow(pickup.confirmation)).toEqual(before);
      }
    });
  });
}
