// The order summary: what was chosen and its price with Quebec taxes, computed by the same
// priceBreakdown the server charges with (the server recomputes it at checkout).
import { useTranslation } from "react-i18next";
import { formatMoney, priceBreakdown, type BagCount } from "~/lib/pricing";

export function OrderSummary({
  bags,
  showPrice,
  dateLabel,
  windowLabel,
  serviceFeeCents,
  lng,
}: {
  bags: BagCount | null;
  /** A modified pickup keeps its bags and price: only the new date and window are shown. */
  showPrice: boolean;
  dateLabel: string | null;
  windowLabel: string | null;
  serviceFeeCents: number;
  lng: string;
}) {
  const { t } = useTranslation("booking");
  const price = showPrice && bags ? priceBreakdown({ bags, serviceFeeCents }) : null;
  const money = (cents: number) => formatMoney(cents, lng);
  const notChosen = <span className="text-stone-500">{t("summary.notChosen")}</span>;
  return (
    <section className="card" aria-labelledby="summary-title" data-testid="order-summary">
      <h2 id="summary-title" className="text-lg font-semibold">
        {t("summary.title")}
      </h2>
      <dl className="mt-3 space-y-1.5 text-stone-800">
        {showPrice ? (
          <Row label={t("summary.bags")} testId="summary-bags">
            {bags ? t("bags.option", { count: bags }) : notChosen}
          </Row>
        ) : null}
        <Row label={t("summary.date")} testId="summary-date">
          {dateLabel ?? notChosen}
        </Row>
        <Row label={t("summary.window")} testId="summary-window">
          {windowLabel ?? notChosen}
        </Row>
      </dl>
      {price ? (
        <dl className="mt-3 space-y-1.5 border-t border-stone-200 pt-3 text-stone-800">
          <Row label={t("summary.listPrice")} testId="summary-list" amount>
            {money(price.listPriceCents)}
          </Row>
          {price.multiBagDiscountCents > 0 ? (
            <Row label={t("summary.multiBagDiscount")} testId="summary-discount" amount>
              <span className="text-brand-700">−{money(price.multiBagDiscountCents)}</span>
            </Row>
          ) : null}
          {price.serviceFeeCents > 0 ? (
            <Row label={t("summary.serviceFee")} testId="summary-fee" amount>
              {money(price.serviceFeeCents)}
            </Row>
          ) : null}
          <Row label={t("summary.subtotal")} testId="summary-subtotal" amount>
            {money(price.subtotalCents)}
          </Row>
          <Row label={t("summary.gst")} testId="summary-gst" amount>
            {money(price.gstCents)}
          </Row>
          <Row label={t("summary.qst")} testId="summary-qst" amount>
            {money(price.qstCents)}
          </Row>
          <div className="flex items-baseline justify-between gap-3 border-t border-stone-200 pt-2 text-lg font-bold text-stone-900">
            <dt>{t("summary.total")}</dt>
            <dd className="tabular-nums" data-testid="summary-total">
              {money(price.totalCents)}
            </dd>
          </div>
        </dl>
      ) : showPrice ? (
        <p className="mt-3 border-t border-stone-200 pt-3 text-sm text-stone-600">{t("summary.chooseBags")}</p>
      ) : null}
      {price ? <p className="mt-2 text-xs text-stone-600">{t("summary.note")}</p> : null}
    </section>
  );
}

function Row({
  label,
  children,
  testId,
  amount = false,
}: {
  label: string;
  children: React.ReactNode;
  testId: string;
  amount?: boolean;
}) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="text-stone-600">{label}</dt>
      <dd className={`text-right ${amount ? "tabular-nums" : "font-medium"}`} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
