// GET /admin/demand.csv?table=weeks|prefixes|fill|waitlist|next (same dates and prefix as the page): the
// numbers of one of the demand page's charts or lists, as a spreadsheet. Admins only.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/services/http/admin-auth.server";
import { csvResponse, type CsvCell } from "~/services/http/csv.server";
import { getT } from "~/services/http/language.server";
import { demandReport, readDemandFilter } from "~/services/insights/demand.server";
import { openNextRanking } from "~/services/insights/open-next.server";
import { now } from "~/lib/clock";

const TABLES = ["weeks", "prefixes", "fill", "waitlist", "next"] as const;
type Table = (typeof TABLES)[number];

const round = (value: number | null, digits = 4) => (value === null ? "" : Number(value.toFixed(digits)));

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const table = params.get("table") as Table;
  if (!TABLES.includes(table)) return new Response("Unknown table.", { status: 400 });
  const t = await getT(request, "insights");
  const at = now();
  const filter = readDemandFilter(params, at);
  const report = demandReport(filter, at);
  let rows: CsvCell[][];
  switch (table) {
    case "weeks":
      rows = [
        [t("demand.weeks.week"), t("demand.weeks.booked"), t("demand.weeks.cancelled"), t("demand.weeks.when")],
        ...report.weeks.map((w) => [
          w.week,
          w.booked,
          w.cancelled,
          w.past ? t("demand.weeks.past") : t("demand.weeks.ahead"),
        ]),
      ];
      break;
    case "prefixes":
      rows = [
        [t("demand.weeks.prefix"), ...report.weeks.map((w) => w.week)],
        ...report.prefixes.map((fsa) => [fsa, ...report.weeks.map((w) => w.byPrefix[fsa] ?? 0)]),
      ];
      break;
    case "fill":
      rows = [
        [t("demand.fill.day"), t("demand.fill.booked"), t("demand.fill.capacity"), t("demand.fill.rate")],
        ...report.fill.map((f) => [
          `${t(`weekday.${f.weekday}`)} ${t(`window.${f.window}`)}`,
          f.booked,
          f.capacity,
          round(f.rate),
        ]),
      ];
      break;
    case "waitlist":
      rows = [
        [
          t("demand.waitlist.prefix"),
          t("demand.waitlist.waiting"),
          t("demand.waitlist.joined"),
          ...report.weeks.map((w) => w.week),
        ],
        ...report.waitlists.map((w) => [w.fsa, w.waiting, w.joinedLast4Weeks, ...w.weekly]),
      ];
      break;
    case "next":
      rows = [
        [
          t("demand.next.rank"),
          t("demand.next.prefix"),
          t("demand.next.waiting"),
          t("demand.waitlist.joined"),
          t("demand.next.growth"),
          t("demand.next.distance"),
          "km",
          t("demand.next.estimate"),
          t("demand.next.score"),
        ],
        ...openNextRanking(at).map((r, i) => [
          i + 1,
          r.fsa,
          r.waiting,
          r.joinedLast4Weeks,
          round(r.growth),
          r.nearestFsa,
          round(r.nearestKm, 1),
          round(r.estimatePerWeek, 1),
          r.score,
        ]),
      ];
      break;
  }
  const where = filter.fsa ? `-${filter.fsa}` : "";
  return csvResponse(`demand-${table}${where}-${filter.from}-${filter.to}.csv`, rows);
}
