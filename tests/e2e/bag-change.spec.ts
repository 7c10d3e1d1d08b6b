// Issue 45 part 5, a bag more or less from the order page, JavaScript on and off, English and French,
// 390x844: a resident who booked 2 bags adds two (the difference paid with the simulated card form), then
// goes down to 1 (the difference refunded in full); the receipt lists every payment and refund, and each
// change writes its e-mail in the resident's language.
import { expect, test } from "@playwright/test";
import { bookTwoBags } from "./booking-fixtures";
import { lastEmail, query } from "./helpers";

const TEXTS = {
  en: {
    locale: "en-CA",
    payBooking: /Pay \$20\.70/,
    four: "4 bags",
    one: "1 bag",
    see: "See the difference",
    summary: "From 2 bags to 4 bags",
    pay: "Pay $16.09 and change the bags",
    down: "Change to 1 bag and get $25.29 back",
    bagChangeLine: "Bag change: $16.09",
    refundedLine: "Refunded: $16.09",
    subjectUp: "now has 4 bags",
    mailUp: "Difference paid: $16.09",
    subjectDown: "now has 1 bag",
    mailDown: "Difference refunded in full: $25.29",
  },
  fr: {
    locale: "fr-CA",
    payBooking: /Payer 20,70/,
    four: "4 sacs",
    one: "1 sac",
    see: "Voir la différence",
    summary: "De 2 sacs à 4 sacs",
    pay: "Payer 16,09 $ et changer les sacs",
    down: "Passer à 1 sac et récupérer 25,29 $",
    bagChangeLine: "Changement de sacs : 16,09 $",
    refundedLine: "Remboursé : 16,09 $",
    subjectUp: "compte maintenant 4 sacs",
    mailUp: "Différence payée : 16,09 $",
    subjectDown: "compte maintenant 1 sac",
    mailDown: "Différence remboursée en entier : 25,29 $",
  },
} as const;

/** Money as the page writes it: a no-break space before "$" in French. */
const spaced = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ \\\$/g, "\\s\\$"));

for (const lang of ["en", "fr"] as const) {
  const text = TEXTS[lang];
  test(`adding bags pays the difference, removing one refunds it (${lang})`, async ({
    browser,
    baseURL,
    javaScriptEnabled,
  }) => {
    const context = await browser.newContext({
      baseURL,
      javaScriptEnabled,
      locale: text.locale,
      extraHTTPHeaders: { "Accept-Language": text.locale },
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    const { email, confirmation } = await bookTwoBags(page, `bag-change-${lang}`, text.payBooking);

    // A bag more: choose 4, see the difference, pay it with the card form.
    await page.goto(`/order/${confirmation}`);
    const section = page.locator("#bag-change");
    await section.getByRole("radio", { name: new RegExp(`^${text.four}`) }).check();
    await section.getByRole("button", { name: text.see }).click();
    await expect(page.getByTestId("bag-change-chosen")).toContainText(text.summary);
    await page.locator("#bag-cardNumber").fill("4242 4242 4242 4242");
    await page.locator("#bag-expiry").fill("12/34");
    await page.locator("#bag-cvc").fill("123");
    await page.locator("#bag-postalCode").fill("H2X 3K2");
    await page.getByRole("button", { name: spaced(text.pay) }).click();
    await expect(page).toHaveURL(new RegExp(`/order/${confirmation}#bag-change$`));
    await expect(page.getByTestId("payment-ledger")).toContainText(spaced(text.bagChangeLine));
    await expect(page.locator("dd").filter({ hasText: text.four })).toBeVisible();
    const up = lastEmail(email)!;
    expect(up.subject).toContain(text.subjectUp);
    expect(up.text).toMatch(spaced(text.mailUp));

    // A bag less: down to 1, the difference refunded in full (the bag change's payment first).
    await section.getByRole("radio", { name: new RegExp(`^${text.one}`) }).check();
    await section.getByRole("button", { name: text.see }).click();
    await page.getByRole("button", { name: spaced(text.down) }).click();
    await expect(page).toHaveURL(new RegExp(`/order/${confirmation}#bag-change$`));
    await expect(page.getByTestId("payment-ledger")).toContainText(spaced(text.refundedLine));
    const down = lastEmail(email)!;
    expect(down.subject).toContain(text.subjectDown);
    expect(down.text).toMatch(spaced(text.mailDown));
    const [pickup] = query<{ bags_requested: number; total_cents: number; calendar_sequence: number }>(
      "select bags_requested, total_cents, calendar_sequence from pickup_requests where confirmation_number = ?",
      confirmation,
    );
    expect(pickup).toEqual({ bags_requested: 1, total_cents: 1150, calendar_sequence: 2 });
    await context.close();
  });
}
