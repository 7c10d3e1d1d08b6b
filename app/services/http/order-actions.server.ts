// The form posts of My Orders and the order pages: start moving a pickup (remembered in the session
// for /booking?modify=true, where the page offers only bookable slots and saves the new one directly,
// with no payment), move it, cancel it. The rules are the orders domain's; the API calls the same ones.
import { data, redirect } from "@remix-run/node";
import { checkBookingChoice, bookingPage } from "~/services/booking/choice.server";
import { BookingError } from "~/services/booking/errors.server";
import { cancelPickup, modifyPickup, pickupToMove } from "~/services/orders/changes.server";
import { findOrder, findOrderById, type OrderRow } from "~/services/orders/orders.server";
import { sessionStorage } from "~/services/accounts/session.server";
import { getLanguage } from "./i18n.server";
import { reject, submissionOf } from "./forms.server";
import { getSession } from "./session.server";
import { redirectWithToast } from "./toast.server";
import { replayUnlessPrimary } from "./replica.server";
import { formatDate } from "~/lib/dates";
import { formatMoney } from "~/lib/pricing";
import type { RefundStatus } from "~/services/payments/types";
import type { User } from "../../../db/schema";

/**
 * The resident's own order for an order page, or a thrown 404 that the page's error boundary shows
 * with the orders' not-found words (its title for the tab). Someone else's reads the same as none.
 */
export function ownOrderOr404(user: User, confirmationNumber: string | undefined, t: (key: string) => string) {
  const order = findOrder(user.id, confirmationNumber ?? "");
  if (!order) throw data({ title: t("orders:order.notFoundTitle") }, { status: 404 });
  return order;
}

/** A change refused by the domain, answered on the page it was asked from: the reason, and a toast. */
export function changeRefused(form: FormData, error: BookingError, title: string) {
  const reason = `checkout:${error.key}`;
  return reject(submissionOf(form), { formErrors: [reason], toast: { title, description: reason } });
}

/** Remembers which pickup is being moved and opens the date picker in modify mode. */
export async function startModify(request: Request, user: User, pickupId: number) {
  const order = pickupToMove(user.id, pickupId);
  const session = await getSession(request);
  session.set("modifyingPickupId", order.id);
  return redirect("/booking?modify=true", { headers: { "Set-Cookie": await sessionStorage.commitSession(session) } });
}

async function modifyingPickupId(request: Request): Promise<number | null> {
  const session = await getSession(request);
  const id = session.get("modifyingPickupId");
  return typeof id === "number" ? id : null;
}

/** Forgets a pickup being moved. */
async function forgetModify(request: Request) {
  const session = await getSession(request);
  session.unset("modifyingPickupId");
  return sessionStorage.commitSession(session);
}

type Moving =
  | { kind: "none" }
  | { kind: "forget"; setCookie: string }
  | { kind: "redirect"; response: Response }
  | { kind: "modify"; order: OrderRow };

/**
 * /booking's mode: a new booking, or moving the pickup remembered in the session. Without the modify
 * flag a remembered pickup is forgotten; with it, a pickup that can no longer move goes back to My Orders
 * (with the reason), and so does a page with no pickup being moved (Back after the move: no error).
 */
export async function pickupBeingMoved(request: Request, user: User, modifyFlag: boolean): Promise<Moving> {
  const stored = await modifyingPickupId(request);
  if (!modifyFlag) return stored ? { kind: "forget", setCookie: await forgetOnPrimary(request) } : { kind: "none" };
  // Nothing being moved (Back after a finished move, a kept tab): My Orders shows where things stand.
  if (stored === null) return { kind: "redirect", response: redirect("/history") };
  try {
    return { kind: "modify", order: pickupToMove(user.id, stored) };
  } catch (error) {
    if (!(error instanceof BookingError)) throw error;
    const headers = new Headers({ "Set-Cookie": await forgetOnPrimary(request) });
    const toast = { type: "error" as const, title: "orders:toast.modifyFailed", description: `checkout:${error.key}` };
    return { kind: "redirect", response: await redirectWithToast(request, "/history", toast, headers) };
  }
}

/** Forgetting writes the session's row: on a LiteFS replica the request is replayed on the primary first. */
async function forgetOnPrimary(request: Request) {
  const replay = replayUnlessPrimary(request);
  if (replay) throw replay;
  return forgetModify(request);
}

/** Saves the new slot, forgets the pickup being moved, and goes back to My Orders. */
async function finishModify(request: Request, user: User, pickupId: number, newSlotId: number) {
  const moved = await modifyPickup(user, pickupId, newSlotId);
  const headers = new Headers({ "Set-Cookie": await forgetModify(request) });
  const order = findOrderById(user.id, moved.id)!;
  return redirectWithToast(
    request,
    "/history",
    {
      title: "orders:modify.done",
      description: "orders:modify.doneDescription",
      values: { date: formatDate(order.slot.date, user.locale) },
    },
    headers,
  );
}

/** /booking?modify=true's Continue: the new slot is saved, or the page comes back with the reason. */
export async function moveAction(request: Request, user: User, form: FormData) {
  const moving = await pickupBeingMoved(request, user, true);
  if (moving.kind !== "modify") return moving.kind === "redirect" ? moving.response : redirect("/history");
  const values = { bags: String(moving.order.bagsRequested), date: form.get("date"), slotId: form.get("slotId") };
  const result = checkBookingChoice(user, values);
  let reason: string;
  if (result.ok) {
    try {
      return await finishModify(request, user, moving.order.id, result.slotId);
    } catch (error) {
      if (!(error instanceof BookingError)) throw error;
      reason = `checkout:${error.key}`;
    }
  } else {
    reason = `booking:${result.error}`;
  }
  const query = new URLSearchParams({
    bags: values.bags,
    date: String(values.date ?? ""),
    slotId: String(values.slotId ?? ""),
  });
  return refusedChoice(request, user, query, reason, "orders:toast.modifyFailed");
}

/**
 * A refused date choice on /booking (new or moving): nothing is stored, and the page comes back with
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
export async function cancelFromPage(request: Request, user: User, order: OrderRow) {
  if (order.status === "Cancelled") {
    return cancelledAnswer(request, user, order.payment?.refundStatus ?? null, order.payment?.refundedCents ?? 0);
  }
  const cancelled = await cancelPickup(user, order.id);
  return cancelledAnswer(request, user, cancelled.refundStatus, cancelled.refundCents ?? 0);
}

// Where the refund stands, in the resident's words: sent, on its way, or refused (and retried), never
// announced as sent when it was not.
function cancelledAnswer(request: Request, user: User, status: RefundStatus | null, refundCents: number) {
  return redirectWithToast(request, "/history", {
    title: "orders:cancel.done",
    description: status ? `orders:refund.${status}` : "orders:refund.none",
    values: { amount: formatMoney(refundCents, user.locale) },
    ...(status === "failed" ? { type: "error" as const } : {}),
  });
}
