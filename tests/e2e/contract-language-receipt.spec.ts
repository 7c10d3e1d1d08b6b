// Issue 43 part 3: a receipt page follows the page's language, but a pickup's contract may be in French
// while the page is in English: then the receipt says so and offers its French version (the language
// switcher's form, so JavaScript on and off), at 390x844. A contract in English, or a pickup booked before
// contracts were stored, shows no such note.
import { expect, test, type Browser } from "@playwright/test";
import { montrealDate, scheduledPickup } from "./admin-fixtures";
import { signInAs, writeDatabase } from "./helpers";

let day = 0;
async function englishReceipt(
  browser: Browser,
  baseURL: string | undefined,
  javaScriptEnabled: boolean,
  contract: "fr" | "en" | null,
) {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled,
    locale: "en-CA",
    extraHTTPHeaders: { "Accept-Language": "en-CA" },
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  const resident = await signInAs(page, { tag: `contract-receipt-${contract ?? "none"}`, locale: "en" });
  day += 1;
  const pickup = scheduledPickup(
    resident.email,
    montrealDate(40 + day + (javaScriptEnabled ? 15 : 0)),
    "morning",
    "7 Rue du Contrat",
  );
  writeDatabase((db) =>
    db
      .prepare("update pickup_requests set contract_language = ? where confirmation_number = ?")
      .run(contract, pickup.confirmation),
  );
  await page.goto(`/order/${pickup.confirmation}`);
  return { page, context, confirmation: pickup.confirmation };
}

test("an English receipt of a French contract offers the French receipt", async ({
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  const { page, context, confirmation } = await englishReceipt(browser, baseURL, javaScriptEnabled, "fr");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const note = page.getByTestId("contract-language-note");
  await expect(note).toContainText("The contract for this pickup is in French");
  await note.getByRole("button", { name: "Voir ce reçu en français" }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${confirmation}$`));
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByTestId("order-gst")).toContainText("TPS");
  await expect(page.getByTestId("contract-language-note")).toHaveCount(0);
  await context.close();
});

for (const contract of ["en", null] as const) {
  test(`an English receipt of a contract ${contract ?? "from before contracts"} has no note`, async ({
    browser,
    baseURL,
    javaScriptEnabled,
  }) => {
    const { page, context } = await englishReceipt(browser, baseURL, javaScriptEnabled, contract);
    await expect(page.getByTestId("order-gst")).toContainText("GST");
    await expect(page.getByTestId("contract-language-note")).toHaveCount(0);
    await context.close();
  });
}
