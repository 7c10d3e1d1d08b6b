// A pickup in the resident's calendar (issue 35 part 3, issue 42 part 7): iCalendar text made with `ics`,
// pure (the clock and the words are given). One event per pickup: its UID never changes, its SEQUENCE
// rises on each move (and on the cancellation), so a calendar updates the same event. Times are written
// in UTC, computed from the window in Montreal (Luxon, dates.windowStart), so a DST change day is right in
// every client. Every file is METHOD:PUBLISH (the feed, the download, the e-mails' attachment): an event
// to add, never an invitation to answer; a cancellation is the same event with STATUS:CANCELLED and a
// higher SEQUENCE. Lines are folded at 75 octets by `foldCalendarText` (`ics` counts characters).
// An e-mail's one-event file is written directly (eventCalendarFile, the same text byte for byte: a plan's
// renewals attach thousands of them in a morning, and `ics` validates each with yup, issue 45's bench).
import { createEvents, type EventAttributes } from "ics";
import { windowEnd, windowStart, type PickupWindow } from "./dates";

export type CalendarPickup = {
  confirmationNumber: string;
  date: string;
  window: PickupWindow;
  /** pickup_requests.calendar_sequence: 0 when booked, one more on each move and on the cancellation. */
  sequence: number;
  cancelled?: boolean;
  /** The words, in the resident's language. */
  title: string;
  description: string;
  location: string;
  url: string;
};

export const CALENDAR_CONTENT_TYPE = "text/calendar; charset=utf-8";

/** RFC 5545 §3.1: a content line is at most 75 octets, line break excluded. */
const MAX_LINE_OCTETS = 75;

/** The event's UID: the same for the life of the pickup, whatever its slot. */
export function pickupUid(confirmationNumber: string) {
  return `pickup-${confirmationNumber}@recircle`;
}

/** How many octets a code point takes in UTF-8 (a lone surrogate is written as U+FFFD: 3). */
function utf8Octets(codePoint: number) {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint < 0x10000) return 3;
  return 4;
}

/** Undoes folding (RFC 5545 §3.1): a line break followed by one space or tab joins the lines. */
export function unfoldCalendarText(text: string): string {
  return text.replace(/\r?\n[ \t]/g, "");
}

/**
 * One content line folded as RFC 5545 §3.1 says: each physical line at most 75 octets in UTF-8, a
 * continuation starting with one space (counted in its 75), cut only between characters (code points),
 * never inside one's octets.
 */
