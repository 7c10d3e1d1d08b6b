// A pickup's calendar event (issue 35 part 3, issue 42 part 7): one UID for the life of the pickup, a
// SEQUENCE that rises with each move, METHOD:PUBLISH always (a cancellation: STATUS:CANCELLED), the
// window's times right in Montreal on the days the clocks change (written in UTC), lines folded at 75
// octets and never inside a character, and "app." for the unit in a French LOCATION.
import { describe, expect, it } from "vitest";
import {
  calendarFile,
  foldCalendarLine,
  foldCalendarText,
  pickupUid,
  unfoldCalendarText,
  type CalendarPickup,
} from "~/lib/calendar";
import { webcalUrl } from "~/lib/calendar-link";
import { pickupEvent } from "~/services/booking/pickup-calendar.server";
import { parseCalendarStrictly, textValue } from "../calendar-check";

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
  const unfolded = unfoldCalendarText(ics);
  return unfolded.match(new RegExp(`^${name}(?:;[^:]*)?:(.*)$`, "m"))?.[1];
}

describe("a pickup's calendar event", () => {
  it("keeps its UID across a move while its SEQUENCE rises", () => {
    const booked = calendarFile([base], { at: AT });
    const moved = calendarFile([{ ...base, date: "2026-03-11", window: "afternoon", sequence: 1 }], {
      at: AT + 1000,
    });
    expect(prop(booked, "UID")).toBe(pickupUid("RC-ABC123"));
    expect(prop(moved, "UID")).toBe(prop(booked, "UID"));
    expect(Number(prop(booked, "SEQUENCE") ?? 0)).toBe(0);
    expect(Number(prop(moved, "SEQUENCE"))).toBe(1);
    expect(prop(moved, "DTSTART")).toBe("20260311T170000Z");
  });

  it("an e-mailed event is METHOD:PUBLISH with its organizer and no attendee: nothing to accept or decline", () => {
    const ics = calendarFile([base], { at: AT, organizer: { name: "ReCircle", email: "no-reply@recyclepickup.ca" } });
    expect(prop(ics, "METHOD")).toBe("PUBLISH");
    expect(prop(ics, "ORGANIZER")).toMatch(/^mailto:no-reply@recyclepickup\.ca$/i);
    expect(ics).not.toMatch(/^ATTENDEE/m);
    expect(ics).not.toMatch(/RSVP/);
    expect(prop(calendarFile([base], { at: AT }), "METHOD")).toBe("PUBLISH");
  });

  it("a cancellation is a PUBLISH of the same event with STATUS:CANCELLED and a higher SEQUENCE", () => {
    const ics = calendarFile([{ ...base, sequence: 2, cancelled: true }], {
      at: AT,
      organizer: { name: "ReCircle", email: "no-reply@recyclepickup.ca" },
    });
    expect(prop(ics, "METHOD")).toBe("PUBLISH");
    expect(prop(ics, "UID")).toBe(pickupUid("RC-ABC123"));
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
    const ics = calendarFile([{ ...base, date, window }], { at: AT });
    expect(prop(ics, "DTSTART")).toBe(start);
    expect(prop(ics, "DTEND")).toBe(end);
  });

  it("is stamped with the clock it is given, and an empty feed is still a calendar", () => {
    expect(prop(calendarFile([base], { at: AT }), "DTSTAMP")).toBe("20260220T150000Z");
    const empty = calendarFile([], { at: AT, calName: "ReCircle" });
    expect(empty).toContain("BEGIN:VCALENDAR");
    expect(empty).not.toContain("BEGIN:VEVENT");
  });
});

const octets = (line: string) => Buffer.byteLength(line, "utf8");
const FRENCH =
  "Numéro de confirmation RC-ÉÀÇ123. Déposez vos sacs « bien fermés » devant votre porte avant 8 h 00, " +
  "au début de la plage horaire; l’équipe passera entre 8 h et 12 h. Consulter, déplacer ou annuler : " +
  "https://recircle.example/order/RC-ÉÀÇ123 — merci! Ça roule 🚚♻️ à Montréal, Côte-des-Neiges–Notre-Dame-de-Grâce.";

