// Issue 47 part 3: the thank-you (Completed) e-mail's line about what the pickup kept out of landfill. The
// e-mail is written when the stop is marked, before the depot weighs the day, so the line is the per-bag
// averages of the 8 weeks before the pickup's day (lib/impact-estimate, the same rule as the impact page),
// labelled as an estimate; with no weighing in those weeks it only points to the impact page. Kept apart
// from stop-emails so the e-mail's other changes (issue 47 part 1) merge around one value.
import {
  averageEstimate,
  averageWindow,
  formatKg,
  perBagAverages,
  totalOf,
  type IntakeDay,
} from "~/lib/impact-estimate";
import type { Language } from "~/lib/i18n";
import { emailT } from "~/services/platform/mailer.server";
import { sqlite } from "~/services/platform/db.server";

/** The intake days of the 8 weeks before `date`, with their Completed pickups' bags. */
function daysBefore(date: string): IntakeDay[] {
  const { from, to } = averageWindow(date);
  const rows = sqlite()
    .prepare(
      `select i.date as date, i.category as category, i.kg_tenths as kgTenths,
         (select sum(coalesce(r.bags_collected, r.bags_requested)) from pickup_requests r
            join pickup_slots s on s.id = r.pickup_slot_id where s.date = i.date and r.status = 'Completed') as bags
       from intake_records i where i.date between ? and ?`,
    )
    .all(from, to) as Array<{ date: string; category: string; kgTenths: number; bags: number | null }>;
  const days = new Map<string, IntakeDay>();
  for (const r of rows) {
    const day = days.get(r.date) ?? days.set(r.date, { date: r.date, bags: r.bags ?? 0, intake: {} }).get(r.date)!;
    day.intake[r.category] = (day.intake[r.category] ?? 0) + r.kgTenths;
  }
  return [...days.values()];
}

/** The line for a pickup of `bags` bags on `date`, in `lng`. */
export function impactLine(lng: Language, date: string, bags: number): string {
  const t = emailT(lng);
  const tenths = totalOf(averageEstimate(bags, perBagAverages(daysBefore(date))));
  if (tenths <= 0) return t("pickup-completed-impact.none");
  return t("pickup-completed-impact.estimate", {
    kg: formatKg(tenths, lng),
    bagsLabel: t("bags", { count: bags }),
  });
}
