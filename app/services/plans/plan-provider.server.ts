// The payment provider as a plan's cycle uses it (issue 45): the app's provider, which can also charge a
// saved card off-session (the plans' provider side implements SavedCardProvider for Stripe and the
// simulated provider).
import { paymentProvider } from "~/services/payments/provider.server";
import type { PaymentProvider, SavedCardProvider } from "~/services/payments/provider-types";

export type PlanProvider = PaymentProvider & SavedCardProvider;

/** The app's provider, once it can charge a saved card. */
export function planProvider(): PlanProvider {
  const provider = paymentProvider() as PaymentProvider & Partial<SavedCardProvider>;
  if (typeof provider.chargeOffSession !== "function") {
    throw new Error("The payment provider cannot charge a saved card");
  }
  return provider as PlanProvider;
}
