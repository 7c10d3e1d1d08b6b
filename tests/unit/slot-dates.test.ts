// The booking calendar's dates (lib/slots mergeSlotsByDate): a date's windows in time order, its capacity and
// bookings summed, its prefixes each once in order of first appearance, full only when every window is.
import { describe, expect, it } from "vitest";
import { mergeSlotsByDate, type SlotView } from "~/lib/slots";

const slot = (id: number, date: string, window: "morning" | "afternoon", extra: Partial<SlotView> = {}): SlotView => ({
  id,
  date,
  window,
  startsAt: Date.parse(`${date}T${window === "morning" ? "13" : "18"}:00:00Z`),
  maxCapacity: 10,
  currentBooked: 0,
  serviceAreas: ["H2X"],
  closed: false,
  ...extra,
});

describe("mergeSlotsByDate", () => {
  it("one option per date, dates and windows in order, capacity and bookings summed", () => {
    const dates = mergeSlotsByDate([
      slot(3, "2026-12-02", "afternoon", { currentBooked: 4 }),
      slot(1, "2026-12-01", "morning"),
      slot(2, "2026-12-02", "morning", { maxCapacity: 5, currentBooked: 5 }),
    ]);
    expect(dates.map((d) => d.date)).toEqual(["2026-12-01", "2026-12-02"]);
    expect(dates[1]).toMatchObject({ maxCapacity: 15, currentBooked: 9, fullyBooked: false });
    expect(dates[1]!.windows).toEqual([
      { slotId: 2, window: "morning", spotsLeft: 0 },
      { slotId: 3, window: "afternoon", spotsLeft: 6 },
    ]);
  });

  it("a date's prefixes each once, in order of first appearance", () => {
    const [date] = mergeSlotsByDate([
      slot(1, "2026-12-01", "morning", { serviceAreas: ["H2X", "H2J"] }),
      slot(2, "2026-12-01", "afternoon", { serviceAreas: ["H2J", "H3Z", "H2X"] }),
    ]);
    expect(date!.serviceAreas).toEqual(["H2X", "H2J", "H3Z"]);
  });

  it("full only when every window of the date is", () => {
    const full = { maxCapacity: 3, currentBooked: 3 };
    expect(
      mergeSlotsByDate([slot(1, "2026-12-01", "morning", full), slot(2, "2026-12-01", "afternoon", full)])[0],
    ).toMatchObject({ fullyBooked: true });
    expect(
      mergeSlotsByDate([slot(1, "2026-12-01", "morning", full), slot(2, "2026-12-01", "afternoon")])[0],
    ).toMatchObject({ fullyBooked: false });
    expect(mergeSlotsByDate([])).toEqual([]);
  });
});
