// A strict reading of an iCalendar file (RFC 5545), for the tests: no iCalendar client library is among
// the dependencies (neither ical.js nor node-ical), so this checks what a strict client relies on and
// returns the content. It throws on: a line over 75 octets, a physical line that is not whole UTF-8 on
// its own (a fold inside a character), a bare LF, a continuation line without its leading space or tab,
// a content line that is not `name *(;param) : value`, unbalanced BEGIN/END, a calendar without VERSION
// 2.0 or PRODID, an event without UID, DTSTAMP or DTSTART, or a property allowed once written twice.
export type ParsedEvent = Record<string, string>;
export type ParsedCalendar = { calendar: Record<string, string>; events: ParsedEvent[]; physicalLines: string[] };

const CONTENT_LINE = /^([A-Za-z0-9-]+)((?:;[A-Za-z0-9-]+=(?:"[^"]*"|[^";:,]*)(?:,(?:"[^"]*"|[^";:,]*))*)*):(.*)$/;
/** RFC 5545 §3.1: no control character in a content line but the tab. */
const hasControl = (line: string) => [...line].some((c) => (c.charCodeAt(0) < 0x20 && c !== "\t") || c === "\u007f");
const ONCE = new Set([
  "UID",
  "DTSTAMP",
  "DTSTART",
  "DTEND",
  "SEQUENCE",
  "STATUS",
  "SUMMARY",
  "LOCATION",
  "DESCRIPTION",
  "URL",
  "ORGANIZER",
  "METHOD",
  "VERSION",
  "PRODID",
]);

/** A TEXT value as written (RFC 5545 §3.3.11): `\\`, `\;`, `\,` and `\n` read back. */
export function textValue(value: string) {
  return value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === "n" || c === "N" ? "\n" : c));
}

export function parseCalendarStrictly(ics: string): ParsedCalendar {
  const bytes = Buffer.from(ics, "utf8");
  if (bytes.toString("utf8") !== ics) throw new Error("not representable in UTF-8 (a lone surrogate)");
  if (/(^|[^\r])\n/.test(ics)) throw new Error("a bare LF: lines end with CRLF");
  if (!ics.endsWith("\r\n")) throw new Error("the last line has no CRLF");
  const physicalLines: string[] = [];
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let start = 0;
  for (let i = 0; i < bytes.length - 1; i++) {
    if (bytes[i] === 0x0d && bytes[i + 1] === 0x0a) {
      const line = bytes.subarray(start, i);
      if (line.length > 75) throw new Error(`a line of ${line.length} octets: ${line.toString("utf8")}`);
      // Each physical line must be whole UTF-8 by itself: a fold never cuts a character's octets.
      physicalLines.push(decoder.decode(line));
      start = i + 2;
      i += 1;
    }
  }
  const contentLines: string[] = [];
  for (const line of physicalLines) {
    if (line.startsWith(" ") || line.startsWith("\t")) {
      if (!contentLines.length) throw new Error("a continuation line first");
      contentLines[contentLines.length - 1] += line.slice(1);
    } else {
      contentLines.push(line);
    }
  }
  const stack: string[] = [];
  const calendar: Record<string, string> = {};
  const events: ParsedEvent[] = [];
  let current: Record<string, string> | null = null;
  for (const line of contentLines) {
    const match = CONTENT_LINE.exec(line);
    if (!match || hasControl(line)) throw new Error(`not a content line: ${line}`);
    const [, rawName, params, value] = match as unknown as [string, string, string, string];
    const name = rawName.toUpperCase();
    if (name === "BEGIN") {
      stack.push(value);
      if (value === "VEVENT") current = {};
      continue;
    }
    if (name === "END") {
      if (stack.pop() !== value) throw new Error(`END:${value} does not close what began`);
      if (value === "VEVENT") {
        for (const needed of ["UID", "DTSTAMP", "DTSTART"])
          if (!current?.[needed]) throw new Error(`an event without ${needed}`);
        events.push(current!);
        current = null;
      }
      continue;
    }
    const target = current ?? (stack.at(-1) === "VCALENDAR" ? calendar : null);
    if (!target) throw new Error(`${name} outside a calendar`);
    if (ONCE.has(name) && name in target) throw new Error(`${name} twice`);
    target[name] = value;
    if (params) target[`${name};`] = params.slice(1);
  }
  if (stack.length) throw new Error(`not closed: ${stack.join(", ")}`);
  if (calendar.VERSION !== "2.0" || !calendar.PRODID) throw new Error("a calendar without VERSION:2.0 or PRODID");
  return { calendar, events, physicalLines };
}
