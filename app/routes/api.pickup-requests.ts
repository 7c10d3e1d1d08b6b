import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { CreatePickupSchema } from "~/lib/checkout-schema";
import type { BagCount } from "~/lib/pricing";
import { parseApiBody } from "~/services/http/api.server";
import { BookingError, findPaymentByProviderId, fulfilPayment, pickupForPayment } from "~/services/booking/book.server";
import { getLanguage, getT } from "~/services/platform/i18n.server";
import { listOrders, orderJson } from "~/services/orders/orders.server";
import { checkoutApiError } from "~/services/http/checkout-api.server";
import { requireApiUser } from "~/services/http/session.server";

/**
 * Books the pickup a payment was made for. The body must describe the booking the payment was made
 * for (bags, slot, total in dollars); the server trusts only the payment it reads back from the provider.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  const body = await parseApiBody(request, CreatePickupSchema, "POST", "checkout");
  try {
    const payment = findPaymentByProviderId(body.paymentIntentId);
    if (!payment || payment.userId !== user.id) throw new BookingError("errors.paymentNotFound", 404);
    const used = pickupForPayment(payment.id);
    if (used) {
      return Response.json(
        {
          message: (await getT(request, "checkout"))("errors.paymentUsed"),
          confirmationNumber: used.confirmationNumber,
        },
        { status: 409 },
      );
    }
    const booking = JSON.parse(payment.booking) as { bags: BagCount; slotId: number };
    if (
      booking.bags !== body.bagsRequested ||
      booking.slotId !== body.pickupSlotId ||
      Math.round(body.totalPrice * 100) !== payment.amountCents
    ) {
      throw new BookingError("errors.priceChanged", 409);
    }
    const pickup = await fulfilPayment(body.paymentIntentId, { userId: user.id });
    return Response.json(
      {
        id: pickup.id,
        confirmationNumber: pickup.confirmationNumber,
        bagsRequested: pickup.bagsRequested,
        pickupSlotId: pickup.pickupSlotId,
        totalPrice: pickup.totalCents / 100,
        address: pickup.address,
        status: pickup.status,
        createdAt: new Date(pickup.createdAt).toISOString(),
      },
      { status: 201 },
    );
  } catch (error) {
    return checkoutApiError(request, error);
  }
}

/** The resident's own pickups, newest pickup date first. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const lng = await getLanguage(request);
  return Response.json(
    listOrders(user.id).map((order) => orderJson(order, lng)),
    {
      headers: { "Cache-Control": "private, no-store" },
    },
  );
}
