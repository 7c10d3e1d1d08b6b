// The money page's parts (issue 46 part 4): the date range (a plain GET form) and a table of totals per
// period, amounts in the page's language (fr-CA: '1 234,50 $'), with a month's CSV link for the accountant.
import { useTranslation } from "react-i18next";
import { formatMoney } from "~/lib/pricing";
import { TableScroll } from "./ui";

type Totals = {
  grossCents: number;
  refundCents: number;
  netCents: number;
  feesKeptCents: number;
  promoDiscountCents: number;
  gstCents: number;
  qstCents: number;
};

export function MoneyRangeForm({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation("insights");
  return (
    <form
      method="get"
      action="/admin/money"
      className="card mt-3 flex flex-wrap items-end gap-3"
      data-testid="money-filter"
    >
      <label className="flex flex-col text-sm font-medium">
        {t("filter.from")}
        <input type="date" name="from" defaultValue={from} className="input mt-1" />
      </label>
      <label className="flex flex-col text-sm font-medium">
        {t("filter.to")}
        <input type="date" name="to" defaultValue={to} className="input mt-1" />
      </label>
      <button type="submit" className="btn-primary">
        {t("filter.submit")}
      </button>
    </form>
  );
}

const COLUMNS: Array<[keyof Totals, string]> = [
  ["grossCents", "money.gross"],
  ["refundCents", "money.refunds"],
  ["netCents", "money.net"],
  ["feesKeptCents", "money.fees"],
  ["promoDiscountCents", "money.promo"],
  ["gstCents", "money.gst"],
  ["qstCents", "money.qst"],
];

export function MoneyTable({
  id,
  title,
  periodLabel,
  rows,
}: {
  id: string;
  title: string;
  periodLabel: string;
  rows: Array<{ key: string; label: string; totals: Totals; csvHref?: string; csvLabel?: string }>;
}) {
  const { t, i18n } = useTranslation("insights");
  const lng = i18n.language;
  const withCsv = rows.some((r) => r.csvHref);
  return (
    <section aria-labelledby={`money-${id}-heading`} className="space-y-3" data-testid={`money-${id}`}>
      <h2 id={`money-${id}-heading`} className="text-lg font-semibold">
        {title}
      </h2>
      <TableScroll label={title} className="rounded-lg border border-stone-200 bg-white">
        <table className="min-w-full text-sm">
          <thead className="bg-stone-50">
            <tr>
              <th scope="col" className="px-2 py-1 text-left font-semibold">
                {periodLabel}
              </th>
              {COLUMNS.map(([key, label]) => (
                <th key={key} scope="col" className="px-2 py-1 text-right font-semibold">
                  {t(label)}
                </th>
              ))}
              {withCsv ? (
                <th scope="col" className="px-2 py-1 text-left font-semibold">
                  {t("money.csvMonth")}
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-t border-stone-100" data-testid={`money-row-${row.key}`}>
                <th scope="row" className="whitespace-nowrap px-2 py-1 text-left font-normal">
                  {row.label}
                </th>
                {COLUMNS.map(([key]) => (
                  <td key={key} className="whitespace-nowrap px-2 py-1 text-right tabular-nums">
                    {formatMoney(row.totals[key], lng)}
                  </td>
                ))}
                {withCsv ? (
                  <td className="px-2 py-1">
                    {row.csvHref ? (
                      <a href={row.csvHref} download className="btn-link whitespace-nowrap text-sm">
                        {row.csvLabel}
                      </a>
                    ) : null}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
