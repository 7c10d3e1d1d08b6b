// Issue 45 part 5 with the Stripe provider, in a browser at 390x844, English and French, against a server of
// this spec's own pointed at the Stripe stand-in (started here, in the test process), as stripe-checkout.spec:
// a resident who booked 2 bags (paid at Stripe) adds two from the order page.
// - JavaScript off: "Pay the difference" goes to Stripe's hosted Checkout (faked with page.route: its Pay
//   link pays the session at the stand-in and goes to the session's success_url, as Stripe does); back on
//   the order page the pickup has 4 bags and the receipt lists both payments. Paying twice (the form sent
//   again, Stripe's page opened again from history and paid again) makes one session and applies once.
// - JavaScript on: the bag change's Payment Element (bag-stripe-card.tsx) with the fake Stripe.js
//   (tests/e2e/fake-stripe/stripe.js), its confirm answered through the stand-in; the same outcome, and
//   the PUT sent again applies nothing twice; a declined card says so and changes nothing; 3-D Secure
//   (Stripe's page faked) comes back to the order page, which applies it once.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, test, type Browser, type Page, type Route, type TestInfo } from "@playwright/test";
import type { StripeStandIn } from "../integration/stripe-stand-in";
import { startStripeServer as startOwnStripeServer, type StripeServer } from "./stripe-server";
import { ApiClient, registerResident, type OwnServer } from "./own-server";

test.describe.configure({ mode: "default" });

const FAKE_STRIPE_JS = fs.readFileSync(path.join("tests", "e2e", "fake-stripe", "stripe.js"), "utf8");
const DECLINED = "4000000000000002";
const THREE_D_SECURE = "4000002760003184";

const TEXTS = {
  en: {
    locale: "en-CA",
    four: "4 bags",
    see: "See the difference",
    summary: "From 2 bags to 4 bags",
    hostedBody: "You will pay the difference on Stripe's secure page, then come back to this page.",
    pay: "Pay $16.09 and change the bags",
    cardNumber: "Card number",
    done: "Your pickup now has 4 bags",
    donePaid: "Difference paid: $16.09",
    bookingLine: "Booking: $20.70",
    bagChangeLine: "Bag change: $16.09",
    declined: "Your card was declined. Please try a different payment method.",
  },
  fr: {
    locale: "fr-CA",
    four: "4 sacs",
    see: "Voir la différence",
    summary: "De 2 sacs à 4 sacs",
    hostedBody: "Vous paierez la différence sur la page sécurisée de Stripe, puis reviendrez à cette page.",
    pay: "Payer 16,09 $ et changer les sacs",
    cardNumber: "Numéro de carte",
    done: "Votre collecte compte maintenant 4 sacs",
    donePaid: "Différence payée : 16,09 $",
    bookingLine: "Réservation : 20,70 $",
    bagChangeLine: "Changement de sacs : 16,09 $",
    declined: "Votre carte a été refusée. Veuillez essayer un autre mode de paiement.",
  },
} as const;

/** Money as the page writes it: a no-break space before "$" in French, and after ":". */
const spaced = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ (\\\$|:)/g, "\\s$1"));

let standIn: StripeStandIn | null = null;
let server: OwnServer | null = null;
let own: StripeServer | null = null;

/** The stand-in and a Stripe server of this spec's own (OWN_SERVER_PORT + 14 with JavaScript, + 15 without). */
async function startStripeServer(testInfo: TestInfo) {
  own = await startOwnStripeServer(testInfo, { tag: "bag-change-stripe", portOffset: 14, keyTag: "bags" });
  ({ server, standIn } = own);
}

async function stopStripeServer() {
  await own?.stop();
  own = null;
  server = null;
  standIn = null;
}

