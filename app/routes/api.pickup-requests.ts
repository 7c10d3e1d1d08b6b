import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { CreatePickupSchema } from "~/lib/checkout-schema";
import { checkoutApiError, parseApiBody } from "~/services/http/api.server";
import { bookedPickupJson, orderJson } from "~/services/http/api-json.server";
import { bookPaidPickup } from "~/services/checkout/fulfil.server";
import { getLanguage, getT } from "~/services/http/language.server";
import { listPickups } from "~/services/pickups/pickups.server";
import { requireApiUser } from "~/services/http/current-user.server";
import { jsonWithEtag } from "~/services/http/cached-json.server";
import { acceptanceFromApi } from "~/lib/contract-acceptance";
import { planChoiceFromApi } from "~/lib/plan-choice";
import { planJsonOf, planRefusalJson } from "~/services/http/plan-api.server";
import { now } from "~/lib/clock";

/**
 * Books the pickup a payment was made for. The body must describe the booking the payment was made
 * for (bags, slot, total in dollars); the server trusts only the payment it reads back from the provider.
 * `"acceptTerms": true` is required; a contract in English needs `"contractLanguage": "en"` and
 * `"frenchTermsReceived": true` (French otherwise). The pickup keeps the acceptance (termsVersion, when).
 * Issue 45: `"planIntervalWeeks": 4 | 8` with `"saveCardConsent": true` (400 without it) starts a plan from the
 * booked pickup: the answer's `plan`, or `plan: null` with `planRefusal` when its payment saved no card.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  const body = await parseApiBody(request, CreatePickupSchema, "POST", "checkout");
  try {
    const { pickup, used } = await bookPaidPickup(user, {
      paymentIntentId: body.paymentIntentId,
      bags: body.bagsRequested,
      slotId: body.pickupSlotId,
      totalCents: Math.round(body.totalPrice * 100),
      contract: acceptanceFromApi(body, now()),
      // Issue 45: given, the consent and the plan are written on the checkout before the pickup is booked.
      plan:
        body.saveCardConsent === undefined && body.planIntervalWeeks === undefined
          ? undefined
          : planChoiceFromApi(body),
    });
    if (used) {
      const message = (await getT(request, "checkout"))("errors.paymentUsed");
      return Response.json({ message, confirmationNumber: pickup.confirmationNumber }, { status: 409 });
    }
    if (body.planIntervalWeeks === undefined) return Response.json(bookedPickupJson(pickup), { status: 201 });
    // Booked; the plan started when the payment saved the card, else `plan` is null with the reason.
    const plan = planJsonOf(user.id, pickup.planId);
    const planRefusal = plan ? null : await planRefusalJson(request, "card_not_saved");
    return Response.json(
      { ...bookedPickupJson(pickup), plan, ...(planRefusal ? { planRefusal } : {}) },
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
  // Personal: never stored by a browser (no-store), but an API client may revalidate its own copy (ETag, 304).
  return jsonWithEtag(
    request,
    listPickups(user.id).map((order) => orderJson(order, lng)),
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
