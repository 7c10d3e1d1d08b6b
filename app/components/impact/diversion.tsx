// The diversion page's parts (/admin/diversion, issue 47 part 4): the date range (a plain GET form), and a
// table of kilograms per month, category, partner or postal prefix, each beside its server-drawn chart
// (components/admin/charts) where a chart helps. Kilograms in the page's language ('1 234,5').
import { useTranslation } from "react-i18next";
import { BarChart } from "~/components/admin/charts";
import { TableScroll } from "~/components/admin/ui";
import { formatKg } from "~/lib/impact-estimate";
import { formatCount } from "~/lib/season";

export function DiversionFilterForm({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation("impact");
  return (
    <form
      method="get"
      action="/admin/diversion"
      className="card mt-3 flex flex-wrap items-end gap-3"
      data-testid="diversion-filter"
    >
      <label className="flex flex-col text-sm font-medium">
        {t("diversion.from")}
        <input type="date" name="from" defaultValue={from} className="input mt-1" />
      </label>
      <label className="flex flex-col text-sm font-medium">
        {t("diversion.to")}
        <input type="date" name="to" defaultValue={to} className="input mt-1" />
      </label>
      <button type="submit" className="btn-primary">
        {t("diversion.submit")}
      </button>
    </form>
  );
}

export type KgRow = { key: string; label: string; kgTenths: number };

/** A table of kilograms per row with its total line; the chart above it when `chart` is set. */
export function KgSection({
  id,
  title,
  rowLabel,
  rows,
  totalTenths,
  chart,
}: {
  id: string;
  title: string;
  rowLabel: string;
  rows: KgRow[];
  totalTenths: number;
  chart?: { labels: (row: KgRow) => string; description: string };
}) {
  const { t, i18n } = useTranslation("impact");
  const lng = i18n.language;
  return (
    <section aria-labelledby={`diversion-${id}-heading`} className="space-y-3" data-testid={`diversion-${id}`}>
      <h2 id={`diversion-${id}-heading`} className="text-lg font-semibold">
        {title}
      </h2>
      {chart && rows.length ? (
        <BarChart
          id={`diversion-${id}`}
          title={title}
          description={chart.description}
          format={(v) => formatCount(v, lng)}
          bars={rows.map((r) => ({ key: r.key, label: chart.labels(r), value: r.kgTenths / 10 }))}
        />
      ) : null}
      <TableScroll label={title} className="rounded-lg border border-stone-200 bg-white">
        <table className="min-w-full text-sm">
          <thead className="bg-stone-50">
            <tr>
              <th scope="col" className="px-2 py-1 text-left font-semibold">
                {rowLabel}
              </th>
              <th scope="col" className="px-2 py-1 text-right font-semibold">
                {t("diversion.kg")}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key} className="border-t border-stone-100" data-row={r.key}>
                <th scope="row" className="px-2 py-1 text-left font-normal">
                  {r.label}
                </th>
                <td className="px-2 py-1 text-right tabular-nums">{formatKg(r.kgTenths, lng)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t border-stone-300 font-semibold">
              <th scope="row" className="px-2 py-1 text-left">
                {t("diversion.total")}
              </th>
              <td className="px-2 py-1 text-right tabular-nums" data-testid={`diversion-${id}-total`}>
                {formatKg(totalTenths, lng)}
              </td>
            </tr>
          </tfoot>
        </table>
      </TableScroll>
    </section>
  );
}
