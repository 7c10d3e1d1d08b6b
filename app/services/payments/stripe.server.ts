// Stripe: PaymentIntents for the Elements path (JavaScript on), Checkout Sessions for the hosted path
// (JavaScript off), refunds, and webhook signature checks. STRIPE_API_HOST/PORT/PROTOCOL point the SDK
// at a local stand-in in tests.
import Stripe from "stripe";
import { env } from "~/services/platform/config.server";
import type { HostedCheckout, PaymentProvider, ProviderIntent, ProviderRefund } from "./types";

function stripeClient(secretKey = env.STRIPE_SECRET_KEY ?? "") {
  return new Stripe(secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(env.STRIPE_API_HOST ? { host: env.STRIPE_API_HOST } : {}),
    ...(env.STRIPE_API_PORT ? { port: env.STRIPE_API_PORT } : {}),
    ...(env.STRIPE_API_PROTOCOL ? { protocol: env.STRIPE_API_PROTOCOL } : {}),
  });
}

type StripeIntent = Awaited<ReturnType<Stripe["paymentIntents"]["retrieve"]>>;

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

export class StripeProvider implements PaymentProvider, HostedCheckout {
  readonly name = "stripe" as const;
  readonly publishableKey: string;
  readonly testMode: boolean;
  private readonly stripe: Stripe;

  constructor(options: { secretKey: string; publishableKey: string }) {
    this.stripe = stripeClient(options.secretKey);
    this.publishableKey = options.publishableKey;
    this.testMode = options.publishableKey.startsWith("pk_test_");
  }

  async createIntent(input: {
    amountCents: number;
    currency: string;
    metadata: Record<string, string>;
    description: string;
    receiptEmail: string;
  }) {
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: input.amountCents,
        currency: input.currency,
        metadata: input.metadata,
        description: input.description,
        receipt_email: input.receiptEmail,
        automatic_payment_methods: { enabled: true, allow_redirects: "never" },
      },
      { idempotencyKey: `intent-${input.metadata.bookingRef}` },
    );
    return { ...toIntent(intent), clientSecret: intent.client_secret ?? "" };
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
        customer_email: input.customerEmail,
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
        payment_intent_data: { metadata: input.metadata, description: input.description },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        expires_at: Math.floor(input.expiresAt / 1000),
      },
      { idempotencyKey: `session-${input.metadata.bookingRef}` },
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
}
