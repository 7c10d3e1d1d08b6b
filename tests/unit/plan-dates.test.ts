// Issue 45 parts 2 and 3, pure rules with a fixed clock: the date a plan falls on next, the pickup its cycle
// books (a holiday, a closed date, a full window, the last day of a month, a week where the clocks change),
// and the cutoffs (change or skip until 12 hours before, the 48-hour hold, the release 24 hours before).
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setNow } from "~/lib/clock";
import { windowStart, type PickupWindow } from "~/lib/dates";
import {
  canChangeCycle,
  cardExpiresBeforeCycle,
  cardNoticeDueAt,
  chooseCycleSlot,
  cycleChangeCutoff,
  cycleDueAt,
  holdExpiresAt,
  isCycleDue,
  isHoldExpired,
  nextPlanDate,
  weekEndOf,
  weekStartOf,
} from "~/lib/plan-dates";
import type { SlotView } from "~/lib/slots";

const HOUR = 3_600_000;
/** The fixed clock: Friday November 27, 2026, 10:00 in Montreal. */
const NOW = Date.parse("2026-11-27T15:00:00Z");

let nextId = 1;
function slot(date: string, window: PickupWindow, extra: Partial<SlotView> = {}): SlotView {
  return {
    id: nextId++,
    date,
    window,
    startsAt: windowStart(date, window),
    maxCapacity: 10,
    currentBooked: 0,
    serviceAreas: ["H2T", "H3A"],
    closed: false,
    ...extra,
  };
}

/** Every window of the week of `monday`, Monday to Saturday (the template's days). */
function week(monday: string, overrides: Record<string, Partial<SlotView>> = {}): SlotView[] {
  const days = [0, 1, 2, 3, 4, 5].map((i) => new Date(Date.parse(`${monday}T00:00:00Z`) + i * 86_400_000));
  return days.flatMap((d) => {
    const date = d.toISOString().slice(0, 10);
    return (["morning", "afternoon"] as const).map((w) => slot(date, w, overrides[`${date} ${w}`] ?? {}));
  });
}

const noOpened = new Set<string>();
const pick = (slots: SlotView[], date: string, window: PickupWindow, at = NOW, fsa = "H2T", opened = noOpened) => {
  const chosen = chooseCycleSlot(slots, { date, window, fsa, at, openedHolidays: opened });
  return chosen ? `${chosen.date} ${chosen.window}` : null;
};

beforeEach(() => setNow(NOW));
afterEach(() => setNow(null));

describe("the date a plan falls on next", () => {
  it("is 4 or 8 weeks after the anchor, on the same weekday", () => {
    expect(nextPlanDate({ anchorDate: "2026-11-10", intervalWeeks: 4 })).toBe("2026-12-08");
    expect(nextPlanDate({ anchorDate: "2026-11-10", intervalWeeks: 8 })).toBe("2027-01-05");
  });

  it("crosses the last day of a month and of a year by whole weeks", () => {
    expect(nextPlanDate({ anchorDate: "2026-01-31", intervalWeeks: 4 })).toBe("2026-02-28");
    expect(nextPlanDate({ anchorDate: "2026-12-31", intervalWeeks: 4 })).toBe("2027-01-28");
    expect(nextPlanDate({ anchorDate: "2028-02-01", intervalWeeks: 4 })).toBe("2028-02-29");
  });

  it("passes over a skipped date: the one after it is planned", () => {
    const plan = { anchorDate: "2026-11-10", intervalWeeks: 4, skipDate: "2026-12-08" };
    expect(nextPlanDate(plan)).toBe("2027-01-05");
  });

  it("falls no earlier than the end of a pause, in its rhythm", () => {
    const plan = { anchorDate: "2026-11-10", intervalWeeks: 4, pausedUntil: "2027-01-01" };
    expect(nextPlanDate(plan)).toBe("2027-01-05");
    expect(nextPlanDate({ ...plan, pausedUntil: "2027-01-05" })).toBe("2027-01-05");
  });

  it("never falls in a week already over (a plan resumed after months)", () => {
    const plan = { anchorDate: "2026-06-02", intervalWeeks: 4 };
    // Every 4 weeks from June 2: ..., November 17, December 15. On Sunday November 22 the week of the 17th
    // is not over yet (it is still the date); from Monday the 23rd it is, and December 15 comes next.
    expect(nextPlanDate(plan, "2026-11-22")).toBe("2026-11-17");
    expect(nextPlanDate(plan, "2026-11-23")).toBe("2026-12-15");
  });

  it("weeks run Monday to Sunday", () => {
    expect(weekStartOf("2026-11-29")).toBe("2026-11-23");
    expect(weekEndOf("2026-11-23")).toBe("2026-11-29");
    expect(weekStartOf("2027-01-01")).toBe("2026-12-28");
  });
});

