// A held cycle's open payment at the provider (issue 45 part 3): the intent it is paid on, or a hosted
// Checkout Session (its id starts with "cs_"). Released (its hold run out, its plan stopped, its account
// deleted), the payment is cancelled there so it can no longer be paid; one paid in between is refunded in
// full by completeHeldCycle.
import type { HostedCheckout, PaymentProvider } from "~/services/payments/provider-types";

/** A hosted Checkout Session's id (else an intent's). */
export const isSession = (id: string | null) => Boolean(id?.startsWith("cs_"));

/** A released cycle's open payment (an intent, or a hosted session) cancelled at the provider; never throws. */
export async function cancelOpenPayment(provider: PaymentProvider, open: string) {
  const hosted = provider as PaymentProvider & Partial<HostedCheckout>;
  try {
    await (isSession(open) ? hosted.expireSession?.(open) : provider.cancelIntent(open));
  } catch (error) {
    console.error(`[plans] the released cycle's payment ${open} could not be cancelled`, error);
  }
}
