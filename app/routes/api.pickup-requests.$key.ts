// GET /api/pickup-requests/{confirmationNumber}: the order; PUT /api/pickup-requests/{id} {pickupSlotId}:
// move it, or {bagCount, paymentIntentId?}: a bag more (its difference paid by that intent) or less (the
// difference refunded in full), issue 45 part 5; DELETE /api/pickup-requests/{id}: cancel it with its refund. Only the resident's own pickups.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiMessage, checkoutApiError, parseApiBody } from "~/services/http/api.server";
import { orderDetailJson, orderJson } from "~/services/http/api-json.server";
import { readJson } from "~/services/http/request.server";
import { getLanguage, getT } from "~/services/http/language.server";
import { findPickup, findPickupById, taxNumbers } from "~/services/pickups/pickups.server";
import { cancelPickup, modifyPickup } from "~/services/pickups/changes.server";
import { requireApiUser } from "~/services/http/current-user.server";
import { formatMoney } from "~/lib/pricing";
import { BagChangeSchema, jsonIdField, namesField } from "~/lib/checkout-schema";
import { changeBags } from "~/services/http/order-actions.server";
import type { BagCount } from "~/lib/pricing";
import { methodNotAllowed } from "~/services/http/edge-guard.server";
import { parseId } from "~/lib/ids";

const MoveSchema = z.object({ pickupSlotId: jsonIdField });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const order = findPickup(user.id, params.key ?? "");
  if (!order) return apiMessage(request, "checkout:errors.orderNotFound", 404);
  return Response.json(orderDetailJson(order, taxNumbers(), await getLanguage(request)), {
    headers: { "Cache-Control": "private, no-store" },
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  const id = parseId(params.key) ?? 0; // no pickup has id 0: answered as not found
  let cancelled: Awaited<ReturnType<typeof cancelPickup>> | null = null;
  try {
    if (request.method === "PUT") {
      const raw: unknown = await request
        .clone()
        .json()
        .catch(() => null);
      if (namesField(raw, "bagCount")) {
        const { bagCount, paymentIntentId } = await parseApiBody(request, BagChangeSchema, "PUT", "checkout");
        const outcome = await changeBags(user, id, bagCount as BagCount, paymentIntentId ?? null);
        const order = findPickupById(user.id, id)!;
        return Response.json({
          ...orderJson(order, await getLanguage(request)),
          bagsChanged: outcome.changed,
          paidAmount: outcome.paidCents / 100,
          refundAmount: outcome.refundCents / 100,
        });
      }
      const { pickupSlotId } = await parseApiBody(request, MoveSchema, "PUT", "checkout");
      await modifyPickup(user, id, pickupSlotId);
    } else if (request.method === "DELETE") {
      // No body by contract: a malformed or non-JSON one is refused (400/415) before anything is cancelled.
      await readJson(request);
      cancelled = await cancelPickup(user, id);
    } else {
      return methodNotAllowed({ request });
    }
  } catch (error) {
    return checkoutApiError(request, error);
  }
  const order = findPickupById(user.id, id)!;
  const lng = await getLanguage(request);
  if (!cancelled)
    return Response.json({ ...orderJson(order, lng), refundAmount: (order.payment?.refundedCents ?? 0) / 100 });
  // The refund and where it stands ("succeeded", "pending", "failed"; null when none was due), with the
  // words the resident reads; a refused refund is no money back (yet), so its amount answers 0.
  const refundCents = cancelled.refundCents ?? 0;
  const refundStatus = cancelled.refundStatus;
  const t = await getT(request, "orders");
  const refundMessage = refundStatus ? t(`refund.${refundStatus}`, { amount: formatMoney(refundCents, lng) }) : null;
  return Response.json({
    ...orderJson(order, lng),
    refundAmount: refundStatus === "failed" ? 0 : refundCents / 100,
    refundStatus,
    refundMessage,
    ...(refundStatus === "failed" ? { refundFailed: true, message: refundMessage } : {}),
  });
}
