// A plan as plans-provider's startPlan leaves it: a booked pickup paid by card, the card saved with consent.
import { and, eq } from "drizzle-orm";
import { addDays } from "~/lib/dates";
import { payWithSimulatedCard } from "~/services/checkout/simulated-card.server";
import { db, schema } from "~/services/platform/db.server";
import { CARD, resident, slot } from "./fixtures";

/** A booked pickup whose payment saved the card, and the plan it started (rows as plans-provider writes them). */
export async function planned(intervalWeeks: 4 | 8 = 4) {
  const user = await resident();
  const s = slot();
  const pickup = await payWithSimulatedCard(user, { bags: 2, slotId: s.id }, CARD);
  const at = Date.now();
  const card = db
    .insert(schema.savedCards)
    .values({
      userId: user.id,
      provider: "simulated",
      customerId: `cus_${user.id}`,
      paymentMethodId: `pm_${user.id}_${at}`,
      brand: "visa",
      last4: "4242",
      expMonth: 12,
      expYear: 2030,
      consentedAt: at,
      consentLanguage: "en",
    })
    .returning()
    .get();
  const plan = db
    .insert(schema.pickupPlans)
    .values({
      userId: user.id,
      originPickupId: pickup.id,
      intervalWeeks,
      bagCount: 2,
      window: s.window,
      savedCardId: card.id,
      anchorDate: s.date,
      updatedAt: at,
    })
    .returning()
    .get();
  return { user, slot: s, pickup, card, plan };
}

type Behaviour = "succeeds" | "authentication_required" | "card_declined";

/** A past slot the plans' first pickups were on (any will do: the plan repeats from its anchor). */
function originSlot() {
  const values = {
    date: "2025-01-07",
    window: "morning" as const,
    startsAt: Date.parse("2025-01-07T13:00:00Z"),
    endsAt: Date.parse("2025-01-07T17:00:00Z"),
    maxCapacity: 1000,
    createdAt: 0,
  };
  db.insert(schema.pickupSlots).values(values).onConflictDoNothing().run();
  return db
    .select()
    .from(schema.pickupSlots)
    .where(and(eq(schema.pickupSlots.date, values.date), eq(schema.pickupSlots.window, "morning")))
    .get()!;
}

let n = 0;
/** A resident with a plan every 4 weeks whose next cycle falls on `date`, and a saved card that `behaves`. */
export async function planOn(
  date: string,
  options: { behaviour?: Behaviour; window?: "morning" | "afternoon"; expMonth?: number; expYear?: number } = {},
) {
  const user = await resident();
  n += 1;
  const origin = db
    .insert(schema.pickupRequests)
    .values({
      confirmationNumber: `PLAN-${n}${Date.now().toString(36).toUpperCase()}`,
      userId: user.id,
      pickupSlotId: originSlot().id,
      bagsRequested: 2,
      listPriceCents: 2000,
      subtotalCents: 1800,
      gstCents: 90,
      qstCents: 180,
      totalCents: 2070,
      address: "1 Rue Test",
      postalFsa: "H2X",
      status: "Completed",
      contractLanguage: "en",
      termsVersion: "2026-11-27",
      termsAcceptedAt: 1,
      updatedAt: 1,
    })
    .returning()
    .get();
  const customerId = `cus_sim_plantest${n}`;
  const methodId = `pm_sim_plantest${n}_${Date.now()}`;
  db.insert(schema.simulatedPaymentMethods)
    .values({
      id: methodId,
      customerId,
      behaviour: options.behaviour ?? "succeeds",
      brand: "visa",
      last4: "4242",
      expMonth: options.expMonth ?? 12,
      expYear: options.expYear ?? 2034,
    })
    .run();
  const card = db
    .insert(schema.savedCards)
    .values({
      userId: user.id,
      provider: "simulated",
      customerId,
      paymentMethodId: methodId,
      brand: "visa",
      last4: "4242",
      expMonth: options.expMonth ?? 12,
      expYear: options.expYear ?? 2034,
      consentedAt: 1,
      consentLanguage: "en",
    })
    .returning()
    .get();
  const plan = db
    .insert(schema.pickupPlans)
    .values({
      userId: user.id,
      originPickupId: origin.id,
      intervalWeeks: 4,
      bagCount: 2,
      window: options.window ?? "morning",
      savedCardId: card.id,
      status: "active",
      anchorDate: addDays(date, -28),
      updatedAt: 1,
    })
    .returning()
    .get();
  return { user, plan, card, customerId };
}
