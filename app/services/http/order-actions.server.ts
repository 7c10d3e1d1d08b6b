// The form posts and pages of My Orders and the order pages: move a pickup (its own page,
// /order/{confirmationNumber}/move, where the date picker offers only bookable slots and saves the new
// one directly, with no payment), and cancel it. The rules are the orders domain's; the API calls the
// same ones (PUT /api/pickup-requests/{id} is modifyPickup too).
import { data, redirect } from "@remix-run/node";
import { BookingError } from "~/services/booking/booking-error.server";
import { bookingPage, readSlotChoice } from "~/services/booking/choice.server";
import { cancelPickup, modifyPickup, pickupToMove } from "~/services/pickups/changes.server";
import { findPickup, findPickupById, type PickupRow } from "~/services/pickups/pickups.server";
import { getLanguage } from "./language.server";
import { reject, submissionOf } from "./forms.server";
import { redirectWithToast } from "./toast.server";
import { formatDate, windowLabel } from "~/lib/dates";
import { HISTORY_PATH, movedFrom, movePath } from "~/lib/paths";
import { formatMoney } from "~/lib/pricing";
import type { RefundStatus } from "~/services/payments/provider-types";
import type { User } from "../../../db/schema";
import { parseId } from "~/lib/ids";
import { changeBagsWithoutPayment } from "~/services/checkout/bag-change.server";
import { changeBagsWithPayment, payBagChangeWithSimulatedCard } from "~/services/checkout/bag-change-payment.server";
import { AuthenticationRequired, CardError } from "~/services/checkout/simulated-card.server";
import { pickupPayments } from "~/services/booking/pickup-emails.server";
import { isSimulated, paymentProvider } from "~/services/payments/provider.server";
import { db } from "~/services/platform/db.server";
import { bagChangePrice } from "~/lib/bag-change";
import { CardFormSchema, parseExpiry } from "~/lib/checkout-schema";
import { orderPath } from "~/lib/paths";
import { BAG_OPTIONS, parseBagCount, type BagCount } from "~/lib/pricing";

/**
 * A bag more or less (issue 45 part 5), the API's PUT and the order page's: with the intent that paid the
 * difference, applied once; without, fewer bags refunded in full (more that cost more: 402).
 */
export function changeBags(user: User, pickupId: number, bags: BagCount, paymentIntentId: string | null) {
  return paymentIntentId
    ? changeBagsWithPayment(user, pickupId, bags, paymentIntentId)
    : changeBagsWithoutPayment(user, pickupId, bags);
}

/**
 * The resident's own order for an order page, or a thrown 404 that the page's error boundary shows
 * with the orders' not-found words (its title for the tab). Someone else's reads the same as none.
 */
export function ownOrderOr404(user: User, confirmationNumber: string | undefined, t: (key: string) => string) {
  const order = findPickup(user.id, confirmationNumber ?? "");
  if (!order) throw data({ title: t("orders:order.notFoundTitle") }, { status: 404 });
  return order;
}

/** A change refused by the domain, answered on the page it was asked from: the reason, and a toast. */
export function changeRefused(form: FormData, error: BookingError, title: string) {
  const reason = `checkout:${error.key}`;
  return reject(submissionOf(form), { formErrors: [reason], toast: { title, description: reason } });
}

/** My Orders' Modify posted by an older page (a kept tab): the pickup's move page, when it can still move. */
export function startModify(user: User, pickupId: number) {
  return redirect(movePath(pickupToMove(user.id, pickupId).confirmationNumber), 303);
}

/**
 * The spec's address for moving, /booking?modify=true&pickupId={id} (or &confirmationNumber={cn}): the
 * pickup's move page. Without a pickup of this resident, My Orders shows where things stand.
 */
export function legacyMoveRedirect(user: User, params: URLSearchParams | FormData, status: 302 | 303 = 302) {
  const id = parseId(params.get("pickupId"));
  const number = params.get("confirmationNumber");
  const order =
    (id ? findPickupById(user.id, id) : null) ?? (typeof number === "string" ? findPickup(user.id, number) : null);
  return redirect(order ? movePath(order.confirmationNumber) : HISTORY_PATH, status);
}

/**
 * What the move page shows: the pickup (own, still changeable: otherwise My Orders with the reason) and
 * the date picker for its prefix, its bags fixed.
 */
