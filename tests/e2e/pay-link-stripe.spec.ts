// A held place paid on a page of its own with the Stripe provider, against a server of this spec's own pointed
// at the Stripe stand-in (started here, in the test process), English and French, 390×844:
// - JavaScript on (components/checkout/intent-card, Stripe.js faked by tests/e2e/fake-stripe/stripe.js served
//   for js.stripe.com, its confirm answered through the stand-in as in stripe-checkout.spec): the link of a
//   pickup booked by phone (/pay/{token}, issue 46 part 5) asks for the terms' box first (refused at the box,
//   no intent made), then is paid with the Payment Element and booked once, the terms recorded on the pickup,
//   the page saying paid; a declined card says so and books nothing; a 3-D Secure redirect comes back to the
//   link's page, which books it. A plan's held pickup (/plans/{id}/pay, issue 45) is paid the same way (its
//   "Save this card for my plan" box, ticked, makes the intent one that keeps the card).
// - JavaScript off: the link's page keeps Stripe's hosted Checkout (faked with page.route, as in
//   stripe-checkout.spec), back to the link's page, which books it.
// The phone booking and the plan's held cycle are written straight into this server's database, as the
// operator's page (book-for.spec) and the plans' job (plan-cycles.spec) leave them.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, test, type BrowserContext, type Page, type Route, type TestInfo } from "@playwright/test";
import type { StripeStandIn } from "../integration/stripe-stand-in";
import { startStripeServer as startOwnStripeServer, type StripeServer } from "./stripe-server";
import { ApiClient, registerResident, type OwnServer } from "./own-server";

test.describe.configure({ mode: "default" });

const FAKE_STRIPE_JS = fs.readFileSync(path.join("tests", "e2e", "fake-stripe", "stripe.js"), "utf8");
const GOOD = "4242 4242 4242 4242";
const DECLINED = "4000000000000002";
const THREE_D_SECURE = "4000002760003184";
const INTENT_CREATIONS = /^\/v1\/payment_intents$/;
/** Two bags, with the service fee and Quebec's taxes (the checkout's $20.70). */
const TWO_BAGS_CENTS = 2070;
const HOUR = 3_600_000;

const TEXT = {
  en: {
    locale: "en-CA",
    pay: "Pay $20.70",
    hosted: "Continue to secure payment ($20.70)",
    acceptRequired: "Please tick the box to accept the terms before paying.",
    declined: "Your card was declined. Please try a different payment method.",
    paid: "This pickup is paid and booked. Thank you!",
    planTitle: "Pay for your next pickup",
    cardLabel: "Card number",
  },
  fr: {
    locale: "fr-CA",
    pay: "Payer 20,70 $",
    hosted: "Continuer vers le paiement sécurisé (20,70 $)",
    acceptRequired: "Veuillez cocher la case pour accepter les conditions avant de payer.",
    declined: "Votre carte a été refusée. Veuillez essayer un autre mode de paiement.",
    paid: "Cette collecte est payée et réservée. Merci!",
    planTitle: "Payer votre prochaine collecte",
    cardLabel: "Numéro de carte",
  },
} as const;

let standIn: StripeStandIn | null = null;
let server: OwnServer | null = null;
let own: StripeServer | null = null;

/** The stand-in and a Stripe server of this spec's own (OWN_SERVER_PORT + 12 with JavaScript, + 13 without). */
async function startStripeServer(testInfo: TestInfo) {
  own = await startOwnStripeServer(testInfo, { tag: "pay-link-stripe", portOffset: 12, keyTag: "pay_link" });
  ({ server, standIn } = own);
}

async function stopStripeServer() {
  await own?.stop();
  own = null;
  server = null;
  standIn = null;
}

/** Work on this spec's server's database (its own file; the server writes it too, hence the wait). */
function withDatabase<T>(work: (db: Database.Database) => T): T {
  const db = new Database(server!.dbFile, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 10000");
    return work(db);
  } finally {
    db.close();
  }
}

/** A resident registered through the API (complete address in H2X), signed in only in `api`. */
async function newResident(tag: string) {
  const api = new ApiClient(server!.baseURL, `${tag}-${Date.now().toString(36)}@recircle-mail.ca`);
  await registerResident(api);
  const id = withDatabase((db) => db.prepare("select id from users where email = ?").pluck().get(api.email) as number);
  return { api, id };
}

