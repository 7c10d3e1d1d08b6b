// Stripe's webhook: signature checked, then paid bookings whose browser never came back are booked, and
// hosted Checkout Sessions that expired or whose delayed payment failed give back what they held.
import type { ActionFunctionArgs } from "@remix-run/node";
import { env } from "~/services/platform/config.server";
import { fulfilFromWebhook, fulfilHostedSession, releaseHostedSession } from "~/services/booking/book.server";
import { BookingError } from "~/services/booking/quote.server";
import { isStripe, paymentProvider } from "~/services/payments/index.server";

export async function action({ request }: ActionFunctionArgs) {
  const provider = paymentProvider();
  const signature = request.headers.get("Stripe-Signature");
  if (!isStripe(provider) || !env.STRIPE_WEBHOOK_SECRET) {
    return Response.json({ message: "Webhooks are not configured" }, { status: 404 });
  }
  const payload = await request.text();
  let event;
  try {
    event = provider.constructEvent(payload, signature ?? "", env.STRIPE_WEBHOOK_SECRET);
  } catch {
    return Response.json({ message: "Invalid signature" }, { status: 400 });
  }
  try {
    if (event.type === "payment_intent.succeeded") {
      const intent = event.data.object;
      await fulfilFromWebhook(intent.id, intent.metadata?.bookingRef, provider);
    } else if (
      event.type === "checkout.session.completed" ||
      event.type === "checkout.session.async_payment_succeeded"
    ) {
      // Booked only once Stripe reports the session paid (a delayed method pays later, asynchronously).
      await fulfilHostedSession(event.data.object.id, provider);
    } else if (event.type === "checkout.session.async_payment_failed" || event.type === "checkout.session.expired") {
      releaseHostedSession(event.data.object.id, event.type === "checkout.session.expired" ? "expired" : "failed");
    }
  } catch (error) {
    // A refusal (refunded, not paid yet) is final for this event; anything else lets Stripe retry.
    if (!(error instanceof BookingError)) throw error;
    console.warn(`[webhook] ${event.type} ${event.id}: ${error.key}`);
  }
  return Response.json({ received: true });
}

export const loader = () => Response.json({ message: "Method not allowed" }, { status: 405 });
