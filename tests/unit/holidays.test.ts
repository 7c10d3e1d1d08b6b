// Quebec's statutory holidays (lib/holidays, date-holidays CA/QC) for 2026 to 2028, and slot generation's
// days skipping them unless an admin opened one.
import { describe, expect, it } from "vitest";
import { generationDays, holidayOn, isClosedHoliday, quebecHolidays } from "~/lib/holidays";
import { weekdayOf } from "~/lib/dates";

const EXPECTED: Record<number, string[]> = {
  2026: [
    "2026-01-01",
    "2026-04-03",
    "2026-05-18",
    "2026-06-24",
    "2026-07-01",
    "2026-09-07",
    "2026-10-12",
    "2026-12-25",
  ],
  2027: [
    "2027-01-01",
    "2027-03-26",
    "2027-05-24",
    "2027-06-24",
    "2027-07-01",
    "2027-09-06",
    "2027-10-11",
    "2027-12-25",
  ],
  2028: [
    "2028-01-01",
    "2028-04-14",
    "2028-05-22",
    "2028-06-24",
    "2028-07-01",
    "2028-09-04",
    "2028-10-09",
    "2028-12-25",
  ],
};

describe("Quebec holidays", () => {
  it.each([2026, 2027, 2028])("%i: the eight statutory holidays, Easter-based ones computed for the year", (year) => {
    expect(quebecHolidays(year).map((h) => h.date)).toEqual(EXPECTED[year]);
    expect(quebecHolidays(year, "fr").map((h) => h.date)).toEqual(EXPECTED[year]);
  });

  it("Good Friday 2027 is March 26; Fête nationale 2027 is a Thursday", () => {
    expect(holidayOn("2027-03-26")).toBe("Good Friday");
    expect(holidayOn("2027-03-26", "fr")).toBe("Vendredi saint");
    expect(holidayOn("2027-06-24")).toBe("Fête nationale");
    expect(weekdayOf("2027-06-24")).toBe(4);
    // Easter Monday is not a statutory holiday in Quebec's list, and an ordinary day is none.
    expect(holidayOn("2027-03-29")).toBeNull();
    expect(holidayOn("2027-03-25")).toBeNull();
  });

  it("names in the reader's language", () => {
    expect(quebecHolidays(2026).map((h) => h.name)).toEqual([
      "New Year's Day",
      "Good Friday",
      "National Patriots' Day",
      "Fête nationale",
      "Canada Day",
      "Labour Day",
      "Thanksgiving",
      "Christmas Day",
    ]);
    expect(holidayOn("2026-12-25", "fr")).toBe("Noël");
    expect(holidayOn("2026-06-24", "fr")).toBe("Fête nationale du Québec");
  });
});

describe("slot generation days", () => {
  it("skips Christmas and New Year's Day, nothing else, from the day after today", () => {
    const days = generationDays("2026-12-20", 14, new Set());
    expect(days[0]!.date).toBe("2026-12-21");
    expect(days.at(-1)!.date).toBe("2027-01-03");
    expect(days.filter((d) => d.closedHoliday).map((d) => d.date)).toEqual(["2026-12-25", "2027-01-01"]);
  });

  it("a holiday opened on purpose is generated like any other day", () => {
    const opened = new Set(["2027-03-26"]);
    const days = generationDays("2027-03-20", 35, opened);
    expect(days.find((d) => d.date === "2027-03-26")!.closedHoliday).toBe(false);
    expect(days.filter((d) => d.closedHoliday)).toEqual([]);
    expect(isClosedHoliday("2027-05-24", opened)).toBe(true);
    expect(isClosedHoliday("2027-03-26", opened)).toBe(false);
  });

  it("every holiday of 2026 to 2028 is skipped in a year of generation", () => {
    for (const year of [2026, 2027, 2028]) {
      const closed = generationDays(`${year - 1}-12-31`, 366, new Set())
        .filter((d) => d.closedHoliday)
        .map((d) => d.date)
        .filter((d) => d.startsWith(String(year)));
      expect(closed).toEqual(EXPECTED[year]);
    }
  });
});
