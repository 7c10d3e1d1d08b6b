// Stripe's webhook: signature checked, then paid bookings whose browser never came back are booked (a plan's
// held cycle and a pickup booked by phone too, each by its own read-back), and
// hosted Checkout Sessions that expired or whose delayed payment failed give back what they held, and a
// refund that settles or fails later updates the refund status of the cancelled pickup it pays back.
import type { ActionFunctionArgs } from "@remix-run/node";
import { fulfilFromWebhook, fulfilHostedSession } from "~/services/checkout/fulfil.server";
import { releaseHostedSession } from "~/services/checkout/hosted.server";
import { BookingError } from "~/services/booking/booking-error.server";
import { refreshCancelRefund } from "~/services/checkout/cancel-refunds.server";
import { isStripe, paymentProvider, stripeWebhookSecret } from "~/services/payments/provider.server";
import { methodNotAllowed } from "~/services/http/edge-guard.server";
import { completeHeldCycle } from "~/services/plans/cycle-holds.server";
import { completePhoneBookingOfWebhook } from "~/services/checkout/phone-pay.server";

/** Issue 45: a plan's held cycle paid on-session (its intent or hosted session names the plan and cycle). */
function heldCycleOf(metadata: Record<string, string> | null | undefined) {
  return metadata?.planCycle && metadata.planId && metadata.cycleDate
    ? { planId: Number(metadata.planId), cycleDate: metadata.cycleDate }
    : null;
}

/** The PaymentIntent a refund event's refund belongs to. */
function refundIntentId(refund: { payment_intent?: string | { id: string } | null }) {
  const intent = refund.payment_intent;
  return typeof intent === "string" ? intent : (intent?.id ?? null);
}

export async function action({ request }: ActionFunctionArgs) {
  const provider = paymentProvider();
  const signature = request.headers.get("Stripe-Signature");
  const secret = stripeWebhookSecret();
  if (!isStripe(provider) || !secret) {
    return Response.json({ message: "Webhooks are not configured" }, { status: 404 });
  }
  const payload = await request.text();
  let event;
  try {
    event = provider.constructEvent(payload, signature ?? "", secret);
  } catch {
    return Response.json({ message: "Invalid signature" }, { status: 400 });
  }
  try {
    if (event.type === "payment_intent.succeeded") {
      const intent = event.data.object;
      const held = heldCycleOf(intent.metadata);
      const phone = intent.metadata?.phoneBooking;
      if (held) await completeHeldCycle(null, held.planId, { provider, cycleDate: held.cycleDate });
      // Issue 46 part 5: a pickup booked by phone, paid from its link, whose page never heard back.
      else if (phone) await completePhoneBookingOfWebhook(phone, intent.id, provider);
      else await fulfilFromWebhook(intent.id, intent.metadata?.bookingRef, provider);
    } else if (
      event.type === "checkout.session.completed" ||
      event.type === "checkout.session.async_payment_succeeded"
    ) {
      // Booked only once Stripe reports the session paid (a delayed method pays later, asynchronously).
      const held = heldCycleOf(event.data.object.metadata);
      const phone = event.data.object.metadata?.phoneBooking;
      if (held) await completeHeldCycle(null, held.planId, { provider, cycleDate: held.cycleDate });
      else if (phone) await completePhoneBookingOfWebhook(phone, event.data.object.id, provider);
      else await fulfilHostedSession(event.data.object.id, provider);
    } else if (event.type === "checkout.session.async_payment_failed" || event.type === "checkout.session.expired") {
      releaseHostedSession(event.data.object.id, event.type === "checkout.session.expired" ? "expired" : "failed");
    } else if (event.type === "charge.refund.updated" || event.type === "refund.updated") {
      // A refund settled (or failed) after it was made: the cancelled pickup it pays back gets the status
      // the intent's refunds give now (listed at Stripe, so an old refund's event cannot undo a newer one).
      const intentId = refundIntentId(event.data.object);
      if (intentId) await refreshCancelRefund(provider, intentId);
    }
  } catch (error) {
    // A refusal (refunded, not paid yet) is final for this event; anything else lets Stripe retry.
    if (!(error instanceof BookingError)) throw error;
    console.warn(`[webhook] ${event.type} ${event.id}: ${error.key}`);
  }
  return Response.json({ received: true });
}

export const loader = methodNotAllowed;
