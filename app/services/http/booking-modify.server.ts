// /booking?modify=true: the pickup being moved is remembered in the session; the page offers only
// bookable slots and saves the new one directly (no payment), then returns to My Orders.
import { data, redirect } from "@remix-run/node";
import { checkBookingChoice } from "~/services/booking/choice.server";
import { BookingError } from "~/services/booking/book.server";
import { getLanguage } from "~/services/platform/i18n.server";
import { finishModify, forgetModify, modifyingPickupId } from "./order-actions.server";
import { findOrderById, type OrderRow } from "~/services/orders/orders.server";
import { bookingPage } from "~/services/booking/choice.server";
import { redirectWithToast } from "./toast.server";
import { type Toast } from "~/lib/toast";
import type { User } from "../../../db/schema";

type Moving =
  | { kind: "none" }
  | { kind: "forget"; setCookie: string }
  | { kind: "redirect"; response: Response }
  | { kind: "modify"; order: OrderRow };

export async function pickupBeingMoved(request: Request, user: User, modifyFlag: boolean): Promise<Moving> {
  const stored = await modifyingPickupId(request);
  if (!modifyFlag) return stored ? { kind: "forget", setCookie: await forgetModify(request) } : { kind: "none" };
  const order = stored ? findOrderById(user.id, stored) : null;
  if (!order || !order.changes.allowed) {
    const headers = new Headers({ "Set-Cookie": await forgetModify(request) });
    return {
      kind: "redirect",
      response: await redirectWithToast(
        request,
        "/history",
        {
          type: "error",
          title: "orders:toast.modifyFailed",
          description: order ? "checkout:errors.tooLateToChange" : "checkout:errors.orderNotFound",
        },
        headers,
      ),
    };
  }
  return { kind: "modify", order };
}

export async function moveAction(request: Request, user: User, form: FormData) {
  const moving = await pickupBeingMoved(request, user, true);
  if (moving.kind !== "modify") return moving.kind === "redirect" ? moving.response : redirect("/history");
  const values = { bags: String(moving.order.bagsRequested), date: form.get("date"), slotId: form.get("slotId") };
  const result = checkBookingChoice(user, values);
  let errorKey: string;
  if (result.ok) {
    try {
      return await finishModify(request, user, result.slotId);
    } catch (error) {
      if (!(error instanceof BookingError)) throw error;
      errorKey = `checkout:${error.key}`;
    }
  } else {
    errorKey = `booking:${result.error}`;
  }
  const lng = await getLanguage(request);
  const query = new URLSearchParams({
    bags: values.bags,
    date: String(values.date ?? ""),
    slotId: String(values.slotId ?? ""),
  });
  const { selection } = bookingPage(user, lng, query);
  const toast: Toast = {
    id: `modify-${Date.now()}`,
    type: "error",
    title: "orders:toast.modifyFailed",
    description: errorKey,
  };
  return data({ error: errorKey, selection, toast }, { status: 400 });
}
