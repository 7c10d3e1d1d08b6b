// Stripe.js that cannot load (blocked, offline): the checkout shows the spec's "Payment System Error" with a
// Refresh button and Stripe's hosted page instead (the no-JavaScript path), never a dead Pay button; the
// hosted option goes where the no-JavaScript form goes, to a Checkout Session's page.
// It needs the Stripe provider, so it starts a server of its own pointed at the Stripe stand-in (started
// here, in the test process), and runs in the "js" project only: without JavaScript Stripe.js never loads.
import { acceptTerms } from "./booking-fixtures";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startStripeStandIn, type StripeStandIn } from "../integration/stripe-stand-in";
import { freePort, residentAtCheckout, serverDir, startServer, type OwnServer } from "./own-server";

test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "Stripe.js loads only with JavaScript on");
test.describe.configure({ mode: "serial" });

let standIn: StripeStandIn | null = null;
let server: OwnServer | null = null;
let dir = "";

test.beforeAll(async () => {
  test.setTimeout(60_000);
  standIn = await startStripeStandIn();
  dir = serverDir("stripe-load");
  server = await startServer({
    port: await freePort(process.env.OWN_SERVER_PORT),
    dbFile: path.join(dir, "app.db"),
    env: {
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "sk_test_load_failure",
      STRIPE_PUBLISHABLE_KEY: "pk_test_load_failure",
      STRIPE_API_HOST: standIn.host,
      STRIPE_API_PORT: String(standIn.port),
      STRIPE_API_PROTOCOL: "http",
    },
  });
});

test.afterAll(async () => {
  await server?.kill();
  server = null;
  await standIn?.close();
  standIn = null;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test("Stripe.js blocked: Payment System Error, Refresh, and Stripe's hosted page instead", async ({ page }) => {
  await page.route("https://js.stripe.com/**", (route) => route.abort());
  // Stripe's hosted page stands in for itself: the stand-in's sessions point at checkout.stripe.com.
  await page.route("https://checkout.stripe.com/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Stripe Checkout</title><p>Stripe" }),
  );
  const checkout = (await residentAtCheckout(server!.baseURL, page.context(), "stripe-load")).checkout;
  await page.goto(checkout);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });

  const failure = page.getByTestId("stripe-load-failed");
  await expect(failure).toBeVisible({ timeout: 15_000 });
  await expect(failure).toHaveAttribute("role", "alert");
  await expect(failure.getByRole("heading", { name: "Payment System Error" })).toBeVisible();
  await expect(failure).toContainText("Payment system not ready. Please refresh the page and try again.");
  await expect(failure.getByRole("button", { name: "Refresh" })).toBeEnabled();
  const hosted = failure.getByRole("button", { name: "Pay on Stripe's secure page instead" });
  await expect(hosted).toBeEnabled();
  // No dead Pay button is left on the page.
  await expect(page.getByRole("button", { name: /^Pay \$/ })).toHaveCount(0);

  // Refresh reloads the page, which fails the same way while Stripe.js stays blocked.
  await failure.getByRole("button", { name: "Refresh" }).click();
  await expect(page.getByTestId("stripe-load-failed")).toBeVisible({ timeout: 15_000 });

  // The hosted option is the no-JavaScript path: one Checkout Session for the order, and Stripe's page.
  standIn!.reset();
  await acceptTerms(page);
  await page.getByRole("button", { name: "Pay on Stripe's secure page instead" }).click();
  await page.waitForURL(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
  const sessions = [...standIn!.sessions.values()];
  expect(sessions).toHaveLength(1);
  expect(page.url()).toBe(sessions[0]!.url);
  expect(sessions[0]!.amount_total).toBe(2070);
  expect(sessions[0]!.cancel_url).toMatch(
    new RegExp(`/checkout\\?bags=2&slotId=${new URL(checkout).searchParams.get("slotId")}&checkout=[\\w-]{22}$`),
  );
});

test("Stripe.js that never answers: the same screen after the load timeout", async ({ page }) => {
  test.setTimeout(60_000);
  // The request hangs: nothing is ever answered, so only the timeout can tell.
  await page.route("https://js.stripe.com/**", () => {});
  const checkout = (await residentAtCheckout(server!.baseURL, page.context(), "stripe-load")).checkout;
  await page.goto(checkout);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const failure = page.getByTestId("stripe-load-failed");
  await expect(failure).toBeHidden();
  await expect(failure).toBeVisible({ timeout: 20_000 });
  await expect(failure.getByRole("button", { name: "Pay on Stripe's secure page instead" })).toBeEnabled();
});
