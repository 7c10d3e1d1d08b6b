// POST /api/payments/simulated/confirm: the simulated card of a payment intent. Answers 200
// { status: "succeeded" }, or 200 { status: "requires_action", redirectUrl } for a card that asks for
// 3-D Secure (the resident completes it on that page, which books), or 402 with the card's error.
import type { ActionFunctionArgs } from "@remix-run/node";
import { SimulatedConfirmSchema } from "~/lib/checkout-schema";
import { checkoutApiError, parseApiBody } from "~/services/http/api.server";
import { confirmSimulatedCard } from "~/services/checkout/simulated-card.server";
import { requireApiUser } from "~/services/http/current-user.server";
import { methodNotAllowed } from "~/services/http/edge-guard.server";

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  const { paymentIntentId, ...card } = await parseApiBody(request, SimulatedConfirmSchema, "POST", "checkout");
  try {
    return Response.json(await confirmSimulatedCard(user.id, paymentIntentId, card));
  } catch (error) {
    return checkoutApiError(request, error);
  }
}

export const loader = methodNotAllowed;
