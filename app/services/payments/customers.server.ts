// The resident's customer at the payment provider (issue 32, part 4): a Stripe Customer, or the simulated
// provider's stable cus_sim_ id, made once and stored (payment_customers), then attached to every
// PaymentIntent and hosted session and answered as `customerId` by POST /api/create-payment-intent.
import { and, eq } from "drizzle-orm";
import { db, schema } from "~/services/platform/db.server";
import type { PaymentProvider } from "./provider-types";
import { now } from "~/lib/clock";
import type { ContractLanguage } from "~/lib/contract";
import { intlLocale } from "~/lib/i18n";
import type { User } from "../../../db/schema";

const mine = (userId: number, provider: PaymentProvider["name"]) =>
  and(eq(schema.paymentCustomers.userId, userId), eq(schema.paymentCustomers.provider, provider));

function storedCustomer(userId: number, provider: PaymentProvider["name"]) {
  return db
    .select({ id: schema.paymentCustomers.customerId, locale: schema.paymentCustomers.preferredLocale })
    .from(schema.paymentCustomers)
    .where(mine(userId, provider))
    .get();
}

/**
 * The resident's customer id at this provider: the stored one, else a new one made with a key derived from
 * the resident (two requests at once get the same customer from Stripe) and stored; the first stored wins.
 * Its `preferred_locales` (the language of Stripe's receipts) follow the contract being paid (issue 43):
 * set when it is made, and set again, once, when a contract in the other language is paid.
 */
export async function customerIdFor(
  user: Pick<User, "id" | "email" | "firstName" | "lastName">,
  provider: PaymentProvider,
  language: ContractLanguage,
): Promise<string> {
  const locale = intlLocale(language);
  const stored = storedCustomer(user.id, provider.name);
  if (stored) {
    if (stored.locale !== locale) {
      await provider.updateCustomer(stored.id, { preferredLocales: [locale] });
      db.update(schema.paymentCustomers).set({ preferredLocale: locale }).where(mine(user.id, provider.name)).run();
    }
    return stored.id;
  }
  const created = await provider.createCustomer({
    email: user.email,
    name: `${user.firstName} ${user.lastName}`.trim(),
    metadata: { userId: String(user.id) },
    preferredLocales: [locale],
    idempotencyKey: `customer-${user.id}`,
  });
  db.insert(schema.paymentCustomers)
    .values({
      userId: user.id,
      provider: provider.name,
      customerId: created,
      preferredLocale: locale,
      createdAt: now(),
    })
    .onConflictDoNothing()
    .run();
  return storedCustomer(user.id, provider.name)?.id ?? created;
}
