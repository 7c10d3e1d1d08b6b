// The admin search (issue 42 part 9): a plain GET form (here and on the dashboard) finds residents and
// pickups by confirmation number, e-mail, name, phone or address; each search is written to the access log
// with the residents it showed (Law 25). A text too long is refused (400), never a server error.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminSearchForm, PickupLink, ResidentLink } from "~/components/admin/people";
import { Badge, tableClass, tdClass, TableHead, TableScroll } from "~/components/admin/ui";
import { readSearchQuery, SEARCH_QUERY_MAX, SEARCH_QUERY_MIN } from "~/lib/admin-search";
import { formatDate } from "~/lib/dates";
import { titleMeta } from "~/lib/meta";
import { formatPhoneNational } from "~/lib/phone";
import { data, getLanguage, getT, requireAdmin, searchAsAdmin, SEARCH_LIMIT } from "~/services/http/pages.server";

export const handle = { i18n: ["common", "admin", "people"] };
export const meta: MetaFunction = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const [lng, t] = await Promise.all([getLanguage(request), getT(request, "people")]);
  const { text, problem } = readSearchQuery(new URL(request.url).searchParams.get("q"));
  const base = {
    title: t("search.resultsTitle"),
    q: text,
    problem,
    limit: SEARCH_LIMIT,
    min: SEARCH_QUERY_MIN,
    max: SEARCH_QUERY_MAX,
  };
  if (problem || !text) {
    return data({ ...base, result: null }, { status: problem === "tooLong" ? 400 : 200 });
  }
  const result = searchAsAdmin(admin.id, text);
  return data({
    ...base,
    result: {
      more: result.more,
      residents: result.residents.map((r) => ({
        ...r,
        name: `${r.firstName} ${r.lastName}`.trim(),
        phone: formatPhoneNational(r.phone),
        address: [r.streetAddress, r.unit ? t("resident.unit", { unit: r.unit }) : "", r.city, r.postalCode]
          .filter(Boolean)
          .join(", "),
      })),
      pickups: result.pickups.map((p) => ({ ...p, date: formatDate(p.date, lng, "short") })),
    },
  });
}

export default function AdminSearchPage() {
  const view = useLoaderData<typeof loader>();
  const { t } = useTranslation(["people", "admin", "common"]);
  const result = view.result;
  return (
    <div className="space-y-5">
      <div>
        <h1 className="page-title">{t("search.resultsTitle")}</h1>
        <p className="mt-1 max-w-3xl text-stone-700">{t("search.logged")}</p>
      </div>
      <AdminSearchForm defaultValue={view.q} />
      {view.problem ? (
        <p role="alert" className="card text-red-800" data-testid="search-problem">
          {view.problem === "tooLong"
            ? t("search.tooLong", { max: view.max })
            : t("search.tooShort", { min: view.min })}
        </p>
      ) : null}
      {result && !result.residents.length && !result.pickups.length ? (
        <p className="card text-stone-700" data-testid="search-nothing">
          {t("search.nothing", { q: view.q })}
        </p>
      ) : null}
      {result?.residents.length ? (
        <section aria-labelledby="residents-title" className="space-y-2">
          <h2 id="residents-title" className="text-lg font-semibold">
            {t("search.residents", { count: result.residents.length })}
          </h2>
          {result.more.residents ? <p className="text-amber-900">{t("search.more", { limit: view.limit })}</p> : null}
          <TableScroll label={t("search.residents", { count: result.residents.length })} className="card p-0">
            <table className={tableClass} data-testid="search-residents">
              <TableHead
                className="bg-stone-50"
                columns={[
                  t("search.columns.name"),
                  t("search.columns.email"),
                  t("search.columns.phone"),
                  t("search.columns.address"),
                  t("search.columns.pickups"),
                ]}
              />
              <tbody className="divide-y divide-stone-100">
                {result.residents.map((r) => (
                  <tr key={r.id} data-testid="search-resident" data-id={r.id}>
                    <td className={tdClass}>
                      <ResidentLink resident={{ id: r.id, name: r.name, deleted: false }} />
                    </td>
                    <td className={`${tdClass} break-all`}>{r.email}</td>
                    <td className={`${tdClass} whitespace-nowrap`}>{r.phone}</td>
                    {/* What residents typed (data-typed: the French walk leaves it out). */}
                    <td className={tdClass} data-typed>
                      {r.address}
                    </td>
                    <td className={`${tdClass} tabular-nums`}>{r.pickups}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </section>
      ) : null}
      {result?.pickups.length ? (
        <section aria-labelledby="pickups-title" className="space-y-2">
          <h2 id="pickups-title" className="text-lg font-semibold">
            {t("search.pickups", { count: result.pickups.length })}
          </h2>
          {result.more.pickups ? <p className="text-amber-900">{t("search.more", { limit: view.limit })}</p> : null}
          <TableScroll label={t("search.pickups", { count: result.pickups.length })} className="card p-0">
            <table className={tableClass} data-testid="search-pickups">
              <TableHead
                className="bg-stone-50"
                columns={[
                  t("search.columns.confirmation"),
                  t("search.columns.date"),
                  t("search.columns.status"),
                  t("search.columns.address"),
                  t("search.columns.resident"),
                ]}
              />
              <tbody className="divide-y divide-stone-100">
                {result.pickups.map((p) => (
                  <tr key={p.confirmationNumber} data-testid="search-pickup" data-confirmation={p.confirmationNumber}>
                    <td className={tdClass}>
                      <PickupLink confirmationNumber={p.confirmationNumber} />
                    </td>
                    <td className={`${tdClass} whitespace-nowrap`}>
                      {p.date} · {t(`admin:window.${p.window}`)}
                    </td>
                    <td className={tdClass}>
                      <Badge tone={p.status}>{t(`admin:status.${p.status}`)}</Badge>
                    </td>
                    <td className={tdClass} data-typed>
                      {p.address}
                    </td>
                    <td className={tdClass}>
                      <ResidentLink resident={p.resident} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </section>
      ) : null}
    </div>
  );
}
