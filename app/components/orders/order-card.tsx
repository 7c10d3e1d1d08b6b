// One pickup in My Orders: its date and status, the details, and (while it can still change) the
// buttons to move or cancel it. Moving posts to /history; cancelling asks first on its own page.
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate, formatDateTime, windowLabel } from "~/lib/format";
import { formatMoney } from "~/lib/pricing";
import type { DisplayStatus } from "~/lib/pickup-status";
import { ServiceAreas } from "./service-areas";
import { StatusBadge } from "./status-badge";

export type OrderCardView = {
  id: number;
  confirmationNumber: string;
  displayStatus: DisplayStatus;
  bagsRequested: number;
  postalFsa: string;
  createdAt: number;
  slot: { date: string; window: "morning" | "afternoon"; serviceAreas: string[] };
  price: { totalCents: number; isFree: boolean };
  payment: { refundedCents: number; refundStatus: "succeeded" | "pending" | "failed" | null } | null;
  changes: { visible: boolean; allowed: boolean };
};

export function OrderCard({ order }: { order: OrderCardView }) {
  const { t, i18n } = useTranslation(["orders", "common"]);
  const lng = i18n.language;
  return (
    <li className="card" data-testid="order-card" data-confirmation={order.confirmationNumber}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="font-semibold">{formatDate(order.slot.date, lng)}</h2>
        <StatusBadge status={order.displayStatus} />
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-stone-800 narrow:grid-cols-1 narrow:gap-y-0">
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
          <ServiceAreas own={order.postalFsa} areas={order.slot.serviceAreas} />
        </dd>
        <dt className="text-stone-600">{t("history.ordered")}</dt>
        <dd>{formatDateTime(order.createdAt, lng)}</dd>
        <dt className="text-stone-600">{t("history.price")}</dt>
        <dd>
          {order.price.isFree ? t("order.free") : formatMoney(order.price.totalCents, lng)}
          {order.payment?.refundedCents && order.payment.refundStatus ? (
            <span
              className={`block ${order.payment.refundStatus === "failed" ? "text-red-800" : "text-stone-600"}`}
              data-testid="refund-status"
              data-status={order.payment.refundStatus}
            >
              {t(`refund.${order.payment.refundStatus}`, { amount: formatMoney(order.payment.refundedCents, lng) })}
            </span>
          ) : null}
        </dd>
      </dl>
      {order.changes.visible ? (
        <div className="mt-3 border-t border-stone-200 pt-3">
          <div className="flex gap-2 narrow:flex-col">
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
              <Link to={`/order/${order.confirmationNumber}/cancel`} className="btn-secondary flex-1 text-red-800">
                {t("history.cancel")}
              </Link>
            ) : (
              <button type="button" className="btn-secondary flex-1" disabled aria-describedby={`closed-${order.id}`}>
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
  );
}
