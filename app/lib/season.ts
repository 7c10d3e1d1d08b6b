// The season's aggregates (issue 46), pure: weeks and months in Montreal time (calendar dates are already
// Montreal's; instants are bucketed by the boundaries of their periods), rates that are null when nothing
// was counted, a refund's taxes, the distance between two prefix centroids, "where to open next" and the
// seeded random numbers of the season seed. Shared by the insights services, the seed and the tests.
import { DateTime } from "luxon";
import { ZONE } from "./format";

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a 'YYYY-MM-DD' calendar date (no time zone: a calendar date is one day). */
function dayNumber(date: string): number {
  return Math.round(Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / DAY_MS);
}

function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

function plusDays(date: string, days: number): string {
  return dateOfDay(dayNumber(date) + days);
}

/** ISO weekday of a calendar date: 1 Monday ... 7 Sunday. */
export function isoWeekday(date: string): number {
  return ((((dayNumber(date) + 3) % 7) + 7) % 7) + 1;
}

/** The Monday that starts a date's week (weeks run Monday to Sunday, Montreal dates). */
export function weekOf(date: string): string {
  return plusDays(date, 1 - isoWeekday(date));
}

/** The Mondays of the weeks from `from`'s to `to`'s, both included. */
export function weeksBetween(from: string, to: string): string[] {
  const weeks: string[] = [];
  for (let w = weekOf(from); w <= to; w = plusDays(w, 7)) weeks.push(w);
  return weeks;
}

/** The instant a Montreal calendar date starts (its midnight, whatever the offset that day: DST). */
export function startOfDate(date: string): number {
  return DateTime.fromISO(date, { zone: ZONE }).startOf("day").toMillis();
}

/** 'YYYY-MM' of a valid month string, or null ('2026-11' yes; '2026-13', '26-11', 'x' no). */
export function parseMonth(raw: unknown): string | null {
  if (typeof raw !== "string" || !/^\d{4}-(0[1-9]|1[0-2])$/.test(raw)) return null;
  const year = +raw.slice(0, 4);
  return year >= 2000 && year <= 2100 ? raw : null;
}

/** A month's instants in Montreal: [its first midnight, the next month's first midnight). */
export function monthRange(month: string): { start: number; end: number } {
  const start = DateTime.fromISO(`${month}-01`, { zone: ZONE }).startOf("day");
  return { start: start.toMillis(), end: start.plus({ months: 1 }).toMillis() };
}

/** The months from `from`'s to `to`'s, both included. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let y = +from.slice(0, 4);
  let m = +from.slice(5, 7);
  const last = to.slice(0, 7);
  for (;;) {
    const month = `${y}-${String(m).padStart(2, "0")}`;
    if (month > last) return months;
    months.push(month);
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
}

/**
 * The index of the period an instant falls in, given the periods' starts in order (the last start is
 * the end of the last period): -1 before the first or at/after the end. Binary search: no time zone work
 * per row, the boundaries carry Montreal's offsets.
 */
