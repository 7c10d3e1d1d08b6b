// The e-mails' one-event calendar file written directly (lib/calendar eventCalendarFile, issue 45's bench:
// `ics` validated every one of a morning's thousands of renewals) is the very text `ics` makes through
// calendarFile, byte for byte: the header and its REFRESH-INTERVAL, every property in its order, TEXT values
// escaped (backslash, comma, semicolon, line breaks), the organizer's quoted name, both windows on the days
// the clocks change, and every line folded at 75 octets, never inside a character (accents, emoji, CJK).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { calendarFile, eventCalendarFile, type CalendarPickup } from "~/lib/calendar";
import { pickupEvent } from "~/services/booking/pickup-calendar.server";

const AT = Date.UTC(2026, 1, 20, 15, 0, 0);
const ORGANIZER = { name: "ReCircle", email: "bonjour@recircle.example" };
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

const both = (pickup: CalendarPickup, at = AT, organizer = ORGANIZER) => ({
  direct: eventCalendarFile(pickup, { at, organizer }),
  ics: calendarFile([pickup], { at, organizer }),
});

describe("an e-mail's calendar file written directly", () => {
  it("is byte for byte what ics makes for a booked pickup", () => {
    const { direct, ics } = both(base);
    expect(Buffer.from(direct)).toEqual(Buffer.from(ics));
    expect(direct).toContain("REFRESH-INTERVAL;VALUE=DURATION:PT1H\r\n");
    expect(direct).toContain('ORGANIZER;CN="ReCircle":MAILTO:bonjour@recircle.example\r\n');
  });

  it("is the same for a moved, a cancelled pickup, the afternoon and the days the clocks change", () => {
    for (const pickup of [
      { ...base, sequence: 3, date: "2026-03-08", window: "afternoon" as const },
      { ...base, sequence: 1, cancelled: true },
      { ...base, date: "2026-11-01" },
      { ...base, date: "2026-12-31", window: "afternoon" as const },
    ]) {
      const { direct, ics } = both(pickup);
      expect(direct).toBe(ics);
    }
  });

  it("escapes and folds long French text as ics does (commas, semicolons, backslashes, line breaks, accents)", () => {
    const { direct, ics } = both({
      ...base,
      title: "Collecte ReCircle (4 sacs) ; « spéciale », très très très très très très longue à n'en plus finir",
      description: "Sacs dehors avant 8 h.\nNuméro : RC-ABC123, lien ; C:\\chemin\\vers\r\nété ".repeat(4),
      location: "4567, boulevard Saint-Joseph Est, app. 12 ; Montréal (Québec) H2J 1M4 — entrée côté ruelle",
      url: "https://recircle.example/order/RC-ABC123?lang=fr&a=1,2;3",
    });
    expect(direct).toBe(ics);
    for (const line of direct.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });

  it("names an organizer whose name has quotes, or none (ics's 'Organizer')", () => {
    for (const organizer of [
      { name: 'Le "ReCircle" de Montréal', email: "no-reply@recircle.example" },
      { name: "", email: "no-reply@recircle.example" },
    ]) {
      const { direct, ics } = both(base, AT, organizer);
      expect(direct).toBe(ics);
    }
  });

  it("is the same as ics for any text, sequence and instant (property)", () => {
    const words = fc.string({
      unit: fc.constantFrom("a", "é", "ç", " ", ",", ";", "\\", "\n", "\r\n", ":", '"', "€", "😀", "中", "x"),
      maxLength: 200,
    });
    fc.assert(
      fc.property(
        words,
        words,
        words,
        fc.integer({ min: 0, max: 1000 }),
        fc.boolean(),
        fc.constantFrom("morning" as const, "afternoon" as const),
        fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2030, 0, 1) }),
        (title, description, location, sequence, cancelled, window, at) => {
          const pickup = { ...base, title, description, location, sequence, cancelled, window };
          const { direct, ics } = both(pickup, at);
          expect(direct).toBe(ics);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("is what the pickup e-mails attach, in English and in French", () => {
    for (const lng of ["en", "fr"] as const) {
      const event = pickupEvent(
        {
          confirmationNumber: "RC-ZZ9876",
          bagsRequested: 4,
          address: "100 Rue Saint-Denis, Unit 4, Montréal, QC H2X 3K2",
          calendarSequence: 2,
          status: "Scheduled",
          date: "2026-03-09",
          window: "afternoon",
        },
        lng,
      );
      const { direct, ics } = both(event);
      expect(direct).toBe(ics);
    }
  });
});
