// Issue 45 part 3, what the pay page of a held cycle (/plans/{id}/pay) shows: the plan's held pickup (date,
// window, bags, amount, until when it is held), or, when nothing waits for payment, what became of the
// plan's latest cycle (booked: its pickup; released: the place given back). Someone else's plan, or none,
// reads as not found. The paying itself is cycle-holds' (payHeldCycle and the rest).
import { desc, eq } from "drizzle-orm";
import { db, schema } from "~/services/platform/db.server";
import { isSimulated } from "~/services/payments/provider.server";
import { planProvider } from "./plan-provider.server";

export type HeldCycleView =
  | {
      state: "held";
      cycleDate: string;
      window: "morning" | "afternoon";
      bags: number;
      amountCents: number;
      holdExpiresAt: number | null;
    }
  | { state: "booked"; confirmationNumber: string }
  | { state: "released" }
  | { state: "nothing" };

/** The plan's held cycle or what became of its latest one; null when the plan is not this resident's. */
export function heldCycleView(userId: number, planId: number): HeldCycleView | null {
  const plan = db.select().from(schema.pickupPlans).where(eq(schema.pickupPlans.id, planId)).get();
  if (!plan || plan.userId !== userId) return null;
  const cycles = db
    .select()
    .from(schema.planCycles)
    .where(eq(schema.planCycles.planId, planId))
    .orderBy(desc(schema.planCycles.updatedAt))
    .all();
  const held = cycles.find((cycle) => cycle.status === "payment_needed");
  if (held) {
    const slot = held.slotId
      ? db.select().from(schema.pickupSlots).where(eq(schema.pickupSlots.id, held.slotId)).get()
      : undefined;
    return {
      state: "held",
      cycleDate: slot?.date ?? held.cycleDate,
      window: slot?.window ?? plan.window,
      bags: held.bags ?? plan.bagCount,
      amountCents: held.amountCents ?? 0,
      holdExpiresAt: held.holdExpiresAt,
    };
  }
  const latest = cycles[0];
  if (latest?.status === "booked" && latest.pickupRequestId !== null) {
    const pickup = db
      .select({ confirmationNumber: schema.pickupRequests.confirmationNumber })
      .from(schema.pickupRequests)
      .where(eq(schema.pickupRequests.id, latest.pickupRequestId))
      .get();
    if (pickup) return { state: "booked", confirmationNumber: pickup.confirmationNumber };
  }
  if (latest?.status === "released") return { state: "released" };
  return { state: "nothing" };
}

/** The card of the held cycle's open payment (the simulated bank's step shows it), if the provider knows it. */
export async function heldCycleCard(userId: number, planId: number) {
  const plan = db.select().from(schema.pickupPlans).where(eq(schema.pickupPlans.id, planId)).get();
  if (!plan || plan.userId !== userId) return null;
  const held = db
    .select()
    .from(schema.planCycles)
    .where(eq(schema.planCycles.planId, planId))
    .all()
    .find((cycle) => cycle.status === "payment_needed");
  const provider = planProvider();
  if (!held?.providerPaymentId || !isSimulated(provider)) return null;
  const intent = await provider.retrieveIntent(held.providerPaymentId);
  if (!intent || intent.status !== "requires_action") return null;
  return { cardBrand: intent.cardBrand, cardLast4: intent.cardLast4, amountCents: held.amountCents ?? 0 };
}
