// Issue 45 part 1 at checkout, JavaScript on and off, English and French, 390x844: the resident chooses
// "Repeat every 4 weeks" without the consent box and is refused at the box (nothing charged, the choice
// kept); ticked, the pickup is paid and booked with its plan, and its order page shows "My plan".
import { expect, test } from "@playwright/test";
import { bookableSlotId, fillCard, residentWithAddress } from "./booking-fixtures";
import { query } from "./helpers";

const TEXTS = {
  en: {
    locale: "en-CA",
    every4: "Repeat every 4 weeks",
    once: "Just this pickup",
    consent: /Keep my card for this plan/,
    pay: /Pay \$/,
    refused: "To repeat this pickup, tick the box that lets us keep your card",
    myPlan: "My plan",
  },
  fr: {
    locale: "fr-CA",
    every4: "Répéter toutes les 4 semaines",
    once: "Cette collecte seulement",
    consent: /Conserver ma carte pour ce forfait/,
    pay: /Payer/,
    refused: "Pour répéter cette collecte, cochez la case",
    myPlan: "Mon forfait",
  },
} as const;

for (const lang of ["en", "fr"] as const) {
  const text = TEXTS[lang];
  test(`a plan chosen at checkout needs the consent, then books with the plan (${lang})`, async ({
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
    const email = await residentWithAddress(page, `plan-checkout-${lang}`);
    const slotId = await bookableSlotId(page);
    await page.goto(`/checkout?bags=2&slotId=${slotId}`);
    const choice = page.getByTestId("plan-choice");
    await expect(choice.getByRole("radio", { name: text.once })).toBeChecked();
    await fillCard(page, "4242 4242 4242 4242");
    await choice.getByRole("radio", { name: text.every4 }).check();
    await page.getByRole("button", { name: text.pay }).click();

    // Refused at the consent box: nothing paid, the interval still chosen, the box focused.
    const consent = page.getByRole("checkbox", { name: text.consent });
    await expect(page.locator("#saveCardConsent-error")).toContainText(text.refused);
    await expect(consent).toHaveAttribute("aria-invalid", "true");
    await expect(consent).toBeFocused();
    await expect(page.getByTestId("plan-choice").getByRole("radio", { name: text.every4 })).toBeChecked();
    const userId = query<{ id: number }>("select id from users where email = ?", email)[0]!.id;
    expect(query("select id from pickup_requests where user_id = ?", userId)).toHaveLength(0);

    // Ticked: paid, booked, and the plan started from this pickup.
    await fillCard(page, "4242 4242 4242 4242");
    await consent.check();
    await page.getByRole("button", { name: text.pay }).click();
    await expect(page).toHaveURL(/\/confirmation\?confirmationNumber=/);
    const confirmation = new URL(page.url()).searchParams.get("confirmationNumber")!;
    const plans = query<{ interval_weeks: number; bag_count: number; status: string }>(
      "select interval_weeks, bag_count, status from pickup_plans where user_id = ?",
      userId,
    );
    expect(plans).toEqual([{ interval_weeks: 4, bag_count: 2, status: "active" }]);
    await page.goto(`/order/${confirmation}`);
    await expect(page.getByRole("heading", { name: text.myPlan, exact: true })).toBeVisible();
    await context.close();
  });
}
