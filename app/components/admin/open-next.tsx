// "Where to open next" (issue 46 part 3): the ranked unserved prefixes, the formula beside them, and each
// one's Open button, a plain form posted to the served areas' page (it opens the prefix and e-mails its
// waitlist, as opening one there does).
import { useTranslation } from "react-i18next";
import { formatCount, formatDecimal, formatRate } from "~/lib/season";
import { Section } from "./demand";

type Ranked = {
  fsa: string;
  waiting: number;
  joinedLast4Weeks: number;
  growth: number | null;
  nearestKm: number | null;
  nearestFsa: string | null;
  estimatePerWeek: number | null;
  score: number;
};

export function OpenNextSection({ ranking, lng, csvHref }: { ranking: Ranked[]; lng: string; csvHref: string }) {
  const { t } = useTranslation("insights");
  const none = t("none");
  return (
    <Section id="next" title={t("demand.next.title")} csvHref={csvHref}>
      <p className="max-w-3xl text-sm text-stone-700" data-testid="open-next-formula">
        {t("demand.next.formula")}
      </p>
      {ranking.length === 0 ? (
        <p className="text-stone-600">{t("demand.next.empty")}</p>
      ) : (
        <ol className="space-y-3" data-testid="open-next">
          {ranking.map((r, i) => (
            <li
              key={r.fsa}
              className="card flex flex-wrap items-center justify-between gap-3"
              data-testid={`open-next-${r.fsa}`}
            >
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm narrow:grid-cols-1">
                <dt className="font-semibold">{t("demand.next.rank")}</dt>
                <dd>
                  {formatCount(i + 1, lng)} — <strong>{r.fsa}</strong>
                </dd>
                <dt className="text-stone-600">{t("demand.next.waiting")}</dt>
                <dd className="tabular-nums">{formatCount(r.waiting, lng)}</dd>
                <dt className="text-stone-600">{t("demand.next.growth")}</dt>
                <dd className="tabular-nums">
                  +{formatCount(r.joinedLast4Weeks, lng)} ({formatRate(r.growth, lng)})
                </dd>
                <dt className="text-stone-600">{t("demand.next.distance")}</dt>
                <dd className="tabular-nums">
                  {r.nearestKm === null
                    ? none
                    : t("demand.next.distanceValue", { km: formatDecimal(r.nearestKm, lng), fsa: r.nearestFsa })}
                </dd>
                <dt className="text-stone-600">{t("demand.next.estimate")}</dt>
                <dd className="tabular-nums">
                  {r.estimatePerWeek === null ? none : formatDecimal(r.estimatePerWeek, lng)}
                </dd>
                <dt className="text-stone-600">{t("demand.next.score")}</dt>
                <dd className="tabular-nums">{formatCount(r.score, lng)}</dd>
              </dl>
              <form method="post" action="/admin/supply/areas">
                <input type="hidden" name="fsa" value={r.fsa} />
                <input type="hidden" name="target" value={`open-next-${r.fsa}`} />
                <button
                  type="submit"
                  name="intent"
                  value="openNotify"
                  className="btn-primary"
                  aria-describedby="open-next-hint"
                >
                  {t("demand.next.open", { fsa: r.fsa })}
                </button>
              </form>
            </li>
          ))}
        </ol>
      )}
      {ranking.length ? (
        <p id="open-next-hint" className="text-sm text-stone-600">
          {t("demand.next.openHint")}
        </p>
      ) : null}
    </Section>
  );
}