describe("when a cycle is booked", () => {
  it("from 08:00 Montreal time seven days before, in winter and summer time", () => {
    expect(new Date(cycleDueAt("2026-12-08")).toISOString()).toBe("2026-12-01T13:00:00.000Z");
    // Clocks go forward on Sunday March 8, 2027... and 2026: the charge day is in summer time.
    expect(new Date(cycleDueAt("2026-03-15")).toISOString()).toBe("2026-03-08T12:00:00.000Z");
    // Clocks go back on Sunday November 1, 2026: the charge day is in winter time again.
    expect(new Date(cycleDueAt("2026-11-08")).toISOString()).toBe("2026-11-01T13:00:00.000Z");
    expect(isCycleDue("2026-12-04", NOW)).toBe(true);
    expect(isCycleDue("2026-12-05", NOW)).toBe(false);
  });
});

describe("the pickup a cycle books", () => {
  const monday = "2026-12-07";

  it("the plan's weekday and window when a place is left", () => {
    expect(pick(week(monday), "2026-12-08", "afternoon")).toBe("2026-12-08 afternoon");
  });

  it("a full window: the other window of that day first, then the nearest day, earlier first", () => {
    const full = { currentBooked: 10 };
    expect(pick(week(monday, { "2026-12-08 afternoon": full }), "2026-12-08", "afternoon")).toBe("2026-12-08 morning");
    const dayFull = week(monday, { "2026-12-08 afternoon": full, "2026-12-08 morning": full });
    expect(pick(dayFull, "2026-12-08", "afternoon")).toBe("2026-12-07 afternoon");
  });

  it("never on a holiday: Christmas (a Friday) gives Thursday, unless an admin opened it", () => {
    const slots = week("2026-12-21");
    expect(pick(slots, "2026-12-25", "morning")).toBe("2026-12-24 morning");
    expect(pick(slots, "2026-12-25", "morning", NOW, "H2T", new Set(["2026-12-25"]))).toBe("2026-12-25 morning");
  });

  it("never on a closed date, nor outside the resident's area", () => {
    const closed = { closed: true };
    const slots = week(monday, { "2026-12-09 morning": closed, "2026-12-09 afternoon": closed });
    expect(pick(slots, "2026-12-09", "morning")).toBe("2026-12-08 morning");
    const elsewhere = week(monday, { "2026-12-09 morning": { serviceAreas: ["H3A"] } });
    expect(pick(elsewhere, "2026-12-09", "morning")).toBe("2026-12-09 afternoon");
    expect(pick(week(monday), "2026-12-09", "morning", NOW, "H1A")).toBeNull();
  });

  it("only in that week: a full week gives no pickup, not one of the next week", () => {
    const full = Object.fromEntries(
      week(monday).map((s) => [`${s.date} ${s.window}`, { currentBooked: s.maxCapacity }]),
    );
    const slots = [...week(monday, full), ...week("2026-12-14")];
    expect(pick(slots, "2026-12-08", "morning")).toBeNull();
  });

  it("the last day of a month: the week runs into the next month", () => {
    // Thursday December 31 full: Friday January 1 is a holiday, Wednesday December 30 is the nearest.
    const full = { currentBooked: 10 };
    const thursdayFull = { "2026-12-31 morning": full, "2026-12-31 afternoon": full };
    expect(pick(week("2026-12-28", thursdayFull), "2026-12-31", "morning")).toBe("2026-12-30 morning");
    // January 1 opened by an admin: one day away in the same window, before Wednesday's afternoon.
    const opened = new Set(["2027-01-01"]);
    const noWednesdayMorning = week("2026-12-28", { ...thursdayFull, "2026-12-30 morning": full });
    expect(pick(noWednesdayMorning, "2026-12-31", "morning", NOW, "H2T", opened)).toBe("2027-01-01 morning");
    expect(pick(noWednesdayMorning, "2026-12-31", "morning")).toBe("2026-12-30 afternoon");
  });

  it("never inside the 24-hour lead (a cycle caught up late)", () => {
    // Late on Monday the 7th: Tuesday morning starts in less than 24 hours.
    const at = Date.parse("2026-12-07T15:00:00Z");
    expect(pick(week(monday), "2026-12-08", "morning", at)).toBe("2026-12-08 afternoon");
  });

  it("a week where the clocks change: counted in days, Friday before Sunday", () => {
    // Week of March 2, 2026 (clocks forward Sunday March 8): Saturday's afternoon is full. Friday and
    // Sunday are one day away each (Sunday is 23 hours away in time): the earlier, Friday, is chosen.
    const slots = [
      ...week("2026-03-02", { "2026-03-07 afternoon": { currentBooked: 10 }, "2026-03-07 morning": { closed: true } }),
      slot("2026-03-08", "afternoon"),
    ];
    const at = Date.parse("2026-02-27T15:00:00Z");
    expect(pick(slots, "2026-03-07", "afternoon", at)).toBe("2026-03-06 afternoon");
    // And November 1, 2026 (clocks back): a plan on that Sunday gets Saturday.
    const fall = [...week("2026-10-26"), slot("2026-11-01", "morning", { currentBooked: 10 })];
    expect(pick(fall, "2026-11-01", "morning", Date.parse("2026-10-20T12:00:00Z"))).toBe("2026-10-31 morning");
  });
});

