// /admin/diversion (issue 47 part 4): the borough's number. Kilograms kept out of landfill in a date range
// (a plain GET form; this season by default), per month, category, partner and postal prefix, read from the
// intake records (a prefix's figure: its pickups' shares of their days' intake), with the CSV
// (/admin/diversion.csv?from=…&to=…) whose totals equal the records. Admins only.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DiversionFilterForm, KgSection } from "~/components/impact/diversion";
import { now } from "~/lib/clock";
import { formatDate } from "~/lib/format";
import { formatKg } from "~/lib/impact-estimate";
import { titleMeta } from "~/lib/meta";
import { formatMonth, shortDayMonth } from "~/lib/season";
import { diversionReport, getLanguage, getT, readDiversionFilter, requireAdmin } from "~/services/http/pages.server";

export const handle = { i18n: ["common", "admin", "impact"] };
export const meta: MetaFunction = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [lng, t] = await Promise.all([getLanguage(request), getT(request, "impact")]);
  const filter = readDiversionFilter(new URL(request.url).searchParams, now());
  return { title: t("diversion.title"), report: diversionReport(filter, lng) };
}

export default function DiversionPage() {
  const { report } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation(["impact", "admin"]);
  const lng = i18n.language;
  const { from, to } = report.filter;
  const total = report.totalKgTenths;
  const csv = `/admin/diversion.csv?${new URLSearchParams({ from, to })}`;
  return (
    <div className="space-y-8">
      <div>
        <h1 className="page-title">{t("diversion.title")}</h1>
        <p className="mt-1 max-w-3xl text-stone-700">{t("diversion.intro")}</p>
        <DiversionFilterForm from={from} to={to} />
        <p className="mt-3 text-lg font-semibold" data-testid="diversion-total">
          {t("diversion.totalLine", {
            kg: formatKg(total, lng),
            from: formatDate(from, lng),
            to: formatDate(to, lng),
          })}
        </p>
        <p className="mt-1">
          <a href={csv} className="btn-link" download>
            {t("diversion.csv")}
          </a>
        </p>
      </div>
      {total === 0 ? (
        <p className="text-stone-700" data-testid="diversion-empty">
          {t("diversion.empty")}
        </p>
      ) : (
        <>
          <KgSection
            id="months"
            title={t("diversion.monthsTitle")}
            rowLabel={t("diversion.month")}
            totalTenths={total}
            rows={report.months.map((m) => ({ ...m, label: formatMonth(m.key, lng) }))}
            chart={{
              description: t("diversion.monthsChart"),
              labels: (r) => `${shortDayMonth(`${r.key}-01`, lng)[1]}\n${r.key.slice(0, 4)}`,
            }}
          />
          <KgSection
            id="categories"
            title={t("diversion.categoriesTitle")}
            rowLabel={t("diversion.category")}
            totalTenths={total}
            rows={report.categories.map((c) => ({ key: c.key, label: c.name, kgTenths: c.kgTenths }))}
          />
          <KgSection
            id="partners"
            title={t("diversion.partnersTitle")}
            rowLabel={t("diversion.partner")}
            totalTenths={total}
            rows={report.partners.map((p) => ({ ...p, label: p.key || t("diversion.noPartner") }))}
          />
          <KgSection
            id="prefixes"
            title={t("diversion.prefixesTitle")}
            rowLabel={t("diversion.prefix")}
            totalTenths={total}
            rows={[
              ...report.prefixes.map((p) => ({ ...p, label: p.key })),
              ...(report.unattributedKgTenths > 0
                ? [{ key: "-", label: t("diversion.unattributed"), kgTenths: report.unattributedKgTenths }]
                : []),
            ]}
          />
        </>
      )}
    </div>
  );
}
