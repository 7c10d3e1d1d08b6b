// The booking page's rules against a real database: dates grouped by week, Fully Booked dates and
// windows, the Continue check (every refusal), where Continue leads, and the resident's own pickup.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setNow } from "~/lib/clock";
import { windowStart } from "~/lib/dates";
import { registerUser } from "~/services/accounts/accounts.server";
import { bookingPage, checkBookingChoice, normalizeSelection, weekStart } from "~/services/booking/choice.server";
import { nextStepUrl } from "~/services/http/booking-steps.server";
import { db, schema } from "~/services/platform/db.server";
import { findPickupForUser } from "~/services/pickups/pickups.server";
import { seed } from "~/services/ops/seed.server";
import { createUserSession } from "~/services/http/current-user.server";
import { action as bookingAction } from "~/routes/booking";

// Sunday 22 November 2026, noon in Montreal. Slots run Monday to Saturday from tomorrow.
const AT = Date.UTC(2026, 10, 22, 17, 0, 0);
const H2X = { postalFsa: "H2X" };

function slotOf(date: string, window: "morning" | "afternoon") {
  return db
    .select()
    .from(schema.pickupSlots)
    .where(and(eq(schema.pickupSlots.date, date), eq(schema.pickupSlots.window, window)))
    .get()!;
}

function setSlot(id: number, values: Partial<typeof schema.pickupSlots.$inferInsert>) {
  db.update(schema.pickupSlots).set(values).where(eq(schema.pickupSlots.id, id)).run();
}

function fill(date: string, window: "morning" | "afternoon") {
  const slot = slotOf(date, window);
  setSlot(slot.id, { currentBooked: slot.maxCapacity });
  return slot;
}

const query = (values: Record<string, string> = {}) => new URLSearchParams(values);

let n = 0;
const email = () => `booker${++n}-${Date.now()}@videotron.ca`;

beforeAll(() => {
  setNow(AT);
  seed(AT);
});
afterAll(() => setNow(null));