describe("the cutoffs", () => {
  const startsAt = windowStart("2026-12-08", "morning");

  it("a booked cycle may be changed or skipped until 12 hours before its window", () => {
    expect(cycleChangeCutoff(startsAt)).toBe(startsAt - 12 * HOUR);
    expect(canChangeCycle(startsAt, startsAt - 12 * HOUR - 1)).toBe(true);
    expect(canChangeCycle(startsAt, startsAt - 12 * HOUR)).toBe(false);
  });

  it("a place is held 48 hours for a card that did not go through", () => {
    const at = cycleDueAt("2026-12-08");
    expect(holdExpiresAt(at, startsAt)).toBe(at + 48 * HOUR);
    expect(isHoldExpired(at + 48 * HOUR, at + 48 * HOUR - 1)).toBe(false);
    expect(isHoldExpired(at + 48 * HOUR, at + 48 * HOUR)).toBe(true);
  });

  it("and released 24 hours before the window when that comes first", () => {
    const late = startsAt - 50 * HOUR;
    expect(holdExpiresAt(late, startsAt)).toBe(startsAt - 24 * HOUR);
  });

  it("over the night the clocks go back, 48 hours are 48 hours", () => {
    const at = Date.parse("2026-10-31T12:00:00Z");
    const sunday = windowStart("2026-11-08", "morning");
    expect(holdExpiresAt(at, sunday) - at).toBe(48 * HOUR);
  });
});

describe("a card that expires before the next cycle", () => {
  it("is asked for again a week before the charge", () => {
    // The cycle of December 10 charges on December 3: a card valid through November is expired by then.
    expect(cardExpiresBeforeCycle({ expMonth: 11, expYear: 2026 }, "2026-12-10")).toBe(true);
    expect(cardExpiresBeforeCycle({ expMonth: 12, expYear: 2026 }, "2026-12-10")).toBe(false);
    // Valid through the last day of its month: February 29 of a leap year.
    expect(cardExpiresBeforeCycle({ expMonth: 2, expYear: 2028 }, "2028-03-07")).toBe(false);
    expect(cardExpiresBeforeCycle({ expMonth: 2, expYear: 2028 }, "2028-03-08")).toBe(true);
    expect(cardExpiresBeforeCycle({ expMonth: null, expYear: null }, "2026-12-10")).toBe(false);
    expect(cardNoticeDueAt("2026-12-10")).toBe(cycleDueAt("2026-12-10") - 7 * 24 * HOUR);
  });
});
