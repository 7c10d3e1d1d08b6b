// Issue 45 part 6: /admin/plans. Plans counted per postal prefix and interval by status, and the cycles
// from today on (booked, held for payment, being charged), the ones waiting for payment first.
import { and, asc, eq, gte, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { dateKey } from "~/lib/dates";
import { now } from "~/lib/clock";
import { db, schema } from "~/services/platform/db.server";

export function plansOverview(at = now()) {
  const plans = db
    .select({
      status: schema.pickupPlans.status,
      intervalWeeks: schema.pickupPlans.intervalWeeks,
      prefix: schema.pickupRequests.postalFsa,
    })
    .from(schema.pickupPlans)
    .innerJoin(schema.pickupRequests, eq(schema.pickupRequests.id, schema.pickupPlans.originPickupId))
    .all();
  const groups = new Map<
    string,
    { prefix: string; intervalWeeks: number; active: number; paused: number; stopped: number; paymentNeeded: number }
  >();
  for (const plan of plans) {
    const key = `${plan.prefix}|${plan.intervalWeeks}`;
    const group = groups.get(key) ?? {
      prefix: plan.prefix,
      intervalWeeks: plan.intervalWeeks,
      active: 0,
      paused: 0,
      stopped: 0,
      paymentNeeded: 0,
    };
    if (plan.status === "payment_needed") group.paymentNeeded += 1;
    else group[plan.status] += 1;
    groups.set(key, group);
  }
  // The cycle's prefix is its plan's (the first pickup's): a held cycle has no pickup of its own yet.
  const origin = alias(schema.pickupRequests, "origin");
  const cycles = db
    .select({
      planId: schema.planCycles.planId,
      date: schema.planCycles.cycleDate,
      status: schema.planCycles.status,
      holdExpiresAt: schema.planCycles.holdExpiresAt,
      confirmationNumber: schema.pickupRequests.confirmationNumber,
      prefix: origin.postalFsa,
    })
    .from(schema.planCycles)
    .innerJoin(schema.pickupPlans, eq(schema.pickupPlans.id, schema.planCycles.planId))
    .innerJoin(origin, eq(origin.id, schema.pickupPlans.originPickupId))
    .leftJoin(schema.pickupRequests, eq(schema.pickupRequests.id, schema.planCycles.pickupRequestId))
    .where(
      and(
        gte(schema.planCycles.cycleDate, dateKey(at)),
        inArray(schema.planCycles.status, ["charging", "booked", "payment_needed"]),
      ),
    )
    .orderBy(asc(schema.planCycles.cycleDate), asc(schema.planCycles.planId))
    .limit(500)
    .all()
    .sort((a, b) => Number(b.status === "payment_needed") - Number(a.status === "payment_needed"));
  return {
    groups: [...groups.values()].sort((a, b) => a.prefix.localeCompare(b.prefix) || a.intervalWeeks - b.intervalWeeks),
    cycles,
  };
}
