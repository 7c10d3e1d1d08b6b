// Every page of the app, in the state a person sees it, for the page-by-page measurements of issue 24
// (reflow at 320 px, 200 % text): the visitor's, a resident's with a paid pickup (its confirmation, receipt
// and cancel page, the notification it sent), the onboarding guide of a new account, and every admin page
// with rows in its tables (and the driver's view).
import { expect, type Page } from "@playwright/test";
import {
  doorPickups,
  montrealDate,
  recordedIncident,
  revisedIncident,
  scheduledPickup,
  signInAdmin,
} from "./admin-fixtures";
import { bookTwoBags } from "./booking-fixtures";
import crypto from "node:crypto";
import { insertResident, interactive, lastEmail, query, signInAs, uniqueEmail, writeDatabase } from "./helpers";
import { E2E_SESSION_SECRET } from "./server-env";

export type Lang = "en" | "fr";
/** A page to open, and the status it answers with. */
export type PageVisit = { path: string; status?: number };

const PAY = { en: /^Pay \$/, fr: /^Payer / } as const;

/** Signed out: the landing, postal-code check, sign-up/in, password reset (a real link), materials, guide, 404. */
export async function visitorPages(page: Page): Promise<PageVisit[]> {
  const { email } = await insertResident({ tag: "pages-reset" });
  const asked = await page.request.post("/api/auth/forgot-password", { data: { email } });
  expect(asked.status()).toBeLessThan(300);
  const { text } = lastEmail(email)!;
  const reset = new URL(/https?:\/\/\S+reset-password\?token=\S+/.exec(text)![0]);
  return [
    { path: "/" },
    // The landing page's "will you take this?" answers: no (with where to take it), yes, nothing found.
    { path: "/?q=TV" },
    { path: "/?q=pile" },
    { path: "/?q=zeppelin" },
    { path: "/postal-code" },
    { path: "/postal-code?postalCode=H2X" },
    { path: "/auth?postalCode=H2X" },
    { path: "/auth?postalCode=H7N" },
    { path: "/sign-up?postalCode=H7N" },
    { path: "/auth?tab=signin" },
    { path: "/sign-in" },
    { path: "/sign-up" },
    { path: "/forgot-password" },
    { path: `${reset.pathname}${reset.search}` },
    { path: "/reset-password?token=not-a-token" },
    { path: "/confirm-email?token=not-a-token", status: 400 },
    { path: "/materials" },
    { path: "/materials?q=batter" },
    { path: "/how-it-works" },
    { path: "/how-it-works?slide=6" },
    { path: "/privacy" },
    { path: "/terms" },
    { path: "/help" },
    { path: "/accessibility" },
    { path: "/unsubscribe/1.reminders.not-a-signature", status: 400 },
    // Issue 46 part 5: the link of a pickup booked by phone, opened signed out (the token is the key).
    { path: `/pay/${await heldPhoneBooking()}` },
    { path: "/no-such-page", status: 404 },
  ];
}

/**
 * A pickup an operator booked by phone for a new resident, its place held while the link is unpaid (as
 * /admin/book-for leaves it), written straight into the database: the link's token.
 */
async function heldPhoneBooking(): Promise<string> {
  const { id } = await insertResident({
    tag: "pages-phone-booking",
    profile: {
      firstName: "Gisèle",
      lastName: "Lavoie",
      streetAddress: "4520 Rue Saint-Denis",
      city: "Montréal",
      postalCode: "H2X 3K2",
    },
  });
  const token = crypto.randomBytes(32).toString("base64url");
  const tokenHash = crypto.createHash("sha256").update(token).digest("hex");
  writeDatabase((db) => {
    const slot = db
      .prepare("select id, starts_at from pickup_slots where date >= ? and closed = 0 order by starts_at limit 1")
      .get(montrealDate(3)) as { id: number; starts_at: number };
    const now = Date.now();
    db.prepare(
      `insert into phone_bookings (user_id, slot_id, bags, amount_cents, token_hash, status, hold_expires_at, created_at, updated_at)
         values (?, ?, 2, 2070, ?, 'held', ?, ?, ?)`,
    ).run(id, slot.id, tokenHash, Math.min(now + 86_400_000, slot.starts_at - 23 * 3_600_000), now, now);
    db.prepare("update pickup_slots set current_booked = current_booked + 1 where id = ?").run(slot.id);
  });
  return token;
}

