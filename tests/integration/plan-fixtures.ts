// A plan as plans-provider's startPlan leaves it: a booked pickup paid by card, the card saved with consent.
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
