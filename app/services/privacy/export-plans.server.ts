// Issue 45 in the resident's export: their plans (interval, bags, window, status, dates) and the cards
// they agreed to save: only the brand, last four digits and expiry, with when and in which language they
// consented (never the provider's ids: they are the provider's handles, not the resident's data to carry).
import { asc, eq } from "drizzle-orm";
import { db, schema } from "~/services/platform/db.server";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function plansOf(userId: number) {
  return db
    .select({ plan: schema.pickupPlans, origin: schema.pickupRequests.confirmationNumber })
    .from(schema.pickupPlans)
    .innerJoin(schema.pickupRequests, eq(schema.pickupRequests.id, schema.pickupPlans.originPickupId))
    .where(eq(schema.pickupPlans.userId, userId))
    .orderBy(asc(schema.pickupPlans.id))
    .all()
    .map(({ plan, origin }) => ({
      startedFrom: origin,
      intervalWeeks: plan.intervalWeeks,
      bagCount: plan.bagCount,
      window: plan.window,
      status: plan.status,
      lastDate: plan.anchorDate,
      skipDate: plan.skipDate,
      pausedUntil: plan.pausedUntil,
      pauseReason: plan.pauseReason,
      createdAt: iso(plan.createdAt),
      stoppedAt: iso(plan.stoppedAt),
    }));
}

export function savedCardsOf(userId: number) {
  return db
    .select()
    .from(schema.savedCards)
    .where(eq(schema.savedCards.userId, userId))
    .orderBy(asc(schema.savedCards.id))
    .all()
    .map((card) => ({
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      consentedAt: iso(card.consentedAt),
      consentLanguage: card.consentLanguage,
      detachedAt: iso(card.detachedAt),
    }));
}
