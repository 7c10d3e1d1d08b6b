// What each pickup kept out of landfill (issue 47 part 3), pure. Weights are integer tenths of a kilogram
// (12.5 kg = 125) so that sums are exact: a day's intake of a category is spread over that day's Completed
// pickups in proportion to their bags (collected, or booked while not recorded) by the largest remainder
// method, so the shares add up to the day's figure to the tenth. A day without intake takes per-bag
// averages of the 8 weeks before it (an estimate of an estimate, labelled so). Shared by the impact
// services, the e-mail line, the seed and the tests.

/** How far back the per-bag averages look: 8 weeks before the pickup's day. */
const AVERAGE_WEEKS = 8;
/** The largest figure an intake line takes: 100 tonnes of one category in a day, in tenths of a kg. */
export const MAX_KG_TENTHS = 1_000_000;

export type Shares = Record<string, number>;
export type DayPickup = { id: number; bags: number };

/**
 * `total` split in proportion to `weights` (each ≥ 0), in whole units, adding up to `total` exactly: each
 * gets the floor of its exact share, then the units left go one each to the largest remainders (ties to
 * the earlier one). Nothing to weigh by (every weight 0) gives zeros: the total stays unassigned.
 */
export function splitByLargestRemainder(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + Math.max(0, w), 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  // Integer arithmetic: total × weight ÷ sum as quotient and remainder, never a float's rounding.
  const parts = weights.map((w, index) => {
    const product = total * Math.max(0, w);
    return { index, floor: Math.floor(product / sum), remainder: product % sum };
  });
  let left = total - parts.reduce((s, p) => s + p.floor, 0);
  const order = [...parts].sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const part of order) {
    if (left <= 0) break;
    part.floor += 1;
    left -= 1;
  }
  return parts.map((p) => p.floor);
}

export type DaySpread = {
  /** Each pickup's share per category, in tenths of a kg (every pickup of the day, even with 0 bags). */
  shares: Map<number, Shares>;
  /** What no pickup took (a day with no bags collected): per category, in tenths. */
  unassigned: Shares;
};

/** A day's intake (category → tenths) spread over its pickups in proportion to their bags. */
export function spreadDay(intake: Shares, pickups: readonly DayPickup[]): DaySpread {
  const ordered = [...pickups].sort((a, b) => a.id - b.id);
  const shares = new Map<number, Shares>(ordered.map((p) => [p.id, {}]));
  const unassigned: Shares = {};
  const weights = ordered.map((p) => p.bags);
  for (const [category, tenths] of Object.entries(intake)) {
    const split = splitByLargestRemainder(tenths, weights);
    if (split.every((part) => part === 0) && tenths > 0) {
      unassigned[category] = (unassigned[category] ?? 0) + tenths;
      continue;
    }
    ordered.forEach((p, i) => {
      if (split[i] > 0) shares.get(p.id)![category] = split[i];
    });
  }
  return { shares, unassigned };
}

export type IntakeDay = { date: string; bags: number; intake: Shares };

/**
 * Per-bag averages (category → tenths of a kg per bag, not rounded) over the days that had both an intake
 * and bags collected: each category's weight over those days ÷ their bags.
 */
export function perBagAverages(days: readonly IntakeDay[]): Shares {
  const weighed = days.filter((d) => d.bags > 0 && Object.keys(d.intake).length > 0);
  const bags = weighed.reduce((s, d) => s + d.bags, 0);
  const averages: Shares = {};
  if (bags === 0) return averages;
  const totals: Shares = {};
  for (const day of weighed) {
    for (const [category, tenths] of Object.entries(day.intake)) totals[category] = (totals[category] ?? 0) + tenths;
  }
  for (const [category, tenths] of Object.entries(totals)) if (tenths > 0) averages[category] = tenths / bags;
  return averages;
}

/** A pickup's estimate from per-bag averages: its bags × each average, rounded to the tenth. */
export function averageEstimate(bags: number, averages: Shares): Shares {
  const estimate: Shares = {};
  for (const [category, perBag] of Object.entries(averages)) {
    const tenths = Math.round(bags * perBag);
    if (tenths > 0) estimate[category] = tenths;
  }
  return estimate;
}

/** The first and last days ('YYYY-MM-DD') of the 8 weeks before `date` (the day itself excluded). */
export function averageWindow(date: string): { from: string; to: string } {
  const day = Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10));
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: iso(day - AVERAGE_WEEKS * 7 * 86_400_000), to: iso(day - 86_400_000) };
}

/** The sum of a category → tenths record. */
export function totalOf(shares: Shares): number {
  return Object.values(shares).reduce((s, v) => s + v, 0);
}

/** Adds `b` into `a` (category by category) and returns `a`. */
export function addShares(a: Shares, b: Shares): Shares {
  for (const [category, tenths] of Object.entries(b)) a[category] = (a[category] ?? 0) + tenths;
  return a;
}

/** The bags a Completed pickup counts: the bags collected once recorded, else the bags booked. */
export function countedBags(pickup: { bagsCollected: number | null; bagsRequested: number }): number {
  return pickup.bagsCollected ?? pickup.bagsRequested;
}

/**
 * A weight typed in a form, in either language ("12.5", "12,5", "1 234,5"), as integer tenths of a kg; null
 * when it is not a number of kilograms with at most one decimal, or is out of range. "" is null too.
 */
export function parseKgTenths(raw: unknown): number | null {
  if (typeof raw !== "string") return null;
  const text = raw.replace(/[\s\u00a0\u202f]/g, "");
  const match = /^(\d{1,7})(?:[.,](\d))?$/.exec(text);
  if (!match) return null;
  const tenths = Number(match[1]) * 10 + Number(match[2] ?? 0);
  return tenths <= MAX_KG_TENTHS ? tenths : null;
}

const localeOf = (lng: string) => (lng === "fr" ? "fr-CA" : "en-CA");
const kgFormats = new Map<string, Intl.NumberFormat>();
function kgFormat(lng: string, grouping: boolean) {
  const key = `${lng}:${grouping}`;
  let format = kgFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(localeOf(lng), {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
      useGrouping: grouping,
    });
    kgFormats.set(key, format);
  }
  return format;
}

/** Tenths of a kg as the page's language writes kilograms: '1,234.5' / '1 234,5'. */
export function formatKg(tenths: number, lng: string): string {
  return kgFormat(lng, true).format(tenths / 10);
}

/** Tenths of a kg as a form's value in the page's language, without grouping: '12.5' / '12,5'. */
export function kgInputValue(tenths: number, lng: string): string {
  return kgFormat(lng, false).format(tenths / 10);
}

/** Tenths of a kg as a CSV number: '12.5' (a dot whatever the language; a number, never text). */
export function csvKg(tenths: number): number {
  return tenths / 10;
}

/** The season a date belongs to: its calendar year (the service runs the year round). */
export function seasonOf(date: string): string {
  return date.slice(0, 4);
}

/** A season's first and last days. */
export function seasonRange(season: string): { from: string; to: string } {
  return { from: `${season}-01-01`, to: `${season}-12-31` };
}
