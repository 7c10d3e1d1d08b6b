// The access log (issue 42 part 9, Law 25): every admin search (its text and the residents it showed) and
// every opened resident or pickup page, newest first, filtered by resident or by admin (plain GET form
// and links), in pages.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ResidentLink } from "~/components/admin/people";
import { Pagination, tableClass, tdClass, TableHead, TableScroll } from "~/components/admin/ui";
import { formatDateTime } from "~/lib/dates";
import { toInteger } from "~/lib/ids";
import { titleMeta } from "~/lib/meta";
import {
  accessLogPage,
  adminsForFilter,
  getLanguage,
  getT,
  readAccessLogFilter,
  requireAdmin,
} from "~/services/http/pages.server";

export const handle = { i18n: ["common", "admin", "people"] };
export const meta: MetaFunction = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [lng, t] = await Promise.all([getLanguage(request), getT(request, "people")]);
  const params = new URL(request.url).searchParams;
  const view = accessLogPage(readAccessLogFilter(params), toInteger(params.get("page") ?? "") ?? 1);
  return {
    title: t("log.title"),
    ...view,
    residentText: (params.get("resident") ?? "").slice(0, 254),
    admins: adminsForFilter(),
    entries: view.entries.map((e) => ({ ...e, at: formatDateTime(e.at, lng) })),
  };
}

function personLabel(person: { id: number; name: string; deleted: boolean }, deleted: string) {
  return person.deleted ? deleted : person.name;
}

export default function AccessLogPage() {
  const view = useLoaderData<typeof loader>();
  const { t } = useTranslation(["people", "admin", "common"]);
  const location = useLocation();
  const deleted = (id: number) => t("search.deletedAccount", { id });
  return (
    <div className="space-y-5">
      <div>
        <h1 className="page-title">{t("log.title")}</h1>
        <p className="mt-1 max-w-3xl text-stone-700">{t("log.intro")}</p>
      </div>
      <Form method="get" className="card flex flex-wrap items-end gap-3" role="search" aria-label={t("log.apply")}>
        <div>
          <label htmlFor="log-admin" className="field-label">
            {t("log.filterAdmin")}
          </label>
          <select
            id="log-admin"
            name="admin"
            defaultValue={view.filter.admin ? String(view.filter.admin.id) : ""}
            className="field-input"
          >
            <option value="">{t("log.anyAdmin")}</option>
            {view.admins.map((a) => (
              <option key={a.id} value={a.id}>
                {a.email}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0">
          <label htmlFor="log-resident" className="field-label">
            {t("log.filterResident")}
          </label>
          <input
            id="log-resident"
            name="resident"
            defaultValue={view.residentText}
            maxLength={254}
            autoComplete="off"
            spellCheck={false}
            className="field-input w-72 max-w-full"
          />
        </div>
        <button type="submit" className="btn-primary">
          {t("log.apply")}
        </button>
        {location.search ? (
          <Link to="/admin/access-log" className="btn-link py-2">
            {t("log.clear")}
          </Link>
        ) : null}
      </Form>
      {view.filter.resident || view.filter.admin ? (
        <ul className="space-y-1" data-testid="log-filter">
          {view.filter.resident ? (
            <li>
              {view.filter.resident.id === 0
                ? t("log.noSuchAccount")
                : t("log.forResident", {
                    name: personLabel(view.filter.resident, deleted(view.filter.resident.id)),
                  })}
            </li>
          ) : null}
          {view.filter.admin ? (
            <li>
              {view.filter.admin.id === 0
                ? t("log.noSuchAccount")
                : t("log.byAdmin", { name: personLabel(view.filter.admin, deleted(view.filter.admin.id)) })}
            </li>
          ) : null}
        </ul>
      ) : null}
      <p className="text-stone-700" data-testid="log-total">
        {t("log.count", { count: view.total })}
      </p>
      {view.entries.length ? (
        <TableScroll label={t("log.caption")} className="card p-0">
          <table className={tableClass} data-testid="access-log">
            <caption className="sr-only">{t("log.caption")}</caption>
            <TableHead
              className="bg-stone-50"
              columns={[
                t("log.columns.when"),
                t("log.columns.admin"),
                t("log.columns.what"),
                t("log.columns.residents"),
              ]}
            />
            <tbody className="divide-y divide-stone-100">
              {view.entries.map((e) => (
                <tr key={e.id} data-testid="log-entry" data-what={e.what}>
                  <td className={`${tdClass} whitespace-nowrap`}>{e.at}</td>
                  <td className={`${tdClass} break-all`}>
                    <Link to={`?admin=${e.admin.id}`} className="btn-link" data-testid="log-admin">
                      {personLabel(e.admin, deleted(e.admin.id))}
                    </Link>
                  </td>
                  <td className={tdClass} data-testid="log-what" data-typed={e.query ? "" : undefined}>
                    {e.what === "search" && !e.query
                      ? t("log.what.searchErased")
                      : t(`log.what.${e.what}`, { query: e.query })}
                  </td>
                  <td className={tdClass}>
                    {e.subjects.length ? (
                      <ul className="space-y-1">
                        {e.subjects.map((s) => (
                          <li key={s.id} data-testid="log-subject" data-id={s.id}>
                            <ResidentLink resident={s} />
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <span className="text-stone-600">{t("log.nobody")}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : (
        <p className="card text-stone-600">{t("log.empty")}</p>
      )}
      <Pagination page={view.page} pages={view.pages} search={location.search} />
    </div>
  );
}
