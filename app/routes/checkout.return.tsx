// Where Stripe sends the resident back. Two kinds of return:
// - `session_id`: Stripe's hosted Checkout page (the no-JavaScript path) was paid;
// - `payment_intent` (with `redirect_status`): the Payment Element's confirmPayment left for a redirect
//   (3-D Secure, a wallet) and came back; `checkout`, `bags` and `slotId` name the checkout it paid.
// Nothing in the query is trusted: the payment must be this resident's, and the server reads it back
// from Stripe before it books (fulfilPayment). Paid → the confirmation; not paid → the checkout again,
// with a toast that says why; still processing → the checkout, and the webhook books it when it succeeds.
import { confirmationPath } from "~/lib/pickup-status";
import type { LoaderFunctionArgs } from "@remix-run/node";
import {
  redirect,
  fulfilHostedSession,
  fulfilPayment,
  parseCheckoutId,
  BookingError,
  isStripe,
  paymentProvider,
  type StripeProvider,
  readCheckoutParams,
  redirectWithToast,
  requireUser,
  BOOKING_PATH,
  checkoutPath,
} from "~/services/http/pages.server";

const SESSION_ID = /^cs_[A-Za-z0-9_]+$/;
const INTENT_ID = /^pi_[A-Za-z0-9_]+$/;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const sessionId = url.searchParams.get("session_id") ?? "";
  const intentId = url.searchParams.get("payment_intent") ?? "";
  const provider = paymentProvider();
  if (!isStripe(provider)) throw redirect(BOOKING_PATH);
  if (SESSION_ID.test(sessionId)) return hostedReturn(request, sessionId, provider, user.id);
  if (INTENT_ID.test(intentId)) return intentReturn(request, url, intentId, provider, user.id);
  throw redirect(BOOKING_PATH);
}

async function hostedReturn(request: Request, sessionId: string, provider: StripeProvider, userId: number) {
  try {
    const pickup = await fulfilHostedSession(sessionId, provider, userId);
    return redirect(confirmationPath(pickup.confirmationNumber));
  } catch (error) {
    if (!(error instanceof BookingError)) throw error;
    return redirectWithToast(request, BOOKING_PATH, {
      type: "error",
      title: "checkout:toast.bookingFailed",
      description: `checkout:${error.key}`,
    });
  }
}

/** The checkout the return URL names (our own confirmPayment wrote it), or /booking when it names none. */
function returnedCheckoutPath(url: URL): string {
  const booking = readCheckoutParams(url);
  const checkoutId = parseCheckoutId(url.searchParams.get("checkout"));
  return booking && checkoutId ? checkoutPath(booking, checkoutId) : BOOKING_PATH;
}

async function intentReturn(request: Request, url: URL, intentId: string, provider: StripeProvider, userId: number) {
  try {
    const pickup = await fulfilPayment(intentId, { userId, provider });
    return redirect(confirmationPath(pickup.confirmationNumber));
  } catch (error) {
    if (!(error instanceof BookingError)) throw error;
    // Someone else's payment, or none of ours: nothing is said about it, and nothing is booked.
    if (error.key === "errors.paymentNotFound") {
      return redirectWithToast(request, BOOKING_PATH, {
        type: "error",
        title: "checkout:toast.bookingFailed",
        description: "checkout:errors.paymentNotFound",
      });
    }
    const back = returnedCheckoutPath(url);
    if (error.key === "errors.paymentNotCompleted") {
      const intent = await provider.retrieveIntent(intentId);
      if (intent?.status === "processing") {
        return redirectWithToast(request, back, {
          type: "info",
          title: "checkout:return.processingTitle",
          description: "checkout:return.processing",
        });
      }
      return redirectWithToast(request, back, {
        type: "error",
        title: "checkout:toast.paymentFailed",
        description: "checkout:return.failed",
      });
    }
    // Paid, but it could not be booked (the slot filled, the checkout was paid by another tab): refunded.
    return redirectWithToast(request, back, {
      type: "error",
      title: "checkout:toast.bookingFailed",
      description: `checkout:${error.key}`,
    });
  }
}