export function periodIndex(ms: number, starts: readonly number[]): number {
  if (starts.length < 2 || ms < starts[0] || ms >= starts[starts.length - 1]) return -1;
  let lo = 0;
  let hi = starts.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (ms >= starts[mid]) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** numerator ÷ denominator, or null when the denominator is zero (nothing to rate: shown as a dash). */
export function rate(numerator: number, denominator: number): number | null {
  return denominator > 0 ? numerator / denominator : null;
}

/**
 * The taxes inside a refund: all of the receipt's for a full refund, none for none, else the receipt's
 * taxes less those of what was kept, in proportion (the $2.30 kept of a cancellation holds $0.10 GST and
 * $0.20 QST at any price).
 */
export function refundTaxes(
  receipt: { totalCents: number; gstCents: number; qstCents: number },
  refundCents: number,
): { gstCents: number; qstCents: number } {
  if (refundCents <= 0 || receipt.totalCents <= 0) return { gstCents: 0, qstCents: 0 };
  if (refundCents >= receipt.totalCents) return { gstCents: receipt.gstCents, qstCents: receipt.qstCents };
  const kept = receipt.totalCents - refundCents;
  const keptShare = (tax: number) => Math.round((kept * tax) / receipt.totalCents);
  return {
    gstCents: receipt.gstCents - keptShare(receipt.gstCents),
    qstCents: receipt.qstCents - keptShare(receipt.qstCents),
  };
}

/** Great-circle distance in kilometres between two [latitude, longitude] points. */
export function distanceKm(a: readonly [number, number], b: readonly [number, number]): number {
  const rad = Math.PI / 180;
  const dLat = (b[0] - a[0]) * rad;
  const dLon = (b[1] - a[1]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[0] * rad) * Math.cos(b[0] * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** How many served prefixes, the nearest, an unserved prefix's estimate is taken from. */
const COMPARABLE_COUNT = 3;
/** A new waitlist entry of the last 4 weeks weighs this many times an older one in the score. */
const GROWTH_WEIGHT = 2;

export type OpenCandidate = {
  fsa: string;
  waiting: number;
  joinedLast4Weeks: number;
  centroid: readonly [number, number] | null;
};
export type ServedDemand = { fsa: string; perWeek: number; centroid: readonly [number, number] | null };
export type RankedPrefix = {
  fsa: string;
  waiting: number;
  joinedLast4Weeks: number;
  /** Growth over 4 weeks: the entries of the last 4 weeks ÷ those before them (null: none before). */
  growth: number | null;
  nearestKm: number | null;
  nearestFsa: string | null;
  estimatePerWeek: number | null;
  score: number;
};

/**
 * "Where to open next": score = waiting + 2 × joined in the last 4 weeks; ties go to the nearer prefix
 * (a truck already passes by), then the prefix. The estimate of pickups a week is the mean weekly pickups
 * of the 3 served prefixes nearest it (their centroids).
 */
export function rankOpenCandidates(candidates: OpenCandidate[], served: ServedDemand[]): RankedPrefix[] {
  const placed = served.filter((s): s is ServedDemand & { centroid: readonly [number, number] } => s.centroid !== null);
  return candidates
    .map((c) => {
      const near = c.centroid
        ? placed
            .map((s) => ({ s, km: distanceKm(c.centroid!, s.centroid) }))
            .sort((a, b) => a.km - b.km || a.s.fsa.localeCompare(b.s.fsa))
        : [];
      const comparable = near.slice(0, COMPARABLE_COUNT);
      const before = c.waiting - c.joinedLast4Weeks;
      return {
        fsa: c.fsa,
        waiting: c.waiting,
        joinedLast4Weeks: c.joinedLast4Weeks,
        growth: rate(c.joinedLast4Weeks, before),
        nearestKm: near[0]?.km ?? null,
        nearestFsa: near[0]?.s.fsa ?? null,
        estimatePerWeek: comparable.length
          ? comparable.reduce((sum, n) => sum + n.s.perWeek, 0) / comparable.length
          : null,
        score: c.waiting + GROWTH_WEIGHT * c.joinedLast4Weeks,
      };
    })
    .sort(
      (a, b) =>
        b.score - a.score || (a.nearestKm ?? Infinity) - (b.nearestKm ?? Infinity) || a.fsa.localeCompare(b.fsa),
    );
}

/** A linear scale from [d0, d1] onto [r0, r1] (d0 = d1 maps to r0). */
export function linearScale(domain: [number, number], range: [number, number]) {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  return (value: number) => (d1 === d0 ? r0 : r0 + ((value - d0) / (d1 - d0)) * (r1 - r0));
}

/** About `count` round tick values from 0 to at least `max` (1, 2 or 5 times a power of ten apart). */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((f) => f * power).find((s) => s >= raw) ?? 10 * power;
  const ticks: number[] = [];
  for (let v = 0; v < max + step; v += step) ticks.push(Number(v.toPrecision(12)));
  return ticks;
}

/** A seeded pseudo-random generator (mulberry32): the same seed gives the same numbers, in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const localeOf = (lng: string) => (lng === "fr" ? "fr-CA" : "en-CA");
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(lng: string, kind: "count" | "percent" | "decimal") {
  const key = `${lng}:${kind}`;
  let format = numberFormats.get(key);
  if (!format) {
    const options: Intl.NumberFormatOptions =
      kind === "percent"
        ? { style: "percent", maximumFractionDigits: 1 }
        : kind === "decimal"
          ? { maximumFractionDigits: 1 }
          : { maximumFractionDigits: 0 };
    format = new Intl.NumberFormat(localeOf(lng), options);
    numberFormats.set(key, format);
  }
  return format;
}

/** '1,234' / '1 234'. */
export function formatCount(value: number, lng: string): string {
  return numberFormat(lng, "count").format(value);
}

/** '12.5' / '12,5'. */
export function formatDecimal(value: number, lng: string): string {
  return numberFormat(lng, "decimal").format(value);
}

/** '12.5%' / '12,5 %'; a rate of nothing counted is a dash. */
export function formatRate(value: number | null, lng: string): string {
  return value === null ? "—" : numberFormat(lng, "percent").format(value);
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** Building a formatter is the costly part: one per language and style. */
function dateFormat(lng: string, style: "month" | "monthYear") {
  const key = `${lng}:${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions =
      style === "month" ? { month: "short", timeZone: "UTC" } : { month: "long", year: "numeric", timeZone: "UTC" };
    format = new Intl.DateTimeFormat(localeOf(lng), options);
    dateFormats.set(key, format);
  }
  return format;
}

/** A week's Monday as a chart's two short lines: '23' and 'Nov' / '23' and 'nov.'. */
export function shortDayMonth(date: string, lng: string): [string, string] {
  const d = new Date(`${date}T12:00:00Z`);
  return [String(d.getUTCDate()), dateFormat(lng, "month").format(d)];
}

/** 'November 2026' / 'novembre 2026' of 'YYYY-MM'. */
export function formatMonth(month: string, lng: string): string {
  return dateFormat(lng, "monthYear").format(new Date(`${month}-15T12:00:00Z`));
}