describe("the dates a resident can pick", () => {
  beforeEach(() => {
    db.update(schema.pickupSlots).set({ currentBooked: 0, closed: false, serviceAreas: "[]" }).run();
  });

  it("offers the month ahead for a Montreal prefix, grouped by week (Sunday first in English, Monday in French)", () => {
    const en = bookingPage(H2X, "en", query(), AT);
    expect(en.area).toBe("montreal");
    const enDates = en.weeks.flatMap((w) => w.dates);
    expect(enDates[0]!.date).toBe("2026-11-23");
    expect(enDates.at(-1)!.date <= "2026-12-22").toBe(true);
    expect(enDates.every((d) => !d.fullyBooked)).toBe(true);
    expect(en.weeks[0]).toMatchObject({ start: "2026-11-22", label: "November 22" });
    expect(en.weeks[0]!.dates[0]).toMatchObject({ label: "Monday, November 23, 2026", shortLabel: "Mon, Nov 23" });

    const fr = bookingPage(H2X, "fr", query(), AT);
    expect(fr.weeks[0]).toMatchObject({ start: "2026-11-23", label: "23 novembre" });
    expect(fr.weeks[0]!.dates[0]!.label).toBe("lundi 23 novembre 2026");
    expect(fr.weeks[0]!.dates[0]!.windows.map((w) => w.label)).toEqual(["8 h - 12 h", "13 h - 17 h"]);
    expect(weekStart("2026-11-29", "en")).toBe("2026-11-29");
    expect(weekStart("2026-11-29", "fr")).toBe("2026-11-23");
  });

  it("shows a window starting within 24 hours as not available", () => {
    const first = bookingPage(H2X, "en", query(), AT).weeks[0]!.dates[0]!;
    const [morning, afternoon] = first.windows;
    expect(morning).toMatchObject({ window: "morning", slotId: null, label: "8:00 AM - 12:00 PM" });
    expect(afternoon).toMatchObject({
      window: "afternoon",
      slotId: slotOf("2026-11-23", "afternoon").id,
      spotsLeft: 12,
    });
  });

  it("makes a prefix's calendar once a minute per language, and again as soon as a slot changes", () => {
    const first = bookingPage(H2X, "en", query(), AT).weeks;
    // Another resident of the prefix, the same minute: the very same weeks (issue 44, first views).
    expect(bookingPage(H2X, "en", query({ date: "2026-11-24" }), AT + 30_000).weeks).toBe(first);
    expect(bookingPage(H2X, "fr", query(), AT).weeks).not.toBe(first);
    // The next minute is made again: the 23rd's afternoon (13:00) passes its 24-hour lead at 13:00 the day before.
    const lead = Date.UTC(2026, 10, 22, 18, 0, 0);
    const the23rd = (at: number) =>
      bookingPage(H2X, "en", query(), at)
        .weeks.flatMap((w) => w.dates)
        .find((d) => d.date === "2026-11-23");
    expect(the23rd(lead - 60_000)!.windows[1]!.slotId).toBe(slotOf("2026-11-23", "afternoon").id);
    // Its last window gone, the date is no longer offered.
    expect(the23rd(lead + 60_000)).toBeUndefined();
    // A write (a booking, an operator's change) is seen at once, within the minute.
    fill("2026-11-24", "morning");
    const again = bookingPage(H2X, "en", query(), AT).weeks;
    expect(again).not.toBe(first);
    expect(again.flatMap((w) => w.dates).find((d) => d.date === "2026-11-24")!.windows[0]!.spotsLeft).toBe(0);
  });

  it("marks a date Fully Booked when all its slots are taken, and a full window as having no room", () => {
    fill("2026-11-25", "morning");
    fill("2026-11-25", "afternoon");
    fill("2026-11-26", "morning");
    const dates = bookingPage(H2X, "en", query(), AT).weeks.flatMap((w) => w.dates);
    const full = dates.find((d) => d.date === "2026-11-25")!;
    expect(full.fullyBooked).toBe(true);
    const half = dates.find((d) => d.date === "2026-11-26")!;
    expect(half.fullyBooked).toBe(false);
    expect(half.windows.map((w) => w.spotsLeft)).toEqual([0, 12]);
  });

  it("keeps only a pickable choice from the query", () => {
    fill("2026-11-25", "morning");
    fill("2026-11-25", "afternoon");
    fill("2026-11-26", "morning");
    const { weeks } = bookingPage(H2X, "en", query(), AT);
    const open = slotOf("2026-11-27", "morning").id;
    expect(normalizeSelection(weeks, { bags: "2", date: "2026-11-27", slotId: String(open) })).toEqual({
      bags: 2,
      date: "2026-11-27",
      slotId: open,
    });
    // A slot alone selects its date; bags outside 1, 2, 4 are dropped.
    expect(normalizeSelection(weeks, { bags: "3", slotId: String(open) })).toEqual({
      bags: null,
      date: "2026-11-27",
      slotId: open,
    });
    // A Fully Booked date cannot be preselected, nor a full window, nor a window of another date.
    expect(normalizeSelection(weeks, { date: "2026-11-25" }).date).toBeNull();
    expect(
      normalizeSelection(weeks, { date: "2026-11-26", slotId: String(slotOf("2026-11-26", "morning").id) }),
    ).toEqual({
      bags: null,
      date: "2026-11-26",
      slotId: null,
    });
    expect(normalizeSelection(weeks, { date: "2026-11-28", slotId: String(open) }).slotId).toBeNull();
    expect(normalizeSelection(weeks, { bags: "4", date: "not-a-date", slotId: "-5" })).toEqual({
      bags: 4,
      date: null,
      slotId: null,
    });
  });

  it("shows no dates outside Montreal or without a prefix", () => {
    expect(bookingPage({ postalFsa: "K1A" }, "en", query(), AT)).toMatchObject({
      area: "outside",
      fsa: "K1A",
      weeks: [],
    });
    expect(bookingPage({ postalFsa: "" }, "en", query(), AT)).toMatchObject({ area: "unknown", weeks: [] });
    // Starts with H but not served: Montreal notice does not apply, there are just no dates.
    expect(bookingPage({ postalFsa: "H7N" }, "en", query(), AT)).toMatchObject({ area: "montreal", weeks: [] });
  });
});

