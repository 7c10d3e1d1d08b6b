// Every promo code with its status (active, pending, used, expired, deactivated), filters, pages, the
// CSV download of what is listed, and deactivating a code. After a batch is created the page shows it.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { useActionAnswer } from "~/components/action-answer";
import { useTranslation } from "react-i18next";
import { Problem } from "~/components/admin/problem";
import { CodeFilterForm, CodesTable } from "~/components/admin/promo-codes";
import { Pagination } from "~/components/admin/ui";
import { formatDateTime } from "~/lib/dates";
import { titleMeta } from "~/lib/meta";
import {
  adminForm,
  done,
  refused,
  samePage,
  unknownIntent,
  requireAdmin,
  CODE_STATUSES,
  deactivateCode,
  listCodes,
  readCodeFilter,
  getLanguage,
  getT,
} from "~/services/http/pages.server";
import { toInteger } from "~/lib/ids";

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
  if (intent !== "deactivate") return unknownIntent(form);
  const codeId = String(form.get("codeId") ?? "");
  try {
    const code = deactivateCode(admin, codeId);
    return done(request, samePage(request), "promo.deactivated", "promo.deactivatedDescription", { code });
  } catch (error) {
    return refused(error, form, `code-${codeId}`);
  }
}

export default function PromoCodes() {
  const view = useLoaderData<typeof loader>();
  const actionData = useActionAnswer<typeof action>();
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

      <CodeFilterForm filter={view.filter} statuses={view.statuses} />

      <Problem reply={actionData} />

      {view.rows.length ? (
        <CodesTable rows={view.rows} reply={actionData} />
      ) : (
        <p className="card text-stone-600">{t("codes.empty")}</p>
      )}
      <Pagination page={view.page} pages={view.pages} search={location.search} />
    </div>
  );
}