export async function movePage(request: Request, user: User, order: PickupRow, query: URLSearchParams) {
  const lng = await getLanguage(request);
  if (!order.changes.allowed) {
    const toast = {
      type: "error" as const,
      title: "orders:toast.modifyFailed",
      description: "checkout:errors.tooLateToChange",
    };
    throw await redirectWithToast(request, HISTORY_PATH, toast);
  }
  // Opened from My Orders for the slot it was on: moved since (Back after the move), My Orders as it stands.
  const from = query.get("from");
  if (from !== null && from !== movedFrom(order.slot)) throw redirect(HISTORY_PATH);
  query.set("bags", String(order.bagsRequested));
  return {
    lng,
    ...bookingPage(user, lng, query),
    modify: {
      confirmationNumber: order.confirmationNumber,
      bags: order.bagsRequested,
      slotId: order.slot.id,
      from,
      // The page's own address, for its forms (given here: lib/paths stays out of this page's script).
      path: movePath(order.confirmationNumber),
      // What the resident is moving from, said first: "Wed, Nov 25, 8:00 AM - 12:00 PM".
      date: formatDate(order.slot.date, lng, "short"),
      window: windowLabel(order.slot.window, lng),
    },
  };
}

/**
 * The move page's Move: the new slot is saved (modifyPickup checks once that the pickup can still change
 * and that the slot can be booked) and My Orders says the new date; or the page comes back with the reason.
 */
export async function moveFromPage(request: Request, user: User, order: PickupRow, form: FormData) {
  const values = { bags: String(order.bagsRequested), date: form.get("date"), slotId: form.get("slotId") };
  const choice = readSlotChoice(values);
  let reason: string;
  if (choice.ok) {
    try {
      await modifyPickup(user, order.id, choice.slotId);
      const moved = findPickupById(user.id, order.id)!;
      return redirectWithToast(request, HISTORY_PATH, {
        title: "orders:modify.done",
        description: "orders:modify.doneDescription",
        values: { date: formatDate(moved.slot.date, user.locale) },
      });
    } catch (error) {
      if (!(error instanceof BookingError)) throw error;
      reason = `checkout:${error.key}`;
    }
  } else {
    reason = `booking:${choice.error}`;
  }
  const query = new URLSearchParams({
    bags: values.bags,
    date: String(values.date ?? ""),
    slotId: String(values.slotId ?? ""),
  });
  return refusedChoice(request, user, query, reason, "orders:toast.modifyFailed");
}

/**
 * A refused date choice on /booking or the move page: nothing is stored, and the page comes back with
 * the choices it can still show (the reply's values) and the reason.
 */
export async function refusedChoice(
  request: Request,
  user: User,
  query: URLSearchParams,
  reason: string,
  title: string,
) {
  const { selection } = bookingPage(user, await getLanguage(request), query);
  const shown = new FormData();
  for (const [name, value] of Object.entries(selection)) if (value) shown.set(name, String(value));
  return reject(submissionOf(shown), { formErrors: [reason], toast: { title, description: reason } });
}

/**
 * Cancels from the order's cancel page. A pickup already cancelled (a second tab, a resubmitted form)
 * answers the same outcome and changes nothing.
 */
export async function cancelFromPage(request: Request, user: User, order: PickupRow) {
  if (order.status === "Cancelled") {
    return cancelledAnswer(request, order.payment?.refundStatus ?? null, order.payment?.refundedCents ?? 0);
  }
  const cancelled = await cancelPickup(user, order.id);
  return cancelledAnswer(request, cancelled.refundStatus, cancelled.refundCents ?? 0);
}

// Where the refund stands, in the resident's words: sent, on its way, or refused (and retried), never
// announced as sent when it was not. The amount in the page's language, not the account's.
async function cancelledAnswer(request: Request, status: RefundStatus | null, refundCents: number) {
  const lng = await getLanguage(request);
  return redirectWithToast(request, HISTORY_PATH, {
    title: "orders:cancel.done",
    description: status ? `orders:refund.${status}` : "orders:refund.none",
    values: { amount: formatMoney(refundCents, lng) },
    ...(status === "failed" ? { type: "error" as const } : {}),
  });
}

/**
 * The order page's "Bags" section (issue 45 part 5), while the pickup can still change: each choice with
 * its new total and what it costs or gives back, and the one chosen (`?bags=`) to confirm or pay.
 */
