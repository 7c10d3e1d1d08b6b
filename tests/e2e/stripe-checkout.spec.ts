// Paying with Stripe in a browser, against a server of this spec's own with the Stripe provider pointed at
// the Stripe stand-in (started here, in the test process). A checkout is paid once (issue 20): after
// paying, Back shows "already paid" with a link to the confirmation and no Pay button, and paying again
// charges nothing and books nothing.
// - JavaScript on: Stripe.js is a small fake (tests/e2e/fake-stripe/stripe.js, served for js.stripe.com):
//   its Payment Element is a plain "Card number" field and its confirmPayment posts to Stripe's confirm
//   endpoint, which this spec answers through the stand-in (succeedIntent; a decline for 4000 0000 0000 0002;
//   Stripe's payment_intent_unexpected_state for an intent already paid; a 3-D Secure redirect for 3184).
// - JavaScript off: Stripe's hosted Checkout page is faked with page.route; its Pay link pays the session at
//   the stand-in and goes to the session's success_url, as Stripe does.
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page, type Route, type TestInfo } from "@playwright/test";
import { startStripeStandIn, type StripeStandIn } from "../integration/stripe-stand-in";
import { acceptTerms } from "./booking-fixtures";
import { freePort, residentAtCheckout, serverDir, startServer, type ApiClient, type OwnServer } from "./own-server";

test.describe.configure({ mode: "default" });

const FAKE_STRIPE_JS = fs.readFileSync(path.join("tests", "e2e", "fake-stripe", "stripe.js"), "utf8");
const GOOD = "4242 4242 4242 4242";
const DECLINED = "4000000000000002";
const THREE_D_SECURE = "4000002760003184";
const INTENT_CREATIONS = /^\/v1\/payment_intents$/;

let standIn: StripeStandIn | null = null;
let server: OwnServer | null = null;
let dir = "";

/** The stand-in and a Stripe server of this spec's own (one per project: OWN_SERVER_PORT + 1 with JavaScript, + 2 without). */
async function startStripeServer(testInfo: TestInfo) {
  test.setTimeout(60_000);
  const js = testInfo.project.use.javaScriptEnabled !== false;
  standIn = await startStripeStandIn();
  dir = serverDir(`stripe-checkout-${js ? "js" : "nojs"}`);
  const pinned = process.env.OWN_SERVER_PORT;
  const port = await freePort(pinned ? String(Number(pinned) + (js ? 1 : 2)) : undefined);
  server = await startServer({
    port,
    dbFile: path.join(dir, "app.db"),
    env: {
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "sk_test_checkout",
      STRIPE_PUBLISHABLE_KEY: "pk_test_checkout",
      STRIPE_API_HOST: standIn.host,
      STRIPE_API_PORT: String(standIn.port),
      STRIPE_API_PROTOCOL: "http",
      // Stripe's pages send the resident back to the host the test's cookies are for.
      APP_URL: `http://127.0.0.1:${port}`,
    },
  });
}

async function stopStripeServer() {
  await server?.kill();
  server = null;
  await standIn?.close();
  standIn = null;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = "";
}

async function pickupCount(api: ApiClient) {
  const answer = await api.call("GET", "/api/pickup-requests");
  expect(answer.status).toBe(200);
  return (answer.json as unknown as unknown[]).length;
}