type SlotRow = { id: number; date: string; window: "morning" | "afternoon"; starts_at: number };

/** Free windows offered in H2X starting two days from now or later, each used once by this spec. */
const usedSlots = new Set<number>();
function freeSlot(): SlotRow {
  const slots = withDatabase(
    (db) =>
      db
        .prepare(
          `select id, date, window, starts_at from pickup_slots
            where closed = 0 and current_booked + 1 < max_capacity and starts_at > ?
              and (service_areas = '[]' or service_areas like '%H2X%') order by starts_at`,
        )
        .all(Date.now() + 48 * HOUR) as SlotRow[],
  );
  const slot = slots.find((s) => !usedSlots.has(s.id));
  expect(slot, "a free window").toBeTruthy();
  usedSlots.add(slot!.id);
  return slot!;
}

/** What the operator's "Hold the place and send the payment link" leaves: the hold (its place taken), its token. */
function holdPhoneBooking(userId: number) {
  const slot = freeSlot();
  const token = crypto.randomBytes(32).toString("base64url");
  const at = Date.now();
  const id = withDatabase((db) =>
    db.transaction(() => {
      db.prepare("update pickup_slots set current_booked = current_booked + 1 where id = ?").run(slot.id);
      return db
        .prepare(
          `insert into phone_bookings (user_id, slot_id, bags, amount_cents, token_hash, status, hold_expires_at,
             created_at, updated_at) values (?, ?, 2, ?, ?, 'held', ?, ?, ?)`,
        )
        .run(
          userId,
          slot.id,
          TWO_BAGS_CENTS,
          crypto.createHash("sha256").update(token).digest("hex"),
          Math.min(at + 24 * HOUR, slot.starts_at - 23 * HOUR),
          at,
          at,
        ).lastInsertRowid as number;
    })(),
  );
  return { id, token, slot, path: `/pay/${token}` };
}

/** A plan whose next pickup the job held as "Payment needed" (its saved card declined off-session). */
function heldPlanCycle(userId: number) {
  const origin = freeSlot();
  const slot = freeSlot();
  const at = Date.now();
  const planId = withDatabase((db) =>
    db.transaction(() => {
      db.prepare("update pickup_slots set current_booked = current_booked + 1 where id in (?, ?)").run(
        origin.id,
        slot.id,
      );
      const number = crypto.randomBytes(4).toString("hex").toUpperCase();
      const pickup = db
        .prepare(
          `insert into pickup_requests (confirmation_number, user_id, pickup_slot_id, bags_requested,
             list_price_cents, service_fee_cents, subtotal_cents, gst_cents, qst_cents, total_cents, address,
             postal_fsa, created_at, updated_at)
           values (?, ?, ?, 2, 1600, 200, 1800, 90, 180, ?, '4520 Rue Saint-Denis, Montréal QC H2X 3K2', 'H2X', ?, ?)`,
        )
        .run(`${number.slice(0, 4)}-${number.slice(4)}`, userId, origin.id, TWO_BAGS_CENTS, at, at).lastInsertRowid;
      const plan = db
        .prepare(
          `insert into pickup_plans (user_id, origin_pickup_id, interval_weeks, bag_count, window, status,
             anchor_date, created_at, updated_at) values (?, ?, 4, 2, ?, 'payment_needed', ?, ?, ?)`,
        )
        .run(userId, pickup, slot.window, origin.date, at, at).lastInsertRowid as number;
      db.prepare("update pickup_requests set plan_id = ? where id = ?").run(plan, pickup);
      db.prepare(
        `insert into plan_cycles (plan_id, cycle_date, status, idempotency_key, failure_code, hold_expires_at,
           slot_id, bags, amount_cents, created_at, updated_at)
         values (?, ?, 'payment_needed', ?, 'card_declined', ?, ?, 2, ?, ?, ?)`,
      ).run(
        plan,
        slot.date,
        `plan-${plan}-${slot.date}`,
        Math.min(at + 48 * HOUR, slot.starts_at - 24 * HOUR),
        slot.id,
        TWO_BAGS_CENTS,
        at,
        at,
      );
      return plan;
    })(),
  );
  return { planId, slot };
}

