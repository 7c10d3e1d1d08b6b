// Demand (issue 46 part 2): bookings per week and prefix (past and booked ahead) by the pickup's date, the
// fill rate of each weekday and window (booked ÷ capacity of the open slots), the cancellation, move and
// Missed rates, and each unserved prefix's waitlist week by week. Three grouped queries; the rest is
// bucketing in lib/season (weeks Monday to Sunday, Montreal dates).
import { addDays, dateKey } from "~/lib/dates";
import { isMontrealFsa } from "~/lib/postal";
import { isoWeekday, periodIndex, rate, startOfDate, weekOf, weeksBetween } from "~/lib/season";
import { sqlite } from "~/services/platform/db.server";

export type DemandFilter = { from: string; to: string; fsa: string | null };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const FSA = /^[A-Z]\d[A-Z]$/;
/** The longest range the page draws: a year and a bit. */
const MAX_DAYS = 400;

function validDate(raw: string | null): string | null {
  if (!raw || !DATE.test(raw)) return null;
  const ms = Date.parse(`${raw}T12:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === raw ? raw : null;
}

/** The filter of the GET form: a date range (the season around today by default) and one prefix or all. */
export function readDemandFilter(params: URLSearchParams, at: number): DemandFilter {
  const thisMonday = weekOf(dateKey(at));
  let from = validDate(params.get("from")) ?? addDays(thisMonday, -84);
  let to = validDate(params.get("to")) ?? addDays(thisMonday, 27);
  if (to < from) [from, to] = [to, from];
  if (Date.parse(to) - Date.parse(from) > MAX_DAYS * 86_400_000) to = addDays(from, MAX_DAYS);
  const fsa = (params.get("fsa") ?? "").trim().toUpperCase();
  return { from, to, fsa: FSA.test(fsa) ? fsa : null };
}

export type WeekRow = {
  week: string;
  past: boolean;
  booked: number;
  cancelled: number;
  byPrefix: Record<string, number>;
};
export type FillRow = {
  weekday: number;
  window: "morning" | "afternoon";
  booked: number;
  capacity: number;
  rate: number | null;
};
export type WaitlistRow = { fsa: string; waiting: number; joinedLast4Weeks: number; weekly: number[] };

type SlotRow = { id: number; date: string; window: "morning" | "afternoon"; capacity: number; closed: number };
type Counted = { slotId: number; status: string; fsa: string; n: number; moved: number };
type Counts = { slots: Map<number, SlotRow>; counted: Counted[] };

/**
 * The range's slots, and its pickups counted per slot, status and prefix: one pass over the covering index
 * pickup_requests_demand_idx (slot, status, prefix, moved), grouped in the index's order (no sort).
 */
function bookingCounts(filter: DemandFilter): Counts {
  const slots = sqlite()
    .prepare(`select id, date, window, max_capacity as capacity, closed from pickup_slots where date between ? and ?`)
    .all(filter.from, filter.to) as SlotRow[];
  const counted = sqlite()
    .prepare(
      `select r.pickup_slot_id as slotId, r.status as status, r.postal_fsa as fsa, count(*) as n,
         sum(r.modified_at is not null) as moved
       from pickup_requests r
       where r.pickup_slot_id in (select id from pickup_slots where date between ? and ?)
         and (? is null or r.postal_fsa = ?)
       group by r.pickup_slot_id, r.status, r.postal_fsa`,
    )
    .all(filter.from, filter.to, filter.fsa, filter.fsa) as Counted[];
  return { slots: new Map(slots.map((s) => [s.id, s])), counted };
}

function weeksOf(filter: DemandFilter, { slots, counted }: Counts, today: string): WeekRow[] {
  const weeks = new Map(
    weeksBetween(filter.from, filter.to).map((week) => [
      week,
      { week, past: addDays(week, 6) < today, booked: 0, cancelled: 0, byPrefix: {} as Record<string, number> },
    ]),
  );
  // Each slot's week, worked out once (a season has a few hundred slots and thousands of counted rows).
  const weekOfSlot = new Map([...slots.values()].map((s) => [s.id, weeks.get(weekOf(s.date))]));
  for (const c of counted) {
    const row = weekOfSlot.get(c.slotId);
    if (!row) continue;
    if (c.status === "Cancelled") row.cancelled += c.n;
    else {
      row.booked += c.n;
      row.byPrefix[c.fsa] = (row.byPrefix[c.fsa] ?? 0) + c.n;
    }
  }
  return [...weeks.values()];
}

/** Booked ÷ capacity of the open slots of each weekday and window: every prefix (a slot's places are shared). */
function fillRates(filter: DemandFilter, counts: Counts): FillRow[] {
  const { slots, counted } = filter.fsa ? bookingCounts({ ...filter, fsa: null }) : counts;
  const bookedOf = new Map<number, number>();
  for (const c of counted) if (c.status !== "Cancelled") bookedOf.set(c.slotId, (bookedOf.get(c.slotId) ?? 0) + c.n);
  const cells = new Map<string, FillRow>();
  for (const weekday of [1, 2, 3, 4, 5, 6, 7])
    for (const window of ["morning", "afternoon"] as const)
      cells.set(`${weekday}${window}`, { weekday, window, booked: 0, capacity: 0, rate: null });
  for (const s of slots.values()) {
    if (s.closed) continue;
    const cell = cells.get(`${isoWeekday(s.date)}${s.window}`)!;
    cell.booked += bookedOf.get(s.id) ?? 0;
    cell.capacity += s.capacity;
  }
  return [...cells.values()]
    .filter((c) => c.capacity > 0 || c.weekday < 7)
    .map((c) => ({ ...c, rate: rate(c.booked, c.capacity) }));
}

/** Waiting entries (not yet told of an opening) of every Montreal prefix that is not served. */
export function unservedWaiting(): Array<{ fsa: string; createdAt: number }> {
  return (
    sqlite()
      .prepare(
        `select w.fsa as fsa, w.created_at as createdAt from waitlist_entries w
         where w.reason = 'Outside Service Area' and w.notified_at is null
           and not exists (select 1 from service_prefixes p where p.fsa = w.fsa and p.active = 1)`,
      )
      .all() as Array<{ fsa: string; createdAt: number }>
  ).filter((w) => isMontrealFsa(w.fsa));
}

/** Each unserved prefix's waitlist at the end of each week of the range, and how many joined in the last 4 weeks. */
function waitlists(filter: DemandFilter, at: number): WaitlistRow[] {
  const weeks = weeksBetween(filter.from, filter.to);
  // A week's count is the waitlist at its end: every entry that joined before the next Monday.
  const ends = weeks.map((w) => startOfDate(addDays(w, 7)));
  const fourWeeksAgo = at - 28 * 86_400_000;
  const byFsa = new Map<string, WaitlistRow>();
  for (const entry of unservedWaiting()) {
    let row = byFsa.get(entry.fsa);
    if (!row)
      byFsa.set(entry.fsa, (row = { fsa: entry.fsa, waiting: 0, joinedLast4Weeks: 0, weekly: weeks.map(() => 0) }));
    row.waiting += 1;
    if (entry.createdAt > fourWeeksAgo && entry.createdAt <= at) row.joinedLast4Weeks += 1;
    // The first week whose end is after the entry joined: counted from that week on.
    const index = periodIndex(entry.createdAt, ends);
    const first = entry.createdAt < ends[0] ? 0 : index < 0 ? weeks.length : index + 1;
    for (let i = first; i < weeks.length; i++) row.weekly[i] += 1;
  }
  return [...byFsa.values()].sort((a, b) => b.waiting - a.waiting || a.fsa.localeCompare(b.fsa));
}

export function demandReport(filter: DemandFilter, at: number) {
  const today = dateKey(at);
  const counts = bookingCounts(filter);
  let booked = 0;
  let cancelled = 0;
  let moved = 0;
  let completed = 0;
  let missed = 0;
  const prefixes = new Set<string>();
  for (const c of counts.counted) {
    prefixes.add(c.fsa);
    if (c.status === "Cancelled") cancelled += c.n;
    else booked += c.n;
    moved += c.moved;
    if (c.status === "Completed") completed += c.n;
    if (c.status === "Missed") missed += c.n;
  }
  const all = booked + cancelled;
  return {
    filter,
    weeks: weeksOf(filter, counts, today),
    prefixes: [...prefixes].sort(),
    fill: fillRates(filter, counts),
    rates: {
      bookings: all,
      cancelled,
      moved,
      completed,
      missed,
      cancellationRate: rate(cancelled, all),
      moveRate: rate(moved, all),
      missedRate: rate(missed, completed + missed),
    },
    waitlists: waitlists(filter, at),
  };
}

/** The served prefixes, for the filter's list. */
export function servedPrefixList(): string[] {
  return (
    sqlite().prepare("select fsa from service_prefixes where active = 1 order by fsa").all() as Array<{ fsa: string }>
  ).map((r) => r.fsa);
}