function query<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(server!.dbFile, { readonly: true, fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/**
 * A resident signed in (API and browser, in the page's language) with a pickup of 2 bags paid at Stripe
 * a few days ahead, well before the 12-hour cutoff.
 */
async function bookedTwoBags(browser: Browser, lang: "en" | "fr", javaScriptEnabled: boolean) {
  const text = TEXTS[lang];
  const api = new ApiClient(server!.baseURL, `bag-stripe-${lang}-${Date.now().toString(36)}@recircle-mail.ca`);
  await registerResident(api);
  const slots = await api.call("GET", "/api/pickup-slots");
  const open = (slots.json as unknown as Array<{ id: number; currentBooked: number; maxCapacity: number }>).filter(
    (s) => s.currentBooked < s.maxCapacity,
  );
  const slot = open[Math.min(4, open.length - 1)]!;
  const intent = await api.call("POST", "/api/create-payment-intent", {
    acceptTerms: true,
    bagCount: 2,
    slotId: slot.id,
  });
  expect(intent.status, JSON.stringify(intent.json)).toBe(200);
  standIn!.succeedIntent(intent.json.paymentIntentId as string);
  const booked = await api.call("POST", "/api/pickup-requests", {
    acceptTerms: true,
    bagsRequested: 2,
    pickupSlotId: slot.id,
    totalPrice: 20.7,
    paymentIntentId: intent.json.paymentIntentId,
  });
  expect(booked.status, JSON.stringify(booked.json)).toBe(201);
  const context = await browser.newContext({
    baseURL: server!.baseURL,
    javaScriptEnabled,
    locale: text.locale,
    extraHTTPHeaders: { "Accept-Language": text.locale },
    viewport: { width: 390, height: 844 },
  });
  const [name, value] = api.cookie.split(/=(.*)/s) as [string, string];
  await context.addCookies([{ name, value, url: server!.baseURL, httpOnly: true, sameSite: "Lax", secure: false }]);
  return {
    api,
    context,
    pickupId: booked.json.id as number,
    confirmation: booked.json.confirmationNumber as string,
  };
}

/** Chooses 4 bags on the order page and sees the difference. */
async function chooseFour(page: Page, lang: "en" | "fr", confirmation: string, js: boolean) {
  const text = TEXTS[lang];
  await page.goto(`/order/${confirmation}`);
  // With JavaScript, a choice made while the page hydrates may be lost: chosen once it is interactive.
  if (js) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const section = page.locator("#bag-change");
  await section.getByRole("radio", { name: new RegExp(`^${text.four}`) }).check();
  await section.getByRole("button", { name: text.see }).click();
  await expect(page.getByTestId("bag-change-chosen")).toContainText(text.summary);
}

/** The order page after the change: 4 bags, both payments on the receipt; the database agrees, once. */
async function expectFourBagsOnce(page: Page, lang: "en" | "fr", confirmation: string, email: string) {
  const text = TEXTS[lang];
  await expect(page.locator("dd").filter({ hasText: text.four })).toBeVisible();
  const ledger = page.getByTestId("payment-ledger");
  await expect(ledger).toContainText(spaced(text.bookingLine));
  await expect(ledger).toContainText(spaced(text.bagChangeLine));
  await expect(ledger.getByRole("listitem")).toHaveCount(2);
  const [pickup] = query<{ bags_requested: number; total_cents: number; calendar_sequence: number }>(
    "select bags_requested, total_cents, calendar_sequence from pickup_requests where confirmation_number = ?",
    confirmation,
  );
  expect(pickup).toEqual({ bags_requested: 4, total_cents: 3679, calendar_sequence: 1 });
  const payments = query<{ amount_cents: number; status: string }>(
    "select amount_cents, status from payments where purpose = 'bag_change' and pickup_request_id = (select id from pickup_requests where confirmation_number = ?) and status = 'succeeded'",
    confirmation,
  );
  expect(payments).toEqual([{ amount_cents: 1609, status: "succeeded" }]);
  // One e-mail of the change, in the resident's language (the account's, not the page's).
  const mails = query<{ subject: string }>(
    `select subject from email_outbox where "to" = ? and (subject like '%now has 4 bags%' or subject like '%compte maintenant 4 sacs%')`,
    email,
  );
  expect(mails).toHaveLength(1);
}

test.describe("JavaScript off: Stripe's hosted Checkout for the difference", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled !== false, "the hosted path is the no-JavaScript one");
  test.beforeAll(async ({ browser: _browser }, testInfo) => {
    if (testInfo.project.use.javaScriptEnabled === false) await startStripeServer(testInfo);
  });
  test.afterAll(stopStripeServer);
  test.beforeEach(() => standIn!.reset());

  for (const lang of ["en", "fr"] as const) {
    test(`adding two bags through Stripe's page; paying twice applies once (${lang})`, async ({
      browser,
    }, testInfo) => {
      const text = TEXTS[lang];
      const { api, context, confirmation } = await bookedTwoBags(browser, lang, false);
      // Stripe's hosted page: a Pay link that pays the session at the stand-in, then Stripe's redirect.
      await context.route("https://checkout.stripe.com/**", (route) => {
        const url = new URL(route.request().url());
        const paying = url.pathname.match(/^\/pay-now\/(cs_[\w]+)$/);
        if (paying) {
          const session = standIn!.sessions.get(paying[1]!)!;
          standIn!.paySession(session.id);
          const location = session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id);
          return route.fulfill({ status: 302, headers: { Location: location } });
        }
        const id = url.pathname.split("/").pop();
        const session = standIn!.sessions.get(id ?? "");
        const amount = session ? (session.amount_total / 100).toFixed(2) : "?";
        return route.fulfill({
          contentType: "text/html",
          body: `<!doctype html><title>Stripe Checkout</title><h1>Stripe</h1><p>${session?.locale}</p><a href="/pay-now/${id}">Pay $${amount}</a> <a href="${session?.cancel_url}">Back</a>`,
        });
      });
      const page = await context.newPage();
      await chooseFour(page, lang, confirmation, false);
      const chosen = page.getByTestId("bag-change-chosen");
      await expect(chosen).toContainText(text.hostedBody);
      await page.screenshot({ path: testInfo.outputPath(`order-hosted-${lang}.png`), fullPage: true });

      // Cancel on Stripe's page: back to the chosen bags, nothing changed.
      await chosen.getByRole("button", { name: spaced(text.pay) }).click();
      await page.waitForURL(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
      await page.getByRole("link", { name: "Back" }).click();
      await expect(page.getByTestId("bag-change-chosen")).toContainText(text.summary);
      await expect(page.locator("dd").filter({ hasText: text.four })).toHaveCount(0);

      // Pay the difference: Stripe's page (the same session), paid, back on the order page with 4 bags.
      await page
        .getByTestId("bag-change-chosen")
        .getByRole("button", { name: spaced(text.pay) })
        .click();
      await page.waitForURL(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
      const stripePage = page.url();
      await page.getByRole("link", { name: "Pay $16.09" }).click();
      await page.waitForURL(new RegExp(`/order/${confirmation}#bag-change$`));
      const toast = page.getByTestId("toast");
      await expect(toast).toContainText(text.done);
      await expect(toast).toContainText(spaced(text.donePaid));
      await expectFourBagsOnce(page, lang, confirmation, api.email);
      await page.getByTestId("payment-ledger").scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`order-hosted-paid-${lang}.png`) });

      // Back to Stripe's page (history) and paid again; Back again to the return address: applied once.
      await page.goto(stripePage);
      await page.getByRole("link", { name: "Pay $16.09" }).click();
      await page.waitForURL(new RegExp(`/order/${confirmation}#bag-change$`));
      const session = [...standIn!.sessions.values()][0]!;
      await page.goto(`/order/${confirmation}?bags=4&session_id=${session.id}`);
      await expect(page).toHaveURL(new RegExp(`/order/${confirmation}#bag-change$`));
      // The form sent again (a page kept from before paying): no second session, nothing applied twice.
      const again = await page.request.post(`/order/${confirmation}`, {
        form: { intent: "bagsHosted", bags: "4" },
        maxRedirects: 0,
      });
      expect(again.status()).toBe(302);
      expect(again.headers()["location"]).not.toMatch(/checkout\.stripe\.com/);
      // A return address with garbage in it: back to the order page with the reason, never a 5xx.
      for (const garbage of ["x", `cs_test_${"a".repeat(400)}`, "cs_test_unknown1234", "cs_\u0000'\"<", ""]) {
        for (const bags of ["4", "3", "x"]) {
          const answer = await page.request.get(
            `/order/${confirmation}?bags=${bags}&session_id=${encodeURIComponent(garbage)}`,
            { maxRedirects: 0 },
          );
          expect(answer.status(), `${bags} ${garbage}`).toBe(302);
        }
      }
      await page.reload();
      await expectFourBagsOnce(page, lang, confirmation, api.email);
      expect(standIn!.requestsTo("POST", /^\/v1\/checkout\/sessions$/)).toHaveLength(1);
      // Stripe's page in the contract's language (issue 43), as a checkout's.
      const [{ contract_language }] = query<{ contract_language: string }>(
        "select contract_language from pickup_requests where confirmation_number = ?",
        confirmation,
      ) as [{ contract_language: string }];
      expect(session.locale).toBe(contract_language);
      expect(standIn!.refunds).toHaveLength(0);
      await context.close();
    });
  }
});

