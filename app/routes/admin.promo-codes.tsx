// Every promo code with its status (active, pending, used, expired, deactivated), filters, pages, the
// CSV download of what is listed, and deactivating a code. After a batch is created the page shows it.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Badge, Pagination, Problem, tableClass, tdClass, TableScroll, TableHead } from "~/components/admin/ui";
import { formatDateTime } from "~/lib/dates";
import { titleMeta } from "~/lib/meta";
import { adminForm, done, refused, samePage, unknownIntent } from "~/services/http/admin-actions.server";
import { requireAdmin } from "~/services/http/admin-auth.server";
import { toInteger } from "~/services/admin/errors.server";
import { CODE_STATUSES, deactivateCode, listCodes, readCodeFilter } from "~/services/admin/promos.server";
import { getLanguage, getT } from "~/services/platform/i18n.server";

export const handle = { i18n: ["common", "admin"] };
export const meta: MetaFunction = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [lng, t] = await Promise.all([getLanguage(request), getT(request, "admin")]);
  const params = new URL(request.url).searchParams;
  const filter = readCodeFilter(params);
  const list = listCodes(filter, toInteger(params.get("page") ?? "") ?? 1);
  const csvParams = new URLSearchParams();
  if (filter.status !== "all") csvParams.set("status", filter.status);
  if (filter.q) csvParams.set("q", filter.q);
  if (filter.batch) csvParams.set("batch", String(filter.batch));
  return {
    title: t("codes.title"),
    filter,
    statuses: CODE_STATUSES,
    batchCreated: filter.batch ? formatDateTime(filter.batch, lng) : null,
    csvHref: `/admin/promo-codes.csv${csvParams.size ? `?${csvParams}` : ""}`,
    ...list,
    rows: list.rows.map((row) => ({
      ...row,
      created: formatDateTime(row.createdAt, lng),
      expires: formatDateTime(row.expiresAt, lng),
    })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { admin, form, intent } = await adminForm(request);
  if (intent !== "deactivate") return unknownIntent();
  const codeId = String(form.get("codeId") ?? "");
  try {
    const code = deactivateCode(admin, codeId);
    return done(request, samePage(request), "promo.deactivated", "promo.deactivatedDescription", { code });
  } catch (error) {
    return refused(error, `code-${codeId}`);
  }
}

export default function PromoCodes() {
  const view = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["admin", "common"]);
  const location = useLocation();

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="page-title">{view.batchCreated ? t("codes.batchTitle") : t("codes.title")}</h1>
          <p className="mt-1 text-stone-700" data-testid="codes-count">
            {view.batchCreated
              ? t("codes.batchIntro", { count: view.total, date: view.batchCreated })
              : t("codes.count", { count: view.total })}
          </p>
        </div>
        <a href={view.csvHref} className="btn-secondary" download data-testid="codes-csv">
          {view.batchCreated ? t("codes.downloadBatch") : t("codes.download")}
        </a>
      </div>

      <Form method="get" className="card flex flex-wrap items-end gap-3" role="search">
        <div>
          <label htmlFor="status" className="field-label">
            {t("codes.filter.status")}
          </label>
          <select id="status" name="status" defaultValue={view.filter.status} className="field-input">
            <option value="all">{t("codes.filter.all")}</option>
            {view.statuses.map((s) => (
              <option key={s} value={s}>
                {t(`codes.statuses.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="q" className="field-label">
            {t("codes.filter.search")}
          </label>
          <input
            id="q"
            name="q"
            defaultValue={view.filter.q}
            className="field-input uppercase"
            autoComplete="off"
            maxLength={20}
          />
        </div>
        {view.filter.batch ? <input type="hidden" name="batch" value={view.filter.batch} /> : null}
        <button type="submit" className="btn-primary">
          {t("codes.filter.apply")}
        </button>
        {location.search ? (
          <Link to="/admin/promo-codes" className="btn-link py-2">
            {t("codes.filter.clear")}
          </Link>
        ) : null}
      </Form>

      <Problem problem={actionData?.problem} />

      {view.rows.length ? (
        <TableScroll label={t("codes.title")} className="card p-0">
          <table className={tableClass} data-testid="codes">
            <TableHead
              className="bg-stone-50"
              columns={[
                t("codes.code"),
                t("codes.percent"),
                t("codes.status"),
                t("codes.created"),
                t("codes.expires"),
                t("codes.redeemedBy"),
                { label: t("codes.actions"), hidden: true },
              ]}
            />
            <tbody className="divide-y divide-stone-100">
              {view.rows.map((row) => (
                <tr key={row.id} data-testid="code-row" data-code={row.code}>
                  <td className={`${tdClass} font-mono font-semibold`}>{row.code}</td>
                  <td className={tdClass}>{row.percent} %</td>
                  <td className={tdClass}>
                    <Badge tone={row.status}>{t(`codes.statuses.${row.status}`)}</Badge>
                  </td>
                  <td className={`${tdClass} whitespace-nowrap`}>{row.created}</td>
                  <td className={`${tdClass} whitespace-nowrap`}>{row.expires}</td>
                  <td className={`${tdClass} break-all`}>{row.redeemedBy ?? "—"}</td>
                  <td className={tdClass}>
                    {row.status === "active" || row.status === "pending" || row.status === "expired" ? (
                      <Form method="post">
                        <input type="hidden" name="codeId" value={row.id} />
                        <button
                          type="submit"
                          name="intent"
                          value="deactivate"
                          className="btn-secondary min-h-[36px] px-3 text-sm"
                          aria-label={t("codes.deactivateLabel", { code: row.code })}
                        >
                          {t("codes.deactivate")}
                        </button>
                      </Form>
                    ) : null}
                    <Problem problem={actionData?.problem} target={`code-${row.id}`} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : (
        <p className="card text-stone-600">{t("codes.empty")}</p>
      )}
      <Pagination page={view.page} pages={view.pages} search={location.search} />
    </div>
  );
}
