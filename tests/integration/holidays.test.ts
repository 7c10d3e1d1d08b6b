// Quebec holidays in slot supply, on a real SQLite file: generation skips them, an admin opens one on
// purpose (logged) and it gets slots; slots already on a holiday, with their pickups, go through the
// close-a-date path (each resident e-mailed once, pickup and payment untouched).
import { and, eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { setNow } from "~/lib/clock";
import { createAdmin } from "~/services/accounts/accounts.server";
import { recentActivity } from "~/services/admin/activity.server";
import { holidaysAhead, openHoliday } from "~/services/admin/holidays.server";
import { AdminError } from "~/services/admin/admin-error.server";
import { payWithSimulatedCard } from "~/services/checkout/simulated-card.server";
import { generateSlots } from "~/services/booking/slot-supply.server";
import { offeredSlots } from "~/services/booking/slots.server";
import { createUserSession } from "~/services/http/current-user.server";
import { action as supplyAction, loader as supplyLoader } from "~/routes/admin.supply._index";
import { db, schema } from "~/services/platform/db.server";
import type { User } from "../../db/schema";
import { CARD, ensureSeeded, resident } from "./fixtures";

let admin: User;
const at = (iso: string) => DateTime.fromISO(iso, { zone: "America/Toronto" }).toMillis();
const slotsOn = (date: string) => db.select().from(schema.pickupSlots).where(eq(schema.pickupSlots.date, date)).all();
const emailsTo = (to: string) =>
  db
    .select()
    .from(schema.emailOutbox)
    .where(and(eq(schema.emailOutbox.to, to), eq(schema.emailOutbox.kind, "date-closed")))
    .all();

beforeAll(async () => {
  ensureSeeded();
  admin = await createAdmin("holidays@recircle-admin.ca", "ops-admin-pass-12");
});
afterEach(() => setNow(null));

describe("holidays in slot supply", () => {
  it("Good Friday 2027 gets no slot until an admin opens it, which is logged and generates its slots", () => {
    setNow(at("2027-03-10T12:00"));
    generateSlots();
    expect(slotsOn("2027-03-25")).toHaveLength(2);
    expect(slotsOn("2027-03-26")).toHaveLength(0);
    expect(holidaysAhead("fr")).toContainEqual({ date: "2027-03-26", name: "Vendredi saint", opened: false });

    const result = openHoliday(admin, "2027-03-26");
    expect(result).toEqual({ date: "2027-03-26", created: 2 });
    expect(
      slotsOn("2027-03-26")
        .map((s) => [s.window, s.closed])
        .sort(),
    ).toEqual([
      ["afternoon", false],
      ["morning", false],
    ]);
    expect(recentActivity(1)[0]).toMatchObject({
      action: "holiday.open",
      detail: { date: "2027-03-26", name: "Good Friday" },
      adminEmail: admin.email,
    });
    expect(holidaysAhead("en")).toContainEqual({ date: "2027-03-26", name: "Good Friday", opened: true });
    // Opening it again changes nothing; the next generation keeps it open.
    expect(openHoliday(admin, "2027-03-26").created).toBe(0);
    generateSlots();
    expect(slotsOn("2027-03-26").every((s) => !s.closed)).toBe(true);
    // An ordinary day, or a past holiday, cannot be "opened".
    expect(() => openHoliday(admin, "2027-03-25")).toThrow(AdminError);
    expect(() => openHoliday(admin, "2027-01-01")).toThrow(AdminError);
  });

  it("slots already on a holiday close through the close path: one e-mail each, pickups and payments untouched", async () => {
    setNow(at("2027-05-01T12:00"));
    // Slots made before the holiday was known closed (opened, booked, then the opening withdrawn).
    openHoliday(admin, "2027-05-24");
    const [morning, afternoon] = slotsOn("2027-05-24").sort((a, b) => a.startsAt - b.startsAt);
    const first = await resident();
    const second = await resident();
    const one = await payWithSimulatedCard(first, { bags: 1, slotId: morning!.id }, CARD);
    const two = await payWithSimulatedCard(second, { bags: 2, slotId: afternoon!.id }, CARD);
    db.delete(schema.holidayOpenings).where(eq(schema.holidayOpenings.date, "2027-05-24")).run();

    generateSlots();
    expect(slotsOn("2027-05-24").every((s) => s.closed)).toBe(true);
    expect(emailsTo(first.email)).toHaveLength(1);
    expect(emailsTo(second.email)).toHaveLength(1);
    expect(emailsTo(first.email)[0]!.text).toContain(one.confirmationNumber);
    for (const pickup of [one, two]) {
      const row = db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.id, pickup.id)).get()!;
      expect(row.status).toBe("Scheduled");
      const payment = db.select().from(schema.payments).where(eq(schema.payments.id, row.paymentId!)).get()!;
      expect(payment).toMatchObject({ status: "succeeded", refundedCents: 0 });
    }
    // Booking never offers it.
    expect(offeredSlots(null).some((s) => s.date === "2027-05-24")).toBe(false);
    // The next run (hourly job, next listing) e-mails nobody again.
    generateSlots();
    expect(emailsTo(first.email)).toHaveLength(1);
    expect(emailsTo(second.email)).toHaveLength(1);
  });
});

describe("the supply page", () => {
  async function request(method: "GET" | "POST", lng: string, body?: URLSearchParams) {
    const cookie = (await createUserSession(admin.id)).get("Set-Cookie")!.split(";")[0]!;
    return new Request("http://localhost/admin/supply?index", {
      method,
      body,
      headers: {
        Cookie: cookie,
        "Accept-Language": lng,
        ...(body ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
      },
    });
  }

  it("names the holidays ahead in the operator's language, and opening one from it is logged", async () => {
    setNow(at("2027-06-01T12:00"));
    generateSlots();
    const view = (await supplyLoader({ request: await request("GET", "fr-CA"), params: {}, context: {} })) as {
      holidays: Array<{ date: string; name: string; opened: boolean }>;
      dates: Array<{ date: string; label: string }>;
    };
    expect(view.holidays).toEqual([
      expect.objectContaining({ date: "2027-06-24", name: "Fête nationale du Québec", opened: false }),
      expect.objectContaining({ date: "2027-07-01", name: "Fête du Canada", opened: false }),
    ]);
    expect(view.dates.some((d) => d.date === "2027-06-24")).toBe(false);

    const answer = (await supplyAction({
      request: await request("POST", "en-CA", new URLSearchParams({ intent: "openHoliday", date: "2027-06-24" })),
      params: {},
      context: {},
    })) as Response;
    expect(answer.status).toBe(302);
    expect(recentActivity(1)[0]).toMatchObject({ action: "holiday.open", detail: { date: "2027-06-24" } });
    const after = (await supplyLoader({ request: await request("GET", "en-CA"), params: {}, context: {} })) as {
      holidays: Array<{ date: string; opened: boolean }>;
      dates: Array<{ date: string; label: string }>;
    };
    expect(after.holidays.find((h) => h.date === "2027-06-24")!.opened).toBe(true);
    // Its slots are on the page, the date marked by the holiday's name.
    expect(after.dates.find((d) => d.date === "2027-06-24")!.label).toContain("Holiday: Fête nationale");
  });
});
