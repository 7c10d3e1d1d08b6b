// Issue 45 part 4, "Change the card" of a plan, with plain forms (what exists of it, said plainly):
// - a held pickup ("Payment needed", /plans/{id}/pay) is paid on-session with any card; with the box "Save
//   this card for my plan" ticked, the payment is made with `setup_future_usage: "off_session"` and the
//   consent (when, in which language) travels in its metadata; once it succeeded, the card it saved becomes
//   the plan's (adoptPaidCard), and the plan's former card is detached at the provider unless another live
//   plan of the resident pays with it;
// - at any other moment, My plan's "Remove the saved card" (removeCard) detaches the plan's card now: the
//   next pickup is still booked seven days ahead, then waits for the resident's payment ("no_saved_card")
//   on that page, where the new card is saved as above.
import { and, eq, ne } from "drizzle-orm";
import { keepSavedCard, type SavedCard } from "~/services/payments/saved-cards.server";
import type { PaymentProvider, ProviderIntent } from "~/services/payments/provider-types";
import { paymentProvider } from "~/services/payments/provider.server";
import { db, schema, type Tx } from "~/services/platform/db.server";
import { now } from "~/lib/clock";
import type { PickupRequest } from "../../../db/schema";
import { detachCards } from "./manage.server";
import { ownPlan } from "./plan-views.server";
import { PlanError } from "./plan-error.server";

/** The metadata an on-session payment carries when the resident consented to save its card for the plan. */
export function saveCardMetadata(consent: { language: "fr" | "en"; at: number }): Record<string, string> {
  return { saveCardConsentAt: String(consent.at), saveCardLanguage: consent.language };
}

function consentOf(intent: ProviderIntent): { at: number; language: "fr" | "en" } | null {
  const at = Number(intent.metadata.saveCardConsentAt);
  const language = intent.metadata.saveCardLanguage;
  if (!Number.isFinite(at) || at <= 0 || (language !== "fr" && language !== "en")) return null;
  return { at, language };
}

/**
 * In `tx`: `card` becomes the plan's card (a stopped plan keeps none); the card it paid with before, when no
 * other live plan of the resident uses it, is answered, to detach after the commit.
 */
function switchCard(tx: Tx, planId: number, card: SavedCard | null, at: number): SavedCard | null {
  const plan = tx.select().from(schema.pickupPlans).where(eq(schema.pickupPlans.id, planId)).get();
  if (!plan || plan.status === "stopped" || plan.savedCardId === (card?.id ?? null)) return null;
  tx.update(schema.pickupPlans)
    .set({ savedCardId: card?.id ?? null, updatedAt: at })
    .where(eq(schema.pickupPlans.id, planId))
    .run();
  if (plan.savedCardId === null) return null;
  const p = schema.pickupPlans;
  const stillUsed = tx
    .select({ id: p.id })
    .from(p)
    .where(and(eq(p.savedCardId, plan.savedCardId), ne(p.status, "stopped")))
    .get();
  if (stillUsed) return null;
  const former = tx.select().from(schema.savedCards).where(eq(schema.savedCards.id, plan.savedCardId)).get();
  return former && former.detachedAt === null ? former : null;
}

/**
 * After a held cycle's on-session payment succeeded and booked its pickup: when it was made with the consent
 * to save the card, that card (kept once, keepSavedCard) becomes the plan's. Answers the card, or null.
 * Never throws: the pickup is booked whatever becomes of the card (its failure is logged).
 */
export async function adoptPaidCard(
  provider: PaymentProvider,
  planId: number,
  pickup: PickupRequest,
  intent: ProviderIntent,
): Promise<SavedCard | null> {
  const consent = consentOf(intent);
  if (!consent || pickup.paymentId === null) return null;
  try {
    const payment = db.select().from(schema.payments).where(eq(schema.payments.id, pickup.paymentId)).get();
    if (!payment) return null;
    const card = await keepSavedCard(payment, provider, intent.id, consent);
    if (!card || card.detachedAt !== null) return null;
    const at = now();
    const former = db.transaction((tx) => switchCard(tx, planId, card, at));
    if (former) await detachCards([former], provider, at);
    return card;
  } catch (error) {
    console.error(`[plans] plan ${planId}: the card of payment ${intent.id} could not be kept`, error);
    return null;
  }
}

/**
 * My plan's "Remove the saved card": the plan pays with no saved card from now on (its next pickup waits for
 * the resident's payment); the card is detached at the provider unless another live plan uses it.
 */
export async function removeCard(userId: number, planId: number, provider: PaymentProvider = paymentProvider()) {
  const plan = ownPlan(userId, planId);
  if (plan.status === "stopped") throw new PlanError("myplans:errors.stopped", 409);
  if (!plan.card) throw new PlanError("myplans:errors.noCard", 409);
  const at = now();
  const former = db.transaction((tx) => switchCard(tx, planId, null, at));
  try {
    if (former) await detachCards([former], provider, at);
  } catch {
    // The provider could not be reached: the plan keeps its card, so that trying again detaches it.
    db.update(schema.pickupPlans).set({ savedCardId: former!.id }).where(eq(schema.pickupPlans.id, planId)).run();
    throw new PlanError("myplans:errors.cardRemoveFailed", 503);
  }
  return ownPlan(userId, planId, at);
}
