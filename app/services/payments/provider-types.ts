// One interface for every card provider. The server never trusts the browser: it reads the payment
// back from the provider before it books anything.
type IntentStatus = "requires_payment_method" | "requires_action" | "processing" | "succeeded" | "canceled";

/** Where a refund stands at the provider (Stripe's refund.status, "canceled" counted as failed). */
export type RefundStatus = "succeeded" | "pending" | "failed";

export type ProviderRefund = { id: string; amountCents: number; status: RefundStatus };

export type ProviderIntent = {
  id: string;
  status: IntentStatus;
  amountCents: number;
  currency: string;
  metadata: Record<string, string>;
  cardBrand: string | null;
  cardLast4: string | null;
  /** The provider's customer the intent is attached to (Stripe's `customer`), when it has one. */
  customerId: string | null;
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

export interface PaymentProvider extends SavedCardProvider {
  readonly name: "simulated" | "stripe";
  /** The key the browser uses (Stripe's pk_...); null for the simulated provider. */
  readonly publishableKey: string | null;
  readonly testMode: boolean;
  /**
   * The resident's customer at the provider (a Stripe Customer: cus_...). `idempotencyKey` is derived from the
   * resident, so a retried or simultaneous request never makes a second one; the id is stored by the caller.
   */
  createCustomer(input: {
    email: string;
    name: string;
    metadata: Record<string, string>;
    /** The language of its receipts and pages (Stripe's `preferred_locales`): ["fr-CA"] or ["en-CA"]. */
    preferredLocales: string[];
    idempotencyKey: string;
  }): Promise<string>;
  /**
   * Deletes the resident's customer at the provider (issue 43 part 5: their account was deleted). One
   * already deleted, or unknown, counts as deleted; a provider that cannot be reached throws, and the
   * deletion is asked again later (payments/customers: the customer_deletions rows).
   */
  deleteCustomer(customerId: string): Promise<void>;
  /** A customer's language changed (a contract in the other language): its `preferred_locales` set again. */
  updateCustomer(id: string, input: { preferredLocales: string[] }): Promise<void>;
  createIntent(input: {
    amountCents: number;
    currency: string;
    metadata: Record<string, string>;
    description: string;
    receiptEmail: string;
    /** The resident's customer at this provider (createCustomer's id). */
    customerId: string;
    /** Derived from the checkout and its attempt: a retried request never makes a second intent. */
    idempotencyKey: string;
    /**
     * Issue 45: the resident consented to keep the card for later payments (Stripe's
     * `setup_future_usage: "off_session"`): once paid, the intent's payment method is saved on the customer.
     */
    setupFutureUsage?: "off_session";
  }): Promise<ProviderIntent & { clientSecret: string }>;
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  /**
   * A checkout's intent reused with a new amount (the promo changed). `idempotencyKey` is derived from the
   * checkout. Only an intent not yet paid can be updated.
   */
  updateIntent(
    id: string,
    input: { amountCents: number; metadata: Record<string, string> },
  ): Promise<ProviderIntent & { clientSecret: string }>;
  /** The client secret of an intent still open, to show the card form again after a decline or a reload. */
  intentClientSecret(id: string): Promise<string | null>;
  /** An abandoned intent is cancelled, so it can never be paid; a paid or already cancelled one is left. */
  cancelIntent(id: string): Promise<void>;
  /**
   * Refunds `amountCents` of a paid intent. `idempotencyKey` names this refund (Stripe de-duplicates on it
   * for 24 hours); the answer says whether the money is back, on its way, or refused.
   */
  refund(intentId: string, amountCents: number, idempotencyKey?: string): Promise<ProviderRefund>;
  /** Every refund made on this intent, so a retry never refunds twice. */
  listRefunds(intentId: string): Promise<ProviderRefund[]>;
  /**
   * Intents created since `since` (epoch ms) that succeeded, newest first, at most `limit`: the reconcile
   * looks for a payment taken at the provider that has no row of ours.
   */
  listSucceededIntents(since: number, limit: number): Promise<ProviderIntent[]>;
}

/** The no-JavaScript path of a hosted provider: a redirect to its payment page. */
export interface HostedCheckout {
  createCheckoutSession(input: {
    amountCents: number;
    currency: string;
    metadata: Record<string, string>;
    description: string;
    /** The resident's customer at the provider: Stripe's page shows its e-mail (it replaces customer_email). */
    customerId: string;
    successUrl: string;
    cancelUrl: string;
    locale: "en" | "fr";
    /** When the session stops taking payment (epoch ms); Stripe then sends checkout.session.expired. */
    expiresAt: number;
    idempotencyKey: string;
    /** Issue 45: the resident consented to keep the card (`payment_intent_data.setup_future_usage`). */
    setupFutureUsage?: "off_session";
  }): Promise<{ id: string; url: string }>;
  /** The PaymentIntent a completed session paid with, or null while it is unpaid. */
  sessionPaymentIntent(sessionId: string): Promise<string | null>;
  /** The page of a session that can still be paid, or null once it is paid, expired or unknown. */
  openSessionUrl(sessionId: string): Promise<string | null>;
  /** A session replaced by another (the promo changed) is expired, so it can never be paid. */
  expireSession(sessionId: string): Promise<void>;
}

/** Issue 45: a card saved at the provider (Stripe's PaymentMethod): all we ever keep of it. */
export type SavedPaymentMethod = {
  id: string;
  brand: string | null;
  last4: string | null;
  expMonth: number | null;
  expYear: number | null;
};

/** Why an off-session charge did not go through (Stripe's error codes). */
export type OffSessionFailure =
  | "authentication_required"
  | "card_declined"
  | "expired_card"
  | "processing_error"
  /** Issue 45: the plan has no saved card (its resident removed it to pay with another): nothing was asked. */
  | "no_saved_card";

export type OffSessionResult =
  | { ok: true; intent: ProviderIntent }
  | {
      ok: false;
      code: OffSessionFailure;
      /** The intent left unpaid, when the provider made one. */ intentId: string | null;
    };

/**
 * Issue 45: charging a saved card without the resident (a plan's cycle). Stripe: a PaymentIntent with
 * `customer`, `payment_method`, `off_session: true`, `confirm: true`; the simulated provider answers as
 * Stripe's test cards do (4242 4242 4242 4242 and 4000 0038 0000 0446 succeed off-session, 4000 0027 6000
 * 3184 always needs authentication, 4000 0000 0000 0341 is saved and every later charge declined).
 */
export interface SavedCardProvider {
  /** The card a succeeded intent made with `setupFutureUsage` saved on its customer, else null. */
  savedPaymentMethod(intentId: string): Promise<SavedPaymentMethod | null>;
  /** `idempotencyKey` names one plan's cycle: asked again (a retry, a crash), the provider answers the same intent. */
  chargeOffSession(input: {
    customerId: string;
    paymentMethodId: string;
    amountCents: number;
    currency: string;
    metadata: Record<string, string>;
    description: string;
    idempotencyKey: string;
  }): Promise<OffSessionResult>;
  /** The card is removed from the customer (a stopped plan, a deleted account); an unknown one counts as removed. */
  detachPaymentMethod(paymentMethodId: string): Promise<void>;
}
