// Stripe: PaymentIntents for the Elements path (JavaScript on), Checkout Sessions for the hosted path
// (JavaScript off), refunds, and webhook signature checks. STRIPE_API_HOST/PORT/PROTOCOL point the SDK
// at a local stand-in in tests.
import Stripe from "stripe";
import { env } from "~/services/platform/config.server";
import type {
  HostedCheckout,
  OffSessionFailure,
  OffSessionResult,
  PaymentProvider,
  ProviderIntent,
  ProviderRefund,
  SavedCardProvider,
  SavedPaymentMethod,
} from "./provider-types";

function stripeClient(secretKey = env.STRIPE_SECRET_KEY ?? "") {
  return new Stripe(secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(env.STRIPE_API_HOST ? { host: env.STRIPE_API_HOST } : {}),
    ...(env.STRIPE_API_PORT ? { port: env.STRIPE_API_PORT } : {}),
    ...(env.STRIPE_API_PROTOCOL ? { protocol: env.STRIPE_API_PROTOCOL } : {}),
  });
}

type StripeIntent = Stripe.PaymentIntent;

function toIntent(intent: StripeIntent): ProviderIntent {
  const charge = typeof intent.latest_charge === "object" ? intent.latest_charge : null;
  const card = charge?.payment_method_details?.card;
  return {
    id: intent.id,
    status:
      intent.status === "succeeded"
        ? "succeeded"
        : intent.status === "canceled"
          ? "canceled"
          : intent.status === "processing"
            ? "processing"
            : intent.status === "requires_action"
              ? "requires_action"
              : "requires_payment_method",
    amountCents: intent.amount,
    currency: intent.currency,
    metadata: { ...(intent.metadata ?? {}) },
    cardBrand: card?.brand ?? null,
    cardLast4: card?.last4 ?? null,
    customerId: typeof intent.customer === "string" ? intent.customer : (intent.customer?.id ?? null),
  };
}

/** Stripe's refund states in ours: requires_action is still on its way, canceled never paid back. */
function toRefund(refund: { id: string; amount: number; status: string | null }): ProviderRefund {
  const status =
    refund.status === "succeeded"
      ? "succeeded"
      : refund.status === "failed" || refund.status === "canceled"
        ? "failed"
        : "pending";
  return { id: refund.id, amountCents: refund.amount, status };
}

/** Stripe's card error codes in ours (issue 45); any other card error is a decline. */
function offSessionFailure(code: string | undefined): OffSessionFailure {
  if (code === "authentication_required" || code === "expired_card" || code === "processing_error") return code;
  return "card_declined";
}

function toSavedMethod(method: Stripe.PaymentMethod): SavedPaymentMethod {
  return {
    id: method.id,
    brand: method.card?.brand ?? null,
    last4: method.card?.last4 ?? null,
    expMonth: method.card?.exp_month ?? null,
    expYear: method.card?.exp_year ?? null,
  };
}

const statusOf = (error: unknown) => (error as { statusCode?: number }).statusCode;

export class StripeProvider implements PaymentProvider, HostedCheckout, SavedCardProvider {
  readonly name = "stripe" as const;
  readonly publishableKey: string;
  readonly testMode: boolean;
  private readonly stripe: Stripe;

  constructor(options: { secretKey: string; publishableKey: string }) {
    this.stripe = stripeClient(options.secretKey);
    this.publishableKey = options.publishableKey;
    this.testMode = options.publishableKey.startsWith("pk_test_");
  }

