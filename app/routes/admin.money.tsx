// Money (issue 46 part 4): per month and per week, gross paid, refunds, net, the cancellation fees kept,
// promo discounts, GST and QST collected net of refunds, with each month's CSV for the accountant
// (/admin/money.csv?month=YYYY-MM). A plain GET form picks the dates. Admins only.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MoneyRangeForm, MoneyTable } from "~/components/admin/money";
import { now } from "~/lib/clock";
import { titleMeta } from "~/lib/meta";
import { formatMonth } from "~/lib/season";
import { formatDate } from "~/lib/format";
import { getT, moneyReport, readDemandFilter, requireAdmin } from "~/services/http/pages.server";

export const handle = { i18n: ["common", "admin", "insights"] };
export const meta: MetaFunction = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const t = await getT(request, "insights");
  const { from, to } = readDemandFilter(new URL(request.url).searchParams, now());
  return { title: t("money.title"), from, to, ...moneyReport(from, to) };
}

export default function MoneyPage() {
  const { from, to, months, weeks } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("insights");
  const lng = i18n.language;
  return (
    <div className="space-y-8">
      <div>
        <h1 className="page-title">{t("money.title")}</h1>
        <p className="mt-1 max-w-3xl text-stone-700">
          {t("money.intro", { from: formatDate(from, lng), to: formatDate(to, lng) })}
        </p>
        <MoneyRangeForm from={from} to={to} />
      </div>
      <MoneyTable
        id="months"
        title={t("money.monthsTitle")}
        periodLabel={t("money.month")}
        rows={months.map((m) => ({
          key: m.month,
          label: formatMonth(m.month, lng),
          csvHref: `/admin/money.csv?month=${m.month}`,
          csvLabel: t("money.csvMonthOf", { month: formatMonth(m.month, lng) }),
          totals: m,
        }))}
      />
      <MoneyTable
        id="weeks"
        title={t("money.weeksTitle")}
        periodLabel={t("money.week")}
        rows={weeks.map((w) => ({ key: w.week, label: formatDate(w.week, lng, "monthDay"), totals: w }))}
      />
    </div>
  );
}
