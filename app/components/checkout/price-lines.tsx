import { useTranslation } from "react-i18next";
import type { PriceBreakdown } from "~/lib/pricing";

/**
 * The price breakdown of a booking: list price, discounts, fee, subtotal, GST, QST, total or FREE. `money`
 * formats an amount in the page's language: the loader's amounts (checkout-amounts.server), so that the
 * browser's bundle of /checkout does not carry the pricing module (issue 44's JS budget).
 */
export function PriceLines({
  bags,
  date,
  window,
  breakdown,
  money,
}: {
  bags: number;
  date: string;
  window: string;
  breakdown: PriceBreakdown;
  money: (cents: number) => string;
}) {
  const { t } = useTranslation(["checkout", "common"]);
  const rows: Array<[string, string, string?]> = [[t("summary.listPrice"), money(breakdown.listPriceCents), "list"]];
  if (breakdown.multiBagDiscountCents)
    rows.push([t("summary.multiBagDiscount"), `−${money(breakdown.multiBagDiscountCents)}`, "multibag"]);
  if (breakdown.serviceFeeCents) rows.push([t("summary.serviceFee"), money(breakdown.serviceFeeCents), "fee"]);
  if (breakdown.promoDiscountCents) {
    rows.push([
      t("summary.promoDiscount", { percent: breakdown.promoPercent }),
      `−${money(breakdown.promoDiscountCents)}`,
      "promo",
    ]);
  }
  rows.push([t("summary.subtotal"), money(breakdown.subtotalCents), "subtotal"]);
  rows.push([t("summary.gst"), money(breakdown.gstCents), "gst"]);
  rows.push([t("summary.qst"), money(breakdown.qstCents), "qst"]);
  return (
    <section className="card" aria-labelledby="summary-title">
      <h2 id="summary-title" className="font-semibold">
        {t("summary.title")}
      </h2>
      <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-stone-800 narrow:grid-cols-1 narrow:gap-y-0">
        <dt>{t("summary.bagsLabel")}</dt>
        <dd className="text-right narrow:mb-1 narrow:text-left" data-testid="summary-bags">
          {t("summary.bags", { count: bags })}
        </dd>
        <dt>{t("summary.date")}</dt>
        <dd className="text-right narrow:mb-1 narrow:text-left">{date}</dd>
        <dt>{t("summary.window")}</dt>
        <dd className="text-right narrow:mb-1 narrow:text-left">{window}</dd>
      </dl>
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-stone-200 pt-3 narrow:grid-cols-1 narrow:gap-y-0">
        {rows.map(([label, value, id]) => (
          <div key={id} className="contents" data-testid={`summary-${id}`}>
            <dt>{label}</dt>
            <dd className="text-right narrow:mb-1 narrow:text-left tabular-nums">{value}</dd>
          </div>
        ))}
        <div className="contents text-lg font-bold" data-testid="summary-total">
          <dt>{t("summary.total")}</dt>
          <dd className="text-right narrow:mb-1 narrow:text-left tabular-nums">
            {breakdown.isFree ? t("summary.free") : `${money(breakdown.totalCents)} CAD`}
          </dd>
        </div>
      </dl>
    </section>
  );
}
