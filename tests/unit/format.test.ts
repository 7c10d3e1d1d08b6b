import { describe, expect, it } from "vitest";
import { addDays, dateKey, sameDayNextMonth, weekdayOf } from "~/lib/dates";
import { lastBookableDate } from "~/lib/slots";
import { clockLabel, formatDate, formatDateTime, formatTime, singlePeriods, windowLabel } from "~/lib/format";

// Fixed instants: 2026-11-24 20:07 UTC is 3:07 PM in Montreal (EST); 05:00 UTC is midnight there.
const AFTERNOON = Date.UTC(2026, 10, 24, 20, 7);
const MIDNIGHT = Date.UTC(2026, 10, 24, 5, 0);
const SUMMER_MORNING = Date.UTC(2026, 6, 1, 12, 30); // 8:30 AM in Montreal (EDT)

describe("one time format per language", () => {
  it("writes a time of day as the windows do: '3:07 PM' in English, '15 h 07' in French", () => {
    expect(clockLabel(15, 7, "en")).toBe("3:07 PM");
    expect(clockLabel(0, 0, "en")).toBe("12:00 AM");
    expect(clockLabel(12, 0, "en")).toBe("12:00 PM");
    expect(clockLabel(15, 7, "fr")).toBe("15 h 07");
    expect(clockLabel(8, 0, "fr")).toBe("8 h");
  });

  it("formats instants in Montreal time with the same rule as the windows", () => {
    expect(formatTime(AFTERNOON, "en")).toBe("3:07 PM");
    expect(formatTime(AFTERNOON, "fr")).toBe("15 h 07");
    expect(formatTime(MIDNIGHT, "en")).toBe("12:00 AM");
    expect(formatTime(MIDNIGHT, "fr")).toBe("0 h");
    expect(formatTime(SUMMER_MORNING, "en")).toBe("8:30 AM");
    expect(formatDateTime(AFTERNOON, "en")).toBe("Nov 24, 2026, 3:07 PM");
    expect(formatDateTime(AFTERNOON, "fr")).toBe("24 nov. 2026, 15 h 07");
    // A My Orders card shows both: no "p.m." next to "PM".
    for (const lng of ["en", "fr"]) {
      const card = `${windowLabel("afternoon", lng)} ${formatDateTime(AFTERNOON, lng)}`;
      expect(card).not.toMatch(/[ap]\.m\./);
    }
    expect(windowLabel("afternoon", "en")).toBe("1:00 PM - 5:00 PM");
    expect(windowLabel("morning", "fr")).toBe("8 h - 12 h");
  });
});

describe("dates in the reader's language", () => {
  it("reads a calendar date the same in every zone, short and long", () => {
    expect(formatDate("2026-11-25", "en", "short")).toBe("Wed, Nov 25");
    expect(formatDate("2026-11-25", "fr", "short")).toBe("mer. 25 nov.");
    expect(formatDate("2026-12-01", "en")).toBe("Tuesday, December 1, 2026");
    expect(formatDate("2026-12-01", "fr")).toBe("mardi 1 décembre 2026");
  });

  it("names a week by its first day, month and day only", () => {
    expect(formatDate("2026-11-29", "en", "monthDay")).toBe("November 29");
    expect(formatDate("2026-11-23", "fr", "monthDay")).toBe("23 novembre");
  });
});

describe("calendar arithmetic without a zone", () => {
  it("adds days across months, years, leap days and the clock changes", () => {
    expect(addDays("2026-11-30", 1)).toBe("2026-12-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    // Montreal's clock changes on 2026-03-08 and 2026-11-01: a day is still one date.
    expect(addDays("2026-03-07", 2)).toBe("2026-03-09");
    expect(addDays("2026-11-01", -1)).toBe("2026-10-31");
    expect(addDays("2026-11-24", 35)).toBe("2026-12-29");
  });

  it("gives the same day next month, or that month's last day", () => {
    expect(sameDayNextMonth("2026-11-24")).toBe("2026-12-24");
    expect(sameDayNextMonth("2026-12-31")).toBe("2027-01-31");
    expect(sameDayNextMonth("2026-01-31")).toBe("2026-02-28");
    expect(sameDayNextMonth("2028-01-30")).toBe("2028-02-29");
    expect(sameDayNextMonth("2026-03-31")).toBe("2026-04-30");
  });

  it("dates an instant in Montreal, the same for every instant of a minute", () => {
    expect(dateKey(MIDNIGHT - 1)).toBe("2026-11-23");
    expect(dateKey(MIDNIGHT)).toBe("2026-11-24");
    expect(dateKey(MIDNIGHT + 59_999)).toBe("2026-11-24");
    expect(dateKey(MIDNIGHT - 60_000)).toBe("2026-11-23");
    expect(dateKey(SUMMER_MORNING)).toBe("2026-07-01");
    expect(lastBookableDate(Date.UTC(2027, 0, 31, 17))).toBe("2027-02-28");
    expect(lastBookableDate(MIDNIGHT - 1)).toBe("2026-12-23");
  });

  it("gives the ISO weekday, Monday 1 to Sunday 7", () => {
    expect(weekdayOf("2026-11-23")).toBe(1);
    expect(weekdayOf("2026-11-29")).toBe(7);
    expect(weekdayOf("2026-03-08")).toBe(7);
    expect(weekdayOf("2028-02-29")).toBe(2);
  });
});

describe("one period at the end of a sentence", () => {
  it("folds a template's period into an abbreviated date's", () => {
    expect(singlePeriods("La collecte A1 est réservée pour le lun. 30 nov..")).toBe(
      "La collecte A1 est réservée pour le lun. 30 nov.",
    );
    expect(singlePeriods("le lun. 30 nov.. Merci.")).toBe("le lun. 30 nov. Merci.");
  });
  it("leaves single periods and ellipses alone", () => {
    expect(singlePeriods("Booked for Mon, Nov 30.")).toBe("Booked for Mon, Nov 30.");
    expect(singlePeriods("Wait...")).toBe("Wait...");
  });
});
