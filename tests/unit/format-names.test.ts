// Dates, times and money are written from en-CA's and fr-CA's names (lib/format, lib/pricing) rather than with
// Intl, so that the browser does not load its locale data while it hydrates a page (issue 44). They must read
// exactly as Intl writes them, on the server and in the browser alike (Chromium's Intl and Node's agree on
// these): every day of sixteen years in every style, instants around each daylight-time change, and amounts.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clockLabel, formatDate, formatDateTime, formatTime } from "~/lib/format";
import { formatMoney } from "~/lib/pricing";

const LANGUAGES = ["en", "fr"] as const;
const locale = (lng: string) => (lng === "fr" ? "fr-CA" : "en-CA");
const ZONE = "America/New_York";

const DATE_OPTIONS = {
  long: { weekday: "long", year: "numeric", month: "long", day: "numeric", timeZone: "UTC" },
  short: { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" },
  monthDay: { month: "long", day: "numeric", timeZone: "UTC" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/** What Intl writes for an instant in Montreal: 'Nov 24, 2026, 3:07 PM' / '24 nov. 2026, 15 h 07'. */
function intlDateTime(ms: number, lng: string) {
  const day = new Intl.DateTimeFormat(locale(lng), { year: "numeric", month: "short", day: "numeric", timeZone: ZONE });
  return `${day.format(new Date(ms))}, ${intlTime(ms, lng)}`;
}

function intlTime(ms: number, lng: string) {
  const clock = new Intl.DateTimeFormat(locale(lng), {
    hour: "numeric",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: ZONE,
  }).formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(clock.find((p) => p.type === type)?.value ?? 0);
  return clockLabel(part("hour") % 24, part("minute"), lng);
}

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe("calendar dates read as Intl writes them", () => {
  it("every day from 2020 to 2035, in both languages and the three styles", () => {
    const day = 86_400_000;
    for (const lng of LANGUAGES) {
      for (const [style, options] of Object.entries(DATE_OPTIONS)) {
        const intl = new Intl.DateTimeFormat(locale(lng), options);
        for (let ms = Date.UTC(2020, 0, 1, 12); ms <= Date.UTC(2035, 11, 31, 12); ms += day) {
          const date = iso(ms);
          expect(formatDate(date, lng, style as keyof typeof DATE_OPTIONS), `${lng} ${style} ${date}`).toBe(
            intl.format(new Date(ms)),
          );
        }
      }
    }
  });

  it("an invalid date is refused as Intl refuses it (a RangeError)", () => {
    expect(() => formatDate("not-a-date", "en")).toThrow(RangeError);
  });
});

describe("instants in Montreal read as Intl writes them", () => {
  it("around every change of daylight time from 2007 to 2040 (a minute before, at, and after)", () => {
    for (let year = 2007; year <= 2040; year++) {
      const changes = [
        [2, 8],
        [10, 1],
      ].map(([month, from]) => {
        const first = new Date(Date.UTC(year, month!, from!)).getUTCDay();
        return Date.UTC(year, month!, from! + ((7 - first) % 7), month === 2 ? 7 : 6);
      });
      for (const change of changes)
        for (const ms of [change - 60_000, change - 1, change, change + 60_000, change + 3_600_000])
          for (const lng of LANGUAGES) {
            expect(formatDateTime(ms, lng), `${lng} ${new Date(ms).toISOString()}`).toBe(intlDateTime(ms, lng));
            expect(formatTime(ms, lng)).toBe(intlTime(ms, lng));
          }
    }
  });

  it("any instant from 2007 to 2060", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2007, 0, 1), max: Date.UTC(2060, 0, 1) }),
        fc.constantFrom(...LANGUAGES),
        (ms, lng) => {
          expect(formatDateTime(ms, lng)).toBe(intlDateTime(ms, lng));
          expect(formatTime(ms, lng)).toBe(intlTime(ms, lng));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it("an invalid instant is refused (a RangeError)", () => {
    expect(() => formatDateTime(Number.NaN, "fr")).toThrow(RangeError);
  });
});

describe("money reads as Intl writes CAD", () => {
  const intl = (cents: number, lng: string) =>
    new Intl.NumberFormat(locale(lng), { style: "currency", currency: "CAD" }).format(cents / 100);

  it("amounts in cents, positive and negative, in both languages", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), fc.constantFrom(...LANGUAGES), (cents, lng) => {
        expect(formatMoney(cents, lng)).toBe(intl(cents, lng));
      }),
      { numRuns: 5000 },
    );
    for (const cents of [0, 1, 99, 100, 230, 1150, 99_999, 100_000, 123_456_789, -1, -230, -100_000])
      for (const lng of LANGUAGES) expect(formatMoney(cents, lng)).toBe(intl(cents, lng));
  });

  it("'$11.50' and '11,50 $' with a no-break space", () => {
    expect(formatMoney(1150, "en")).toBe("$11.50");
    expect(formatMoney(123_456, "fr")).toBe("1\u00a0234,56\u00a0$");
  });
});
