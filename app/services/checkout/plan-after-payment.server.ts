// Issue 45 part 1: after a checkout's payment is booked, by whichever path fulfils it (the card with
// JavaScript, the simulated card form without, Stripe's hosted page, the webhook, the reconcile): when the
// resident consented on the checkout, the card the provider saved is written once (saved_cards), and a plan
// chosen on the checkout is started from the pickup. Safe to run again: a second fulfilment writes nothing.
import { db } from "~/services/platform/db.server";
import { keepSavedCard } from "~/services/payments/saved-cards.server";
import type { PaymentProvider } from "~/services/payments/provider-types";
import { PlanStartError, startPlan } from "~/services/plans/start.server";
import { isPlanInterval } from "~/lib/plan-choice";
import { checkoutPlan } from "./record.server";
import type { Payment, PickupRequest } from "../../../db/schema";

/**
 * The card kept and the plan started for a booked payment whose checkout carries the consent. A provider
 * that cannot be reached leaves it for the next fulfilment of the same payment (the return page, the
 * webhook); the booking stands either way. Answers the pickup as it now is (its plan set).
 */
export async function keepCardAndStartPlan(
  payment: Payment,
  pickup: PickupRequest,
  intentId: string,
  provider: PaymentProvider,
): Promise<PickupRequest> {
  const choice = checkoutPlan(payment.checkoutId);
  if (!choice?.saveCardConsentAt) return pickup;
  try {
    const card = await keepSavedCard(payment, provider, intentId, {
      at: choice.saveCardConsentAt,
      language: choice.contractLanguage,
    });
    if (!card || !isPlanInterval(choice.planIntervalWeeks) || pickup.planId !== null) return pickup;
    const plan = startPlan(db, {
      userId: payment.userId,
      pickupRequestId: pickup.id,
      intervalWeeks: choice.planIntervalWeeks,
    });
    return { ...pickup, planId: plan.id };
  } catch (error) {
    // Already planned (two fulfilments at once), or no longer Scheduled: nothing more to do.
    if (error instanceof PlanStartError) return pickup;
    console.error(`[plans] payment #${payment.id}: the saved card or the plan could not be written`, error);
    return pickup;
  }
}
