// Accepted materials: the 12 categories in the resident's language, and the "will you take this?"
// search. The search is a GET form (?q=), so it works without JavaScript; with it, results follow
// the typing without a page reload.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigation, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MaterialCard } from "~/components/materials/material-card";
import { NoMatch } from "~/components/materials/no-match";
import { SearchForm } from "~/components/materials/search-form";
import { StoredPiece } from "~/components/stored-pieces";
import { TakeAnswerBox } from "~/components/materials/take-answer";
import { MAX_MATERIAL_QUERY } from "~/lib/material-text";
import { titleMeta } from "~/lib/meta";
import type { RootData } from "~/root";
import { askMaterials, getLanguage, getT, partnersByCategory, requireUser } from "~/services/http/pages.server";

export const handle = { i18n: ["common", "materials", "search", "impact"] };

export const meta: MetaFunction = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, MAX_MATERIAL_QUERY).trim();
  const [lng, t] = await Promise.all([getLanguage(request), getT(request, "materials")]);
  // Issue 47: each category's partners (name and what becomes of the material), from /admin/partners.
  const partners = Object.fromEntries(
    Object.entries(partnersByCategory(lng)).map(([c, list]) => [c, list.map(({ name, fate }) => ({ name, fate }))]),
  );
  return { title: t("title"), q, partners, ...askMaterials(lng, q) };
}

/** Only a short list of results opens by itself; the full list stays compact on a phone. */
const OPEN_RESULTS_UP_TO = 3;

export default function Materials() {
  const { q, materials, answer, partners } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["materials", "common"]);
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location?.pathname === "/materials";
  const openAll = q !== "" && materials.length <= OPEN_RESULTS_UP_TO;
  const supportEmail = useRouteLoaderData<RootData>("root")?.supportEmail ?? "";

  return (
    <section>
      <h1 className="page-title">{t("title")}</h1>
      <p className="mt-1 text-stone-700">{t("intro")}</p>

      <SearchForm q={q} searching={searching} />

      <p role="status" aria-live="polite" className="mt-3 text-sm text-stone-700 empty:mt-0">
        {q && materials.length > 0 ? (
          <>
            {t("search.results", { count: materials.length, q })}{" "}
            <Link to="/materials" className="btn-link" preventScrollReset>
              {t("search.clear")}
            </Link>
          </>
        ) : null}
      </p>

      <div className={searching ? "opacity-60 transition-opacity" : undefined}>
        {answer ? (
          <TakeAnswerBox
            answer={answer}
            q={q}
            categoryName={materials.find((m) => m.category === answer.category)?.name ?? null}
          />
        ) : null}
        {materials.length === 0 ? (
          answer ? null : (
            <NoMatch q={q} email={supportEmail} />
          )
        ) : (
          // The same list for everyone who asks the same (components/stored-pieces).
          <StoredPiece name="materials" inputs={JSON.stringify([openAll, q, materials, partners])}>
            <ul className="mt-3 space-y-3" aria-label={t("categories")}>
              {materials.map((material) => (
                <li key={material.id}>
                  <MaterialCard material={material} open={openAll} q={q} partners={partners[material.category]} />
                </li>
              ))}
            </ul>
          </StoredPiece>
        )}
      </div>

      <div className="mt-6 card bg-brand-50">
        <p className="text-stone-800">{t("scheduleHint")}</p>
        <Link to="/booking" className="btn-primary mt-3 w-full">
          {t("schedule")}
        </Link>
      </div>
    </section>
  );
}
