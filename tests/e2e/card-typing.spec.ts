// Card fields accept what people type (issue 33, part 9), JavaScript on and off, English and French, 390x844:
// the number typed without spaces (spaced as typed when JavaScript runs), the expiry without its slash and the
// postal code in lower case without its space all pay.
import { expect, test } from "@playwright/test";
import { acceptTerms, bookableSlotId, residentWithAddress } from "./booking-fixtures";
import { interactive } from "./helpers";

for (const [lang, locale, pay] of [
  ["en", "en-CA", /^Pay \$11\.50$/],
  ["fr", "fr-CA", /^Payer 11,50 \$$/],
] as const) {
  test(`a card typed as people type it pays (${lang})`, async ({ browser, baseURL, javaScriptEnabled }) => {
    const context = await browser.newContext({
      baseURL,
      javaScriptEnabled,
      locale,
      extraHTTPHeaders: { "Accept-Language": locale },
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await residentWithAddress(page, `typing-${lang}`);
    const slotId = await bookableSlotId(page);
    await page.goto(`/checkout?bags=1&slotId=${slotId}`);
    await interactive(page);
    const number = page.locator("#cardNumber");
    await number.pressSequentially("4242424242424242");
    if (javaScriptEnabled) await expect(number).toHaveValue("4242 4242 4242 4242");
    else await expect(number).toHaveValue("4242424242424242");
    await page.locator("#expiry").fill("1234");
    await page.locator("#cvc").fill("123");
    await page.locator("#postalCode").fill("h2t2y6");
    await acceptTerms(page);
    await page.getByRole("button", { name: pay }).click();
    await expect(page).toHaveURL(/\/confirmation\?confirmationNumber=/);
    await context.close();
  });
}