/** The one-click unsubscribe link of a reminder e-mail to this resident, signed as the server signs it. */
function unsubscribePath(userId: number) {
  const payload = `${userId}.reminders`;
  const signature = crypto
    .createHmac("sha256", `unsubscribe:${E2E_SESSION_SECRET}`)
    .update(payload)
    .digest("base64url");
  return `/unsubscribe/${payload}.${signature}`;
}

/**
 * Signs the page in as a resident who paid for a pickup (through checkout: its confirmation, receipt,
 * cancel page and notification are real) and lists the resident's pages.
 */
export async function residentPages(page: Page, lang: Lang, tag: string): Promise<PageVisit[]> {
  const { slotId, confirmation } = await bookTwoBags(page, tag, PAY[lang]);
  const [owner] = query<{ id: number }>(
    "select user_id as id from pickup_requests where confirmation_number = ?",
    confirmation,
  );
  return [
    { path: "/" },
    { path: "/booking" },
    { path: `/checkout?bags=4&slotId=${slotId}` },
    { path: `/confirmation?confirmationNumber=${confirmation}` },
    { path: "/history" },
    { path: `/order/${confirmation}` },
    { path: `/order/${confirmation}/cancel` },
    { path: "/notifications" },
    { path: "/profile" },
    { path: "/materials" },
    { path: "/materials?q=pile" },
    { path: "/materials?q=t%C3%A9l%C3%A9" },
    { path: "/materials?q=propane" },
    { path: "/how-it-works" },
    { path: "/how-it-works?slide=6" },
    { path: "/privacy" },
    { path: "/help" },
    { path: "/profile/delete" },
    // Download my data, readable (issue 43): the paid pickup's money, the sessions, every section.
    { path: "/profile/export" },
    // Issue 47: what the resident's pickups kept out of landfill: one pickup completed and weighed (the chart,
    // the table of materials and where each went).
    { path: completedAndWeighed(owner!.id) },
    // A plan's pickup held for payment (issue 45): its pay page, and the plan on the profile and order page.
    { path: `/plans/${heldPlan(confirmation)}/pay` },
    // What a reminder's "unsubscribe" opens (it asks first; the e-mail client's one-click POST does it at once).
    { path: unsubscribePath(owner!.id) },
    { path: "/admin-invitation?token=not-a-real-token", status: 404 },
  ];
}

/**
 * A plan started from this paid pickup whose next cycle is held as "Payment needed" (as the plans' job
 * leaves it after a declined card, tests/e2e/plan-cycles.spec.ts), written straight into the database.
 */
function heldPlan(confirmation: string): number {
  return writeDatabase((db) => {
    const pickup = db
      .prepare(
        `select r.id, r.user_id, r.bags_requested, s.id as slot_id, s.date, s.window from pickup_requests r
           join pickup_slots s on s.id = r.pickup_slot_id where r.confirmation_number = ?`,
      )
      .get(confirmation) as {
      id: number;
      user_id: number;
      bags_requested: number;
      slot_id: number;
      date: string;
      window: string;
    };
    const now = Date.now();
    const plan = db
      .prepare(
        `insert into pickup_plans (user_id, origin_pickup_id, interval_weeks, bag_count, window, status, anchor_date,
           created_at, updated_at) values (?, ?, 4, ?, ?, 'payment_needed', ?, ?, ?)`,
      )
      .run(pickup.user_id, pickup.id, pickup.bags_requested, pickup.window, pickup.date, now, now);
    db.prepare(
      `insert into plan_cycles (plan_id, cycle_date, status, idempotency_key, hold_expires_at, slot_id, bags,
         amount_cents, created_at, updated_at) values (?, ?, 'payment_needed', ?, ?, ?, ?, 2070, ?, ?)`,
    ).run(
      plan.lastInsertRowid,
      pickup.date,
      `pages-${confirmation}`,
      now + 48 * 3_600_000,
      pickup.slot_id,
      pickup.bags_requested,
      now,
      now,
    );
    // A hold takes its place in the slot, as the job's does.
    db.prepare("update pickup_slots set current_booked = current_booked + 1 where id = ?").run(pickup.slot_id);
    return Number(plan.lastInsertRowid);
  });
}

