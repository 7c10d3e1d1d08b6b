import type { ActionFunctionArgs } from "@remix-run/node";
import { confirmationPath } from "~/lib/pickup-status";
import { CheckoutSessionSchema } from "~/lib/checkout-schema";
import type { BagCount } from "~/lib/pricing";
import { checkoutApiError, parseApiBody } from "~/services/http/api.server";
import { hostedCheckoutUrls } from "~/services/http/booking-steps.server";
import { bookFree } from "~/services/checkout/free.server";
import { startHostedCheckout } from "~/services/checkout/hosted.server";
import { BookingError } from "~/services/booking/booking-error.server";
import { quoteBooking } from "~/services/booking/quote.server";
import { getLanguage } from "~/services/http/language.server";
import { requireApiUser } from "~/services/http/current-user.server";
import { methodNotAllowed } from "~/services/http/edge-guard.server";
import { checkoutPath } from "~/lib/paths";
import { acceptanceFromApi } from "~/lib/contract-acceptance";
import { now } from "~/lib/clock";

/** Free orders are booked at once and answer the confirmation page's URL; paid ones get Stripe's hosted page. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  const body = await parseApiBody(request, CheckoutSessionSchema, "POST", "checkout");
  const booking = {
    bags: body.bagCount as BagCount,
    slotId: body.slotId,
    promoCode: body.promoCode || null,
    contract: acceptanceFromApi(body, now()),
  };
  try {
    const quote = quoteBooking(user, booking);
    if (quote.breakdown.isFree) {
      const pickup = await bookFree(user, booking, body.checkoutId ?? null);
      return Response.json({ url: confirmationPath(pickup.confirmationNumber) });
    }
    const cancel = checkoutPath(booking);
    const url = await startHostedCheckout(
      user,
      booking,
      await getLanguage(request),
      hostedCheckoutUrls(cancel),
      body.checkoutId ?? null,
    ).catch((error) => {
      if (error instanceof BookingError && error.key === "errors.paymentSystem")
        throw new BookingError("errors.cardRequired", 409);
      throw error;
    });
    return Response.json({ url });
  } catch (error) {
    return checkoutApiError(request, error);
  }
}

export const loader = methodNotAllowed;