async function openCheckout(page: Page, url: string) {
  await page.goto(url);
  await expect(page).toHaveURL(/[?&]checkout=[\w-]{22}/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** The page says this checkout is paid, links to its confirmation, and offers no way to pay. */
async function expectPaidPage(page: Page, confirmationNumber: string) {
  const paid = page.getByTestId("checkout-paid");
  await expect(paid).toBeVisible();
  await expect(paid.getByRole("heading", { name: "This checkout is already paid" })).toBeVisible();
  await expect(paid.getByRole("link", { name: "See your confirmation" })).toHaveAttribute(
    "href",
    `/confirmation?confirmationNumber=${confirmationNumber}`,
  );
  await expect(page.getByRole("button", { name: /Pay|payment/ })).toHaveCount(0);
}

test.describe("JavaScript on: the Payment Element", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "Stripe.js runs only with JavaScript on");
  test.beforeAll(async ({ browser: _browser }, testInfo) => {
    if (testInfo.project.use.javaScriptEnabled !== false) await startStripeServer(testInfo);
  });
  test.afterAll(stopStripeServer);

  /** What the fake Stripe.js posted to Stripe's confirm endpoint: intent id and card number. */
  let confirms: { id: string; number: string }[] = [];

  test.beforeEach(async ({ context }) => {
    standIn!.reset();
    confirms = [];
    await context.route("https://js.stripe.com/**", (route) =>
      route.fulfill({ contentType: "application/javascript; charset=utf-8", body: FAKE_STRIPE_JS }),
    );
    await context.route("https://api.stripe.com/v1/payment_intents/*/confirm", confirmAtStandIn);
    // Stripe's 3-D Secure page: Complete pays the intent; both go back to the return_url, as Stripe does.
    await context.route("https://hooks.stripe.com/**", threeDSecurePage);
  });

  async function confirmAtStandIn(route: Route) {
    const request = route.request();
    const id = decodeURIComponent(new URL(request.url()).pathname.split("/")[3]!);
    const form = new URLSearchParams(request.postData() ?? "");
    const number = form.get("payment_method_data[card][number]") ?? "";
    confirms.push({ id, number });
    const answer = (status: number, body: unknown) =>
      route.fulfill({
        status,
        contentType: "application/json",
        headers: { "Access-Control-Allow-Origin": "*" },
        body: JSON.stringify(body),
      });
    const intent = standIn!.intents.get(id);
    if (!intent || form.get("client_secret") !== intent.client_secret) {
      return answer(404, {
        error: { type: "invalid_request_error", code: "resource_missing", message: "No such intent" },
      });
    }
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
        error: {
          type: "invalid_request_error",
          code: "payment_intent_unexpected_state",
          message: `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
          payment_intent: intent,
        },
      });
    }
  }

  async function threeDSecurePage(route: Route) {
    const url = new URL(route.request().url());
    const [, , id, outcome] = url.pathname.split("/");
    const returnUrl = url.searchParams.get("return_url") ?? "";
    if (!outcome) {
      const query = `return_url=${encodeURIComponent(returnUrl)}`;
      return route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><title>3D Secure</title><a href="/3d_secure/${id}/complete?${query}">Complete</a> <a href="/3d_secure/${id}/fail?${query}">Fail</a>`,
      });
    }
    if (outcome === "complete") standIn!.succeedIntent(id!);
    const status = outcome === "complete" ? "succeeded" : "failed";
    const back = `${returnUrl}&payment_intent=${id}&payment_intent_client_secret=${id}_secret_x&redirect_status=${status}`;
    return route.fulfill({ status: 302, headers: { Location: back } });
  }

  test("pay → confirmation; Back → already paid with a link to it and no Pay button; one intent, one pickup", async ({
    page,
  }) => {
    const { api, checkout } = await residentAtCheckout(server!.baseURL, page.context(), "stripe-checkout");
    await openCheckout(page, checkout);
    const element = page.getByTestId("fake-payment-element");
    // The deferred-intent Elements: the order's total in CAD, in the page's language.
    await expect(element).toHaveAttribute("data-mode", "payment");
    await expect(element).toHaveAttribute("data-amount", "2070");
    await expect(element).toHaveAttribute("data-currency", "cad");
    await expect(element).toHaveAttribute("data-locale", "en");

    await page.getByLabel("Card number").fill(GOOD);

    await acceptTerms(page);
    await page.getByRole("button", { name: "Pay $20.70" }).click();
    await page.waitForURL(/\/confirmation\?confirmationNumber=/);
    const number = new URL(page.url()).searchParams.get("confirmationNumber")!;

    await page.goBack();
    await expect(page).toHaveURL(/\/checkout\?/);
    await expectPaidPage(page, number);
    await page.reload();
    await expectPaidPage(page, number);

    expect(standIn!.intents.size).toBe(1);
    expect([...standIn!.intents.values()][0]!.status).toBe("succeeded");
    expect(confirms).toHaveLength(1);
    expect(await pickupCount(api)).toBe(1);
  });

  test("a decline, then a good card: the spec's message, the same Pay button, one intent, one pickup", async ({
    page,
  }) => {
    const { api, checkout } = await residentAtCheckout(server!.baseURL, page.context(), "stripe-checkout");
    await openCheckout(page, checkout);
    await page.getByLabel("Card number").fill(DECLINED);
    await acceptTerms(page);
    const pay = page.getByRole("button", { name: "Pay $20.70" });
    await pay.click();
    await expect(page.getByRole("alert")).toContainText(
      "Your card was declined. Please try a different payment method.",
    );
    await expect(pay).toBeEnabled();
    expect(await pickupCount(api)).toBe(0);

    await page.getByLabel("Card number").fill(GOOD);

    await acceptTerms(page);
    await pay.click();
    await page.waitForURL(/\/confirmation\?confirmationNumber=/);

    expect(standIn!.requestsTo("POST", INTENT_CREATIONS)).toHaveLength(1);
    expect(standIn!.intents.size).toBe(1);
    expect(confirms.map((c) => c.number)).toEqual([DECLINED, GOOD.replace(/ /g, "")]);
    expect(new Set(confirms.map((c) => c.id)).size).toBe(1);
    expect(await pickupCount(api)).toBe(1);
  });

  test("two tabs paying the same checkout at once: one pickup, one charge", async ({ page, context }) => {
    const { api, checkout } = await residentAtCheckout(server!.baseURL, context, "stripe-checkout");
    await openCheckout(page, checkout);
    const second = await context.newPage();
    await openCheckout(second, page.url());
    expect(second.url()).toBe(page.url());
    for (const tab of [page, second]) {
      await tab.getByLabel("Card number").fill(GOOD);
      await acceptTerms(tab);
      await expect(tab.getByRole("button", { name: "Pay $20.70" })).toBeEnabled();
    }
    await Promise.all([page, second].map((tab) => tab.getByRole("button", { name: "Pay $20.70" }).click()));

    const outcomes: string[] = [];
    for (const tab of [page, second]) {
      await expect(async () => {
        const confirmed = /\/confirmation\?confirmationNumber=/.test(tab.url());
        const paid = await tab.getByTestId("checkout-paid").isVisible();
        const alerts = await tab.getByRole("alert").allTextContents();
        expect(confirmed || paid, `${tab.url()} ${alerts.join(" | ")}`).toBe(true);
      }).toPass({ timeout: 15_000 });
      outcomes.push(/\/confirmation\?/.test(tab.url()) ? "confirmation" : "already paid");
    }
    expect(outcomes).toContain("confirmation");
    expect(await pickupCount(api)).toBe(1);
    // One intent for the checkout, one charge: the second tab's confirm is refused by Stripe
    // (payment_intent_unexpected_state) or its intent request finds the checkout paid.
    expect(standIn!.requestsTo("POST", INTENT_CREATIONS)).toHaveLength(1);
    expect([...standIn!.intents.values()].filter((i) => i.status === "succeeded")).toHaveLength(1);
    expect(standIn!.refunds).toHaveLength(0);
    await second.close();
  });

  test("3-D Secure: Stripe's redirect comes back to /checkout/return, which books it; a failed one says so", async ({
    page,
  }) => {
    const { api, checkout } = await residentAtCheckout(server!.baseURL, page.context(), "stripe-checkout");
    await openCheckout(page, checkout);
    const checkoutUrl = page.url();
    const pay = page.getByRole("button", { name: "Pay $20.70" });

    // Failed authentication: back on the same checkout with a clear message, and the Pay button usable.
    await page.getByLabel("Card number").fill(THREE_D_SECURE);
    await acceptTerms(page);
    await pay.click();
    await page.waitForURL(/^https:\/\/hooks\.stripe\.com\/3d_secure\//);
    await page.getByRole("link", { name: "Fail" }).click();
    await page.waitForURL(checkoutUrl);
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Payment failed");
    await expect(toast).toContainText("Your payment was not completed, so nothing was charged and nothing was booked.");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    expect(await pickupCount(api)).toBe(0);

    // Completed: the return page reads the intent back and books it.
    await page.getByLabel("Card number").fill(THREE_D_SECURE);
    await acceptTerms(page);
    await pay.click();
    await page.waitForURL(/^https:\/\/hooks\.stripe\.com\/3d_secure\//);
    await page.getByRole("link", { name: "Complete" }).click();
    await page.waitForURL(/\/confirmation\?confirmationNumber=/);
    const number = new URL(page.url()).searchParams.get("confirmationNumber")!;
    expect(await pickupCount(api)).toBe(1);
    expect(standIn!.requestsTo("POST", INTENT_CREATIONS)).toHaveLength(1);

    await page.goto(checkoutUrl);
    await expectPaidPage(page, number);
  });
});

