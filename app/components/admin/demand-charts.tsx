// The demand page's charts with their tables (issue 46): bookings per week (and per prefix), the fill rate
// of each weekday and window, and the waitlists of unserved prefixes.
import { useTranslation } from "react-i18next";
import { formatDate } from "~/lib/format";
import { formatCount, formatRate, shortDayMonth } from "~/lib/season";
import { BarChart, LineChart } from "./charts";
import { NumbersTable, Section } from "./demand";

type Week = { week: string; past: boolean; booked: number; cancelled: number; byPrefix: Record<string, number> };
type Fill = { weekday: number; window: "morning" | "afternoon"; booked: number; capacity: number; rate: number | null };
type Waitlist = { fsa: string; waiting: number; joinedLast4Weeks: number; weekly: number[] };
type Report = {
  filter: { from: string; to: string; fsa: string | null };
  weeks: Week[];
  prefixes: string[];
  waitlists: Waitlist[];
};

export function WeeksSection({
  report,
  lng,
  csvHref,
  prefixCsvHref,
}: {
  report: Report;
  lng: string;
  csvHref: string;
  prefixCsvHref: string;
}) {
  const { t } = useTranslation("insights");
  const max = Math.max(0, ...report.weeks.map((w) => w.booked));
  const week = (date: string) => formatDate(date, lng, "monthDay");
  return (
    <>
      <Section id="weeks" title={t("demand.weeks.title")} csvHref={csvHref}>
        <BarChart
          id="weeks-chart"
          title={t("demand.weeks.title")}
          description={t("demand.weeks.description", {
            from: week(report.filter.from),
            to: week(report.filter.to),
            max: formatCount(max, lng),
          })}
          format={(v) => formatCount(v, lng)}
          bars={report.weeks.map((w) => ({
            key: w.week,
            label: shortDayMonth(w.week, lng).join("\n"),
            value: w.booked,
            muted: !w.past,
          }))}
        />
        <NumbersTable
          id="weeks"
          head={[t("demand.weeks.week"), t("demand.weeks.booked"), t("demand.weeks.cancelled"), t("demand.weeks.when")]}
          rows={report.weeks.map((w) => [
            week(w.week),
            formatCount(w.booked, lng),
            formatCount(w.cancelled, lng),
            w.past ? t("demand.weeks.past") : t("demand.weeks.ahead"),
          ])}
        />
      </Section>
      <Section id="prefixes" title={t("demand.weeks.byPrefixTitle")} csvHref={prefixCsvHref}>
        <NumbersTable
          id="prefixes"
          head={[t("demand.weeks.prefix"), ...report.weeks.map((w) => week(w.week)), t("demand.weeks.total")]}
          rows={report.prefixes.map((fsa) => {
            const counts = report.weeks.map((w) => w.byPrefix[fsa] ?? 0);
            return [
              fsa,
              ...counts.map((n) => formatCount(n, lng)),
              formatCount(
                counts.reduce((s, n) => s + n, 0),
                lng,
              ),
            ];
          })}
        />
      </Section>
    </>
  );
}

export function FillSection({ fill, lng, csvHref }: { fill: Fill[]; lng: string; csvHref: string }) {
  const { t } = useTranslation("insights");
  const label = (f: Fill) => `${t(`weekday.${f.weekday}`)} ${t(`window.${f.window}`)}`;
  const rated = fill.filter((f) => f.rate !== null).sort((a, b) => b.rate! - a.rate!);
  const none = t("none");
  return (
    <Section id="fill" title={t("demand.fill.title")} csvHref={csvHref}>
      <p className="text-sm text-stone-600">{t("demand.fill.note")}</p>
      <BarChart
        id="fill-chart"
        title={t("demand.fill.title")}
        description={t("demand.fill.description", {
          best: rated[0] ? `${label(rated[0])} (${formatRate(rated[0].rate, lng)})` : none,
          worst: rated.length
            ? `${label(rated[rated.length - 1])} (${formatRate(rated[rated.length - 1].rate, lng)})`
            : none,
        })}
        format={(v) => formatRate(v, lng)}
        max={1}
        bars={fill.map((f) => ({
          key: `${f.weekday}${f.window}`,
          label: `${t(`weekday.${f.weekday}`)}\n${t(`windowShort.${f.window}`)}`,
          value: f.rate ?? 0,
          muted: f.window === "afternoon",
        }))}
      />
      <NumbersTable
        id="fill"
        head={[t("demand.fill.day"), t("demand.fill.booked"), t("demand.fill.capacity"), t("demand.fill.rate")]}
        rows={fill.map((f) => [
          label(f),
          formatCount(f.booked, lng),
          formatCount(f.capacity, lng),
          formatRate(f.rate, lng),
        ])}
      />
    </Section>
  );
}

const CHART_LINES = 5;

export function WaitlistSection({ report, lng, csvHref }: { report: Report; lng: string; csvHref: string }) {
  const { t } = useTranslation("insights");
  const top = report.waitlists.slice(0, CHART_LINES);
  return (
    <Section id="waitlist" title={t("demand.waitlist.title")} csvHref={csvHref}>
      {report.waitlists.length === 0 ? (
        <p className="text-stone-600">{t("demand.waitlist.empty")}</p>
      ) : (
        <>
          <LineChart
            id="waitlist-chart"
            title={t("demand.waitlist.title")}
            description={t("demand.waitlist.description", { count: top.length })}
            format={(v) => formatCount(v, lng)}
            labels={report.weeks.map((w) => shortDayMonth(w.week, lng).join(" "))}
            series={top.map((w) => ({ key: w.fsa, label: w.fsa, values: w.weekly }))}
          />
          <NumbersTable
            id="waitlist"
            head={[
              t("demand.waitlist.prefix"),
              t("demand.waitlist.waiting"),
              t("demand.waitlist.joined"),
              t("demand.waitlist.growth"),
            ]}
            rows={report.waitlists.map((w) => [
              w.fsa,
              formatCount(w.waiting, lng),
              formatCount(w.joinedLast4Weeks, lng),
              formatRate(
                w.waiting - w.joinedLast4Weeks > 0 ? w.joinedLast4Weeks / (w.waiting - w.joinedLast4Weeks) : null,
                lng,
              ),
            ])}
          />
        </>
      )}
    </Section>
  );
}