export function foldCalendarLine(line: string): string {
  const lines: string[] = [];
  let current = "";
  let octets = 0;
  let room = MAX_LINE_OCTETS;
  for (const char of line) {
    const size = utf8Octets(char.codePointAt(0)!);
    if (octets + size > room) {
      lines.push(current);
      current = "";
      octets = 0;
      room = MAX_LINE_OCTETS - 1;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join("\r\n ");
}

/** A whole calendar (folded or not, CRLF or LF) with every content line folded at 75 octets, CRLF ends. */
export function foldCalendarText(text: string): string {
  return unfoldCalendarText(text)
    .split(/\r?\n/)
    .map((line) => (line ? foldCalendarLine(line) : line))
    .join("\r\n");
}

type Organizer = { name: string; email: string };

function event(pickup: CalendarPickup, at: number, organizer?: Organizer): EventAttributes {
  return {
    uid: pickupUid(pickup.confirmationNumber),
    sequence: pickup.sequence,
    start: windowStart(pickup.date, pickup.window),
    startInputType: "utc",
    startOutputType: "utc",
    end: windowEnd(pickup.date, pickup.window),
    endInputType: "utc",
    endOutputType: "utc",
    title: pickup.title,
    description: pickup.description,
    location: pickup.location,
    url: pickup.url,
    status: pickup.cancelled ? "CANCELLED" : "CONFIRMED",
    busyStatus: "FREE",
    transp: "TRANSPARENT",
    productId: "-//ReCircle//Pickups//EN",
    lastModified: at,
    ...(organizer ? { organizer } : {}),
    // DTSTAMP: when this text was made (the library's default is when it was loaded).
    ...({ timestamp: at } as object),
  };
}

/**
 * A METHOD:PUBLISH calendar file with these pickups (none: an empty calendar, still valid), folded at 75
 * octets. `at` is the instant it is made; an e-mailed one names its organizer (RFC 5546 §3.2.1: a
 * published event has an ORGANIZER and no ATTENDEE, so no client offers Accept or Decline).
 */
export function calendarFile(
  pickups: CalendarPickup[],
  options: { at: number; calName?: string; organizer?: Organizer },
) {
  const { error, value } = createEvents(
    pickups.map((p) => event(p, options.at, options.organizer)),
    {
      productId: "-//ReCircle//Pickups//EN",
      method: "PUBLISH",
      ...(options.calName ? { calName: options.calName } : {}),
    },
  );
  if (error || value === null) throw error ?? new Error("calendar: no value");
  // A subscribed calendar asks again every hour (RFC 7986 beside the older X-PUBLISHED-TTL `ics` writes).
  const refreshed = value.replace(
    /^X-PUBLISHED-TTL:(.*)$/m,
    "X-PUBLISHED-TTL:$1\r\nREFRESH-INTERVAL;VALUE=DURATION:$1",
  );
  return foldCalendarText(refreshed);
}

/** `ics`'s formatting of a TEXT value (utils/format-text): backslash, line break, semicolon and comma escaped. */
function text(value: string) {
  return value.replace(/\\/gm, "\\\\").replace(/\r?\n/gm, "\\n").replace(/;/gm, "\\;").replace(/,/gm, "\\,");
}

/** `ics`'s encoding of a line break in any other value (utils/encode-new-lines). */
function newLines(value: string) {
  return value.replace(/\r?\n/gm, "\\n");
}

/** A window's start and end (Luxon, Montreal), kept per date and window: a morning's renewals share a few. */
const windowTimes = new Map<string, [number, number]>();
function windowTimesOf(date: string, window: PickupWindow): [number, number] {
  const key = `${date} ${window}`;
  let times = windowTimes.get(key);
  if (!times) {
    if (windowTimes.size >= 512) windowTimes.clear();
    times = [windowStart(date, window), windowEnd(date, window)];
    windowTimes.set(key, times);
  }
  return times;
}

const pad = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/** `ics`'s UTC date-time of an instant in milliseconds (utils/format-date): seconds, no fraction. */
function utcDateTime(ms: number) {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`;
}

/**
 * The calendar file of ONE pickup with its organizer (an e-mail's attachment), written directly: the very
 * text `calendarFile([pickup], { at, organizer })` makes with `ics` (tests/unit/calendar-direct.test.ts
 * compares them byte for byte), without building and validating it through the library.
 */
export function eventCalendarFile(pickup: CalendarPickup, options: { at: number; organizer: Organizer }) {
  const { at, organizer } = options;
  const [start, end] = windowTimesOf(pickup.date, pickup.window);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "CALSCALE:GREGORIAN",
    "PRODID:-//ReCircle//Pickups//EN",
    "METHOD:PUBLISH",
    "X-PUBLISHED-TTL:PT1H",
    "REFRESH-INTERVAL;VALUE=DURATION:PT1H",
    "BEGIN:VEVENT",
    `UID:${newLines(pickupUid(pickup.confirmationNumber))}`,
    ...(pickup.title ? [`SUMMARY:${newLines(text(pickup.title))}`] : []),
    `DTSTAMP:${utcDateTime(at)}`,
    `DTSTART:${utcDateTime(start)}`,
    ...(end ? [`DTEND:${utcDateTime(end)}`] : []),
    `SEQUENCE:${pickup.sequence}`,
    ...(pickup.description ? [`DESCRIPTION:${newLines(text(pickup.description))}`] : []),
    ...(pickup.url ? [`URL:${newLines(pickup.url)}`] : []),
    ...(pickup.location ? [`LOCATION:${newLines(text(pickup.location))}`] : []),
    `STATUS:${pickup.cancelled ? "CANCELLED" : "CONFIRMED"}`,
    `ORGANIZER;CN=${quotedParam(organizer.name || "Organizer")}${organizer.email ? `:MAILTO:${organizer.email}` : ""}`,
    "X-MICROSOFT-CDO-BUSYSTATUS:FREE",
    "TRANSP:TRANSPARENT",
    ...(at ? [`LAST-MODIFIED:${utcDateTime(at)}`] : []),
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ];
  return foldCalendarText(lines.join("\r\n"));
}

/** `ics`'s parameter value (utils/encode-param-value): quoted, its quotes escaped. */
function quotedParam(value: string) {
  return `"${value.replaceAll('"', '\\"')}"`;
}
