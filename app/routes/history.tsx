import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { StatusBadge } from "~/components/orders/status-badge";
import { Toaster } from "~/components/toaster";
import { formatDate, formatDateTime, windowLabel } from "~/lib/format";
import { titleMeta } from "~/lib/meta";
import { formatMoney } from "~/lib/pricing";
import { BookingError } from "~/services/booking/book.server";
import { readForm } from "~/services/http/request.server";
import { getT } from "~/services/platform/i18n.server";
import { errorToastFor, startModify } from "~/services/http/order-actions.server";
import { listOrders } from "~/services/orders/orders.server";
import { requireUser } from "~/services/http/session.server";

export const handle = { i18n: ["common", "orders", "checkout"] };
export const meta: MetaFunction = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const t = await getT(request, "orders");
  return { title: t("history.title"), orders: listOrders(user.id) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const id = Number(form.get("pickupId"));
  if (form.get("intent") !== "modify") return data({ toast: null }, { status: 400 });
  try {
    return await startModify(request, user, id);
  } catch (error) {
    if (!(error instanceof BookingError)) throw error;
    return data({ toast: errorToastFor(error, "orders:toast.modifyFailed") }, { status: error.status });
  }
}

export default function History() {
  const { t, i18n } = useTranslation(["orders", "common"]);
  const { orders } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lng = i18n.language;
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        <h1 className="page-title">{t("history.title")}</h1>
        {orders.length ? (
          <Link to="/materials" className="btn-link text-sm">
            {t("history.bookAnother")}
          </Link>
        ) : null}
      </div>
      {orders.length === 0 ? (
        <div className="card text-center">
          <p className="text-stone-700">{t("history.empty")}</p>
          <Link to="/materials" className="btn-primary mt-3">
            {t("history.emptyCta")}
          </Link>
        </div>
      ) : (
        <ul className="space-y-3">
          {orders.map((order) => (
            <li key={order.id} className="card" data-testid="order-card" data-confirmation={order.confirmationNumber}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h2 className="font-semibold">{formatDate(order.slot.date, lng)}</h2>
                <StatusBadge status={order.displayStatus} />
              </div>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-stone-800">
                <dt className="text-stone-600">{t("history.confirmation")}</dt>
                <dd>
                  <Link to={`/order/${order.confirmationNumber}`} className="btn-link font-mono">
                    {order.confirmationNumber}
                  </Link>
                </dd>
                <dt className="text-stone-600">{t("history.window")}</dt>
                <dd>{windowLabel(order.slot.window, lng)}</dd>
                <dt className="text-stone-600">{t("history.bagsLabel")}</dt>
                <dd>{t("history.bags", { count: order.bagsRequested })}</dd>
                <dt className="text-stone-600">{t("history.areas")}</dt>
                <dd className="break-words">
                  {order.slot.serviceAreas.length ? order.slot.serviceAreas.join(", ") : order.postalFsa}
                </dd>
                <dt className="text-stone-600">{t("history.ordered")}</dt>
                <dd>{formatDateTime(order.createdAt, lng)}</dd>
                <dt className="text-stone-600">{t("history.price")}</dt>
                <dd>
                  {order.price.isFree ? t("order.free") : formatMoney(order.price.totalCents, lng)}
                  {order.payment?.refundedCents ? (
                    <span className="ml-2 text-stone-600">
                      ({t("history.refunded", { amount: formatMoney(order.payment.refundedCents, lng) })})
                    </span>
                  ) : null}
                </dd>
              </dl>
              {order.changes.visible ? (
                <div className="mt-3 border-t border-stone-200 pt-3">
                  <div className="flex gap-2">
                    <Form method="post" className="flex-1">
                      <input type="hidden" name="pickupId" value={order.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="modify"
                        className="btn-secondary w-full"
                        disabled={!order.changes.allowed}
                        aria-describedby={order.changes.allowed ? undefined : `closed-${order.id}`}
                      >
                        {t("history.modify")}
                      </button>
                    </Form>
                    {order.changes.allowed ? (
                      <Link
                        to={`/order/${order.confirmationNumber}/cancel`}
                        className="btn-secondary flex-1 text-red-800"
                      >
                        {t("history.cancel")}
                      </Link>
                    ) : (
                      <button
                        type="button"
                        className="btn-secondary flex-1"
                        disabled
                        aria-describedby={`closed-${order.id}`}
                      >
                        {t("history.cancel")}
                      </button>
                    )}
                  </div>
                  {order.changes.allowed ? null : (
                    <p id={`closed-${order.id}`} className="mt-2 text-sm text-stone-700">
                      {t("history.changesClosed")}
                    </p>
                  )}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Toaster toast={actionData?.toast ?? null} />
    </div>
  );
}