export function bagChangeView(order: PickupRow, query: URLSearchParams) {
  if (!order.changes.allowed || order.status !== "Scheduled") return null;
  const priced = {
    bagsRequested: order.bagsRequested,
    promoDiscountCents: order.price.promoDiscountCents,
    serviceFeeCents: order.price.serviceFeeCents,
    totalCents: order.price.totalCents,
  };
  const options = BAG_OPTIONS.map((bags) => {
    const price = bagChangePrice(priced, bags);
    return { bags, differenceCents: price.differenceCents, totalCents: price.breakdown.totalCents };
  });
  const wanted = parseBagCount(query.get("bags"));
  const chosen = wanted && wanted !== order.bagsRequested ? options.find((o) => o.bags === wanted)! : null;
  const provider = paymentProvider();
  return {
    current: order.bagsRequested,
    options,
    chosen,
    cardForm: isSimulated(provider),
    stripeKey: provider.name === "stripe" ? provider.publishableKey : null,
    pickupId: order.id,
    confirmationNumber: order.confirmationNumber,
  };
}

/**
 * Back on the order page from Stripe's 3-D Secure page (the bag change's Payment Element, `?bags=` and
 * `payment_intent`): the paid change applied once (else the reconcile applies it), then the page with its
 * toast. Null when the address is not such a return.
 */
export async function bagsReturnFromStripe(request: Request, user: User, order: PickupRow) {
  const query = new URL(request.url).searchParams;
  const intentId = query.get("payment_intent");
  const bags = parseBagCount(query.get("bags"));
  if (!intentId || !bags) return null;
  const page = `${orderPath(order.confirmationNumber)}#bag-change`;
  try {
    const outcome = await changeBagsWithPayment(user, order.id, bags, intentId);
    const lng = await getLanguage(request);
    return redirectWithToast(request, page, {
      title: "orders:bagChange.done",
      description: "orders:bagChange.donePaid",
      values: { count: outcome.pickup.bagsRequested, amount: formatMoney(outcome.paidCents, lng) },
    });
  } catch (error) {
    if (!(error instanceof BookingError)) throw error;
    return redirectWithToast(request, page, {
      type: "error",
      title: "orders:bagChange.failed",
      description: `checkout:${error.key}`,
    });
  }
}

/** Every payment of the pickup and what was refunded of each: the receipt's "payments and refunds". */
export function paymentLedger(order: PickupRow) {
  return pickupPayments(db, order.id).map((p) => ({
    id: p.id,
    amountCents: p.amountCents,
    refundedCents: p.refundedCents,
    createdAt: p.createdAt,
    bagChange: p.purpose === "bag_change",
  }));
}

/**
 * The order page's Change bags: fewer (intent "bagsDown", the difference refunded in full) or more
 * (intent "bagsPay", the difference paid with the simulated card form; 3-D Secure goes on to the bank's
 * page). Done: the order page with a toast; refused: back to the chosen bags with the reason.
 */
export async function bagsFromPage(request: Request, user: User, order: PickupRow, form: FormData) {
  const bags = parseBagCount(form.get("bags"));
  const page = orderPath(order.confirmationNumber);
  const refused = (description: string, values?: Record<string, string>) =>
    redirectWithToast(request, `${page}${bags ? `?bags=${bags}` : ""}#bag-change`, {
      type: "error",
      title: "orders:bagChange.failed",
      description,
      values,
    });
  if (!bags) return refused("orders:bagChange.choose");
  try {
    let outcome;
    if (form.get("intent") === "bagsPay") {
      const card = CardFormSchema.safeParse(Object.fromEntries(form));
      if (!card.success) return refused(`checkout:${card.error.issues[0]?.message ?? "card.numberInvalid"}`);
      outcome = await payBagChangeWithSimulatedCard(user, order.id, bags, {
        cardNumber: card.data.cardNumber,
        cvc: card.data.cvc,
        postalCode: card.data.postalCode,
        ...parseExpiry(card.data.expiry)!,
      });
    } else {
      outcome = await changeBagsWithoutPayment(user, order.id, bags);
    }
    const lng = await getLanguage(request);
    return redirectWithToast(request, `${page}#bag-change`, {
      title: "orders:bagChange.done",
      description: outcome.paidCents
        ? "orders:bagChange.donePaid"
        : outcome.refundCents
          ? "orders:bagChange.doneRefunded"
          : undefined,
      values: {
        count: outcome.pickup.bagsRequested,
        amount: formatMoney(outcome.paidCents || outcome.refundCents, lng),
      },
    });
  } catch (error) {
    if (error instanceof AuthenticationRequired) return redirect(error.redirectUrl, 303);
    if (error instanceof CardError) return refused(`checkout:${error.key}`);
    if (error instanceof BookingError) return refused(`checkout:${error.key}`);
    throw error;
  }
}