describe("Continue", () => {
  beforeEach(() => {
    db.update(schema.pickupSlots).set({ currentBooked: 0, closed: false, serviceAreas: "[]" }).run();
  });

  it("accepts a bundle and a bookable slot of the resident's prefix", () => {
    const slot = slotOf("2026-11-27", "afternoon");
    expect(checkBookingChoice(H2X, { bags: "2", date: "2026-11-27", slotId: String(slot.id) }, AT)).toEqual({
      ok: true,
      bags: 2,
      slotId: slot.id,
    });
    expect(checkBookingChoice({ postalFsa: "h2x" }, { bags: "4", slotId: String(slot.id) }, AT)).toMatchObject({
      ok: true,
    });
  });

  it("refuses each bad choice with its message and keeps the resident's values", () => {
    const slot = slotOf("2026-11-27", "afternoon");
    const refuse = (user: { postalFsa: string }, input: Record<string, string>) => {
      const result = checkBookingChoice(user, input, AT);
      expect(result.ok).toBe(false);
      return result as Extract<typeof result, { ok: false }>;
    };
    expect(refuse(H2X, { bags: "3", slotId: String(slot.id) }).error).toBe("errors.chooseBags");
    expect(refuse(H2X, { slotId: String(slot.id) }).error).toBe("errors.chooseBags");
    expect(refuse(H2X, { bags: "2" }).error).toBe("errors.chooseDate");
    expect(refuse(H2X, { bags: "2", date: "2026-11-27" })).toMatchObject({
      error: "errors.chooseWindow",
      values: { bags: "2", date: "2026-11-27", slotId: "" },
    });
    expect(refuse(H2X, { bags: "2", slotId: "999999" }).error).toBe("errors.slotUnavailable");
    expect(refuse(H2X, { bags: "2", slotId: "abc" }).error).toBe("errors.slotUnavailable");
    // Without JavaScript: a new date picked, the old date's window still checked.
    expect(refuse(H2X, { bags: "2", date: "2026-11-28", slotId: String(slot.id) })).toMatchObject({
      error: "errors.chooseWindow",
      values: { date: "2026-11-28", slotId: "" },
    });
    expect(refuse({ postalFsa: "K1A" }, { bags: "2", slotId: String(slot.id) }).error).toBe("errors.outsideArea");
    expect(refuse({ postalFsa: "" }, { bags: "2", slotId: String(slot.id) }).error).toBe("errors.outsideArea");
    expect(refuse({ postalFsa: "H7N" }, { bags: "2", slotId: String(slot.id) }).error).toBe("errors.slotNotServed");
  });

  it("refuses a slot starting within 24 hours, after the same day next month, closed, of another prefix, or full", () => {
    const soon = slotOf("2026-11-23", "morning");
    expect(soon.startsAt - AT).toBeLessThan(24 * 3600 * 1000);
    expect(checkBookingChoice(H2X, { bags: "1", slotId: String(soon.id) }, AT)).toMatchObject({
      ok: false,
      error: "errors.slotUnavailable",
    });

    const late = slotOf("2026-12-23", "morning");
    expect(checkBookingChoice(H2X, { bags: "1", slotId: String(late.id) }, AT)).toMatchObject({
      ok: false,
      error: "errors.slotUnavailable",
    });
    const lastDay = slotOf("2026-12-22", "afternoon");
    expect(checkBookingChoice(H2X, { bags: "1", slotId: String(lastDay.id) }, AT)).toMatchObject({ ok: true });

    const closed = slotOf("2026-11-30", "morning");
    setSlot(closed.id, { closed: true });
    expect(checkBookingChoice(H2X, { bags: "1", slotId: String(closed.id) }, AT)).toMatchObject({
      ok: false,
      error: "errors.slotUnavailable",
    });

    const elsewhere = slotOf("2026-12-01", "morning");
    setSlot(elsewhere.id, { serviceAreas: JSON.stringify(["H3Z"]) });
    expect(checkBookingChoice(H2X, { bags: "1", slotId: String(elsewhere.id) }, AT)).toMatchObject({
      ok: false,
      error: "errors.slotNotServed",
    });
    expect(checkBookingChoice({ postalFsa: "H3Z" }, { bags: "1", slotId: String(elsewhere.id) }, AT)).toMatchObject({
      ok: true,
    });

    const full = fill("2026-12-02", "afternoon");
    expect(checkBookingChoice(H2X, { bags: "1", slotId: String(full.id) }, AT)).toMatchObject({
      ok: false,
      error: "errors.slotFull",
    });
    setSlot(full.id, { currentBooked: full.maxCapacity - 1 });
    expect(checkBookingChoice(H2X, { bags: "1", slotId: String(full.id) }, AT)).toMatchObject({ ok: true });
  });

  it("leads to the profile when the address is incomplete, to checkout otherwise", () => {
    const blank = {
      firstName: "",
      lastName: "",
      streetAddress: "",
      unit: "",
      city: "",
      province: "QC",
      postalCode: "",
    };
    expect(nextStepUrl(blank, 2, 123)).toBe("/profile?bags=2&slotId=123");
    const complete = {
      ...blank,
      firstName: "Léa",
      lastName: "Tremblay",
      streetAddress: "1234 Rue Saint-Denis",
      city: "Montréal",
      postalCode: "H2X 3K2",
    };
    expect(nextStepUrl(complete, 4, 7)).toBe("/checkout?bags=4&slotId=7");
  });

  it("the page action refuses a full slot with 400 and its message, and redirects a good choice with 303", async () => {
    const user = await registerUser({ email: email(), password: "sorting-day-1", postalFsa: "H2X", locale: "en" });
    const cookie = (await createUserSession(user.id)).get("Set-Cookie")!.split(";")[0]!;
    const post = (fields: Record<string, string>) =>
      bookingAction({
        request: new Request("http://localhost/booking", {
          method: "POST",
          headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(fields).toString(),
        }),
        params: {},
        context: {},
      });

    const full = fill("2026-12-03", "morning");
    const refused = (await post({ bags: "2", date: "2026-12-03", slotId: String(full.id) })) as unknown as {
      init: { status: number };
      data: { reply: { error: Record<string, string[]>; initialValue: Record<string, string> } };
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data.reply.error[""]).toEqual(["booking:errors.slotFull"]);
    // The page comes back on the chosen date (Fully Booked morning, afternoon still open), no window picked.
    expect(refused.data.reply.initialValue).toEqual({ bags: "2", date: "2026-12-03" });
    expect(slotOf("2026-12-03", "morning").currentBooked).toBe(full.maxCapacity);

    const open = slotOf("2026-12-03", "afternoon");
    const accepted = await post({ bags: "2", date: "2026-12-03", slotId: String(open.id) }).catch((r: Response) => r);
    expect(accepted).toBeInstanceOf(Response);
    expect((accepted as Response).status).toBe(303);
    expect((accepted as Response).headers.get("Location")).toBe(`/profile?bags=2&slotId=${open.id}`);
    expect(slotOf("2026-12-03", "afternoon").currentBooked).toBe(0);
  });
});