type PickupRow = {
  id: number;
  confirmation_number: string;
  pickup_slot_id: number;
  total_cents: number;
  terms_version: string | null;
  terms_accepted_at: number | null;
  contract_language: string | null;
  plan_id: number | null;
};

/** The resident's pickups on `slotId`. */
function pickupsOn(userId: number, slotId: number): PickupRow[] {
  return withDatabase(
    (db) =>
      db
        .prepare(
          `select id, confirmation_number, pickup_slot_id, total_cents, terms_version, terms_accepted_at,
             contract_language, plan_id from pickup_requests where user_id = ? and pickup_slot_id = ?`,
        )
        .all(userId, slotId) as PickupRow[],
  );
}

function phoneBookingRow(id: number) {
  return withDatabase(
    (db) =>
      db.prepare("select status, provider_payment_id, pickup_request_id from phone_bookings where id = ?").get(id) as {
        status: string;
        provider_payment_id: string | null;
        pickup_request_id: number | null;
      },
  );
}

/** A browser of the resident's at 390×844 in `lang`; signed in with `api`'s session when given. */
async function phone(context: BrowserContext, api?: ApiClient) {
  if (api) {
    const [name, value] = api.cookie.split(/=(.*)/s) as [string, string];
    await context.addCookies([{ name, value, url: server!.baseURL, httpOnly: true, sameSite: "Lax", secure: false }]);
  }
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  return page;
}

