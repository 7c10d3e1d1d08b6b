// Cancelling asks first, on its own page (works without JavaScript): the fee, the refund, and that it is final.
// Once cancelled (Back, a reload, a second tab) the page shows the outcome, never the question again.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionAnswer } from "~/components/action-answer";
import { useTranslation } from "react-i18next";
import { PickupError } from "~/components/pickups/pickup-error";
import { Toaster } from "~/components/toaster";
import { FormError, useReply } from "~/components/ui/plain-field";
import { bagsOutBy, formatDate, formatDateTime, windowLabel } from "~/lib/format";
import type { Toast } from "~/lib/toast";
import { titleOrErrorMeta } from "~/lib/meta";
import { cancellationFeeCents, formatMoney } from "~/lib/pricing";
import {
  BookingError,
  cancelFromPage,
  changeRefused,
  ownOrderOr404,
  assertSameOrigin,
  readForm,
  requireUser,
  getT,
} from "~/services/http/pages.server";

export const handle = { i18n: ["common", "orders", "checkout"] };
export const meta: MetaFunction = titleOrErrorMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const t = await getT(request, "orders");
  const order = ownOrderOr404(user, params.confirmationNumber, t);
  const title = order.status === "Cancelled" ? t("cancel.done") : t("cancel.title");
  return { title, order, feeCents: cancellationFeeCents() };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  assertSameOrigin(request);
  const order = ownOrderOr404(user, params.confirmationNumber, await getT(request, "orders"));
  const form = await readForm(request);
  try {
    return await cancelFromPage(request, user, order);
  } catch (error) {
    if (!(error instanceof BookingError)) throw error;
    return changeRefused(form, error, "orders:toast.cancelFailed");
  }
}

export default function CancelPickup() {
  const { t, i18n } = useTranslation(["orders", "common"]);
  const { order, feeCents } = useLoaderData<typeof loader>();
  const actionData = useActionAnswer<typeof action>();
  const reply = useReply(actionData?.reply, "cancel");
  const navigation = useNavigation();
  const lng = i18n.language;
  if (order.status === "Cancelled") return <CancelledOutcome order={order} />;
  if (!order.changes.allowed) return <CancelClosed order={order} toast={actionData?.toast ?? null} />;
  const refundCents = order.changes.refundIfCancelledCents;
  const refund = formatMoney(refundCents, lng);
  const total = formatMoney(order.price.totalCents, lng);
  return (
    <div className="card mx-auto max-w-md space-y-3">
      <Toaster toast={actionData?.toast ?? null} />
      <h1 className="page-title">{t("cancel.title")}</h1>
      <PickupLine order={order} />
      <p>{order.dateClosed ? t("cancel.dateClosedNoFee") : t("cancel.fee", { fee: formatMoney(feeCents, lng) })}</p>
      <p className="font-semibold" data-testid="refund-amount">
        {refundCents > 0 ? t("cancel.refund", { amount: refund, total }) : t("cancel.noRefund", { total })}
      </p>
      <p className="text-red-800">{t("cancel.final")}</p>
      <FormError id={reply.errorId} errors={reply.formErrors} />
      <Form method="post">
        <button type="submit" className="btn-danger w-full" disabled={navigation.state !== "idle"}>
          {navigation.state !== "idle"
            ? t("cancel.confirming")
            : refundCents > 0
              ? t("cancel.confirm", { amount: refund })
              : t("cancel.confirmNoRefund")}
        </button>
      </Form>
      <Link to="/history" className="btn-secondary w-full">
        {t("cancel.keep")}
      </Link>
    </div>
  );
}

/**
 * Past the 12-hour cutoff (or a pickup no longer Scheduled): no refund is promised and no button offered;
 * the pickup stays booked, the resident is told when to put the bags out and where to go next.
 */
function CancelClosed({ order, toast }: { order: CancelledPickupView; toast: Toast | null }) {
  const { t, i18n } = useTranslation(["orders", "common"]);
  return (
    <div className="card mx-auto max-w-md space-y-3" data-testid="cancel-closed">
      <Toaster toast={toast} />
      <h1 className="page-title">{t("cancel.closedTitle")}</h1>
      <PickupLine order={order} />
      <p>
        {order.status === "Scheduled"
          ? t("cancel.closed", { outBy: bagsOutBy(order.slot.window, i18n.language) })
          : t("cancel.notScheduled")}
      </p>
      <Link to={`/order/${order.confirmationNumber}`} className="btn-primary w-full">
        {t("cancel.viewReceipt")}
      </Link>
      <Link to="/history" className="btn-secondary w-full">
        {t("cancel.toOrders")}
      </Link>
    </div>
  );
}

type CancelledPickupView = ReturnType<typeof useLoaderData<typeof loader>>["order"];

/** "Pickup X on <date>, <window>." */
function PickupLine({ order }: { order: CancelledPickupView }) {
  const { t, i18n } = useTranslation("orders");
  const lng = i18n.language;
  const date = formatDate(order.slot.date, lng);
  return (
    <p>{t("cancel.intro", { number: order.confirmationNumber, date, window: windowLabel(order.slot.window, lng) })}</p>
  );
}

/** What a cancelled pickup's cancel page shows (reached by Back, a reload or a second tab): the outcome. */
function CancelledOutcome({ order }: { order: CancelledPickupView }) {
  const { t, i18n } = useTranslation(["orders", "common"]);
  const lng = i18n.language;
  const refundStatus = order.payment?.refundStatus ?? null;
  return (
    <div className="card mx-auto max-w-md space-y-3" data-testid="cancel-outcome">
      <h1 className="page-title">{t("cancel.done")}</h1>
      <PickupLine order={order} />
      {order.cancelledAt ? <p>{t("cancel.cancelledOn", { when: formatDateTime(order.cancelledAt, lng) })}</p> : null}
      <p className="font-semibold">
        {t(refundStatus ? `refund.${refundStatus}` : "refund.none", {
          amount: formatMoney(order.payment?.refundedCents ?? 0, lng),
        })}
      </p>
      <Link to={`/order/${order.confirmationNumber}`} className="btn-primary w-full">
        {t("cancel.viewReceipt")}
      </Link>
      <Link to="/history" className="btn-secondary w-full">
        {t("cancel.toOrders")}
      </Link>
    </div>
  );
}

export { PickupError as ErrorBoundary };