test.describe("JavaScript on: the bag change's Payment Element", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "Stripe.js runs only with JavaScript on");
  test.beforeAll(async ({ browser: _browser }, testInfo) => {
    if (testInfo.project.use.javaScriptEnabled !== false) await startStripeServer(testInfo);
  });
  test.afterAll(stopStripeServer);
  test.beforeEach(() => standIn!.reset());

  /** Stripe's confirm endpoint, answered through the stand-in: the intent paid by the card typed. */
  async function confirmAtStandIn(route: Route) {
    const request = route.request();
    const id = decodeURIComponent(new URL(request.url()).pathname.split("/")[3]!);
    const form = new URLSearchParams(request.postData() ?? "");
    const answer = (status: number, body: unknown) =>
      route.fulfill({
        status,
        contentType: "application/json",
        headers: { "Access-Control-Allow-Origin": "*" },
        body: JSON.stringify(body),
      });
    const intent = standIn!.intents.get(id);
    if (!intent || form.get("client_secret") !== intent.client_secret) {
      return answer(404, { error: { type: "invalid_request_error", code: "resource_missing", message: "No such" } });
    }
    const number = form.get("payment_method_data[card][number]") ?? "";
    if (number === DECLINED) {
      return answer(402, {
        error: {
          type: "card_error",
          code: "card_declined",
          decline_code: "generic_decline",
          message: "Your card was declined.",
          payment_intent: intent,
        },
      });
    }
    if (number === THREE_D_SECURE) {
      const back = encodeURIComponent(form.get("return_url") ?? "");
      return answer(200, {
        ...intent,
        status: "requires_action",
        next_action: {
          type: "redirect_to_url",
          redirect_to_url: { url: `https://hooks.stripe.com/3d_secure/${id}?return_url=${back}` },
        },
      });
    }
    try {
      return answer(200, standIn!.succeedIntent(id));
    } catch {
      return answer(400, {
        error: { type: "invalid_request_error", code: "payment_intent_unexpected_state", payment_intent: intent },
      });
    }
  }

  /** Stripe's 3-D Secure page: Complete pays the intent; both go back to the return_url, as Stripe does. */
  async function threeDSecurePage(route: Route) {
    const url = new URL(route.request().url());
    const [, , id, outcome] = url.pathname.split("/");
    const returnUrl = url.searchParams.get("return_url") ?? "";
    if (!outcome) {
      const query = `return_url=${encodeURIComponent(returnUrl)}`;
      return route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><title>3D Secure</title><a href="/3d_secure/${id}/complete?${query}">Complete</a>`,
      });
    }
    standIn!.succeedIntent(id!);
    const back = `${returnUrl}&payment_intent=${id}&payment_intent_client_secret=${id}_secret_x&redirect_status=succeeded`;
    return route.fulfill({ status: 302, headers: { Location: back } });
  }

  for (const lang of ["en", "fr"] as const) {
    test(`a declined card says so and changes nothing; 3-D Secure comes back and applies it once (${lang})`, async ({
      browser,
    }) => {
      const text = TEXTS[lang];
      const { api, context, confirmation } = await bookedTwoBags(browser, lang, true);
      await context.route("https://js.stripe.com/**", (route) =>
        route.fulfill({ contentType: "application/javascript; charset=utf-8", body: FAKE_STRIPE_JS }),
      );
      await context.route("https://api.stripe.com/v1/payment_intents/*/confirm", confirmAtStandIn);
      await context.route("https://hooks.stripe.com/**", threeDSecurePage);
      const page = await context.newPage();
      await chooseFour(page, lang, confirmation, true);
      const pay = page.getByRole("button", { name: spaced(text.pay) });

      await page.getByLabel(text.cardNumber).fill(DECLINED);
      await expect(pay).toBeEnabled();
      await pay.click();
      await expect(page.getByRole("alert").filter({ hasText: text.declined })).toBeVisible();
      await expect(pay).toBeEnabled();
      const [before] = query<{ bags_requested: number }>(
        "select bags_requested from pickup_requests where confirmation_number = ?",
        confirmation,
      );
      expect(before).toEqual({ bags_requested: 2 });

      // The same intent, now with a card that asks for 3-D Secure: Stripe's page, then back to the order page.
      await page.getByLabel(text.cardNumber).fill(THREE_D_SECURE);
      await pay.click();
      await page.waitForURL(/^https:\/\/hooks\.stripe\.com\/3d_secure\//);
      await page.getByRole("link", { name: "Complete" }).click();
      await page.waitForURL(new RegExp(`/order/${confirmation}#bag-change$`));
      await expect(page.getByTestId("toast")).toContainText(spaced(text.donePaid));
      await expectFourBagsOnce(page, lang, confirmation, api.email);
      expect(standIn!.requestsTo("POST", /^\/v1\/payment_intents$/)).toHaveLength(2);
      // Back to the return address (history): applied once.
      const intentId = [...standIn!.intents.values()][1]!.id;
      await page.goto(`/order/${confirmation}?bags=4&payment_intent=${intentId}`);
      await page.waitForURL(new RegExp(`/order/${confirmation}#bag-change$`));
      await expectFourBagsOnce(page, lang, confirmation, api.email);
      await context.close();
    });

    test(`adding two bags with the Payment Element; the change sent twice applies once (${lang})`, async ({
      browser,
    }, testInfo) => {
      const text = TEXTS[lang];
      const { api, context, confirmation, pickupId } = await bookedTwoBags(browser, lang, true);
      await context.route("https://js.stripe.com/**", (route) =>
        route.fulfill({ contentType: "application/javascript; charset=utf-8", body: FAKE_STRIPE_JS }),
      );
      await context.route("https://api.stripe.com/v1/payment_intents/*/confirm", confirmAtStandIn);
      const page = await context.newPage();
      await chooseFour(page, lang, confirmation, true);
      const element = page.getByTestId("fake-payment-element");
      // The deferred-intent Elements: the difference in CAD, in the page's language.
      await expect(element).toHaveAttribute("data-mode", "payment");
      await expect(element).toHaveAttribute("data-amount", "1609");
      await expect(element).toHaveAttribute("data-currency", "cad");
      await expect(element).toHaveAttribute("data-locale", lang);
      await expect(page.getByTestId("bag-change-chosen")).not.toContainText(text.hostedBody);
      await page.getByLabel(text.cardNumber).fill("4242 4242 4242 4242");
      await page.screenshot({ path: testInfo.outputPath(`order-element-${lang}.png`), fullPage: true });
      const pay = page.getByRole("button", { name: spaced(text.pay) });
      await expect(pay).toBeEnabled();
      await pay.click();
      await page.waitForURL(new RegExp(`/order/${confirmation}#bag-change$`));
      await expectFourBagsOnce(page, lang, confirmation, api.email);

      // The intent for the difference, on the resident's customer; the PUT sent again changes nothing.
      const creates = standIn!.requestsTo("POST", /^\/v1\/payment_intents$/);
      expect(creates).toHaveLength(2);
      expect(creates[1]!.params).toMatchObject({
        amount: "1609",
        metadata: { purpose: "bag_change", bags: "4", pickupRequestId: String(pickupId) },
      });
      const paymentIntentId = [...standIn!.intents.values()][1]!.id;
      const again = await api.call("PUT", `/api/pickup-requests/${pickupId}`, { bagCount: 4, paymentIntentId });
      expect(again.status, JSON.stringify(again.json)).toBe(200);
      await page.reload();
      await expectFourBagsOnce(page, lang, confirmation, api.email);
      await context.close();
    });
  }
});
