// "Your impact" (issue 47 part 3): a resident's pickups, bags and estimated kilograms per category and where
// each went, this season and all time: a server-drawn chart (components/admin/charts, no JavaScript) with the
// same numbers in its table, and each pickup's estimate. Every figure says it is an estimate.
import { useTranslation } from "react-i18next";
import { BarChart } from "~/components/admin/charts";
import { TableScroll } from "~/components/admin/ui";
import { formatDate } from "~/lib/format";
import { formatKg } from "~/lib/impact-estimate";
import { formatCount } from "~/lib/season";

type Category = {
  category: string;
  name: string;
  kgTenths: number;
  partners: Array<{ name: string; website: string; fate: string }>;
};
type Totals = { pickups: number; bags: number; kgTenths: number; fromAverages: number; categories: Category[] };

export function ImpactSummary({ id, title, totals }: { id: string; title: string; totals: Totals }) {
  const { t, i18n } = useTranslation("impact");
  const lng = i18n.language;
  return (
    <section aria-labelledby={`impact-${id}-title`} className="card" data-testid={`impact-${id}`}>
      <h2 id={`impact-${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      <dl className="mt-2 grid grid-cols-3 gap-2 narrow:grid-cols-1">
        <div>
          <dt className="text-sm text-stone-600">{t("resident.pickups")}</dt>
          <dd className="text-2xl font-bold tabular-nums">{formatCount(totals.pickups, lng)}</dd>
        </div>
        <div>
          <dt className="text-sm text-stone-600">{t("resident.bags")}</dt>
          <dd className="text-2xl font-bold tabular-nums">{formatCount(totals.bags, lng)}</dd>
        </div>
        <div>
          <dt className="text-sm text-stone-600">{t("resident.kgEstimated")}</dt>
          <dd className="text-2xl font-bold tabular-nums" data-testid={`impact-${id}-kg`}>
            {t("resident.kgValue", { kg: formatKg(totals.kgTenths, lng) })}
          </dd>
        </div>
      </dl>
      {totals.fromAverages > 0 ? (
        <p className="mt-2 text-sm text-stone-700">{t("resident.fromAverages", { count: totals.fromAverages })}</p>
      ) : null}
    </section>
  );
}

/** The chart of kilograms per category (all time), then the table: each category's kg and where it went. */
export function ImpactCategories({ season, allTime }: { season: Totals; allTime: Totals }) {
  const { t, i18n } = useTranslation("impact");
  const lng = i18n.language;
  const seasonKg = new Map(season.categories.map((c) => [c.category, c.kgTenths]));
  const title = t("resident.categoriesTitle");
  return (
    <section aria-labelledby="impact-categories-title" className="space-y-3" data-testid="impact-categories">
      <h2 id="impact-categories-title" className="text-lg font-semibold">
        {title}
      </h2>
      <BarChart
        id="impact-categories"
        title={title}
        description={t("resident.chartDescription")}
        format={(v) => formatCount(v, lng)}
        bars={allTime.categories.map((c, i) => ({ key: c.category, label: String(i + 1), value: c.kgTenths / 10 }))}
      />
      {/* Five columns do not fit a phone: the table scrolls sideways in its own named, focusable region. */}
      <TableScroll label={t("resident.tableCaption")} className="rounded-lg border border-stone-200 bg-white">
        <table className="min-w-full text-sm">
          <caption className="sr-only">{t("resident.tableCaption")}</caption>
          <thead className="bg-stone-50">
            <tr>
              <th scope="col" className="px-2 py-1 text-left font-semibold">
                {t("resident.number")}
              </th>
              <th scope="col" className="px-2 py-1 text-left font-semibold">
                {t("resident.category")}
              </th>
              <th scope="col" className="px-2 py-1 text-right font-semibold">
                {t("resident.seasonKg")}
              </th>
              <th scope="col" className="px-2 py-1 text-right font-semibold">
                {t("resident.allTimeKg")}
              </th>
              <th scope="col" className="px-2 py-1 text-left font-semibold">
                {t("resident.wentTo")}
              </th>
            </tr>
          </thead>
          <tbody>
            {allTime.categories.map((c, i) => (
              <tr key={c.category} className="border-t border-stone-100 align-top" data-category={c.category}>
                <td className="px-2 py-1 tabular-nums">{i + 1}</td>
                <th scope="row" className="px-2 py-1 text-left font-normal">
                  {c.name}
                </th>
                <td className="px-2 py-1 text-right tabular-nums">{formatKg(seasonKg.get(c.category) ?? 0, lng)}</td>
                <td className="px-2 py-1 text-right tabular-nums">{formatKg(c.kgTenths, lng)}</td>
                <td className="px-2 py-1">
                  {c.partners.length ? (
                    <ul className="space-y-1">
                      {c.partners.map((p) => (
                        <li key={p.name}>
                          {p.website ? (
                            <a href={p.website} className="btn-link" rel="external noreferrer">
                              {p.name}
                            </a>
                          ) : (
                            <span className="font-medium">{p.name}</span>
                          )}
                          {p.fate ? <span className="block text-stone-700">{p.fate}</span> : null}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    t("resident.noPartner")
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

type PickupRow = { confirmationNumber: string; date: string; bags: number; source: string; kgTenths: number };

export function ImpactPickups({ pickups }: { pickups: PickupRow[] }) {
  const { t, i18n } = useTranslation("impact");
  const lng = i18n.language;
  return (
    <section aria-labelledby="impact-pickups-title" data-testid="impact-pickups">
      <h2 id="impact-pickups-title" className="text-lg font-semibold">
        {t("resident.pickupsTitle")}
      </h2>
      <ul className="mt-2 space-y-2">
        {pickups.map((p) => (
          <li key={p.confirmationNumber} className="card" data-pickup={p.confirmationNumber}>
            <p className="font-semibold">
              {formatDate(p.date, lng)} · {t("resident.bagsCount", { count: p.bags })}
            </p>
            <p className="text-stone-800">
              {p.source === "none"
                ? t("resident.notWeighed")
                : t("resident.pickupKg", { kg: formatKg(p.kgTenths, lng) })}
            </p>
            <p className="text-sm text-stone-600">{t(`resident.source.${p.source}`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
