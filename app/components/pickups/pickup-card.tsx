// One pickup in My Orders: its date and status, the details, and (while it can still change) the
// buttons to move or cancel it (PickupChanges, shared with the order page).
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { orderPath } from "~/lib/paths";
import { formatDate, formatDateTime, windowLabel } from "~/lib/format";
import { formatMoney } from "~/lib/pricing";
import type { DisplayStatus } from "~/lib/pickup-status";
import { PickupChanges } from "./pickup-changes";
import { ServiceAreas } from "./service-areas";
import { StatusBadge } from "./status-badge";

export type PickupCardView = {
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
  /** Booked by the resident's plan (issue 45). */
  fromPlan?: boolean;
};

export function PickupCard({ order }: { order: PickupCardView }) {
  const { t, i18n } = useTranslation(["orders", "common"]);
  const lng = i18n.language;
  return (
    <li className="card" data-testid="order-card" data-confirmation={order.confirmationNumber}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="font-semibold">{formatDate(order.slot.date, lng)}</h2>
        <StatusBadge status={order.displayStatus} />
      </div>
      {order.fromPlan ? (
        <p className="mt-1 text-sm font-semibold text-brand-800" data-testid="from-plan">
          {t("history.fromPlan")}
        </p>
      ) : null}
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-stone-800 narrow:grid-cols-1 narrow:gap-y-0">
        <dt className="text-stone-600">{t("history.confirmation")}</dt>
        <dd>
          <Link to={orderPath(order.confirmationNumber)} className="btn-link font-mono">
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
      <PickupChanges order={order} />
    </li>
  );
}
