import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { StatusBadge } from "~/components/orders/status-badge";
import { formatDate, formatDateTime, windowLabel } from "~/lib/format";
import { titleMeta } from "~/lib/meta";
import { formatMoney } from "~/lib/pricing";
import { getT } from "~/services/platform/i18n.server";
import { findOrder, taxNumbers } from "~/services/orders/orders.server";
import { requireUser } from "~/services/http/session.server";

export const handle = { i18n: ["common", "orders"] };
export const meta: MetaFunction = titleMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const t = await getT(request, "orders");
  const order = findOrder(user.id, params.confirmationNumber ?? "");
  if (!order) return data({ title: t("order.notFoundTitle"), order: null, tax: null }, { status: 404 });
  return { title: t("order.title", { number: order.confirmationNumber }), order, tax: taxNumbers() };
}

export default function Order() {
  const { t, i18n } = useTranslation(["orders", "common"]);
  const { order, tax } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const lng = i18n.language;
  if (!order || !tax) {
    return (
      <div className="card mx-auto max-w-md text-center">
        <h1 className="page-title">{t("order.notFoundTitle")}</h1>
        <p className="mt-2 text-stone-700">{t("order.notFoundBody")}</p>
        <Link to="/history" className="btn-primary mt-4">
          {t("order.backToOrders")}
        </Link>
      </div>
    );
  }
  const money = (cents: number) => formatMoney(cents, lng);
  const p = order.price;
  const rows: Array<[string, string, string]> = [["list", t("order.listPrice"), money(p.listPriceCents)]];
  if (p.multiBagDiscountCents)
    rows.push(["multibag", t("order.multiBagDiscount"), `−${money(p.multiBagDiscountCents)}`]);
  rows.push(["fee", t("order.serviceFee"), money(p.serviceFeeCents)]);
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
      <section className="card">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-stone-600">{t("history.confirmation")}</dt>
          <dd className="font-mono">{order.confirmationNumber}</dd>
          <dt className="text-stone-600">{t("order.orderDate")}</dt>
          <dd>{formatDateTime(order.createdAt, lng)}</dd>
          <dt className="text-stone-600">{t("history.date")}</dt>
          <dd>{formatDate(order.slot.date, lng)}</dd>
          <dt className="text-stone-600">{t("history.window")}</dt>
          <dd>{windowLabel(order.slot.window, lng)}</dd>
          <dt className="text-stone-600">{t("order.address")}</dt>
          <dd>{order.address}</dd>
          <dt className="text-stone-600">{t("history.bagsLabel")}</dt>
          <dd>{t("history.bags", { count: order.bagsRequested })}</dd>
        </dl>
      </section>
      <section className="card" aria-labelledby="breakdown-title">
        <h2 id="breakdown-title" className="font-semibold">
          {t("order.breakdown")}
        </h2>
        <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
          {rows.map(([id, label, value]) => (
            <div key={id} className="contents" data-testid={`order-${id}`}>
              <dt>{label}</dt>
              <dd className="text-right tabular-nums">{value}</dd>
            </div>
          ))}
          <div className="contents text-lg font-bold" data-testid="order-total">
            <dt>{t("order.total")}</dt>
            <dd className="text-right tabular-nums">{p.isFree ? t("order.free") : money(p.totalCents)}</dd>
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
        {order.payment?.refundedCents ? (
          <p className="mt-1 font-semibold">{t("order.refund", { amount: money(order.payment.refundedCents) })}</p>
        ) : null}
      </section>
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
