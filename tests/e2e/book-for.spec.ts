// Issue 46 part 5 in the browser, JavaScript on and off (the js and no-js projects), English and French, at
// 1280×800 and 390×844: an operator at /admin/book-for opens the account of a resident who calls (not
// found by the search), books bags on a window for them (the place held, the link e-mailed); the resident,
// signed out in another browser, pays from the link with the simulated card form (refused until the terms'
// box is ticked, issue 43; the acceptance kept on the pickup); the pickup is booked with
// the operator recorded, the link is spent, and the resident's order page says the team booked it. Drivers
// and residents get 403.
import { expect, test } from "@playwright/test";
import { ADMIN_EMAIL, otherBrowser, signInAdmin } from "./admin-fixtures";
import { createDriver, insertSession, PASSWORD, query, signInAs, uniqueEmail } from "./helpers";

const TEXT = {
  en: {
    title: "Book for a resident",
    nav: "Book for a resident",
    findLabel: "Resident's e-mail or phone number",
    find: "Find",
    notFound: "No resident has the e-mail or phone number",
    language: "English",
    firstName: "First name",
    lastName: "Last name",
    street: "Street address",
    postalCode: "Postal code",
    open: "Open the account",
    openedByTeam: "Opened by the ReCircle team",
    twoBags: "2 bags",
    window: "Date and window",
    hold: "Hold the place and send the payment link",
    held: "Waiting for payment",
    payTitle: "Pay for your pickup",
    pay: /^Pay \$/,
    paid: "This pickup is paid and booked.",
    contract: "Your contract",
    acceptRequired: "Please tick the box to accept the terms before paying.",
    bookedForYou: "Booked for you by the ReCircle team on",
  },
  fr: {
    title: "Réserver pour un résident",
    nav: "Réserver pour un résident",
    findLabel: "Courriel ou numéro de téléphone du résident",
    find: "Trouver",
    notFound: "Aucun résident n'a le courriel ou le numéro",
    language: "Français",
    firstName: "Prénom",
    lastName: "Nom de famille",
    street: "Adresse",
    postalCode: "Code postal",
    open: "Ouvrir le compte",
    openedByTeam: "Ouvert par l'équipe ReCircle",
    twoBags: "2 sacs",
    window: "Date et plage horaire",
    hold: "Garder la place et envoyer le lien de paiement",
    held: "En attente du paiement",
    payTitle: "Payer votre collecte",
    pay: /^Payer /,
    paid: "Cette collecte est payée et réservée.",
    contract: "Votre contrat",
    acceptRequired: "Veuillez cocher la case pour accepter les conditions avant de payer.",
    bookedForYou: "Réservée pour vous par l'équipe ReCircle le",
  },
} as const;

/**
 * A slot's count less its live pickups, its held phone bookings and its plans' held cycles (what takes a place):
 * 0 when every place is counted once.
 */
function placesNotAccountedFor(slotId: number): number {
  return query<{ n: number }>(
    `select s.current_booked
       - (select count(*) from pickup_requests r where r.pickup_slot_id = s.id and r.status != 'Cancelled')
       - (select count(*) from phone_bookings b where b.slot_id = s.id and b.status = 'held')
       - (select count(*) from plan_cycles c where c.slot_id = s.id and c.status in ('charging', 'payment_needed')) as n
     from pickup_slots s where s.id = ?`,
    slotId,
  )[0]!.n;
}

function adminId(): number {
  return query<{ id: number }>("select id from users where email = ?", ADMIN_EMAIL)[0]!.id;
}

