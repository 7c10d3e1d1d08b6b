// The order page's side of "our fault costs the resident nothing" (issue 42 part 2): what the page
// offers (services/stops remedyView, in the reader's language) and its two posts, a free rebook in a
// chosen window or a full refund, each answered POST → 303 → GET with a toast (a refusal too).
import { redirectWithToast } from "./toast.server";
import { BookingError } from "~/services/booking/booking-error.server";
import { db } from "~/services/platform/db.server";
import { ownPickupByNumber, rebookFree, refundOwnPickup, remedyView } from "~/services/stops/remedies.server";
import { StopError } from "~/services/stops/stop-error.server";
import { doorRecord } from "~/services/stops/door.server";
import { formatDate, windowLabel } from "~/lib/dates";
import { orderPath } from "~/lib/paths";
import { formatMoney } from "~/lib/pricing";
import type { User } from "../../../db/schema";

/** What the order page shows about a pickup we missed by our fault; null for every other pickup. */
export function orderRemedy(user: User, confirmationNumber: string, lng: string) {
  const pickup = ownPickupByNumber(user.id, confirmationNumber);
  // Only a pickup missed (by our fault) or already refunded has a remedy: most orders stop here.
  if (!pickup || (pickup.status !== "Missed" && pickup.remedy !== "refund")) return null;
  const view = remedyView(pickup);
  if (!view.ourFault && view.chosen !== "refund") return null;
  return {
    ...view,
    reason: pickup.missedReason,
    refund: formatMoney(view.refundCents, lng),
    slots: view.slots.map((slot) => ({
      id: slot.id,
      label: `${formatDate(slot.date, lng)} · ${windowLabel(slot.window, lng)}`,
    })),
  };
}

/** Issue 47: what the order page shows of a Completed pickup's door (the resident's own, found already). */
export function orderDoorRecord(order: { id: number; status: string; bagsRequested: number }) {
  return doorRecord(db, order);
}

/** The order page's post: `rebook` (a slot) or `refund`; anything else is the page again. */
export async function remedyFromPage(request: Request, user: User, confirmationNumber: string, form: FormData) {
  const intent = form.get("intent");
  const back = orderPath(confirmationNumber);
  try {
    if (intent === "rebook") {
      const fresh = rebookFree(user.id, confirmationNumber, form.get("slotId"));
      return redirectWithToast(request, orderPath(fresh.confirmationNumber), {
        title: "stops:remedy.rebookedToast",
        values: { confirmationNumber: fresh.confirmationNumber },
      });
    }
    if (intent === "refund") {
      const refund = await refundOwnPickup(user.id, confirmationNumber);
      return redirectWithToast(request, `${back}#our-fault`, {
        title: "stops:remedy.refundedToast",
        values: { amount: formatMoney(refund.amountCents, user.locale ?? "en") },
      });
    }
  } catch (error) {
    if (error instanceof StopError && error.status === 404) throw new Response("Not Found", { status: 404 });
    const key = error instanceof StopError ? error.key : error instanceof BookingError ? `checkout:${error.key}` : null;
    if (!key) throw error;
    return redirectWithToast(request, `${back}#our-fault`, {
      title: key,
      values: error instanceof StopError ? error.values : undefined,
      type: "error",
    });
  }
  return redirectWithToast(request, back, {
    title: "stops:errors.remedyClosed",
    values: { confirmationNumber },
    type: "error",
  });
}
