// Issue 35 parts 3 and 4, issue 33 part 8, issue 42 part 7: the pickup in the resident's calendar (the
// e-mails' .ics, METHOD:PUBLISH with one UID and a rising SEQUENCE, STATUS:CANCELLED on cancellation; the
// owner-only download; the private feed, answered inline as text/calendar, and its renewal; every file
// read strictly: lines of at most 75 octets, "app." in a French LOCATION), the day after (thanks for
// Completed, reasons and the same bags for Missed), and a bell whose entries keep what they said.
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { setNow } from "~/lib/clock";
import { windowStart } from "~/lib/dates";
import { markPickup } from "~/services/admin/day.server";
import { createAdmin } from "~/services/accounts/accounts.server";
import { payWithSimulatedCard } from "~/services/checkout/simulated-card.server";
import { calendarFeed, orderCalendar, renewCalendarFeed } from "~/services/pickups/calendar-feed.server";
import { cancelPickup, modifyPickup } from "~/services/pickups/changes.server";
import { notificationsFor } from "~/services/pickups/notifications.server";
import { db, schema } from "~/services/platform/db.server";
import { loader as feedLoader } from "~/routes/calendar.$file";
import { parseCalendarStrictly, textValue } from "../calendar-check";
import { CARD, resident, slot } from "./fixtures";

const o = schema.emailOutbox;
const mailsTo = (to: string) => db.select().from(o).where(eq(o.to, to)).orderBy(o.id).all();
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, "");
/** Strictly read (every line at most 75 octets, whole UTF-8), then the property of the one event. */
const strictEvent = (ics: string) => parseCalendarStrictly(ics).events[0]!;
const prop = (ics: string, name: string) =>
  unfold(ics)
    .match(new RegExp(`^${name}(?:;[^:]*)?:(.*)$`, "m"))?.[1]
    ?.trim();
const attachmentOf = (row: { attachments: string | null }) =>
  (JSON.parse(row.attachments ?? "[]") as Array<{ content: string; contentType: string }>)[0]!;
const admin = await createAdmin(`calendar-admin-${Date.now()}@recircle-admin.ca`, "sorting-day-1");

afterEach(() => setNow(null));

async function booked(bags: 1 | 2 | 4 = 2) {
  const user = await resident();
  const pickup = await payWithSimulatedCard(user, { bags, slotId: slot().id }, CARD);
  return { user, pickup };
}

describe("the e-mails carry the pickup's event", () => {
  it("booked, moved, cancelled: one UID, SEQUENCE 0, 1, 2, all METHOD:PUBLISH, STATUS:CANCELLED last", async () => {
    const { user, pickup } = await booked();
    const target = slot();
    await modifyPickup(user, pickup.id, target.id);
    await cancelPickup(user, pickup.id);
    const [confirmed, moved, cancelled] = ["booking-confirmed", "pickup-modified", "pickup-cancelled"].map((kind) =>
      attachmentOf(mailsTo(user.email).find((m) => m.kind === kind)!),
    );
    const uid = prop(confirmed.content, "UID");
    expect(uid).toBe(`pickup-${pickup.confirmationNumber}@recircle`);
    expect([moved, cancelled].map((a) => prop(a.content, "UID"))).toEqual([uid, uid]);
    expect([confirmed, moved, cancelled].map((a) => Number(prop(a.content, "SEQUENCE") ?? 0))).toEqual([0, 1, 2]);
    // PUBLISH all along: an event to add or update, never an invitation to accept; no ATTENDEE.
    expect([confirmed, moved, cancelled].map((a) => prop(a.content, "METHOD"))).toEqual([
      "PUBLISH",
      "PUBLISH",
      "PUBLISH",
    ]);
    expect([confirmed, moved, cancelled].map((a) => a.contentType)).toEqual(
      Array(3).fill("text/calendar; charset=utf-8; method=PUBLISH"),
    );
    expect([confirmed, moved, cancelled].some((a) => /^ATTENDEE/m.test(a.content))).toBe(false);
    expect(prop(confirmed.content, "STATUS")).toBe("CONFIRMED");
    expect(prop(cancelled.content, "STATUS")).toBe("CANCELLED");
    // Each reads strictly, as a calendar client would.
    for (const a of [confirmed, moved, cancelled]) expect(strictEvent(a.content).UID).toBe(uid);
    // The move's event is at the new window.
    const start = new Date(windowStart(target.date, target.window)).toISOString().replace(/[-:]|\.\d{3}/g, "");
    expect(prop(moved.content, "DTSTART")).toBe(start);
  });
});

describe("a French resident's calendar files", () => {
  it("the e-mailed .ics, the download and the feed read strictly, with 'app.' for the unit", async () => {
    const user = db
      .update(schema.users)
      .set({ unit: "4", locale: "fr", streetAddress: "1430 Rue Saint-Élzéar Est" })
      .where(eq(schema.users.id, (await resident()).id))
      .returning()
      .get();
    const pickup = await payWithSimulatedCard(user, { bags: 2, slotId: slot().id }, CARD);
    expect(pickup.address).toContain("Unit 4");
    const mailed = attachmentOf(mailsTo(user.email).find((m) => m.kind === "booking-confirmed")!).content;
    const download = orderCalendar(user, pickup.confirmationNumber)!;
    const feed = calendarFeed(renewCalendarFeed(user.id))!;
    for (const ics of [mailed, download, feed]) {
      const event = strictEvent(ics);
      expect(textValue(event.LOCATION!)).toBe("1430 Rue Saint-Élzéar Est, app. 4, Montréal, QC H2X 3K2");
      expect(textValue(event.SUMMARY!)).toBe("Collecte ReCircle (2 sacs)");
      // The French description is longer than a line: folded, and read back whole.
      expect(textValue(event.DESCRIPTION!)).toContain(`Numéro de confirmation ${pickup.confirmationNumber}.`);
      expect(ics.split("\r\n").some((line) => line.startsWith(" "))).toBe(true);
    }
  });
});

