// "Your impact" (/impact, issue 47 part 3): the signed-in resident's Completed pickups, bags and estimated
// kilograms per category and where each went, this season and all time, with a server-drawn chart and its
// table. Only the resident's own pickups; every figure labelled as an estimate. Works without JavaScript.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ImpactCategories, ImpactPickups, ImpactSummary } from "~/components/impact/resident-impact";
import { titleMeta } from "~/lib/meta";
import { getLanguage, getT, requireUser, residentImpact } from "~/services/http/pages.server";

export const handle = { i18n: ["common", "impact"] };
export const meta: MetaFunction = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [lng, t] = await Promise.all([getLanguage(request), getT(request, "impact")]);
  return { title: t("resident.title"), ...residentImpact(user.id, lng) };
}

export default function ImpactPage() {
  const { season, seasonTotals, allTime, pickups } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["impact", "common"]);
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div>
        <h1 className="page-title">{t("resident.title")}</h1>
        <p className="mt-1 text-stone-700" data-testid="impact-estimate-note">
          {t("resident.intro")}
        </p>
      </div>
      {allTime.pickups === 0 ? (
        <div className="card" data-testid="impact-empty">
          <p>{t("resident.empty")}</p>
          <Link to="/booking" className="btn-primary mt-3 inline-flex">
            {t("resident.book")}
          </Link>
        </div>
      ) : (
        <>
          <ImpactSummary id="season" title={t("resident.seasonTitle", { season })} totals={seasonTotals} />
          <ImpactSummary id="all-time" title={t("resident.allTimeTitle")} totals={allTime} />
          {allTime.categories.length ? <ImpactCategories season={seasonTotals} allTime={allTime} /> : null}
          <ImpactPickups pickups={pickups} />
        </>
      )}
      <p className="text-sm text-stone-700">{t("resident.howWeEstimate")}</p>
    </div>
  );
}