const MODIFY = { en: "Modify date", fr: "Changer la date" } as const;

/**
 * Opens the Move page (/order/{confirmationNumber}/move) of the resident's pickup the way My Orders does
 * (its "Modify date" button), after `residentPages`.
 */
export async function openMovePage(page: Page, lang: Lang) {
  await page.goto("/history");
  await interactive(page);
  await page.locator("[data-confirmation]").first().getByRole("button", { name: MODIFY[lang] }).click();
  await expect(page).toHaveURL(/\/order\/[^/]+\/move/);
  await interactive(page);
}

/** Signs the page in as a new account that has not seen the guide yet: its six slides. */
export async function onboardingPages(page: Page, tag: string): Promise<PageVisit[]> {
  await page.context().clearCookies();
  await signInAs(page, { tag, onboarded: false });
  return [1, 2, 3, 4, 5, 6].map((slide) => ({ path: `/onboarding?slide=${slide}` }));
}

/**
 * Signs the page in as the admin and lists every admin page. The tables get rows of their own that no
 * other admin test counts: a pickup on a date a month away (its day sheet) and a waitlist entry with a long
 * address.
 */
export async function adminPages(page: Page, tag: string): Promise<PageVisit[]> {
  const date = montrealDate(27);
  const { email, id } = await insertResident({ tag: `${tag}-with-a-rather-long-address` });
  const { confirmation } = scheduledPickup(email, date, "morning", "12345 Boulevard Saint-Joseph Est");
  // Issue 47: a stop's Completed confirm step (bags collected, refused items) and a stop completed with them.
  const door = doorPickups(email, -530);
  const joined = await page.request.post("/api/waitlist", {
    data: {
      name: "Marie-Ève Bélanger-Tremblay",
      email: uniqueEmail(`${tag}-waiting`),
      postal_code: "J8Y",
      building_access: "Outside Service Area",
    },
  });
  expect(joined.status()).toBeLessThan(300);
  await signInAdmin(page.request);
  const incident = recordedIncident(
    `A delivery list with ${tag}'s residents' addresses was e-mailed to the wrong contractor`,
  );
  revisedIncident(incident);
  const weighed = weighedDay(montrealDate(-60));
  return [
    { path: "/admin" },
    { path: "/admin/day" },
    { path: `/admin/day?date=${date}` },
    { path: "/admin/supply" },
    { path: "/admin/supply/areas" },
    { path: `/admin/supply/close?date=${date}` },
    { path: "/admin/supply/template" },
    { path: "/admin/promo-codes" },
    { path: "/admin/refunds" },
    { path: "/admin/outbox" },
    { path: "/admin/alerts" },
    { path: "/admin/partners" },
    { path: "/admin/waitlist" },
    // Issue 46: demand (charts, tables, where to open next), filtered by dates and a prefix; money.
    { path: "/admin/demand" },
    { path: `/admin/demand?from=${montrealDate(-30)}&to=${date}&fsa=H2X` },
    { path: "/admin/money" },
    // Issue 47: the depot's intake (a day with a corrected record, and today's form) and the diversion totals.
    { path: "/admin/intake" },
    { path: `/admin/intake?date=${weighed}` },
    { path: "/admin/diversion" },
    { path: `/admin/diversion?from=${montrealDate(-90)}&to=${montrealDate(0)}` },
    { path: "/admin/plans" },
    // Issue 46 part 5, a resident who calls: the search, nobody found (the account form), a resident's booking form.
    { path: "/admin/book-for" },
    { path: `/admin/book-for?q=${encodeURIComponent(uniqueEmail(`${tag}-caller`))}` },
    { path: `/admin/book-for?resident=${await bookForResident(tag)}` },
    { path: "/admin/team" },
    { path: "/admin/privacy" },
    // An entry of the register, with its two versions (issue 43 part 6).
    { path: `/admin/privacy/${incident}` },
    // The search (a resident found by e-mail, a pickup by its number), a resident's page, the access log.
    { path: `/admin/search?q=${encodeURIComponent(email)}` },
    { path: `/admin/search?q=${confirmation}` },
    { path: `/admin/residents/${id}` },
    { path: "/admin/access-log" },
    // The driver's view (admins may open it too), with the pickup above as its one stop.
    { path: "/driver" },
    { path: `/driver?date=${date}` },
    { path: door.confirmPath("/driver") },
    { path: door.confirmPath("/admin/day") },
    { path: `/admin/pickups/${door.completed}` },
  ];
}