for (const lang of ["en", "fr"] as const) {
  const locale = lang === "fr" ? "fr-CA" : "en-CA";
  test.describe(`a resident who calls (${lang})`, () => {
    test.use({ locale, extraHTTPHeaders: { "Accept-Language": locale } });
    const text = TEXT[lang];

    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      test(`a phone booking paid from the link at ${viewport.width} px`, async ({
        page,
        browser,
        baseURL,
        javaScriptEnabled,
      }) => {
        await page.setViewportSize(viewport);
        await signInAdmin(page.request);
        await page.goto("/admin");
        await page.getByRole("navigation").getByRole("link", { name: text.nav }).click();
        await expect(page.getByRole("heading", { level: 1, name: text.title })).toBeVisible();

        // Not found by e-mail: the account is opened for them, the address typed from the call.
        const email = uniqueEmail(`book-for-${lang}-${viewport.width}-${javaScriptEnabled ? "js" : "nojs"}`);
        await page.getByLabel(text.findLabel).fill(email);
        await page.getByRole("button", { name: text.find, exact: true }).click();
        await expect(page.getByTestId("book-for-not-found")).toContainText(text.notFound);
        await page.getByRole("radio", { name: text.language }).check();
        await page.getByLabel(text.firstName, { exact: true }).fill("Gisèle");
        await page.getByLabel(text.lastName, { exact: true }).fill("Lavoie");
        await page.getByLabel(text.street, { exact: true }).fill("4520 Rue Saint-Denis");
        await page.getByLabel(text.postalCode).fill("H2X 3K2");
        await page.getByRole("button", { name: text.open }).click();
        await expect(page).toHaveURL(/\/admin\/book-for\?resident=\d+/);
        const [resident] = query<{ id: number; created_by_id: number; locale: string }>(
          "select id, created_by_id, locale from users where email = ?",
          email,
        );
        expect(resident).toMatchObject({ created_by_id: adminId(), locale: lang });
        await expect(page.getByTestId("book-for-resident")).toContainText(text.openedByTeam);
        const opened = query<{ kind: string; text: string }>(
          `select kind, text from email_outbox where "to" = ? order by id`,
          email,
        );
        expect(opened.map((row) => row.kind)).toEqual(["account-opened-for-you"]);
        expect(opened[0]!.text).toMatch(/\/reset-password\?token=/);
        expect(opened[0]!.text).toContain("/privacy");

        // Two bags on a window of this test's own (the eight runs of this test, and the first window other
        // specs book, each keep to theirs): the place held, the link e-mailed.
        await page.getByRole("radio", { name: text.twoBags }).check();
        const select = page.getByLabel(text.window);
        const own = 3 + (lang === "fr" ? 4 : 0) + (viewport.width === 390 ? 2 : 0) + (javaScriptEnabled ? 1 : 0);
        const slotId = await select.locator("option").nth(own).getAttribute("value");
        await select.selectOption(slotId!);
        await page.getByRole("button", { name: text.hold }).click();
        await expect(page.getByTestId("phone-booking").first()).toHaveAttribute("data-status", "held");
        await expect(page.getByTestId("phone-booking").first()).toContainText(text.held);
        const [hold] = query<{ status: string; slot_id: number }>(
          "select status, slot_id from phone_bookings where user_id = ?",
          resident!.id,
        );
        expect(hold).toMatchObject({ status: "held", slot_id: Number(slotId) });
        // The hold took a place: the slot's count is its pickups and its holds, read in one statement so
        // the other specs booking at the same time cannot tell it wrong.
        expect(placesNotAccountedFor(Number(slotId))).toBe(0);
        const [mail] = query<{ text: string }>(
          `select text from email_outbox where "to" = ? and kind = 'phone-pay-link' order by id desc limit 1`,
          email,
        );
        const token = /\/pay\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;

        // The resident, signed out, in another browser: the link opens the payment page for that pickup.
        const payer = await otherBrowser(browser, { baseURL, javaScriptEnabled, locale });
        await payer.setViewportSize(viewport);
        await payer.goto(`/pay/${token}`);
        await expect(payer.getByRole("heading", { level: 1, name: text.payTitle })).toBeVisible();
        await expect(payer.getByTestId("held-pickup")).toBeVisible();
        // The contract's terms (issue 43) above the way to pay, in the page's language.
        await expect(payer.getByRole("heading", { level: 2, name: text.contract })).toBeVisible();
        const fillCard = async () => {
          await payer.locator("#cardNumber").fill("4242 4242 4242 4242");
          await payer.locator("#expiry").fill("12/34");
          await payer.locator("#cvc").fill("123");
          await payer.locator("#postalCode").fill("H2X 3K2");
        };
        // The box not ticked: refused, the message at the box, nothing charged or booked.
        await fillCard();
        await payer.getByRole("button", { name: text.pay }).click();
        await expect(payer.locator("#acceptTerms-error")).toHaveText(text.acceptRequired);
        await expect(payer.locator("#acceptTerms")).toHaveAttribute("aria-invalid", "true");
        const unpaid = query<{ n: number }>(
          "select count(*) as n from pickup_requests where user_id = ?",
          resident!.id,
        );
        expect(unpaid[0]!.n).toBe(0);
        expect(query<{ n: number }>("select count(*) as n from payments where user_id = ?", resident!.id)[0]!.n).toBe(
          0,
        );
        // Ticked (on an English page, with the box choosing English after the French terms): paid and booked.
        await fillCard();
        await payer.locator("#acceptTerms").check();
        if (lang === "en") await payer.locator("#frenchTermsReceived").check();
        await payer.getByRole("button", { name: text.pay }).click();
        await expect(payer.getByTestId("nothing-to-pay")).toContainText(text.paid);
        const [terms] = query<{ terms_version: string; terms_accepted_at: number; contract_language: string }>(
          "select terms_version, terms_accepted_at, contract_language from pickup_requests where user_id = ?",
          resident!.id,
        );
        expect(terms).toMatchObject({ terms_version: expect.any(String), contract_language: lang });
        expect(terms!.terms_accepted_at).toBeGreaterThan(0);
        const [pickup] = query<{ confirmation_number: string; booked_by_id: number; pickup_slot_id: number }>(
          "select confirmation_number, booked_by_id, pickup_slot_id from pickup_requests where user_id = ?",
          resident!.id,
        );
        expect(pickup).toMatchObject({ booked_by_id: adminId(), pickup_slot_id: Number(slotId) });
        await expect(payer.getByTestId("paid-confirmation")).toContainText(pickup!.confirmation_number);
        // The place was the hold's: not taken twice (the hold is spent, the slot still counts each place once).
        const [spent] = query<{ status: string; pickup_request_id: number }>(
          "select status, pickup_request_id from phone_bookings where user_id = ?",
          resident!.id,
        );
        expect(spent).toMatchObject({ status: "booked", pickup_request_id: expect.any(Number) });
        expect(placesNotAccountedFor(Number(slotId))).toBe(0);

        // Spent: the link only says it is paid; a second payment posted to it books nothing.
        const again = await payer.request.post(`/pay/${token}`, {
          form: { intent: "pay", cardNumber: "4242424242424242", expiry: "12/34", cvc: "123", postalCode: "H2X3K2" },
          maxRedirects: 0,
        });
        expect(again.status()).toBeLessThan(500);
        const count = query<{ n: number }>("select count(*) as n from pickup_requests where user_id = ?", resident!.id);
        expect(count[0]!.n).toBe(1);

        // Signed in, the resident's order page says the team booked it for them.
        const value = await insertSession(resident!.id);
        await payer
          .context()
          .addCookies([{ name: "__session", value, url: baseURL!, httpOnly: true, sameSite: "Lax" }]);
        await payer.goto(`/order/${pickup!.confirmation_number}`);
        await expect(payer.getByTestId("booked-for-you")).toContainText(text.bookedForYou);

        // The operator sees it paid.
        await page.goto(`/admin/book-for?resident=${resident!.id}`);
        await expect(page.getByTestId("phone-booking").first()).toHaveAttribute("data-status", "booked");
        await expect(page.getByTestId("phone-booking").first()).toContainText(pickup!.confirmation_number);
        await payer.context().close();
      });
    }
  });
}

