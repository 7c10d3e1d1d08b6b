import type { ActionFunctionArgs } from "@remix-run/node";
import { PromoValidateSchema } from "~/lib/checkout-schema";
import { apiRateLimit, parseApiBody } from "~/services/http/api.server";
import { getT } from "~/services/http/language.server";
import { applyPromo, clearPromo, PromoError } from "~/services/booking/promo-rules.server";
import { requireApiUser } from "~/services/http/current-user.server";
import { methodNotAllowed } from "~/services/http/edge-guard.server";

/** Checks the code for this resident and, when it is good, reserves it for their checkout. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  const body = await parseApiBody(request, PromoValidateSchema, "POST", "checkout");
  await apiRateLimit(request, "promo");
  const t = await getT(request, "checkout");
  if (!body.code.trim()) {
    clearPromo(user.id);
    return Response.json({ ok: false, discount: 0, message: "" });
  }
  try {
    const promo = applyPromo(user, body.code, body.bagCount);
    return Response.json({
      ok: true,
      discount: promo.percent,
      message: t("promo.applied", { percent: promo.percent }),
    });
  } catch (error) {
    if (!(error instanceof PromoError)) throw error;
    return Response.json({ ok: false, discount: 0, message: t(error.key) }, { status: 400 });
  }
}

export const loader = methodNotAllowed;
