// Refunds that are not settled: cancelled pickups whose refund failed or is still pending at the provider,
// oldest first, with a "Retry now" button per refund (a plain form post: works without JavaScript).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionAnswer } from "~/components/action-answer";
import { useTranslation } from "react-i18next";
import { Problem } from "~/components/admin/problem";
import { Badge, RowAction, TableHead, TableScroll, tableClass, tdClass } from "~/components/admin/ui";
import { formatDateTime } from "~/lib/dates";
import { titleMeta } from "~/lib/meta";
import { formatMoney } from "~/lib/pricing";
import {
  adminForm,
  done,
  refused,
  samePage,
  unknownIntent,
  requireAdmin,
  missedRefundRows,
  retryRefund,
  unsettledRefunds,
  getLanguage,
  getT,
} from "~/services/http/pages.server";
import { toInteger } from "~/lib/ids";

export const handle = { i18n: ["common", "admin", "stops"] };
export const meta: MetaFunction = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [lng, t] = await Promise.all([getLanguage(request), getT(request, "admin")]);
  return {
    title: t("refunds.title"),
    rows: unsettledRefunds().map((r) => ({
      pickupId: r.pickupId,
      confirmationNumber: r.confirmationNumber,
      email: r.email,
      amount: formatMoney(r.amountCents, lng),
      status: r.status,
      since: formatDateTime(r.since, lng),
    })),
    // Issue 42: beside the cancellations, the full refunds of pickups we missed.
    missed: missedRefundRows().map((r) => ({
      ...r,
      amount: formatMoney(r.amountCents, lng),
      since: formatDateTime(r.since, lng),
    })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { admin, form, intent } = await adminForm(request);
  if (intent !== "retry") return unknownIntent(form);
  try {
    const { confirmationNumber, status } = await retryRefund(admin, toInteger(form.get("pickupId")));
    return done(request, samePage(request), `refunds.retried.${status}`, undefined, { confirmationNumber });
  } catch (error) {
    return refused(error, form);
  }
}

export default function RefundsPage() {
  const { rows, missed } = useLoaderData<typeof loader>();
  const actionData = useActionAnswer<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation(["admin", "common", "stops"]);
  const busy = navigation.state !== "idle" ? navigation.formData?.get("pickupId") : null;

  return (
    <div className="space-y-5">
      <div>
        <h1 className="page-title">{t("refunds.title")}</h1>
        <p className="mt-1 max-w-3xl text-stone-700">{t("refunds.intro")}</p>
      </div>
      <Problem reply={actionData} />
      {rows.length ? (
        // A scrolling table must be reachable by keyboard (axe: scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        <div role="region" aria-label={t("refunds.caption")} className="card relative overflow-x-auto" tabIndex={0}>
          <table className="w-full text-left text-sm" data-testid="refunds-table">
            <caption className="sr-only">{t("refunds.caption")}</caption>
            <thead className="border-b border-stone-200 text-stone-600">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  {t("refunds.confirmation")}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t("refunds.email")}
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  {t("refunds.amount")}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t("refunds.status")}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t("refunds.since")}
                </th>
                <th scope="col" className="py-2">
                  {t("refunds.action")}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr
                  key={row.pickupId}
                  className="border-b border-stone-100 last:border-0"
                  data-testid="refund-row"
                  data-confirmation={row.confirmationNumber}
                >
                  <td className="py-2 pr-3 font-mono">{row.confirmationNumber}</td>
                  <td className="break-all py-2 pr-3">{row.email}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{row.amount}</td>
                  <td className="py-2 pr-3">
                    <Badge tone={row.status === "failed" ? "inactive" : "pending"}>{t(`refunds.${row.status}`)}</Badge>
                  </td>
                  <td className="py-2 pr-3">{row.since}</td>
                  <td className="py-2">
                    <RowAction
                      name="pickupId"
                      value={row.pickupId}
                      intent="retry"
                      label={t("refunds.retry")}
                      ariaLabel={t("refunds.retryLabel", { confirmationNumber: row.confirmationNumber })}
                      disabled={busy === String(row.pickupId)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="card text-stone-600" data-testid="refunds-empty">
          {t("refunds.empty")}
        </p>
      )}
      <section aria-labelledby="missed-refunds" className="space-y-2">
        <h2 id="missed-refunds" className="text-lg font-semibold">
          {t("stops:refunds.title")}
        </h2>
        {missed.length ? (
          <TableScroll label={t("stops:refunds.caption")} className="card">
            <table className={tableClass} data-testid="missed-refunds-table">
              <caption className="sr-only">{t("stops:refunds.caption")}</caption>
              <TableHead
                columns={[
                  t("refunds.confirmation"),
                  t("refunds.email"),
                  t("refunds.amount"),
                  t("refunds.status"),
                  t("refunds.since"),
                ]}
              />
              <tbody className="divide-y divide-stone-100">
                {missed.map((row) => (
                  <tr key={row.pickupId} data-testid="missed-refund-row" data-confirmation={row.confirmationNumber}>
                    <td className={`${tdClass} font-mono`}>
                      <Link className="btn-link" to={`/admin/pickups/${row.confirmationNumber}`}>
                        {row.confirmationNumber}
                      </Link>
                    </td>
                    <td className={`${tdClass} break-all`}>{row.email}</td>
                    <td className={`${tdClass} tabular-nums`}>{row.amount}</td>
                    <td className={tdClass}>
                      {t(`stops:reasons.${row.reason ?? "bags-not-out"}`)} ·{" "}
                      {row.status ? t(`stops:refundStatus.${row.status}`) : "—"}
                    </td>
                    <td className={tdClass}>{row.since}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        ) : (
          <p className="card text-stone-600">{t("stops:refunds.empty")}</p>
        )}
      </section>
    </div>
  );
}
