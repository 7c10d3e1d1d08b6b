// Each pickup's share of its day's intake (issue 47 part 3), computed on read from the current intake
// figures and the pickups' bags (lib/impact-estimate: in proportion to the bags collected, or booked while
// not recorded; largest remainders, so a day's shares add up to its intake to the tenth). A day without
// intake takes the per-bag averages of the 8 weeks before it. Nothing is stored, so a correction of the
// intake changes the shares at once; a deleted account's pickups keep their day, bags and prefix (privacy/
// deidentify keeps those columns) and so keep their share, detached from the person.
import {
  averageEstimate,
  averageWindow,
  perBagAverages,
  spreadDay,
  type DaySpread,
  type IntakeDay,
  type Shares,
} from "~/lib/impact-estimate";
import { sqlite } from "~/services/platform/db.server";

export type CompletedPickup = {
  id: number;
  userId: number;
  confirmationNumber: string;
  date: string;
  bags: number;
  fsa: string;
};
export type IntakeRow = { id: number; date: string; category: string; kgTenths: number; partnerName: string };

const COMPLETED = `select r.id, r.user_id as userId, r.confirmation_number as confirmationNumber, s.date as date,
    coalesce(r.bags_collected, r.bags_requested) as bags, r.postal_fsa as fsa
  from pickup_requests r join pickup_slots s on s.id = r.pickup_slot_id
  where r.status = 'Completed'`;
const INTAKE = `select id, date, category, kg_tenths as kgTenths, partner_name as partnerName from intake_records`;

/** The Completed pickups of the days from `from` to `to` (both included). */
function completedBetween(from: string, to: string): CompletedPickup[] {
  return sqlite()
    .prepare(`${COMPLETED} and s.date between ? and ? order by s.date, r.id`)
    .all(from, to) as CompletedPickup[];
}

/** The intake records of the days from `from` to `to` (both included). */
export function intakeBetween(from: string, to: string): IntakeRow[] {
  return sqlite().prepare(`${INTAKE} where date between ? and ? order by date, category`).all(from, to) as IntakeRow[];
}

export type SpreadDay = { date: string; pickups: CompletedPickup[]; records: IntakeRow[]; spread: DaySpread };

/** Every day with intake from `from` to `to`, its intake spread over its Completed pickups. */
export function spreadBetween(from: string, to: string): SpreadDay[] {
  const pickups = new Map<string, CompletedPickup[]>();
  for (const p of completedBetween(from, to)) (pickups.get(p.date) ?? pickups.set(p.date, []).get(p.date)!).push(p);
  const records = new Map<string, IntakeRow[]>();
  for (const r of intakeBetween(from, to)) (records.get(r.date) ?? records.set(r.date, []).get(r.date)!).push(r);
  return [...records.entries()].map(([date, rows]) => {
    const day = pickups.get(date) ?? [];
    const intake: Shares = {};
    for (const r of rows) intake[r.category] = (intake[r.category] ?? 0) + r.kgTenths;
    return { date, pickups: day, records: rows, spread: spreadDay(intake, day) };
  });
}

/** The per-bag averages (tenths of a kg per bag, per category) of the 8 weeks before `date`. */
function averagesBefore(date: string): Shares {
  const { from, to } = averageWindow(date);
  const bags = new Map(
    (
      sqlite()
        .prepare(
          `select s.date as date, sum(coalesce(r.bags_collected, r.bags_requested)) as bags
           from pickup_requests r join pickup_slots s on s.id = r.pickup_slot_id
           where r.status = 'Completed' and s.date between ? and ? group by s.date`,
        )
        .all(from, to) as Array<{ date: string; bags: number }>
    ).map((row) => [row.date, row.bags]),
  );
  const days = new Map<string, IntakeDay>();
  for (const r of intakeBetween(from, to)) {
    const day =
      days.get(r.date) ?? days.set(r.date, { date: r.date, bags: bags.get(r.date) ?? 0, intake: {} }).get(r.date)!;
    day.intake[r.category] = (day.intake[r.category] ?? 0) + r.kgTenths;
  }
  return perBagAverages([...days.values()]);
}

export type PickupEstimate = {
  pickupId: number;
  confirmationNumber: string;
  date: string;
  bags: number;
  /** "intake": a share of its day's intake; "average": per-bag averages (no intake that day); "none": neither yet. */
  source: "intake" | "average" | "none";
  shares: Shares;
  /** Where each category of the share went, from the day's intake records (none for an average). */
  partners: Record<string, string[]>;
};

/** The estimates of these Completed pickups (a resident's, or one for an e-mail). */
export function estimatesFor(pickups: readonly CompletedPickup[]): PickupEstimate[] {
  const dates = [...new Set(pickups.map((p) => p.date))];
  const spreads = new Map<string, SpreadDay>();
  for (const date of dates) {
    const [day] = spreadBetween(date, date);
    if (day) spreads.set(date, day);
  }
  const averages = new Map<string, Shares>();
  return pickups.map((p): PickupEstimate => {
    const day = spreads.get(p.date);
    const base = { pickupId: p.id, confirmationNumber: p.confirmationNumber, date: p.date, bags: p.bags };
    if (day) {
      const shares = day.spread.shares.get(p.id) ?? {};
      const partners: Record<string, string[]> = {};
      for (const r of day.records) {
        if (shares[r.category] && r.partnerName) (partners[r.category] ??= []).push(r.partnerName);
      }
      return { ...base, source: "intake", shares, partners };
    }
    if (!averages.has(p.date)) averages.set(p.date, averagesBefore(p.date));
    const shares = averageEstimate(p.bags, averages.get(p.date)!);
    return { ...base, source: Object.keys(shares).length ? "average" : "none", shares, partners: {} };
  });
}

/** A resident's Completed pickups, oldest first (a deleted account has none: its rows point at a tombstone). */
export function completedOf(userId: number): CompletedPickup[] {
  return sqlite().prepare(`${COMPLETED} and r.user_id = ? order by s.date, r.id`).all(userId) as CompletedPickup[];
}
