// The form posts of My Orders and the order pages: start moving a pickup (remembered in the session
// for /booking?modify=true), move it, cancel it. Shared by the pages; the API calls the same services.
import { redirect } from "@remix-run/node";
import { BookingError } from "~/services/booking/book.server";
import { findOrderById } from "~/services/orders/orders.server";
import { cancelPickup, modifyPickup } from "~/services/orders/changes.server";
import { redirectWithToast } from "./toast.server";
import { sessionStorage } from "~/services/accounts/session.server";
import { getSession } from "./session.server";
import { formatDate } from "~/lib/dates";
import { formatMoney } from "~/lib/pricing";
import type { User } from "../../../db/schema";

/** Remembers which pickup is being moved and opens the date picker in modify mode. */
export async function startModify(request: Request, user: User, pickupId: number) {
  const order = findOrderById(user.id, pickupId);
  if (!order) throw new BookingError("errors.orderNotFound", 404);
  if (!order.changes.allowed) throw new BookingError("errors.tooLateToChange", 409);
  const session = await getSession(request);
  session.set("modifyingPickupId", order.id);
  return redirect("/booking?modify=true", { headers: { "Set-Cookie": await sessionStorage.commitSession(session) } });
}

export async function modifyingPickupId(request: Request): Promise<number | null> {
  const session = await getSession(request);
  const id = session.get("modifyingPickupId");
  return typeof id === "number" ? id : null;
}

/** Saves the new slot, forgets the pickup being moved, and goes back to My Orders. */
export async function finishModify(request: Request, user: User, newSlotId: number) {
  const pickupId = await modifyingPickupId(request);
  if (!pickupId) throw new BookingError("errors.orderNotFound", 404);
  const moved = await modifyPickup(user, pickupId, newSlotId);
  const session = await getSession(request);
  session.unset("modifyingPickupId");
  const headers = new Headers({ "Set-Cookie": await sessionStorage.commitSession(session) });
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

/** Forgets a pickup being moved (the modify flag is gone from the URL). */
export async function forgetModify(request: Request) {
  const session = await getSession(request);
  session.unset("modifyingPickupId");
  return sessionStorage.commitSession(session);
}

export async function cancelFromPage(request: Request, user: User, pickupId: number) {
  const cancelled = await cancelPickup(user, pickupId);
  return redirectWithToast(request, "/history", {
    title: "orders:cancel.done",
    description: "orders:cancel.doneDescription",
    values: { amount: formatMoney(cancelled.refundCents ?? 0, user.locale) },
  });
}

export function errorToastFor(error: BookingError, title: string) {
  return { id: String(Date.now()), type: "error" as const, title, description: `checkout:${error.key}` };
}
