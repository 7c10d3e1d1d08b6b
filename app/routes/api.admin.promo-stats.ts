// GET /api/admin/promo-stats → { totalCodes, activeCodes, usedCodes, totalRedemptions, totalSavings }
// (spec section 3), plus pendingRedemptions and totalSavingsCents. totalSavings is in dollars (2 decimals).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/services/http/admin-auth.server";
import { promoStats } from "~/services/admin/promo-codes.server";
import { methodNotAllowed } from "~/services/http/edge-guard.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  return Response.json(promoStats());
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiAdmin(request);
  return methodNotAllowed({ request });
}
