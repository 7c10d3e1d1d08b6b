// An order's receipt: when and where, the full price breakdown with the tax registration numbers,
// the card that paid and any refund; printable.
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { formatDate, formatDateTime, windowLabel } from "~/lib/format";
import type { DisplayStatus } from "~/lib/pickup-status";
import { formatMoney } from "~/lib/pricing";
import { PickupChanges, type PickupChangesView } from "./pickup-changes";
import { StatusBadge } from "./status-badge";
import { addressIn } from "~/lib/profile";
import { AddToCalendar } from "./add-to-calendar";

export type ReceiptView = PickupChangesView & {
  confirmationNumber: string;
  displayStatus: DisplayStatus;
  createdAt: number;
  /** Issue 46 part 5: the day the ReCircle team booked it for the resident on the phone; null otherwise. */
  bookedForYouOn?: string | null;
  address: string;
  bagsRequested: number;
  slot: { date: string; window: "morning" | "afternoon" };
  price: {
    listPriceCents: number;
    multiBagDiscountCents: number;
    serviceFeeCents: number;
    promoDiscountCents: number;
    subtotalCents: number;
    gstCents: number;
    qstCents: number;
    totalCents: number;
    isFree: boolean;
  };
  payment: {
    cardBrand: string | null;
    cardLast4: string | null;
    refundedCents: number;
    refundStatus: "succeeded" | "pending" | "failed" | null;
  } | null;
};

export function Receipt({ order, tax }: { order: ReceiptView; tax: { gst: string; qst: string } }) {
  const { t, i18n } = useTranslation(["orders", "common"]);
  const hydrated = useHydrated();
  const lng = i18n.language;
  const money = (cents: number) => formatMoney(cents, lng);
  const p = order.price;
  const rows: Array<[string, string, string]> = [["list", t("order.listPrice"), money(p.listPriceCents)]];
  if (p.multiBagDiscountCents)
    rows.push(["multibag", t("order.multiBagDiscount"), `−${money(p.multiBagDiscountCents)}`]);
  if (p.serviceFeeCents) rows.push(["fee", t("order.serviceFee"), money(p.serviceFeeCents)]);
  if (p.promoDiscountCents) rows.push(["promo", t("order.promoDiscount"), `−${money(p.promoDiscountCents)}`]);
  rows.push(["subtotal", t("order.subtotal"), money(p.subtotalCents)]);
  rows.push(["gst", t("order.gst"), money(p.gstCents)]);
  rows.push(["qst", t("order.qst"), money(p.qstCents)]);
  return (
    <article className="receipt space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="page-title">{t("order.title", { number: order.confirmationNumber })}</h1>
        <StatusBadge status={order.displayStatus} />
      </div>
      <p className="hidden print:block">ReCircle — {t("order.receipt")}</p>
      <div className="card">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 narrow:grid-cols-1 narrow:gap-y-0">
          <dt className="text-stone-600">{t("history.confirmation")}</dt>
          <dd className="font-mono narrow:mb-1">{order.confirmationNumber}</dd>
          <dt className="text-stone-600">{t("order.orderDate")}</dt>
          <dd className="narrow:mb-1">{formatDateTime(order.createdAt, lng)}</dd>
          <dt className="text-stone-600">{t("history.date")}</dt>
          <dd className="narrow:mb-1">{formatDate(order.slot.date, lng)}</dd>
          <dt className="text-stone-600">{t("history.window")}</dt>
          <dd className="narrow:mb-1">{windowLabel(order.slot.window, lng)}</dd>
          <dt className="text-stone-600">{t("order.address")}</dt>
          <dd className="narrow:mb-1">{addressIn(order.address, lng)}</dd>
          <dt className="text-stone-600">{t("history.bagsLabel")}</dt>
          <dd className="narrow:mb-1">{t("history.bags", { count: order.bagsRequested })}</dd>
        </dl>
        {order.bookedForYouOn ? (
          <p className="mt-2 text-stone-700" data-testid="booked-for-you">
            {t("order.bookedForYou", { date: formatDate(order.bookedForYouOn, lng) })}
          </p>
        ) : null}
      </div>
      <section className="card" aria-labelledby="breakdown-title">
        <h2 id="breakdown-title" className="font-semibold">
          {t("order.breakdown")}
        </h2>
        <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 narrow:grid-cols-1 narrow:gap-y-0">
          {rows.map(([id, label, value]) => (
            <div key={id} className="contents" data-testid={`order-${id}`}>
              <dt>{label}</dt>
              <dd className="text-right tabular-nums narrow:mb-1 narrow:text-left">{value}</dd>
            </div>
          ))}
          <div className="contents text-lg font-bold" data-testid="order-total">
            <dt>{t("order.total")}</dt>
            <dd className="text-right tabular-nums narrow:mb-1 narrow:text-left">
              {p.isFree ? t("order.free") : money(p.totalCents)}
            </dd>
          </div>
        </dl>
        <div className="mt-3 border-t border-stone-200 pt-3 text-sm text-stone-700" data-testid="tax-numbers">
          <p className="font-semibold">{t("order.taxNumbers")}</p>
          <p>{t("order.gstNumber", { number: tax.gst })}</p>
          <p>{t("order.qstNumber", { number: tax.qst })}</p>
        </div>
      </section>
      <section className="card" aria-labelledby="payment-title" data-testid="order-payment">
        <h2 id="payment-title" className="font-semibold">
          {t("order.payment")}
        </h2>
        <p className="mt-1">
          {p.isFree || !order.payment?.cardLast4
            ? t("order.paidFree")
            : t("order.card", { brand: capitalize(order.payment.cardBrand ?? ""), last4: order.payment.cardLast4 })}
        </p>
        {order.payment?.refundedCents && order.payment.refundStatus ? (
          <p
            className={`mt-1 font-semibold ${order.payment.refundStatus === "failed" ? "text-red-800" : ""}`}
            data-testid="refund-status"
            data-status={order.payment.refundStatus}
          >
            {t(`refund.${order.payment.refundStatus}`, { amount: money(order.payment.refundedCents) })}
          </p>
        ) : null}
      </section>
      <PickupChanges order={order} className="" />
      {order.displayStatus === "scheduled" || order.displayStatus === "today" ? (
        <AddToCalendar confirmationNumber={order.confirmationNumber} className="print:hidden" />
      ) : null}
      <div className="flex flex-wrap gap-2 print:hidden">
        <Link to="/history" className="btn-secondary">
          {t("order.backToOrders")}
        </Link>
        {hydrated ? (
          <button type="button" className="btn-secondary" onClick={() => window.print()}>
            {t("order.print")}
          </button>
        ) : (
          <p className="self-center text-sm text-stone-600">{t("order.printHint")}</p>
        )}
      </div>
    </article>
  );
}

function capitalize(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
