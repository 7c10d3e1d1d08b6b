// Issue 45 parts 2-4 in the browser, JavaScript on and off, English and French, 390x844: a plan chosen at
// checkout; its next pickup skipped from the order page (the job then books nothing for it), the one after
// booked by the job (`npm run plans -- --at`) and shown on the order page and in My Orders; and a plan whose
// saved card is declined off-session (4000 0000 0000 0341): its pickup held as "Payment needed", paid on
// /plans/{id}/pay (English through the simulated bank's 3-D Secure step) with "Save this card for my plan"
// ticked, then its order page, where My plan shows the new card and "Remove the saved card" removes it.
import { expect, test, type Browser } from "@playwright/test";
import { query } from "./helpers";
import { bookWithPlan, daysAfter, runPlans } from "./plan-fixtures";

const TEXTS = {
  en: {
    locale: "en-CA",
    skip: /^Skip /,
    skipped: "Skipped:",
    fromPlan: "From your plan",
    booked: "booked:",
    payTitle: "Pay for your next pickup",
    paymentNeeded: "Payment needed",
    pay: /^Pay \$/,
    complete: "Complete authentication",
    paid: "This pickup is paid and booked.",
    saveCard: /^Save this card for my plan/,
    removeCard: "Remove the saved card",
    cardRemoved: "The saved card is removed",
    noCard: "No saved card",
  },
  fr: {
    locale: "fr-CA",
    skip: /^Sauter le /,
    skipped: "Sautée :",
    fromPlan: "De votre forfait",
    booked: "réservée :",
    payTitle: "Payer votre prochaine collecte",
    paymentNeeded: "Paiement requis",
    pay: /^Payer /,
    complete: "Réussir l'authentification",
    paid: "Cette collecte est payée et réservée.",
    saveCard: /^Enregistrer cette carte pour mon forfait/,
    removeCard: "Retirer la carte enregistrée",
    cardRemoved: "La carte enregistrée est retirée",
    noCard: "Aucune carte enregistrée",
  },
} as const;

async function residentPage(browser: Browser, baseURL: string | undefined, javaScriptEnabled: boolean, locale: string) {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled,
    locale,
    extraHTTPHeaders: { "Accept-Language": locale },
    viewport: { width: 390, height: 844 },
  });
  return { context, page: await context.newPage() };
}

/** The plan's cycles, by date. */
const cyclesOf = (planId: number) =>
  query<{ cycle_date: string; status: string; pickup_request_id: number | null }>(
    "select cycle_date, status, pickup_request_id from plan_cycles where plan_id = ? order by cycle_date",
    planId,
  );

