// "Where to open next" (issue 46 part 3): the unserved prefixes people wait for, ranked by lib/season's
// rankOpenCandidates: the waitlist, its growth over 4 weeks, the distance from the nearest served prefix
// (the prefix centroids of db/seed) and an estimate of pickups a week from the nearest served prefixes'.
import { addDays, dateKey } from "~/lib/dates";
import { rankOpenCandidates, weekOf } from "~/lib/season";
import { sqlite } from "~/services/platform/db.server";
import { PREFIX_CENTROIDS } from "../../../db/seed/prefix-centroids";
import { unservedWaiting } from "./demand.server";

/** The served prefixes' demand is read over this many past weeks. */
const DEMAND_WEEKS = 8;

export function openNextRanking(at: number) {
  const thisMonday = weekOf(dateKey(at));
  const from = addDays(thisMonday, -7 * DEMAND_WEEKS);
  const fourWeeksAgo = at - 28 * 86_400_000;
  const candidates = new Map<string, { waiting: number; joinedLast4Weeks: number }>();
  for (const entry of unservedWaiting()) {
    const c = candidates.get(entry.fsa) ?? { waiting: 0, joinedLast4Weeks: 0 };
    c.waiting += 1;
    if (entry.createdAt > fourWeeksAgo && entry.createdAt <= at) c.joinedLast4Weeks += 1;
    candidates.set(entry.fsa, c);
  }
  const counts = sqlite()
    .prepare(
      `select r.postal_fsa as fsa, count(*) as n from pickup_requests r
       where r.pickup_slot_id in (select id from pickup_slots where date >= ? and date < ?) and r.status <> 'Cancelled'
       group by r.postal_fsa`,
    )
    .all(from, thisMonday) as Array<{ fsa: string; n: number }>;
  const countOf = new Map(counts.map((c) => [c.fsa, c.n]));
  const served = (
    sqlite().prepare("select fsa from service_prefixes where active = 1").all() as Array<{ fsa: string }>
  ).map((p) => ({ fsa: p.fsa, n: countOf.get(p.fsa) ?? 0 }));
  return rankOpenCandidates(
    [...candidates].map(([fsa, c]) => ({ fsa, ...c, centroid: PREFIX_CENTROIDS[fsa] ?? null })),
    served.map((s) => ({ fsa: s.fsa, perWeek: s.n / DEMAND_WEEKS, centroid: PREFIX_CENTROIDS[s.fsa] ?? null })),
  );
}