describe("findPickupForUser", () => {
  it("finds the resident's own pickup with its slot, and nobody else's", async () => {
    const owner = await registerUser({ email: email(), password: "sorting-day-1", postalFsa: "H2X", locale: "en" });
    const other = await registerUser({ email: email(), password: "sorting-day-1", postalFsa: "H2X", locale: "en" });
    const slot = slotOf("2026-12-04", "afternoon");
    const payment = db
      .insert(schema.payments)
      .values({
        provider: "simulated",
        providerPaymentId: `pi_sim_${Date.now()}`,
        userId: owner.id,
        amountCents: 2070,
        status: "succeeded",
        booking: JSON.stringify({ bags: 2, slotId: slot.id }),
        updatedAt: AT,
      })
      .returning()
      .get();
    db.insert(schema.pickupRequests)
      .values({
        confirmationNumber: "RC-7QK4-M2ZP",
        userId: owner.id,
        pickupSlotId: slot.id,
        paymentId: payment.id,
        bagsRequested: 2,
        listPriceCents: 2000,
        multiBagDiscountCents: 200,
        subtotalCents: 1800,
        gstCents: 90,
        qstCents: 180,
        totalCents: 2070,
        address: "1234 Rue Saint-Denis, Montréal, QC H2X 3K2",
        postalFsa: "H2X",
        updatedAt: AT,
      })
      .run();

    expect(findPickupForUser(owner.id, "RC-7QK4-M2ZP")).toMatchObject({
      confirmationNumber: "RC-7QK4-M2ZP",
      bagsRequested: 2,
      status: "Scheduled",
      totalCents: 2070,
      slot: { id: slot.id, date: "2026-12-04", window: "afternoon", startsAt: windowStart("2026-12-04", "afternoon") },
    });
    expect(findPickupForUser(owner.id, "  RC-7QK4-M2ZP ")?.confirmationNumber).toBe("RC-7QK4-M2ZP");
    expect(findPickupForUser(other.id, "RC-7QK4-M2ZP")).toBeNull();
    expect(findPickupForUser(owner.id, "NOPE")).toBeNull();
    expect(findPickupForUser(owner.id, "")).toBeNull();
    expect(findPickupForUser(owner.id, null)).toBeNull();
    expect(findPickupForUser(owner.id, "X".repeat(500))).toBeNull();
  });
});