async function open(page: Page, url: string) {
  await page.goto(url);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** The terms' boxes of the paying form (and, on an English page, the one choosing English). */
async function tickTerms(page: Page) {
  const form = page.getByTestId("payment-element-form");
  await form.locator('input[name="acceptTerms"]').check();
  const french = form.locator('input[name="frenchTermsReceived"]');
  if (await french.count()) await french.check();
}

for (const lang of ["en", "fr"] as const) {
  const text = TEXT[lang];

  test.describe(`JavaScript on: the Payment Element (${lang})`, () => {
    test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "Stripe.js runs only with JavaScript on");
    test.use({ locale: text.locale, extraHTTPHeaders: { "Accept-Language": text.locale } });
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
      await context.route("https://hooks.stripe.com/**", threeDSecurePage);
    });

    /** Stripe's confirm endpoint, answered from the stand-in: a decline, 3-D Secure, or paid. */
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
        return answer(404, { error: { type: "invalid_request_error", code: "resource_missing" } });
      }
      if (number === DECLINED) {
        return answer(402, {
          error: {
            type: "card_error",
            code: "card_declined",
            decline_code: "generic_decline",
            message: "Your card was declined.",
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
      return answer(200, standIn!.succeedIntent(id));
    }

    /** Stripe's 3-D Secure page: Complete pays the intent; then back to the return_url with the intent, as Stripe does. */
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
      if (outcome === "complete") standIn!.succeedIntent(id!);
      const back = new URL(returnUrl);
      back.searchParams.set("payment_intent", id!);
      back.searchParams.set("payment_intent_client_secret", `${id}_secret_x`);
      back.searchParams.set("redirect_status", outcome === "complete" ? "succeeded" : "failed");
      return route.fulfill({ status: 302, headers: { Location: back.toString() } });
    }

    test(`the link: the terms' box first, then paid with the Payment Element, booked once, the terms kept (${lang})`, async ({
      context,
    }) => {
      const { id: userId } = await newResident(`pay-link-${lang}`);
      const hold = holdPhoneBooking(userId);
      const page = await phone(context);
      await open(page, `${server!.baseURL}${hold.path}`);
      const element = page.getByTestId("fake-payment-element");
      // The deferred-intent Elements: the held amount in CAD, in the page's language.
      await expect(element).toHaveAttribute("data-amount", String(TWO_BAGS_CENTS));
      await expect(element).toHaveAttribute("data-currency", "cad");
      await expect(element).toHaveAttribute("data-locale", lang);
      await page.getByLabel(text.cardLabel).fill(GOOD);
      const pay = page.getByRole("button", { name: text.pay });

      // Without the box: refused at the box by the server, no intent made, nothing confirmed.
      await pay.click();
      const box = page.getByTestId("payment-element-form").locator('input[name="acceptTerms"]');
      await expect(box).toHaveAttribute("aria-invalid", "true");
      await expect(page.locator("#acceptTerms-error")).toHaveText(text.acceptRequired);
      await expect(box).toBeFocused();
      await expect(pay).toBeEnabled();
      expect(standIn!.requestsTo("POST", INTENT_CREATIONS)).toHaveLength(0);
      expect(confirms).toHaveLength(0);

      await tickTerms(page);
      await pay.click();
      await expect(page.getByTestId("nothing-to-pay")).toContainText(text.paid);
      await expect(page).toHaveURL(`${server!.baseURL}${hold.path}`);
      const pickups = pickupsOn(userId, hold.slot.id);
      expect(pickups).toHaveLength(1);
      await expect(page.getByTestId("paid-confirmation")).toContainText(pickups[0]!.confirmation_number);
      expect(pickups[0]).toMatchObject({
        total_cents: TWO_BAGS_CENTS,
        terms_version: expect.any(String),
        terms_accepted_at: expect.any(Number),
        contract_language: lang,
      });
      expect(phoneBookingRow(hold.id)).toMatchObject({ status: "booked", pickup_request_id: pickups[0]!.id });

      // Reloaded, opened again with the intent (Back): the same one pickup; one intent, one confirm.
      const [intentId] = [...standIn!.intents.keys()];
      await open(page, `${server!.baseURL}${hold.path}?payment_intent=${intentId}`);
      await expect(page.getByTestId("nothing-to-pay")).toContainText(text.paid);
      await page.reload();
      await expect(page.getByTestId("nothing-to-pay")).toContainText(text.paid);
      expect(pickupsOn(userId, hold.slot.id)).toHaveLength(1);
      expect(standIn!.requestsTo("POST", INTENT_CREATIONS)).toHaveLength(1);
      expect(standIn!.intents.get(intentId!)).toMatchObject({ status: "succeeded", amount: TWO_BAGS_CENTS });
      expect(confirms).toHaveLength(1);
      expect(standIn!.refunds).toHaveLength(0);
    });

    test(`the link: a declined card says so and books nothing; another card pays the same intent (${lang})`, async ({
      context,
    }) => {
      const { id: userId } = await newResident(`pay-link-declined-${lang}`);
      const hold = holdPhoneBooking(userId);
      const page = await phone(context);
      await open(page, `${server!.baseURL}${hold.path}`);
      await page.getByLabel(text.cardLabel).fill(DECLINED);
      await tickTerms(page);
      const pay = page.getByRole("button", { name: text.pay });
      await pay.click();
      await expect(page.getByRole("alert").filter({ hasText: text.declined })).toBeVisible();
      await expect(pay).toBeEnabled();
      expect(pickupsOn(userId, hold.slot.id)).toHaveLength(0);
      expect(phoneBookingRow(hold.id)).toMatchObject({ status: "held", pickup_request_id: null });

      await page.getByLabel(text.cardLabel).fill(GOOD);
      await pay.click();
      await expect(page.getByTestId("nothing-to-pay")).toContainText(text.paid);
      expect(pickupsOn(userId, hold.slot.id)).toHaveLength(1);
      expect(standIn!.requestsTo("POST", INTENT_CREATIONS)).toHaveLength(1);
      expect(confirms.map((c) => c.number)).toEqual([DECLINED, GOOD.replace(/ /g, "")]);
      expect(new Set(confirms.map((c) => c.id)).size).toBe(1);
    });

    test(`the link: Stripe's 3-D Secure page comes back to the link's page, which books it (${lang})`, async ({
      context,
    }) => {
      const { id: userId } = await newResident(`pay-link-3ds-${lang}`);
      const hold = holdPhoneBooking(userId);
      const page = await phone(context);
      await open(page, `${server!.baseURL}${hold.path}`);
      await page.getByLabel(text.cardLabel).fill(THREE_D_SECURE);
      await tickTerms(page);
      await page.getByRole("button", { name: text.pay }).click();
      await page.waitForURL(/^https:\/\/hooks\.stripe\.com\/3d_secure\//);
      expect(pickupsOn(userId, hold.slot.id)).toHaveLength(0);
      await page.getByRole("link", { name: "Complete" }).click();
      await page.waitForURL(`${server!.baseURL}${hold.path}`);
      await expect(page.getByTestId("nothing-to-pay")).toContainText(text.paid);
      expect(pickupsOn(userId, hold.slot.id)).toHaveLength(1);
      expect(phoneBookingRow(hold.id).status).toBe("booked");
    });

    test(`a plan's held pickup paid with the Payment Element: its order page, booked once (${lang})`, async ({
      context,
    }) => {
      const { api, id: userId } = await newResident(`plan-pay-stripe-${lang}`);
      const { planId, slot } = heldPlanCycle(userId);
      const page = await phone(context, api);
      await open(page, `${server!.baseURL}/plans/${planId}/pay`);
      await expect(page.getByRole("heading", { level: 1, name: text.planTitle })).toBeVisible();
      await expect(page.getByTestId("fake-payment-element")).toHaveAttribute("data-amount", String(TWO_BAGS_CENTS));
      await page.getByLabel(text.cardLabel).fill(GOOD);
      // In French, "Save this card for my plan" ticked: the intent is made to keep the card (the page's box).
      if (lang === "fr") await page.locator('input[name="saveCardConsent"]').check();
      await page.getByRole("button", { name: text.pay }).click();
      await page.waitForURL(/\/order\/[A-Z0-9]{4}-[A-Z0-9]{4}$/);
      const [create] = standIn!.requestsTo("POST", INTENT_CREATIONS);
      if (lang === "fr") expect(create!.params.setup_future_usage).toBe("off_session");
      else expect(create!.params).not.toHaveProperty("setup_future_usage");
      const pickups = pickupsOn(userId, slot.id);
      expect(pickups).toHaveLength(1);
      expect(pickups[0]).toMatchObject({ plan_id: planId, total_cents: TWO_BAGS_CENTS });
      expect(page.url()).toBe(`${server!.baseURL}/order/${pickups[0]!.confirmation_number}`);
      const cycle = withDatabase((db) =>
        db.prepare("select status, pickup_request_id from plan_cycles where plan_id = ?").get(planId),
      );
      expect(cycle).toEqual({ status: "booked", pickup_request_id: pickups[0]!.id });

      // The pay page again with the intent (Back): the order page, the same one pickup.
      const [intentId] = [...standIn!.intents.keys()];
      await page.goto(`${server!.baseURL}/plans/${planId}/pay?payment_intent=${intentId}`);
      await expect(page).toHaveURL(`${server!.baseURL}/order/${pickups[0]!.confirmation_number}`);
      expect(pickupsOn(userId, slot.id)).toHaveLength(1);
      expect(standIn!.requestsTo("POST", INTENT_CREATIONS)).toHaveLength(1);
      expect(confirms).toHaveLength(1);
    });
  });
}