  async createCustomer(input: Parameters<PaymentProvider["createCustomer"]>[0]) {
    const customer = await this.stripe.customers.create(
      {
        email: input.email,
        ...(input.name ? { name: input.name } : {}),
        metadata: input.metadata,
        preferred_locales: input.preferredLocales,
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return customer.id;
  }

  async deleteCustomer(customerId: string) {
    try {
      await this.stripe.customers.del(customerId);
    } catch (error) {
      // Already deleted (or never there): what was asked is done.
      if ((error as { statusCode?: number }).statusCode === 404) return;
      throw error;
    }
  }

  async updateCustomer(id: string, input: { preferredLocales: string[] }) {
    await this.stripe.customers.update(id, { preferred_locales: input.preferredLocales });
  }

  async createIntent(input: Parameters<PaymentProvider["createIntent"]>[0]) {
    const intent = await this.stripe.paymentIntents.create(
      {
        customer: input.customerId,
        amount: input.amountCents,
        currency: input.currency,
        metadata: input.metadata,
        description: input.description,
        receipt_email: input.receiptEmail,
        // Cards, Apple Pay, Google Pay and Link where Stripe offers them; a method that redirects (a bank's
        // 3-D Secure page) comes back to the return_url the Payment Element gives.
        automatic_payment_methods: { enabled: true },
        // Issue 45: the resident consented to keep the card: Stripe saves it on the customer once paid.
        ...(input.setupFutureUsage ? { setup_future_usage: input.setupFutureUsage } : {}),
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return { ...toIntent(intent), clientSecret: intent.client_secret ?? "" };
  }

  async updateIntent(id: string, input: { amountCents: number; metadata: Record<string, string> }) {
    const intent = await this.stripe.paymentIntents.update(id, { amount: input.amountCents, metadata: input.metadata });
    return { ...toIntent(intent), clientSecret: intent.client_secret ?? "" };
  }

  async intentClientSecret(id: string) {
    try {
      return (await this.stripe.paymentIntents.retrieve(id)).client_secret ?? null;
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) return null;
      throw error;
    }
  }

  async cancelIntent(id: string) {
    try {
      await this.stripe.paymentIntents.cancel(id, { cancellation_reason: "abandoned" });
    } catch (error) {
      // Already paid, cancelled or gone: nothing to cancel.
      const code = (error as { code?: string; statusCode?: number }).code;
      if (code === "payment_intent_unexpected_state" || (error as { statusCode?: number }).statusCode === 404) return;
      throw error;
    }
  }

  async retrieveIntent(id: string) {
    try {
      return toIntent(await this.stripe.paymentIntents.retrieve(id, { expand: ["latest_charge"] }));
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) return null;
      throw error;
    }
  }

  async refund(intentId: string, amountCents: number, idempotencyKey?: string): Promise<ProviderRefund> {
    const refund = await this.stripe.refunds.create(
      { payment_intent: intentId, amount: amountCents },
      { idempotencyKey: idempotencyKey ?? `refund-${intentId}-${amountCents}` },
    );
    return toRefund(refund);
  }

  async listSucceededIntents(since: number, limit: number): Promise<ProviderIntent[]> {
    const found: ProviderIntent[] = [];
    const pages = this.stripe.paymentIntents.list({
      created: { gte: Math.floor(since / 1000) },
      limit: 100,
      expand: ["data.latest_charge"],
    });
    for await (const intent of pages) {
      if (intent.status === "succeeded") found.push(toIntent(intent));
      if (found.length >= limit) break;
    }
    return found;
  }

  async listRefunds(intentId: string): Promise<ProviderRefund[]> {
    const refunds: ProviderRefund[] = [];
    for await (const refund of this.stripe.refunds.list({ payment_intent: intentId, limit: 100 })) {
      refunds.push(toRefund(refund));
    }
    return refunds;
  }

  async createCheckoutSession(input: Parameters<HostedCheckout["createCheckoutSession"]>[0]) {
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: "payment",
        customer: input.customerId,
        locale: input.locale,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: input.currency,
              unit_amount: input.amountCents,
              product_data: { name: input.description },
            },
          },
        ],
        metadata: input.metadata,
        payment_intent_data: {
          metadata: input.metadata,
          description: input.description,
          ...(input.setupFutureUsage ? { setup_future_usage: input.setupFutureUsage } : {}),
        },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        expires_at: Math.floor(input.expiresAt / 1000),
      },
      { idempotencyKey: input.idempotencyKey },
    );
    if (!session.url) throw new Error("Stripe returned a Checkout Session without a URL");
    return { id: session.id, url: session.url };
  }

  async sessionPaymentIntent(sessionId: string) {
    let session;
    try {
      session = await this.stripe.checkout.sessions.retrieve(sessionId);
    } catch (error) {
      // An unknown session (a mistyped or forged return URL) is an unpaid one, not a server error.
      if ((error as { statusCode?: number }).statusCode === 404) return null;
      throw error;
    }
    if (session.payment_status !== "paid") return null;
    return typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);
  }

  /** Verifies a webhook's signature and returns the event, or throws. */
  constructEvent(payload: string, signature: string, secret: string) {
    return this.stripe.webhooks.constructEvent(payload, signature, secret);
  }

  async openSessionUrl(sessionId: string) {
    try {
      const session = await this.stripe.checkout.sessions.retrieve(sessionId);
      return session.status === "open" && session.payment_status === "unpaid" ? (session.url ?? null) : null;
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) return null;
      throw error;
    }
  }

  async expireSession(sessionId: string) {
    await this.stripe.checkout.sessions.expire(sessionId);
  }

  /** Issue 45: the card a succeeded intent made with setup_future_usage saved on its customer. */
  async savedPaymentMethod(intentId: string): Promise<SavedPaymentMethod | null> {
    let intent: StripeIntent;
    try {
      intent = await this.stripe.paymentIntents.retrieve(intentId, { expand: ["payment_method"] });
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
    if (intent.status !== "succeeded" || intent.setup_future_usage !== "off_session") return null;
    const method = intent.payment_method;
    if (!method) return null;
    return toSavedMethod(typeof method === "string" ? await this.stripe.paymentMethods.retrieve(method) : method);
  }

  /**
   * Issue 45: a saved card charged without the resident: `off_session` and `confirm` on one request, the
   * idempotency key naming the plan's cycle (Stripe replays the first answer, success or card error).
   */
  async chargeOffSession(input: Parameters<SavedCardProvider["chargeOffSession"]>[0]): Promise<OffSessionResult> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          customer: input.customerId,
          payment_method: input.paymentMethodId,
          amount: input.amountCents,
          currency: input.currency,
          metadata: input.metadata,
          description: input.description,
          off_session: true,
          confirm: true,
          expand: ["latest_charge"],
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (intent.status === "succeeded" || intent.status === "processing")
        return { ok: true, intent: toIntent(intent) };
      return {
        ok: false,
        code: intent.status === "requires_action" ? "authentication_required" : "card_declined",
        intentId: intent.id,
      };
    } catch (error) {
      const raw = error as { type?: string; code?: string; param?: string; raw?: { payment_intent?: { id?: string } } };
      const intentId = raw.raw?.payment_intent?.id ?? null;
      if (raw.type === "StripeCardError") return { ok: false, code: offSessionFailure(raw.code), intentId };
      // The saved card is gone (detached, deleted, not this customer's): nothing to charge, as a declined card.
      if (raw.type === "StripeInvalidRequestError" && raw.param === "payment_method") {
        return { ok: false, code: "card_declined", intentId };
      }
      throw error;
    }
  }

  /** Issue 45: the card removed from its customer; one unknown or no longer attached counts as removed. */
  async detachPaymentMethod(paymentMethodId: string) {
    try {
      await this.stripe.paymentMethods.detach(paymentMethodId);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (statusOf(error) === 404 || code === "resource_missing" || code === "payment_method_unexpected_state") return;
      throw error;
    }
  }
}
