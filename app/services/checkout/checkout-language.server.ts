// Issue 43 part 3: what the payment provider is told follows the checkout's contract language (French
// unless the resident expressly chose English): the item's name, the hosted page's language and the
// Customer's preferred_locales (its receipts).
import { eq } from "drizzle-orm";
import { db, schema } from "~/services/platform/db.server";
import type { ContractLanguage } from "~/lib/contract";

/** The contract language stored on the checkout (French when there is no row yet). */
export function checkoutLanguage(checkoutId: string): ContractLanguage {
  const row = db
    .select({ language: schema.checkouts.contractLanguage })
    .from(schema.checkouts)
    .where(eq(schema.checkouts.id, checkoutId))
    .get();
  return row?.language === "en" ? "en" : "fr";
}
