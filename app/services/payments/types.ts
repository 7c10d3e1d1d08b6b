// One interface for every card provider. The server never trusts the browser: it reads the payment
// back from the provider before it books anything.
type IntentStatus = "requires_payment_method" | "requires_action" | "processing" | "succeeded" | "canceled";

export type ProviderIntent = {
  id: string;
  status: IntentStatus;
  amountCents: number;
  currency: string;
  metadata: Record<string, string>;
  cardBrand: string | null;
  cardLast4: string | null;
};

export type CardErrorCode =
  | "card_declined"
  | "lost_card"
  | "stolen_card"
  | "insufficient_funds"
  | "incorrect_cvc"
  | "expired_card"
  | "authentication_failed"
  | "incorrect_number"
  | "processing_error";

export type CardInput = {
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  postalCode: string;
};

export interface PaymentProvider {
  readonly name: "simulated" | "stripe";
  /** The key the browser uses (Stripe's pk_...); null for the simulated provider. */
  readonly publishableKey: string | null;
  readonly testMode: boolean;
  createIntent(input: {
    amountCents: number;
    currency: string;
    metadata: Record<string, string>;
    description: string;
    receiptEmail: string;
  }): Promise<ProviderIntent & { clientSecret: string }>;
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  refund(intentId: string, amountCents: number): Promise<{ id: string }>;
}

/** The no-JavaScript path of a hosted provider: a redirect to its payment page. */
export interface HostedCheckout {
  createCheckoutSession(input: {
    amountCents: number;
    currency: string;
    metadata: Record<string, string>;
    description: string;
    customerEmail: string;
    successUrl: string;
    cancelUrl: string;
    locale: "en" | "fr";
    /** When the session stops taking payment (epoch ms); Stripe then sends checkout.session.expired. */
    expiresAt: number;
  }): Promise<{ id: string; url: string }>;
  /** The PaymentIntent a completed session paid with, or null while it is unpaid. */
  sessionPaymentIntent(sessionId: string): Promise<string | null>;
}