describe("Add to calendar and the private feed", () => {
  it("the download is the owner's only", async () => {
    const { user, pickup } = await booked();
    const other = await resident();
    const ics = orderCalendar(user, pickup.confirmationNumber)!;
    expect(prop(ics, "UID")).toBe(`pickup-${pickup.confirmationNumber}@recircle`);
    expect(orderCalendar(other, pickup.confirmationNumber)).toBeNull();
    expect(orderCalendar(user, "NOPE-NOPE")).toBeNull();
  });

  it("the feed lists upcoming scheduled pickups; a new link revokes the old one; unknown tokens find nothing", async () => {
    const { user, pickup } = await booked();
    const gone = await payWithSimulatedCard(user, { bags: 1, slotId: slot().id }, CARD);
    await cancelPickup(user, gone.id);
    const first = renewCalendarFeed(user.id);
    const feed = calendarFeed(first)!;
    expect(unfold(feed)).toContain(`UID:pickup-${pickup.confirmationNumber}@recircle`);
    expect(unfold(feed)).not.toContain(gone.confirmationNumber);
    const second = renewCalendarFeed(user.id);
    expect(second).not.toBe(first);
    expect(calendarFeed(first)).toBeNull();
    expect(calendarFeed(second)).not.toBeNull();
    expect(calendarFeed("x".repeat(43))).toBeNull();
    expect(calendarFeed("")).toBeNull();
  });

  it("the feed answers text/calendar inline (a calendar app subscribes), private, never stored; unknown: 404", async () => {
    const { user, pickup } = await booked();
    const token = renewCalendarFeed(user.id);
    const get = (file: string) =>
      feedLoader({ request: new Request(`http://localhost/calendar/${file}`), params: { file }, context: {} });
    const answer = await get(`${token}.ics`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    const disposition = answer.headers.get("Content-Disposition") ?? "";
    expect(disposition).not.toMatch(/attachment/i);
    expect(disposition).toMatch(/^inline\b/);
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    const { calendar, events } = parseCalendarStrictly(await answer.text());
    expect(calendar.METHOD).toBe("PUBLISH");
    expect(events.map((e) => e.UID)).toContain(`pickup-${pickup.confirmationNumber}@recircle`);
    expect((await get(`${"x".repeat(43)}.ics`)).status).toBe(404);
    expect((await get(token)).status).toBe(404);
  });
});

describe("the day after", () => {
  it("Completed: a thank-you with the bags and a link to book again; in the bell", async () => {
    const { user, pickup } = await booked(2);
    const s = db.select().from(schema.pickupSlots).where(eq(schema.pickupSlots.id, pickup.pickupSlotId)).get()!;
    await markPickup(admin, pickup.id, "Completed", windowStart(s.date, s.window) + 5 * 3_600_000);
    const mail = mailsTo(user.email).find((m) => m.kind === "pickup-completed")!;
    expect(mail.text).toMatch(/^Hello Marie,/);
    expect(mail.text).toContain("2 bags");
    expect(mail.text).toMatch(/\/booking\?bags=2$/m);
    expect(notificationsFor(user.id).map((n) => n.type)).toContain("pickup_completed");
  });

  it("Missed: the likely reasons, and booking opens with the same bag count; in the bell", async () => {
    const { user, pickup } = await booked(4);
    const s = db.select().from(schema.pickupSlots).where(eq(schema.pickupSlots.id, pickup.pickupSlotId)).get()!;
    await markPickup(admin, pickup.id, "Missed", windowStart(s.date, s.window) + 5 * 3_600_000, "bags-not-out");
    const mail = mailsTo(user.email).find((m) => m.kind === "pickup-missed")!;
    expect(mail.text).toMatch(/not outside by (8:00 AM|1:00 PM)/);
    expect(mail.text).toContain("directly from the street");
    expect(mail.text).toMatch(/\/booking\?bags=4$/m);
    expect(notificationsFor(user.id).map((n) => n.type)).toContain("pickup_missed");
  });
});

describe("the bell keeps what it said", () => {
  it("a move adds 'moved' and leaves 'confirmed' with the first date; a cancel adds 'cancelled'", async () => {
    const { user, pickup } = await booked();
    const first = db.select().from(schema.pickupSlots).where(eq(schema.pickupSlots.id, pickup.pickupSlotId)).get()!;
    const target = slot();
    await modifyPickup(user, pickup.id, target.id);
    let bell = notificationsFor(user.id);
    expect(bell.find((n) => n.type === "pickup_confirmed")!.values.date).toBe(first.date);
    expect(bell.find((n) => n.type === "pickup_modified")!.values.date).toBe(target.date);
    await cancelPickup(user, pickup.id);
    bell = notificationsFor(user.id);
    expect(bell.map((n) => n.type).sort()).toEqual(["pickup_cancelled", "pickup_confirmed", "pickup_modified"]);
    expect(bell.find((n) => n.type === "pickup_confirmed")!.values.date).toBe(first.date);
    const rows = db
      .select()
      .from(schema.pickupNotifications)
      .where(and(eq(schema.pickupNotifications.userId, user.id)))
      .all();
    expect(rows.map((r) => r.type)).toEqual(["confirmed", "moved", "cancelled"]);
  });
});
