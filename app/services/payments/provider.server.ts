// Chooses the card provider: Stripe when its keys are set (or PAYMENT_PROVIDER=stripe), else simulated.
import { env } from "~/services/platform/config.server";
import { SimulatedProvider } from "./simulated.server";
import { StripeProvider } from "./stripe.server";
import type { PaymentProvider } from "./provider-types";

let provider: PaymentProvider | null = null;

export function paymentProvider(): PaymentProvider {
  if (provider) return provider;
  const wantStripe = env.PAYMENT_PROVIDER === "stripe" || (!env.PAYMENT_PROVIDER && Boolean(env.STRIPE_SECRET_KEY));
  if (wantStripe) {
    if (!env.STRIPE_SECRET_KEY || !env.STRIPE_PUBLISHABLE_KEY) {
      throw new Error("PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY");
    }
    provider = new StripeProvider({ secretKey: env.STRIPE_SECRET_KEY, publishableKey: env.STRIPE_PUBLISHABLE_KEY });
  } else {
    provider = new SimulatedProvider();
  }
  return provider;
}

/** Tests swap providers. */
export function setPaymentProvider(next: PaymentProvider | null) {
  provider = next;
}

export function isStripe(p: PaymentProvider): p is StripeProvider {
  return p.name === "stripe";
}

export function isSimulated(p: PaymentProvider): p is SimulatedProvider {
  return p.name === "simulated";
}

export type { PaymentProvider };

/** The secret Stripe signs its webhooks with, or null when webhooks are not configured. */
export function stripeWebhookSecret(): string | null {
  return env.STRIPE_WEBHOOK_SECRET || null;
}
