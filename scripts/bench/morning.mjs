// The bench's `morning` part (issue 44): a borough's Saturday morning. Residents (created up front through
// the API) each sign in and book a pickup through the pages as a browser with JavaScript off does:
// GET /sign-in, POST it; GET /booking; the windows of a date (the booking form's GET button,
// /booking?bags=2&date=…); POST the choice (303 to /checkout, which names the checkout in its URL); POST Pay
// with the simulated card form (the 4242 test card, the contract box ticked); the redirect to the
// confirmation. `concurrency` residents at a time. Afterwards the database must hold exactly one pickup and one
// succeeded payment per resident.
import Database from "better-sqlite3";
import { Browser, parseForms } from "./forms.mjs";

const CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", postalCode: "H2X 3K2" };
/** A choice refused (the window filled meanwhile) is made again, as a resident would, at most this often. */
const TRIES = 5;

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;

function formWith(page, test, what) {
  const form = parseForms(page.text).find(test);
  if (!form) throw new Error(`${what}: no such form on ${page.url} (${page.status})`);
  return form;
}

function expectPage(page, what, marker) {
  if (page.status !== 200) throw new Error(`${what}: ${page.url} answered ${page.status}`);
  if (marker && !page.text.includes(marker)) throw new Error(`${what}: ${page.url} lacks ${marker}`);
}

/** One resident's morning: signs in, then books (timed: every request from GET /booking to the confirmation). */
async function oneMorning({ origin, headers, email, password, index }) {
  const browser = new Browser(origin, headers);
  const signInPage = await browser.navigate("GET", "/sign-in");
  expectPage(signInPage, "sign-in page", 'name="password"');
  const signInForm = formWith(signInPage, (f) => f.controls.some((c) => c.name === "password"), "sign-in");
  const signedIn = await browser.submit(signInForm, null, { email, password }, signInPage.url);
  if (!browser.cookies.has("__session") || /name="password"/.test(signedIn.text))
    throw new Error(`sign-in refused for ${email} (${signedIn.status} ${signedIn.url})`);
  const signInRequests = browser.requests.length;

  const started = performance.now();
  let attempt = 0;
  for (;;) {
    attempt += 1;
    const booking = await browser.navigate("GET", "/booking");
    expectPage(booking, "booking page", 'id="booking-form"');
    const form = formWith(booking, (f) => f.id === "booking-form", "booking");
    const dates = form.controls.filter((c) => c.name === "date" && !c.disabled);
    if (!dates.length) throw new Error("booking page offers no date");
    // Residents spread over the offered dates as a borough would; a retry moves on to another one.
    const date = dates[(index + attempt - 1) % dates.length].value;
    const showWindows = form.controls.find((c) => c.type === "submit" && c.formaction && c.formmethod !== "post");
    const windows = await browser.submit(form, showWindows, { bags: "2", date }, booking.url);
    expectPage(windows, "windows", 'name="slotId"');
    const windowsForm = formWith(windows, (f) => f.id === "booking-form", "windows");
    const open = windowsForm.controls.filter((c) => c.name === "slotId" && !c.disabled);
    if (!open.length) continue;
    const slotId = open[(index >> 1) % open.length].value;
    const choose = windowsForm.controls.find((c) => c.type === "submit" && c.formmethod === "post");
    const checkout = await browser.submit(windowsForm, choose, { bags: "2", date, slotId }, windows.url);
    if (!checkout.url.startsWith("/checkout")) {
      // Refused on the booking page (the window filled meanwhile): choose again.
      if (attempt < TRIES && checkout.status === 200) continue;
      throw new Error(`choice ${date} ${slotId} ended on ${checkout.url} (${checkout.status})`);
    }
    expectPage(checkout, "checkout", 'name="cardNumber"');
    const payForm = formWith(checkout, (f) => f.controls.some((c) => c.name === "cardNumber"), "card");
    const pay = payForm.controls.find((c) => c.name === "intent" && c.value === "pay");
    const boxes = Object.fromEntries(
      payForm.controls
        .filter((c) => c.type === "checkbox" && ["acceptTerms", "frenchTermsReceived"].includes(c.name))
        .map((c) => [c.name, c.value ?? "on"]),
    );
    const confirmation = await browser.submit(payForm, pay, { ...CARD, ...boxes }, checkout.url);
    if (!confirmation.url.startsWith("/confirmation")) {
      if (attempt < TRIES && confirmation.status === 200) continue;
      throw new Error(`Pay ended on ${confirmation.url} (${confirmation.status})`);
    }
    const number = new URL(confirmation.url, origin).searchParams.get("confirmationNumber");
    expectPage(confirmation, "confirmation", number);
    const bookingRequests = browser.requests.slice(signInRequests);
    return {
      confirmationNumber: number,
      ms: performance.now() - started,
      attempts: attempt,
      requests: bookingRequests.length,
      signInMs: browser.requests.slice(0, signInRequests).reduce((n, r) => n + r.ms, 0),
      statuses: browser.requests.map((r) => r.status),
    };
  }
}

/**
 * `residents` (emails with one password) book, `concurrency` at a time. Returns the timings, the answers'
 * statuses, the failures, and what the database holds afterwards for these residents.
 */
export async function runMorning({ origin, headers, databasePath, residents, password, concurrency }) {
  const outcomes = new Array(residents.length);
  let next = 0;
  const started = performance.now();
  async function worker() {
    while (next < residents.length) {
      const index = next++;
      try {
        outcomes[index] = await oneMorning({ origin, headers, email: residents[index], password, index });
      } catch (error) {
        outcomes[index] = { error: error.message };
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  const done = outcomes.filter((o) => !o.error);
  const sorted = done.map((o) => o.ms).sort((a, b) => a - b);
  const statuses = outcomes.flatMap((o) => o.statuses ?? []);
  const errors = {};
  for (const o of outcomes.filter((x) => x.error)) errors[o.error] = (errors[o.error] ?? 0) + 1;

  const sqlite = new Database(databasePath, { readonly: true });
  let db;
  try {
    const marks = residents.map(() => "?").join(",");
    const perUser = (sql) =>
      sqlite
        .prepare(`select u.email as email, (${sql}) as n from users u where u.email in (${marks})`)
        .all(...residents);
    const pickups = perUser("select count(*) from pickup_requests p where p.user_id = u.id");
    const paid = perUser("select count(*) from payments p where p.user_id = u.id and p.status = 'succeeded'");
    const payments = perUser("select count(*) from payments p where p.user_id = u.id");
    db = {
      pickups: pickups.reduce((n, r) => n + r.n, 0),
      paymentsSucceeded: paid.reduce((n, r) => n + r.n, 0),
      payments: payments.reduce((n, r) => n + r.n, 0),
      exactlyOnce: pickups.filter((r) => r.n === 1).length,
      doubles: pickups.filter((r) => r.n > 1).length + paid.filter((r) => r.n > 1).length,
    };
  } finally {
    sqlite.close();
  }
  return {
    residents: residents.length,
    concurrency,
    seconds,
    confirmed: done.length,
    distinctConfirmations: new Set(done.map((o) => o.confirmationNumber)).size,
    retried: done.filter((o) => o.attempts > 1).length,
    requests: statuses.length,
    requestsPerBooking: done.length ? done.reduce((n, o) => n + o.requests, 0) / done.length : 0,
    status5xx: statuses.filter((s) => s >= 500).length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1) ?? NaN,
    signInP95: percentile(
      done.map((o) => o.signInMs).sort((a, b) => a - b),
      95,
    ),
    errors,
    db,
  };
}