describe("folding at 75 octets (RFC 5545 §3.1)", () => {
  it("French text: no line over 75 octets, none cut inside a character, and unfolding gives it back", () => {
    // Every alignment of the multi-octet characters against the 75-octet edge.
    for (let shift = 0; shift < 8; shift++) {
      const line = `DESCRIPTION:${"x".repeat(shift)}${FRENCH}`;
      const folded = foldCalendarLine(line);
      const physical = folded.split("\r\n");
      expect(physical.length).toBeGreaterThan(1);
      for (const [i, part] of physical.entries()) {
        expect(octets(part)).toBeLessThanOrEqual(75);
        if (i > 0) expect(part.startsWith(" ")).toBe(true);
        // Each physical line is whole UTF-8 on its own: its octets decode strictly, no lone surrogate.
        const bytes = Buffer.from(part, "utf8");
        expect(new TextDecoder("utf-8", { fatal: true }).decode(bytes)).toBe(part);
        expect(part).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
      }
      // Lines are filled: only the last one is short of the limit by more than one character's octets.
      for (const part of physical.slice(0, -1)) expect(octets(part)).toBeGreaterThan(75 - 4);
      expect(unfoldCalendarText(folded)).toBe(line);
    }
  });

  it("a short line is left alone, and a whole file is refolded with CRLF", () => {
    expect(foldCalendarLine("SUMMARY:Collecte ReCircle (2 sacs)")).toBe("SUMMARY:Collecte ReCircle (2 sacs)");
    const file = `BEGIN:VCALENDAR\nDESCRIPTION:${"é".repeat(40)}\n\t${"é".repeat(40)}\nEND:VCALENDAR\n`;
    const folded = foldCalendarText(file);
    expect(folded.split("\r\n").every((l) => octets(l) <= 75)).toBe(true);
    expect(unfoldCalendarText(folded)).toBe(`BEGIN:VCALENDAR\r\nDESCRIPTION:${"é".repeat(80)}\r\nEND:VCALENDAR\r\n`);
  });

  it("a French event file reads strictly and gives its words back exactly", () => {
    const french: CalendarPickup = {
      ...base,
      title: "Collecte ReCircle (2 sacs) — « déchets spéciaux »",
      description: FRENCH,
      location: "1430 Rue Saint-Élzéar Est, app. 4, Montréal, QC H2X 3J8",
    };
    const ics = calendarFile([french], { at: AT, calName: "Mes collectes ReCircle" });
    const { events, physicalLines } = parseCalendarStrictly(ics);
    expect(physicalLines.every((l) => octets(l) <= 75)).toBe(true);
    expect(textValue(events[0]!.DESCRIPTION!)).toBe(FRENCH);
    expect(textValue(events[0]!.SUMMARY!)).toBe(french.title);
    expect(textValue(events[0]!.LOCATION!)).toBe(french.location);
  });
});

describe("the event's words in the resident's language", () => {
  const stored = {
    confirmationNumber: "RC-ABC123",
    bagsRequested: 2,
    address: "1430 Rue Saint-Denis, Unit 4, Montréal, QC H2X 3J8",
    calendarSequence: 0,
    status: "Scheduled",
    date: "2026-03-04",
    window: "morning" as const,
  };

  it("French says 'app.' for the unit in LOCATION; English keeps 'Unit'", () => {
    const fr = calendarFile([pickupEvent(stored, "fr")], { at: AT });
    expect(textValue(prop(fr, "LOCATION")!)).toBe("1430 Rue Saint-Denis, app. 4, Montréal, QC H2X 3J8");
    expect(prop(fr, "LOCATION")).not.toMatch(/unit/i);
    const en = calendarFile([pickupEvent(stored, "en")], { at: AT });
    expect(textValue(prop(en, "LOCATION")!)).toBe("1430 Rue Saint-Denis, Unit 4, Montréal, QC H2X 3J8");
  });
});

describe("the feed's subscription link", () => {
  it("is the same address with the webcal scheme", () => {
    expect(webcalUrl("https://recircle.example/calendar/abc.ics")).toBe("webcal://recircle.example/calendar/abc.ics");
    expect(webcalUrl("http://localhost:3000/calendar/abc.ics")).toBe("webcal://localhost:3000/calendar/abc.ics");
  });
});
