// The plans' reconcile (issue 45 part 2), run where the payments' reconcile runs (ops/startup: at start-up
// and every hour, on the primary): it finishes what a crash left between the provider and us.
// - A cycle still "charging" (the process died after the claim, during or after the charge): the provider is
//   asked again with the cycle's idempotency key, so it answers the charge it made (or makes the one it
//   never made), and the answer is applied once (settleCycle moves only a "charging" row): booked, or held.
// - A held cycle whose on-session payment succeeded but whose resident never came back: booked.
import { and, eq, isNotNull, lte } from "drizzle-orm";
import { db, schema } from "~/services/platform/db.server";
import { chargeCycle, settleCycle } from "./cycle-job.server";
import { completeHeldCycle } from "./cycle-holds.server";
import { planProvider, type PlanProvider } from "./plan-provider.server";
import { now } from "~/lib/clock";

export type PlansReconcileReport = { charged: number; held: number; paid: number; errors: number };

export async function reconcilePlans(
  options: { provider?: PlanProvider; graceMs?: number; limit?: number } = {},
): Promise<PlansReconcileReport> {
  const provider = options.provider ?? planProvider();
  const at = now();
  const settledBefore = at - (options.graceMs ?? 0);
  const limit = options.limit ?? 500;
  const report: PlansReconcileReport = { charged: 0, held: 0, paid: 0, errors: 0 };
  const c = schema.planCycles;
  const charging = db
    .select({ cycle: c, plan: schema.pickupPlans, user: schema.users })
    .from(c)
    .innerJoin(schema.pickupPlans, eq(schema.pickupPlans.id, c.planId))
    .innerJoin(schema.users, eq(schema.users.id, schema.pickupPlans.userId))
    .where(and(eq(c.status, "charging"), lte(c.updatedAt, settledBefore)))
    .limit(limit)
    .all();
  for (const { cycle, plan, user } of charging) {
    try {
      const result = await chargeCycle(provider, { kind: "charge", cycle, plan, user });
      const outcome = settleCycle(plan.id, cycle.cycleDate, result, provider.name);
      if (outcome === "booked") report.charged += 1;
      if (outcome === "held") report.held += 1;
    } catch (error) {
      report.errors += 1;
      console.error(`[plans reconcile] plan ${plan.id}, cycle ${cycle.cycleDate} could not be settled`, error);
    }
  }
  const held = db
    .select()
    .from(c)
    .where(and(eq(c.status, "payment_needed"), isNotNull(c.providerPaymentId), lte(c.updatedAt, settledBefore)))
    .limit(limit)
    .all();
  for (const cycle of held) {
    try {
      const outcome = await completeHeldCycle(null, cycle.planId, { provider, cycleDate: cycle.cycleDate });
      if (outcome.state === "booked") report.paid += 1;
    } catch (error) {
      report.errors += 1;
      console.error(`[plans reconcile] held cycle of plan ${cycle.planId} could not be read back`, error);
    }
  }
  return report;
}

/** The start-up and hourly runs: never throw, log what was done. */
export async function reconcilePlansInBackground(label: string, options: { graceMs?: number } = {}) {
  try {
    const report = await reconcilePlans(options);
    const did = Object.entries(report).filter(([, n]) => n > 0);
    if (did.length) console.log(`[plans reconcile] ${label}: ${did.map(([k, n]) => `${k} ${n}`).join(", ")}`);
    return report;
  } catch (error) {
    console.error(`[plans reconcile] ${label} failed`, error);
    return null;
  }
}
