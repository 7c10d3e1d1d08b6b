// A pickup's calendar event (issue 35 part 3): one UID for the life of the pickup, a SEQUENCE that rises
// with each move, METHOD:CANCEL for a cancellation, and the window's times right in Montreal on the days
// the clocks change (written in UTC).
import { describe, expect, it } from "vitest";
import { calendarFile, pickupUid, type CalendarPickup } from "~/lib/calendar";

const AT = Date.UTC(2026, 1, 20, 15, 0, 0);
const base: CalendarPickup = {
  confirmationNumber: "RC-ABC123",
  date: "2026-03-04",
  window: "morning",
  sequence: 0,
  title: "ReCircle pickup (2 bags)",
  description: "Bags outside by 8:00 AM.",
  location: "123 Rue Example, Montréal",
  url: "https://recircle.example/order/RC-ABC123",
};

/** The value of one property of the (only) event, lines unfolded. */
function prop(ics: string, name: string) {
  const unfolded = ics.replace(/\r\n[ \t]/g, "");
  return unfolded.match(new RegExp(`^${name}(?:;[^:]*)?:(.*)$`, "m"))?.[1];
}

describe("a pickup's calendar event", () => {
  it("keeps its UID across a move while its SEQUENCE rises", () => {
    const booked = calendarFile([base], { at: AT, method: "PUBLISH" });
    const moved = calendarFile([{ ...base, date: "2026-03-11", window: "afternoon", sequence: 1 }], {
      at: AT + 1000,
      method: "PUBLISH",
    });
    expect(prop(booked, "UID")).toBe(pickupUid("RC-ABC123"));
    expect(prop(moved, "UID")).toBe(prop(booked, "UID"));
    expect(Number(prop(booked, "SEQUENCE") ?? 0)).toBe(0);
    expect(Number(prop(moved, "SEQUENCE"))).toBe(1);
    expect(prop(moved, "DTSTART")).toBe("20260311T170000Z");
  });

  it("a cancellation is METHOD:CANCEL with STATUS:CANCELLED and its organizer", () => {
    const ics = calendarFile([{ ...base, sequence: 2, cancelled: true }], {
      at: AT,
      method: "CANCEL",
      organizer: { name: "ReCircle", email: "no-reply@recyclepickup.ca" },
    });
    expect(prop(ics, "METHOD")).toBe("CANCEL");
    expect(prop(ics, "STATUS")).toBe("CANCELLED");
    expect(prop(ics, "SEQUENCE")).toBe("2");
    expect(prop(ics, "ORGANIZER")).toMatch(/^mailto:no-reply@recyclepickup\.ca$/i);
  });

  it.each([
    // Before the March change (EST, UTC-5), on its day and after (EDT, UTC-4).
    ["2026-03-07", "morning", "20260307T130000Z", "20260307T170000Z"],
    ["2026-03-08", "morning", "20260308T120000Z", "20260308T160000Z"],
    ["2026-03-08", "afternoon", "20260308T170000Z", "20260308T210000Z"],
    // The November change day (back to EST) and the day before.
    ["2026-10-31", "morning", "20261031T120000Z", "20261031T160000Z"],
    ["2026-11-01", "morning", "20261101T130000Z", "20261101T170000Z"],
    ["2026-11-01", "afternoon", "20261101T180000Z", "20261101T220000Z"],
  ] as const)("%s %s: 8-12 or 13-17 in Montreal", (date, window, start, end) => {
    const ics = calendarFile([{ ...base, date, window }], { at: AT, method: "PUBLISH" });
    expect(prop(ics, "DTSTART")).toBe(start);
    expect(prop(ics, "DTEND")).toBe(end);
  });

  it("is stamped with the clock it is given, and an empty feed is still a calendar", () => {
    expect(prop(calendarFile([base], { at: AT, method: "PUBLISH" }), "DTSTAMP")).toBe("20260220T150000Z");
    const empty = calendarFile([], { at: AT, method: "PUBLISH", calName: "ReCircle" });
    expect(empty).toContain("BEGIN:VCALENDAR");
    expect(empty).not.toContain("BEGIN:VEVENT");
  });
});
