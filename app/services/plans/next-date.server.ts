// The date a plan falls on next, as the resident reads it: its interval after its last date (booked or
// skipped), past a skipped cycle and a pause. Replaced by plans-cycle's lib/plan-dates once merged (that
// one also moves off holidays, closed dates and full windows).
import { addDays } from "~/lib/dates";

type PlanDates = { anchorDate: string; intervalWeeks: number; skipDate: string | null; pausedUntil: string | null };

export function nextPlanDate(plan: PlanDates, today: string): string {
  const step = plan.intervalWeeks * 7;
  let next = addDays(plan.anchorDate, step);
  const notBefore = plan.pausedUntil && plan.pausedUntil > today ? plan.pausedUntil : today;
  for (let guard = 0; guard < 200 && (next < notBefore || next === plan.skipDate); guard += 1) {
    next = addDays(next, step);
  }
  return next;
}