test("an unknown or malformed link answers 404", async ({ page }) => {
  for (const path of [`/pay/${"a".repeat(43)}`, "/pay/x", "/pay/%00%00", `/pay/${"b".repeat(200)}`]) {
    expect((await page.request.get(path)).status(), path).toBe(404);
    expect((await page.request.post(path, { form: { intent: "pay" } })).status(), path).toBe(404);
  }
});

test("drivers get 403 and residents are refused on /admin/book-for, its posts too", async ({ browser, playwright }) => {
  const baseURL = test.info().project.use.baseURL!;
  const driverEmail = uniqueEmail("book-for-driver");
  createDriver(driverEmail);
  const driver = await playwright.request.newContext({ baseURL });
  expect((await driver.post("/api/auth/login", { data: { email: driverEmail, password: PASSWORD } })).status()).toBe(
    200,
  );
  const posts: Record<string, string>[] = [
    { intent: "create", email: uniqueEmail("book-for-intruder"), locale: "fr" },
    { intent: "book", resident: "1", bags: "1", slotId: "1" },
  ];
  expect((await driver.get("/admin/book-for", { maxRedirects: 0 })).status()).toBe(403);
  for (const form of posts)
    expect((await driver.post("/admin/book-for", { form, maxRedirects: 0 })).status(), form.intent).toBe(403);
  await driver.dispose();
  const resident = await browser.newContext({ baseURL });
  await signInAs(resident, { tag: "book-for-resident" });
  expect((await resident.request.get("/admin/book-for", { maxRedirects: 0 })).status()).toBe(403);
  for (const form of posts)
    expect((await resident.request.post("/admin/book-for", { form, maxRedirects: 0 })).status()).toBe(403);
  expect(query<{ n: number }>("select count(*) as n from users where email = ?", posts[0]!.email)[0]!.n).toBe(0);
  await resident.close();
});
