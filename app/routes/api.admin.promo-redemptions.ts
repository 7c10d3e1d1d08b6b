// GET /api/admin/promo-redemptions[?limit=N] → [{ id, email, codeText, redeemedAt, pickupRequestId }],
// newest first (default 100, at most 1000). pickupRequestId null means pending (applied, not paid yet).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/services/http/admin-auth.server";

import { toInteger } from "~/lib/ids";
import { recentRedemptions, redemptionJson } from "~/services/admin/promo-codes.server";
import { methodNotAllowed } from "~/services/http/edge-guard.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const limit = toInteger(new URL(request.url).searchParams.get("limit") ?? "") ?? 100;
  return Response.json(recentRedemptions(limit).map(redemptionJson));
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiAdmin(request);
  return methodNotAllowed({ request });
}
