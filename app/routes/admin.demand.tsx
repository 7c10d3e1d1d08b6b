// Demand (issue 46 parts 2 and 3): bookings per week and prefix, the fill rate of each weekday and window,
// the cancellation, move and Missed rates, the unserved prefixes' waitlists, and where to open next (its
// Open button posts to the served areas' page, which opens the prefix and e-mails its waitlist). A plain
// GET form filters by dates and prefix; every chart has its table and CSV (/admin/demand.csv). Admins only.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DemandFilterForm, RatesSection } from "~/components/admin/demand";
import { FillSection, WaitlistSection, WeeksSection } from "~/components/admin/demand-charts";
import { OpenNextSection } from "~/components/admin/open-next";
import { now } from "~/lib/clock";
import { titleMeta } from "~/lib/meta";
import {
  demandReport,
  getT,
  openNextRanking,
  readDemandFilter,
  requireAdmin,
  servedPrefixList,
} from "~/services/http/pages.server";

export const handle = { i18n: ["common", "admin", "insights"] };
export const meta: MetaFunction = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const t = await getT(request, "insights");
  const at = now();
  const filter = readDemandFilter(new URL(request.url).searchParams, at);
  const query = new URLSearchParams({ from: filter.from, to: filter.to, ...(filter.fsa ? { fsa: filter.fsa } : {}) });
  return {
    title: t("demand.title"),
    report: demandReport(filter, at),
    ranking: openNextRanking(at),
    served: servedPrefixList(),
    query: query.toString(),
  };
}

export default function DemandPage() {
  const { report, ranking, served, query } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("insights");
  const lng = i18n.language;
  const csv = (table: string) => `/admin/demand.csv?${query}&table=${table}`;
  return (
    <div className="space-y-8">
      <div>
        <h1 className="page-title">{t("demand.title")}</h1>
        <DemandFilterForm filter={report.filter} served={served} action="/admin/demand" />
      </div>
      <RatesSection rates={report.rates} lng={lng} />
      <WeeksSection report={report} lng={lng} csvHref={csv("weeks")} prefixCsvHref={csv("prefixes")} />
      <FillSection fill={report.fill} lng={lng} csvHref={csv("fill")} />
      <WaitlistSection report={report} lng={lng} csvHref={csv("waitlist")} />
      <OpenNextSection ranking={ranking} lng={lng} csvHref={csv("next")} />
    </div>
  );
}
