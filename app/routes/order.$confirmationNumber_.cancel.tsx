// Cancelling asks first, on its own page (works without JavaScript): the fee, the refund, and that it is final.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Toaster } from "~/components/toaster";
import { formatDate, windowLabel } from "~/lib/format";
import { titleMeta } from "~/lib/meta";
import { cancellationFeeCents, formatMoney } from "~/lib/pricing";
import { BookingError } from "~/services/booking/book.server";
import { assertSameOrigin } from "~/services/http/request.server";
import { getT } from "~/services/platform/i18n.server";
import { cancelFromPage, errorToastFor } from "~/services/http/order-actions.server";
import { findOrder } from "~/services/orders/orders.server";
import { requireUser } from "~/services/http/session.server";

export const handle = { i18n: ["common", "orders", "checkout"] };
export const meta: MetaFunction = titleMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const t = await getT(request, "orders");
  const order = findOrder(user.id, params.confirmationNumber ?? "");
  if (!order) throw new Response("Order not found", { status: 404 });
  return { title: t("cancel.title"), order, feeCents: cancellationFeeCents() };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  assertSameOrigin(request);
  const order = findOrder(user.id, params.confirmationNumber ?? "");
  if (!order) throw new Response("Order not found", { status: 404 });
  try {
    return await cancelFromPage(request, user, order.id);
  } catch (error) {
    if (!(error instanceof BookingError)) throw error;
    return data(
      { toast: errorToastFor(error, "orders:toast.cancelFailed"), error: `checkout:${error.key}` },
      { status: error.status },
    );
  }
}

export default function CancelPickup() {
  const { t, i18n } = useTranslation(["orders", "common"]);
  const { order, feeCents } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const lng = i18n.language;
  const refund = formatMoney(order.changes.refundIfCancelledCents, lng);
  return (
    <div className="card mx-auto max-w-md space-y-3">
      <h1 className="page-title">{t("cancel.title")}</h1>
      <p>
        {t("cancel.intro", {
          number: order.confirmationNumber,
          date: formatDate(order.slot.date, lng),
          window: windowLabel(order.slot.window, lng),
        })}
      </p>
      <p>{t("cancel.fee", { fee: formatMoney(feeCents, lng) })}</p>
      <p className="font-semibold" data-testid="refund-amount">
        {t("cancel.refund", { amount: refund, total: formatMoney(order.price.totalCents, lng) })}
      </p>
      <p className="text-red-800">{t("cancel.final")}</p>
      {actionData?.error ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800">
          {t(actionData.error)}
        </p>
      ) : null}
      {order.changes.allowed ? (
        <Form method="post">
          <button type="submit" className="btn-danger w-full" disabled={navigation.state !== "idle"}>
            {navigation.state !== "idle" ? t("cancel.confirming") : t("cancel.confirm", { amount: refund })}
          </button>
        </Form>
      ) : (
        <p className="text-stone-700">{t("history.changesClosed")}</p>
      )}
      <Link to="/history" className="btn-secondary w-full">
        {t("cancel.keep")}
      </Link>
      <Toaster toast={actionData?.toast ?? null} />
    </div>
  );
}