for (const lang of ["en", "fr"] as const) {
  const text = TEXTS[lang];

  test(`the next pickup skipped, the one after booked by the job and shown (${lang})`, async ({
    browser,
    baseURL,
    javaScriptEnabled,
  }) => {
    const { context, page } = await residentPage(browser, baseURL, javaScriptEnabled, text.locale);
    const { confirmation, planId, date } = await bookWithPlan(page, `plan-cycle-${lang}`, "4242 4242 4242 4242");

    // Skip the next pickup from the order page: nothing booked for it when the job runs.
    await page.goto(`/order/${confirmation}`);
    const plan = page.getByTestId("my-plan");
    await plan.getByRole("button", { name: text.skip }).click();
    await expect(page.getByTestId("plan-skipped")).toContainText(text.skipped);
    runPlans(`${daysAfter(date, 21)}T12:00:00-05:00`, planId);
    expect(cyclesOf(planId).filter((c) => c.status === "booked")).toHaveLength(0);

    // The one after it: booked and charged by the job, shown on the order page and in My Orders.
    const run = runPlans(`${daysAfter(date, 49)}T12:00:00-05:00`, planId);
    expect(run.run.booked).toBeGreaterThanOrEqual(1);
    const booked = cyclesOf(planId).filter((c) => c.status === "booked");
    expect(booked).toHaveLength(1);
    expect(booked[0]!.cycle_date).toBe(daysAfter(date, 56));
    const [next] = query<{ confirmation_number: string }>(
      "select confirmation_number from pickup_requests where id = ?",
      booked[0]!.pickup_request_id,
    );
    await page.goto(`/order/${confirmation}`);
    await expect(page.getByTestId("plan-next")).toContainText(`${text.booked} ${next!.confirmation_number}`);
    await page.goto("/history");
    await expect(page.locator('[data-testid="from-plan"]:visible').first()).toHaveText(text.fromPlan);
    await context.close();
  });

  test(`a pickup held after a declined card is paid on its page (${lang})`, async ({
    browser,
    baseURL,
    javaScriptEnabled,
  }) => {
    const { context, page } = await residentPage(browser, baseURL, javaScriptEnabled, text.locale);
    const { confirmation, planId, date } = await bookWithPlan(page, `plan-held-${lang}`, "4000 0000 0000 0341");
    runPlans(`${daysAfter(date, 21)}T12:00:00-05:00`, planId);
    expect(cyclesOf(planId).map((c) => c.status)).toEqual(["payment_needed"]);

    await page.goto(`/order/${confirmation}`);
    await expect(page.getByTestId("plan-status")).toContainText(text.paymentNeeded);
    await page.getByTestId("plan-pay-link").click();
    await expect(page).toHaveURL(new RegExp(`/plans/${planId}/pay$`));
    await expect(page.getByRole("heading", { level: 1, name: text.payTitle })).toBeVisible();
    await expect(page.getByTestId("held-pickup")).toBeVisible();
    await expect(page.getByTestId("held-until")).not.toBeEmpty();
    // English pays with a card asking for 3-D Secure (the simulated bank's step), French with 4242.
    const card = lang === "en" ? "4000 0027 6000 3184" : "4242 4242 4242 4242";
    await page.locator("#cardNumber").fill(card);
    await page.locator("#expiry").fill("12/34");
    await page.locator("#cvc").fill("123");
    await page.locator("#postalCode").fill("H2X 3K2");
    // "Change the card": this card is saved for the plan's next payments.
    await page.getByLabel(text.saveCard).check();
    await page.getByRole("button", { name: text.pay }).click();
    if (lang === "en") await page.getByRole("button", { name: text.complete }).click();
    await expect(page).toHaveURL(/\/order\/[A-Z0-9-]+$/);
    const [cycle] = cyclesOf(planId);
    expect(cycle!.status).toBe("booked");
    const [pickup] = query<{ confirmation_number: string }>(
      "select confirmation_number from pickup_requests where id = ?",
      cycle!.pickup_request_id,
    );
    expect(new URL(page.url()).pathname).toBe(`/order/${pickup!.confirmation_number}`);

    // Paid: the page says so plainly, with the pickup's link.
    await page.goto(`/plans/${planId}/pay`);
    await expect(page.getByTestId("nothing-to-pay")).toContainText(text.paid);
    // The card it was paid with now pays the plan (the declined one is removed).
    await page.goto(`/order/${confirmation}`);
    await expect(page.getByTestId("plan-card")).toContainText(card.slice(-4));

    // Removed from My plan: no saved card; the next pickup will wait for a payment.
    await page.getByTestId("plan-card-change").getByRole("button", { name: text.removeCard }).click();
    await expect(page.getByTestId("toast")).toContainText(text.cardRemoved);
    await expect(page.getByTestId("plan-card")).toHaveText(text.noCard);
    await context.close();
  });
}

test("another resident's plan, an unknown one and a garbage id answer 404", async ({ browser, baseURL }) => {
  const owner = await residentPage(browser, baseURL, true, "en-CA");
  const { planId } = await bookWithPlan(owner.page, "plan-owner", "4242 4242 4242 4242");
  await owner.context.close();
  const other = await residentPage(browser, baseURL, true, "en-CA");
  await bookWithPlan(other.page, "plan-other", "4242 4242 4242 4242");
  for (const path of [`/plans/${planId}/pay`, "/plans/999999999/pay", "/plans/abc/pay", "/plans/1e3/pay"]) {
    expect((await other.page.goto(path))!.status(), path).toBe(404);
  }
  const post = await other.page.request.post(`/plans/${planId}/pay`, {
    form: { intent: "pay", cardNumber: "4242424242424242", expiry: "12/34", cvc: "123", postalCode: "H2X3K2" },
    headers: { Origin: baseURL! },
  });
  expect(post.status()).toBe(404);
  await other.context.close();
});
