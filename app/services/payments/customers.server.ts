// The resident's customer at the payment provider (issue 32, part 4): a Stripe Customer, or the simulated
// provider's stable cus_sim_ id, made once and stored (payment_customers), then attached to every
// PaymentIntent and hosted session and answered as `customerId` by POST /api/create-payment-intent.
// When the account is deleted (issue 43 part 5), its customers are deleted at the provider: the request is
// written in the deletion's transaction (customer_deletions), the provider asked right after, and asked again
// by the daily retention job while it has not answered, so a deletion the provider missed is never lost.
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { db, schema, type Tx } from "~/services/platform/db.server";
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

/**
 * In the account deletion's transaction: every customer of the account, at every provider, is to be
 * deleted there (before the account's payment_customers rows go with it). Written once per customer.
 */
export function requestCustomerDeletions(tx: Tx, userId: number, at: number) {
  const c = schema.paymentCustomers;
  tx.run(
    sql`insert into ${schema.customerDeletions} (provider, customer_id, requested_at)
        select ${c.provider}, ${c.customerId}, ${at} from ${c} where ${c.userId} = ${userId}
        on conflict do nothing`,
  );
}

export type CustomerDeletionReport = { deleted: number; failed: number };

/**
 * Asks the provider to delete every customer still to be deleted there (oldest first, at most `limit`):
 * done, the row is marked deleted; refused or unreachable, its attempt and error are kept and it is asked
 * again on the next run. `customerIds` narrows to those (a deletion asks for its own at once).
 */
export async function deletePendingCustomers(
  provider: PaymentProvider,
  options: { customerIds?: string[]; limit?: number } = {},
): Promise<CustomerDeletionReport> {
  const d = schema.customerDeletions;
  const pending = db
    .select()
    .from(d)
    .where(
      and(
        eq(d.provider, provider.name),
        isNull(d.deletedAt),
        options.customerIds ? inArray(d.customerId, options.customerIds) : undefined,
      ),
    )
    .orderBy(asc(d.requestedAt))
    .limit(options.limit ?? 500)
    .all();
  const report: CustomerDeletionReport = { deleted: 0, failed: 0 };
  for (const row of pending) {
    const which = and(eq(d.provider, row.provider), eq(d.customerId, row.customerId));
    try {
      await provider.deleteCustomer(row.customerId);
      db.update(d)
        .set({ deletedAt: now(), attempts: row.attempts + 1, lastError: null })
        .where(which)
        .run();
      report.deleted += 1;
    } catch (error) {
      db.update(d)
        .set({ attempts: row.attempts + 1, lastError: String(error).slice(0, 500) })
        .where(which)
        .run();
      report.failed += 1;
      console.error(
        `[customers] deleting ${row.provider} customer failed (attempt ${row.attempts + 1}); retried daily`,
      );
    }
  }
  return report;
}