/** A resident with an address, for /admin/book-for's booking form. */
async function bookForResident(tag: string): Promise<number> {
  const profile = {
    firstName: "Gisèle",
    lastName: "Lavoie",
    streetAddress: "4520 Rue Saint-Denis",
    city: "Montréal",
    postalCode: "H2X 3K2",
  };
  return (await insertResident({ tag: `${tag}-book-for`, profile })).id;
}

/**
 * Issue 47: a day weighed at the depot, one record corrected once (kept with its reason), as /admin/intake
 * leaves them; several walks may write it at once, the first one wins.
 */
function weighedDay(date: string): string {
  writeDatabase((db) => {
    const at = Date.now();
    const row = db
      .prepare(
        `insert or ignore into intake_records (date, category, kg_tenths, partner_name, recorded_at, version, updated_at)
         values (?, 'batteries', 140, 'Appel à Recycler / Call2Recycle', ?, 2, ?) returning id`,
      )
      .get(date, at, at) as { id: number } | undefined;
    db.prepare(
      `insert or ignore into intake_records (date, category, kg_tenths, partner_name, recorded_at, version, updated_at)
       values (?, 'textiles_and_clothing', 385, 'Renaissance', ?, 1, ?)`,
    ).run(date, at, at);
    if (row)
      db.prepare(
        `insert into intake_corrections (intake_id, version, previous_kg_tenths, kg_tenths, previous_partner_name, partner_name, reason, corrected_at)
         values (?, 2, 125, 140, 'Appel à Recycler / Call2Recycle', 'Appel à Recycler / Call2Recycle', 'Balance recalibrée : la première pesée avait 1,5 kg de moins.', ?)`,
      ).run(row.id, at);
  });
  return date;
}

/** Issue 47: a Completed pickup of this resident, 4 bags collected, on a day weighed at the depot; returns /impact. */
function completedAndWeighed(userId: number): string {
  const date = montrealDate(-61);
  writeDatabase((db) => {
    const startsAt = Date.parse(`${date}T13:00:00Z`);
    db.prepare(
      "insert or ignore into pickup_slots (date, window, starts_at, ends_at, max_capacity, current_booked, service_areas, closed, created_at) values (?, 'morning', ?, ?, 12, 0, '[]', 0, ?)",
    ).run(date, startsAt, startsAt + 4 * 3600_000, Date.now());
    const slot = db.prepare("select id from pickup_slots where date = ? and window = 'morning'").get(date) as {
      id: number;
    };
    db.prepare(
      `insert into pickup_requests (confirmation_number, user_id, pickup_slot_id, bags_requested, bags_collected, list_price_cents,
         subtotal_cents, gst_cents, qst_cents, total_cents, address, postal_fsa, status, created_at, updated_at)
       values (?, ?, ?, 4, 4, 3600, 3600, 180, 359, 4139, '4321 Rue Rachel Est, Montréal', 'H2X', 'Completed', ?, ?)`,
    ).run(`RC-WEIGHED-${userId}`, userId, slot.id, Date.now(), Date.now());
    for (const [category, tenths] of [
      ["batteries", 62],
      ["electronic_tech_waste", 148],
      ["textiles_and_clothing", 95],
    ] as const) {
      db.prepare(
        `insert or ignore into intake_records (date, category, kg_tenths, partner_name, recorded_at, updated_at)
         values (?, ?, ?, 'Appel à Recycler', ?, ?)`,
      ).run(date, category, tenths, Date.now(), Date.now());
    }
  });
  return "/impact";
}