test.describe("JavaScript off: Stripe's hosted page from the link", () => {
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

  for (const lang of ["en", "fr"] as const) {
    const text = TEXT[lang];
    test.describe(lang, () => {
      test.use({ locale: text.locale, extraHTTPHeaders: { "Accept-Language": text.locale } });
      test(`the link pays on Stripe's hosted page, back to the link, booked once (${lang})`, async ({ context }) => {
        const { id: userId } = await newResident(`pay-link-hosted-${lang}`);
        const hold = holdPhoneBooking(userId);
        const page = await phone(context);
        await page.goto(`${server!.baseURL}${hold.path}`);
        await expect(page.getByTestId("payment-element-form")).toHaveCount(0);
        await page.locator('input[name="acceptTerms"]').check();
        const french = page.locator('input[name="frenchTermsReceived"]');
        if (await french.count()) await french.check();
        await page.getByRole("button", { name: text.hosted }).click();
        await page.waitForURL(/^https:\/\/checkout\.stripe\.com\//);
        await page.getByRole("link", { name: "Pay $20.70" }).click();
        await page.waitForURL(`${server!.baseURL}${hold.path}`);
        await expect(page.getByTestId("nothing-to-pay")).toContainText(text.paid);
        const pickups = pickupsOn(userId, hold.slot.id);
        expect(pickups).toHaveLength(1);
        expect(pickups[0]).toMatchObject({ contract_language: lang, terms_version: expect.any(String) });
        expect(phoneBookingRow(hold.id)).toMatchObject({ status: "booked", pickup_request_id: pickups[0]!.id });
        expect(standIn!.requestsTo("POST", /^\/v1\/checkout\/sessions$/)).toHaveLength(1);
        expect(standIn!.requestsTo("POST", INTENT_CREATIONS)).toHaveLength(0);
      });
    });
  }
});
