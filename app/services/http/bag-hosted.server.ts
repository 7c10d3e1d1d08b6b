// The order page's bag more without JavaScript on Stripe (issue 45 part 5): "Pay the difference" (intent
// "bagsHosted") goes to Stripe's hosted Checkout for exactly the difference; Stripe sends the resident back
// to the order page (`?bags=&session_id=`), whose loader applies the paid change once and shows it with its
// toast (Cancel on Stripe's page: back to the chosen bags, nothing changed).
import { redirect } from "@remix-run/node";
import { BookingError } from "~/services/booking/booking-error.server";
import { applyHostedBagChange, startHostedBagChange } from "~/services/checkout/bag-change-hosted.server";
import { findPickupById, type PickupRow } from "~/services/pickups/pickups.server";
import { appUrl } from "~/services/platform/config.server";
import { getLanguage } from "./language.server";
import { redirectWithToast } from "./toast.server";
import { orderPath } from "~/lib/paths";
import { formatMoney, parseBagCount } from "~/lib/pricing";
import type { User } from "../../../db/schema";

const failed = (request: Request, url: string, description: string) =>
  redirectWithToast(request, url, { type: "error", title: "orders:bagChange.failed", description });

/** The order page's "Pay the difference" with Stripe and without JavaScript: on to Stripe's page (303). */
export async function bagsHostedFromPage(request: Request, user: User, order: PickupRow, form: FormData) {
  const bags = parseBagCount(form.get("bags"));
  const page = orderPath(order.confirmationNumber);
  if (!bags) return failed(request, `${page}#bag-change`, "orders:bagChange.choose");
  const base = `${appUrl()}${page}?bags=${bags}`;
  try {
    const session = await startHostedBagChange(user, order.id, bags, {
      successUrl: `${base}&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: base,
    });
    return redirect(session.url, 303);
  } catch (error) {
    if (!(error instanceof BookingError)) throw error;
    if (error.key === "errors.bagChangePaid") {
      // Paid meanwhile (another tab, Stripe's page paid before Back): applied now, and said as done.
      const count = findPickupById(user.id, order.id)?.bagsRequested ?? bags;
      return redirectWithToast(request, `${page}#bag-change`, {
        title: "orders:bagChange.done",
        description: "checkout:errors.bagChangePaid",
        values: { count },
      });
    }
    return failed(request, `${page}?bags=${bags}#bag-change`, `checkout:${error.key}`);
  }
}

/**
 * Back on the order page from Stripe's hosted page (`?bags=&session_id=`): the paid change applied once,
 * then the page with its toast (the address without the session, so a reload asks nothing again). Null
 * when the address is not such a return.
 */
export async function bagsReturnFromHosted(request: Request, user: User, order: PickupRow) {
  const query = new URL(request.url).searchParams;
  const sessionId = query.get("session_id");
  if (sessionId === null) return null;
  const bags = parseBagCount(query.get("bags"));
  const page = `${orderPath(order.confirmationNumber)}#bag-change`;
  if (!bags) return failed(request, page, "checkout:errors.paymentNotFound");
  try {
    const outcome = await applyHostedBagChange(user, order.id, bags, sessionId);
    const lng = await getLanguage(request);
    return redirectWithToast(request, page, {
      title: "orders:bagChange.done",
      description: outcome.changed ? "orders:bagChange.donePaid" : undefined,
      values: { count: outcome.pickup.bagsRequested, amount: formatMoney(outcome.paidCents, lng) },
    });
  } catch (error) {
    if (!(error instanceof BookingError)) throw error;
    const reason = error.key === "errors.paymentNotCompleted" ? "orders:bagChange.notPaid" : `checkout:${error.key}`;
    return failed(request, `${orderPath(order.confirmationNumber)}?bags=${bags}#bag-change`, reason);
  }
}
