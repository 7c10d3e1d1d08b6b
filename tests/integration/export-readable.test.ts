// Issue 43 part 7 on a real SQLite file: the readable "Download my data" page (/profile/export's loader and
// its sections rendered to HTML) tells, in English and in French, everything GET /api/auth/export answers:
// every pickup, every amount in dollars (en-CA / fr-CA), every instant in Montreal time, the unit written
// "app." in French; with the sections issue 43 added (texts sent to the phone, message choices, the calendar
// link's existence, sessions, terms accepted) in both, and only the resident's own data. The JSON keeps the
// keys it had and gains the new ones.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { setNow } from "~/lib/clock";
import { formatDate, formatDateTime, windowLabel } from "~/lib/format";
import { ExportSections } from "~/components/privacy/export-sections";
import type { ExportView } from "~/lib/data-export";
import { payWithSimulatedCard } from "~/services/checkout/simulated-card.server";
import { applyPromo, createPromoCodes } from "~/services/booking/promo-rules.server";
import { joinWaitlist } from "~/services/areas/waitlist.server";
import { cancelPickup } from "~/services/pickups/changes.server";
import { languageCookie } from "~/services/http/language.server";
import { db, schema } from "~/services/platform/db.server";
import { loader as apiLoader } from "~/routes/api.auth.export";
import { loader as jsonLoader } from "~/routes/profile_.export[.json]";
import { loader as pageLoader } from "~/routes/profile_.export";
import { cookieFor } from "./api-action";
import { CARD, resident, routeAnswer, slot } from "./fixtures";

afterEach(() => setNow(null));

const PHONE = "+15145550123";
/** 15:07 UTC on November 20, 2026 is 10:07 in Montreal (EST, UTC-5). */
const ACCEPTED_AT = Date.UTC(2026, 10, 20, 15, 7);
const CALENDAR_TOKEN = "calendar-token-never-shown-0123456789";

/**
 * A resident with a unit, a phone, two pickups (one with a promo code and its terms accepted in English,
 * one cancelled and refunded with French terms), texts sent to the phone, a calendar link and a waitlist
 * entry; and another resident with a pickup of their own.
 */
async function busyResident() {
  const admin = await resident();
  const [code] = createPromoCodes(1, 50, admin.id);
  const me = await resident();
  db.update(schema.users)
    .set({
      unit: "4",
      phone: PHONE,
      phoneVerifiedAt: ACCEPTED_AT,
      calendarToken: CALENDAR_TOKEN,
      reminderChannels: "both",
    })
    .where(eq(schema.users.id, me.id))
    .run();
  const user = db.select().from(schema.users).where(eq(schema.users.id, me.id)).get()!;
  applyPromo(user, code!, 1);
  const kept = await payWithSimulatedCard(user, { bags: 1, slotId: slot({ daysAhead: 6 }).id }, CARD);
  const cancelled = await payWithSimulatedCard(user, { bags: 4, slotId: slot({ daysAhead: 9 }).id }, CARD);
  await cancelPickup(user, cancelled.id);
  // The terms columns as checkout fills them (issue 43, part 2): set here directly.
  db.update(schema.pickupRequests)
    .set({
      termsVersion: "2026-11-27",
      termsAcceptedAt: ACCEPTED_AT,
      contractLanguage: "en",
      frenchTermsReceivedAt: ACCEPTED_AT,
    })
    .where(eq(schema.pickupRequests.id, kept.id))
    .run();
  db.update(schema.pickupRequests)
    .set({ termsVersion: "2026-11-27", termsAcceptedAt: ACCEPTED_AT + 60_000, contractLanguage: "fr" })
    .where(eq(schema.pickupRequests.id, cancelled.id))
    .run();
  const text = { to: PHONE, subject: "", text: "", channel: "sms" as const, locale: "fr" as const };
  db.insert(schema.emailOutbox)
    .values([
      { ...text, kind: "pickup-reminder", sentAt: ACCEPTED_AT + 3_600_000, createdAt: ACCEPTED_AT + 3_000_000 },
      { ...text, kind: "service-alert", text: "Le camion aura du retard", notSent: "no-text-provider" },
    ])
    .run();
  await joinWaitlist({
    name: "Marie Tremblay",
    email: user.email,
    fsa: "J8Y",
    reason: "Outside Service Area",
    locale: "fr",
  });
  const other = await resident();
  const theirs = await payWithSimulatedCard(other, { bags: 2, slotId: slot({ daysAhead: 7 }).id }, CARD);
  return { user, kept, cancelled, other, theirs };
}

type Json = Record<string, unknown>;