test.describe("JavaScript off: Stripe's hosted page", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled !== false, "the hosted path is the no-JavaScript one");
  test.beforeAll(async ({ browser: _browser }, testInfo) => {
    if (testInfo.project.use.javaScriptEnabled === false) await startStripeServer(testInfo);
  });
  test.afterAll(stopStripeServer);

  test.beforeEach(async ({ context }) => {
    standIn!.reset();
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
        body: `<!doctype html><title>Stripe Checkout</title><h1>Stripe</h1><a href="/pay-now/${id}">Pay $${amount}</a>`,
      });
    });
  });

  test("pay on Stripe → confirmation; Back → already paid; the checkout form sent again books nothing", async ({
    page,
  }) => {
    const { api, checkout } = await residentAtCheckout(server!.baseURL, page.context(), "stripe-checkout");
    await page.goto(checkout);
    await expect(page).toHaveURL(/[?&]checkout=[\w-]{22}/);
    const checkoutUrl = page.url();

    await acceptTerms(page);
    await page.getByRole("button", { name: "Continue to secure payment ($20.70)" }).click();
    await page.waitForURL(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const stripePage = page.url();
    await page.getByRole("link", { name: "Pay $20.70" }).click();
    await page.waitForURL(/\/confirmation\?confirmationNumber=/);
    const number = new URL(page.url()).searchParams.get("confirmationNumber")!;
    expect(await pickupCount(api)).toBe(1);

    // Back, past Stripe's page, to the checkout: it is paid.
    for (let i = 0; i < 3 && !page.url().startsWith(`${server!.baseURL}/checkout?`); i++) await page.goBack();
    expect(page.url()).toBe(checkoutUrl);
    await expectPaidPage(page, number);

    // The checkout form sent again (a page kept from before paying): back to the paid page, no new session.
    const again = await page.request.post(checkoutUrl, {
      form: { intent: "payHosted", acceptTerms: "on", frenchTermsReceived: "on" },
      maxRedirects: 0,
    });
    expect([302, 303]).toContain(again.status());
    expect(again.headers()["location"]).not.toMatch(/checkout\.stripe\.com/);

    // Stripe's page, opened again from history and paid again: Stripe keeps its one payment; the same pickup.
    await page.goto(stripePage);
    await page.getByRole("link", { name: "Pay $20.70" }).click();
    await page.waitForURL(`${server!.baseURL}/confirmation?confirmationNumber=${number}`);

    expect(standIn!.requestsTo("POST", /^\/v1\/checkout\/sessions$/)).toHaveLength(1);
    expect(standIn!.intents.size).toBe(1);
    expect(await pickupCount(api)).toBe(1);
  });
});
