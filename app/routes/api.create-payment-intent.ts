import type { ActionFunctionArgs } from "@remix-run/node";
import { CreatePaymentIntentSchema } from "~/lib/checkout-schema";
import type { BagCount } from "~/lib/pricing";
import { acceptanceFromApi } from "~/lib/contract-acceptance";
import { planChoiceFromApi } from "~/lib/plan-choice";
import { now } from "~/lib/clock";
import { checkoutApiError, parseApiBody } from "~/services/http/api.server";
import { startCardPayment } from "~/services/checkout/card.server";
import { requireApiUser } from "~/services/http/current-user.server";
import { methodNotAllowed } from "~/services/http/edge-guard.server";

/**
 * `amount` is the total the browser showed, in cents; a different server price is refused. The same
 * checkout (`checkoutId`, or the resident's open one for these bags and slot) always gets its one intent;
 * a paid checkout answers 409 with the confirmation number of the pickup it booked. The resident's
 * acceptance of the terms comes with it (`acceptTerms`, `contractLanguage`, `frenchTermsReceived`): without
 * it, 400 and nothing is claimed, at the provider or here. Issue 45: `"saveCardConsent": true` keeps the card
 * (the intent is made with setup_future_usage), and `"planIntervalWeeks": 4 | 8` (only with the consent: 400
 * otherwise) starts the plan once the pickup is booked.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  const body = await parseApiBody(request, CreatePaymentIntentSchema, "POST", "checkout");
  try {
    const { clientSecret, paymentIntentId, checkoutId, customerId } = await startCardPayment(
      user,
      {
        bags: body.bagCount as BagCount,
        slotId: body.slotId,
        promoCode: body.promoCode || null,
        expectedTotalCents: body.amount ?? null,
        contract: acceptanceFromApi(body, now()),
        plan: planChoiceFromApi(body),
      },
      { checkoutId: body.checkoutId ?? null },
    );
    return Response.json({ clientSecret, paymentIntentId, checkoutId, customerId });
  } catch (error) {
    return checkoutApiError(request, error);
  }
}

export const loader = methodNotAllowed;
