// Issue 45: a card saved at the provider with the resident's consent (saved_cards). Only what the provider
// says of it is kept (its payment method's id, brand, last four, expiry), with when and in which language
// the resident consented. One row per payment that saved it, however often the payment is fulfilled.
import { and, eq } from "drizzle-orm";
import { db, schema, type Tx } from "~/services/platform/db.server";
import type { PaymentProvider } from "./provider-types";
import type { Payment } from "../../../db/schema";

export type SavedCard = typeof schema.savedCards.$inferSelect;

/** The card a payment saved (still attached or not), or undefined. */
export function savedCardOfPayment(paymentId: number, tx: Tx | typeof db = db): SavedCard | undefined {
  return tx.select().from(schema.savedCards).where(eq(schema.savedCards.paymentId, paymentId)).get();
}

/**
 * After a consented payment succeeded: the card its intent saved at the provider (`provider.savedPaymentMethod`)
 * is written once (the unique payment_id and payment method make a second fulfilment write nothing) and
 * answered. Null when the provider saved none (the intent was made without the consent, or is not paid).
 * `intentId` is the PaymentIntent that paid (a hosted session's, once re-keyed).
 */
export async function keepSavedCard(
  payment: Payment,
  provider: PaymentProvider,
  intentId: string,
  consent: { at: number; language: "fr" | "en" },
): Promise<SavedCard | null> {
  const known = savedCardOfPayment(payment.id);
  if (known) return known;
  if (payment.provider !== provider.name) return null;
  const method = await provider.savedPaymentMethod(intentId);
  if (!method) return null;
  const intent = await provider.retrieveIntent(intentId);
  const customerId = intent?.customerId ?? customerOf(payment.userId, provider.name);
  if (!customerId) return null;
  db.insert(schema.savedCards)
    .values({
      userId: payment.userId,
      provider: provider.name,
      customerId,
      paymentMethodId: method.id,
      brand: method.brand,
      last4: method.last4,
      expMonth: method.expMonth,
      expYear: method.expYear,
      consentedAt: consent.at,
      consentLanguage: consent.language,
      paymentId: payment.id,
    })
    .onConflictDoNothing()
    .run();
  return savedCardOfPayment(payment.id) ?? null;
}

function customerOf(userId: number, provider: "simulated" | "stripe") {
  return db
    .select({ id: schema.paymentCustomers.customerId })
    .from(schema.paymentCustomers)
    .where(and(eq(schema.paymentCustomers.userId, userId), eq(schema.paymentCustomers.provider, provider)))
    .get()?.id;
}
