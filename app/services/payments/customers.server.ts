// The resident's customer at the payment provider (issue 32, part 4): a Stripe Customer, or the simulated
// provider's stable cus_sim_ id, made once and stored (payment_customers), then attached to every
// PaymentIntent and hosted session and answered as `customerId` by POST /api/create-payment-intent.
import { and, eq } from "drizzle-orm";
import { db, schema } from "~/services/platform/db.server";
import type { PaymentProvider } from "./provider-types";
import { now } from "~/lib/clock";
import type { User } from "../../../db/schema";

function storedCustomer(userId: number, provider: PaymentProvider["name"]): string | null {
  const row = db
    .select({ id: schema.paymentCustomers.customerId })
    .from(schema.paymentCustomers)
    .where(and(eq(schema.paymentCustomers.userId, userId), eq(schema.paymentCustomers.provider, provider)))
    .get();
  return row?.id ?? null;
}

/**
 * The resident's customer id at this provider: the stored one, else a new one made with a key derived from
 * the resident (two requests at once get the same customer from Stripe) and stored; the first stored wins.
 */
export async function customerIdFor(
  user: Pick<User, "id" | "email" | "firstName" | "lastName">,
  provider: PaymentProvider,
): Promise<string> {
  const stored = storedCustomer(user.id, provider.name);
  if (stored) return stored;
  const created = await provider.createCustomer({
    email: user.email,
    name: `${user.firstName} ${user.lastName}`.trim(),
    metadata: { userId: String(user.id) },
    idempotencyKey: `customer-${user.id}`,
  });
  db.insert(schema.paymentCustomers)
    .values({ userId: user.id, provider: provider.name, customerId: created, createdAt: now() })
    .onConflictDoNothing()
    .run();
  return storedCustomer(user.id, provider.name) ?? created;
}