/** Every [key, value] of a JSON value, however deep. */
function leaves(value: unknown, key = ""): [string, unknown][] {
  if (Array.isArray(value)) return value.flatMap((v) => leaves(v, key));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => leaves(v, k));
  return [[key, value]];
}

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** What a person reads of the page: the introduction and every section, as rendered HTML, tags removed. */
function pageText(view: ExportView) {
  const html = renderToStaticMarkup(createElement(ExportSections, { sections: view.sections }));
  const text = `${view.intro} ${html}`
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"');
  return { html, text };
}

let fixture: Awaited<ReturnType<typeof busyResident>>;
beforeAll(async () => {
  fixture = await busyResident();
});

async function get(loader: unknown, path: string, cookie: string) {
  return routeAnswer(loader, new Request(`http://localhost${path}`, { headers: { Cookie: cookie } }));
}

describe("GET /api/auth/export", () => {
  it("keeps every key it had and adds the texts, message choices, calendar link and terms accepted", async () => {
    const cookie = await cookieFor(fixture.user.id);
    const answer = await get(apiLoader, "/api/auth/export", cookie);
    expect(answer.status).toBe(200);
    const data = (await answer.json()) as Json;
    // Version 1's keys (docs/privacy.md), none renamed or removed.
    expect(Object.keys(data)).toEqual(
      expect.arrayContaining([
        "format",
        "version",
        "exportedAt",
        "account",
        "profile",
        "pickups",
        "promoRedemptions",
        "waitlist",
        "notifications",
        "emails",
        "sessions",
        "texts",
        "messageChoices",
        "calendarLink",
        "termsAccepted",
        "plans",
        "savedCards",
      ]),
    );
    expect(data).toMatchObject({ format: "recircle-personal-data", version: 1 });
    const pickups = data.pickups as Json[];
    for (const key of [
      "confirmationNumber",
      "date",
      "window",
      "status",
      "bags",
      "address",
      "postalPrefix",
      "price",
      "refund",
      "payment",
      "bookedAt",
      "movedAt",
    ]) {
      expect(pickups[0], key).toHaveProperty(key);
    }
    for (const key of ["kind", "subject", "writtenAt", "sentAt"])
      expect((data.emails as Json[])[0], key).toHaveProperty(key);
    expect(data.texts).toEqual([
      expect.objectContaining({ kind: "pickup-reminder", to: PHONE, status: "sent" }),
      expect.objectContaining({ kind: "service-alert", to: PHONE, status: "unsent", sentAt: null }),
    ]);
    expect(data.messageChoices).toMatchObject({
      remindersEnabled: true,
      reminderChannels: "both",
      alertsEnabled: true,
    });
    expect(data.calendarLink).toEqual({ exists: true });
    expect(data.termsAccepted).toEqual([
      {
        pickup: fixture.kept.confirmationNumber,
        version: "2026-11-27",
        acceptedAt: new Date(ACCEPTED_AT).toISOString(),
        contractLanguage: "en",
        frenchTermsReceivedAt: new Date(ACCEPTED_AT).toISOString(),
      },
      expect.objectContaining({
        pickup: fixture.cancelled.confirmationNumber,
        contractLanguage: "fr",
        frenchTermsReceivedAt: null,
      }),
    ]);
    const text = JSON.stringify(data);
    expect(text).not.toContain(CALENDAR_TOKEN);
    expect(text).not.toContain("Le camion aura du retard");
    expect(text).not.toContain(fixture.other.email);
    expect(text).not.toContain(fixture.theirs.confirmationNumber);
    // The profile's "Download as JSON" is the same file.
    const file = await get(jsonLoader, "/profile/export.json", cookie);
    expect(file.headers.get("Content-Disposition")).toMatch(/^attachment; filename="recircle-data-/);
    const same = (await file.json()) as Json;
    expect({ ...same, exportedAt: null }).toEqual({ ...data, exportedAt: null });
  });
});

for (const lng of ["en", "fr"] as const) {
  const locale = lng === "fr" ? "fr-CA" : "en-CA";
  const dollars = (cents: number) =>
    new Intl.NumberFormat(locale, { style: "currency", currency: "CAD" }).format(cents / 100);

  describe(`The readable export in ${lng === "fr" ? "French" : "English"}`, () => {
    async function both() {
      // The JSON and the page of one instant: the same export.
      setNow(Date.now());
      const cookie = await cookieFor(fixture.user.id);
      const data = (await (await get(apiLoader, "/api/auth/export", cookie)).json()) as Json;
      const lngCookie = (await languageCookie.serialize(lng)).split(";")[0];
      const view = (await get(pageLoader, "/profile/export", `${cookie}; ${lngCookie}`)) as unknown as ExportView;
      return { data, view, ...pageText(view) };
    }

    it("tells every pickup, amount and instant of the JSON: dollars, Montreal time, the unit in the page's language", async () => {
      const { data, view, text } = await both();
      expect(view.lng).toBe(lng);
      for (const pickup of data.pickups as {
        confirmationNumber: string;
        date: string;
        window: "morning" | "afternoon";
        address: string;
      }[]) {
        expect(text).toContain(pickup.confirmationNumber);
        expect(text).toContain(`${formatDate(pickup.date, lng)}, ${windowLabel(pickup.window, lng)}`);
      }
      // Every amount: each non-zero sum of cents, and every total, in dollars as the language writes them.
      const amounts = leaves(data).filter(([key, value]) => key.endsWith("Cents") && typeof value === "number");
      expect(amounts.length).toBeGreaterThan(10);
      for (const [key, cents] of amounts) {
        if (cents === 0 && key !== "totalCents") continue;
        // A discount is a line taken off the price: written negative.
        const shown = key.endsWith("DiscountCents") ? -(cents as number) : (cents as number);
        expect(text, `${key} ${String(cents)}`).toContain(dollars(shown));
      }
      expect(text).toMatch(lng === "fr" ? /\d+,\d\d\s\$/ : /\$\d+\.\d\d/);
      // Every instant, in Montreal time; one known: 15:07 UTC is 10:07 in Montreal.
      const instants = leaves(data).filter(([, value]) => typeof value === "string" && ISO.test(value));
      expect(instants.length).toBeGreaterThan(10);
      for (const [key, iso] of instants) expect(text, key).toContain(formatDateTime(Date.parse(iso as string), lng));
      expect(text).toContain(lng === "fr" ? "20 nov. 2026, 10 h 07" : "Nov 20, 2026, 10:07 AM");
      expect(text).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d/);
      // The unit: "app. 4" in French, "Unit 4" in English, in the profile and in each pickup's address.
      const unit = lng === "fr" ? "app. 4" : "Unit 4";
      const street = (data.profile as { streetAddress: string }).streetAddress;
      expect(text.split(`${street}, ${unit}, Montréal`).length - 1).toBe(1 + (data.pickups as unknown[]).length);
      if (lng === "fr") expect(text).not.toContain("Unit ");
      // The phone as a person writes it, not E.164.
      expect(text).toContain("514 555-0123");
      expect(text).not.toContain(PHONE);
    });

    it("titles every section, the new ones included, and shows only the resident's own data", async () => {
      const { view, html, text } = await both();
      const titles = Object.fromEntries(view.sections.map((s) => [s.id, s.title]));
      const expected =
        lng === "fr"
          ? {
              account: "Compte",
              profile: "Adresse et position",
              pickups: "Collectes et leur prix",
              payments: "Paiements et remboursements",
              plans: "Forfaits (collectes qui reviennent)",
              savedCards: "Cartes enregistrées pour vos forfaits",
              terms: "Conditions acceptées",
              emails: "Courriels qui vous ont été envoyés",
              texts: "Textos envoyés à votre téléphone",
              choices: "Choix de rappels et de messages",
              calendar: "Lien d'agenda",
              sessions: "Sessions",
              waitlist: "Liste d'attente",
            }
          : {
              account: "Account",
              profile: "Address and position",
              pickups: "Pickups and their price",
              payments: "Payments and refunds",
              plans: "Plans (pickups that come back)",
              savedCards: "Cards saved for your plans",
              terms: "Terms accepted",
              emails: "E-mails sent to you",
              texts: "Text messages sent to your phone",
              choices: "Reminder and message choices",
              calendar: "Calendar link",
              sessions: "Sessions",
              waitlist: "Waitlist",
            };
      expect(titles).toMatchObject(expected);
      for (const section of view.sections) {
        expect(html).toContain(`<h2 id="export-${section.id}-title"`);
        expect(section.title).not.toMatch(/^sections\./);
      }
      // The new sections' content, in words.
      const words =
        lng === "fr"
          ? [
              "Rappel de la veille",
              "Avis de service",
              "Non envoyé : aucun fournisseur de textos",
              "Courriel et texto",
              "Un lien d'agenda privé a été créé",
              "Version des conditions",
              "2026-11-27",
              "Anglais",
              "Français",
              "Cette session",
            ]
          : [
              "Day-before reminder",
              "Service alert",
              "Not sent: no text provider",
              "E-mail and text message",
              "A private calendar link was made",
              "Terms version",
              "2026-11-27",
              "English",
              "French",
              "This session",
            ];
      for (const word of words) expect(text, word).toContain(word);
      expect(text).not.toContain(CALENDAR_TOKEN);
      expect(text).not.toContain("Le camion aura du retard");
      expect(text).not.toContain(fixture.theirs.confirmationNumber);
      expect(text).not.toContain(fixture.other.email);
      // No translation key left showing.
      expect(text).not.toMatch(/\b(account|profile|pickup|payment|message|choices|session|waitlist|terms)\.[a-zA-Z]+/);
    });
  });
}
