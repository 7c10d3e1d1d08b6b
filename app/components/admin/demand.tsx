// The demand page's sections (issue 46): the GET filter, the rates, bookings per week (and per prefix),
// the fill rate of each weekday and window, the waitlists and "where to open next". Each chart is drawn
// on the server (components/admin/charts) with the same numbers in a table beside it and a CSV link.
import { useTranslation } from "react-i18next";
import { formatDate } from "~/lib/format";
import { formatCount, formatRate } from "~/lib/season";
import { StatCard, TableScroll } from "./ui";

const th = "px-2 py-1 text-left font-semibold";
const td = "px-2 py-1 tabular-nums";

export function DemandFilterForm({
  filter,
  served,
  action,
}: {
  filter: { from: string; to: string; fsa: string | null };
  served: string[];
  action: string;
}) {
  const { t, i18n } = useTranslation("insights");
  const lng = i18n.language;
  return (
    <>
      <p className="mt-1 max-w-3xl text-stone-700">
        {t("demand.intro", { from: formatDate(filter.from, lng), to: formatDate(filter.to, lng) })}{" "}
        {filter.fsa ? t("demand.onlyPrefix", { fsa: filter.fsa }) : null}
      </p>
      <form
        method="get"
        action={action}
        className="card mt-3 flex flex-wrap items-end gap-3"
        data-testid="demand-filter"
      >
        <fieldset className="contents">
          <legend className="sr-only">{t("filter.legend")}</legend>
          <label className="flex flex-col text-sm font-medium">
            {t("filter.from")}
            <input type="date" name="from" defaultValue={filter.from} className="input mt-1" />
          </label>
          <label className="flex flex-col text-sm font-medium">
            {t("filter.to")}
            <input type="date" name="to" defaultValue={filter.to} className="input mt-1" />
          </label>
          <label className="flex min-w-0 max-w-full flex-col text-sm font-medium">
            {t("filter.prefix")}
            <select name="fsa" defaultValue={filter.fsa ?? ""} className="input mt-1 w-full max-w-full">
              <option value="">{t("filter.all")}</option>
              {served.map((fsa) => (
                <option key={fsa} value={fsa}>
                  {fsa}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="btn-primary">
            {t("filter.submit")}
          </button>
        </fieldset>
      </form>
    </>
  );
}

export function Section({
  id,
  title,
  csvHref,
  children,
}: {
  id: string;
  title: string;
  csvHref?: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation("insights");
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3" data-testid={`section-${id}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          {title}
        </h2>
        {csvHref ? (
          <a href={csvHref} className="btn-link text-sm" download data-testid={`csv-${id}`}>
            {t("csv")}
          </a>
        ) : null}
      </div>
      {children}
    </section>
  );
}

export function NumbersTable({ id, head, rows }: { id: string; head: string[]; rows: Array<Array<string>> }) {
  const { t } = useTranslation("insights");
  return (
    <details className="rounded-lg border border-stone-200 bg-white" data-testid={`table-${id}`}>
      <summary className="cursor-pointer px-3 py-2 font-medium">{t("showTable")}</summary>
      <TableScroll label={t("showTable")}>
        <table className="min-w-full text-sm">
          <thead className="bg-stone-50">
            <tr>
              {head.map((h) => (
                <th key={h} scope="col" className={th}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={`${i}-${row[0]}`} className="border-t border-stone-100">
                {row.map((cell, j) =>
                  j === 0 ? (
                    <th key={j} scope="row" className={`${th} font-normal`}>
                      {cell}
                    </th>
                  ) : (
                    <td key={j} className={td}>
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </details>
  );
}

export function RatesSection({
  rates,
  lng,
}: {
  rates: {
    bookings: number;
    cancelled: number;
    moved: number;
    missed: number;
    cancellationRate: number | null;
    moveRate: number | null;
    missedRate: number | null;
  };
  lng: string;
}) {
  const { t } = useTranslation("insights");
  return (
    <Section id="rates" title={t("demand.rates.title")}>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard id="bookings" label={t("demand.rates.bookings")} value={formatCount(rates.bookings, lng)} />
        <StatCard
          id="cancellation"
          label={t("demand.rates.cancellation")}
          value={formatRate(rates.cancellationRate, lng)}
          hint={t("demand.rates.cancellationHint", { count: rates.cancelled })}
        />
        <StatCard
          id="move"
          label={t("demand.rates.move")}
          value={formatRate(rates.moveRate, lng)}
          hint={t("demand.rates.moveHint", { count: rates.moved })}
        />
        <StatCard
          id="missed"
          label={t("demand.rates.missed")}
          value={formatRate(rates.missedRate, lng)}
          hint={t("demand.rates.missedHint", { count: rates.missed })}
        />
      </div>
    </Section>
  );
}
