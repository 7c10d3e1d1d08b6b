// /admin/plans (issue 45 part 6): active, paused and stopped plans per prefix and interval, and the next
// cycles' bookings with the ones waiting for payment. Admins only (drivers 403, as every admin page).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate, formatDateTime } from "~/lib/dates";
import { titleMeta } from "~/lib/meta";
import { TableScroll } from "~/components/admin/ui";
import { getLanguage, getT, plansOverview, requireAdmin } from "~/services/http/pages.server";

export const handle = { i18n: ["common", "admin", "myplans"] };
export const meta: MetaFunction = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [lng, t] = await Promise.all([getLanguage(request), getT(request, "myplans")]);
  const { groups, cycles } = plansOverview();
  return {
    title: t("admin.title"),
    groups,
    cycles: cycles.map((cycle) => ({
      ...cycle,
      dateLabel: formatDate(cycle.date, lng, "short"),
      holdLabel: cycle.holdExpiresAt ? formatDateTime(cycle.holdExpiresAt, lng) : null,
    })),
  };
}

const th = "border-b border-stone-300 px-2 py-1 text-left font-semibold";
const td = "border-b border-stone-200 px-2 py-1";

export default function AdminPlans() {
  const { groups, cycles } = useLoaderData<typeof loader>();
  const { t } = useTranslation("myplans");
  return (
    <div className="space-y-6">
      <h1 className="page-title">{t("admin.title")}</h1>
      <p>{t("admin.intro")}</p>
      <section aria-labelledby="plan-groups" className="space-y-2">
        <h2 id="plan-groups" className="sr-only">
          {t("admin.title")}
        </h2>
        {groups.length ? (
          <TableScroll label={t("admin.title")}>
            <table className="w-full text-sm" data-testid="plan-groups">
              <thead>
                <tr>
                  <th scope="col" className={th}>
                    {t("admin.prefix")}
                  </th>
                  <th scope="col" className={th}>
                    {t("admin.intervalCol")}
                  </th>
                  <th scope="col" className={th}>
                    {t("admin.active")}
                  </th>
                  <th scope="col" className={th}>
                    {t("admin.paused")}
                  </th>
                  <th scope="col" className={th}>
                    {t("admin.paymentNeeded")}
                  </th>
                  <th scope="col" className={th}>
                    {t("admin.stopped")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {groups.map((group) => (
                  <tr key={`${group.prefix}-${group.intervalWeeks}`} data-testid="plan-group">
                    <td className={`${td} font-mono`}>{group.prefix}</td>
                    <td className={td}>{t("everyWeeks", { count: group.intervalWeeks })}</td>
                    <td className={`${td} tabular-nums`}>{group.active}</td>
                    <td className={`${td} tabular-nums`}>{group.paused}</td>
                    <td className={`${td} tabular-nums`}>{group.paymentNeeded}</td>
                    <td className={`${td} tabular-nums`}>{group.stopped}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        ) : (
          <p>{t("admin.noPlans")}</p>
        )}
      </section>
      <section aria-labelledby="plan-cycles" className="space-y-2">
        <h2 id="plan-cycles" className="text-lg font-semibold">
          {t("admin.cyclesTitle")}
        </h2>
        <p>{t("admin.cyclesIntro")}</p>
        {cycles.length ? (
          <TableScroll label={t("admin.cyclesTitle")}>
            <table className="w-full text-sm" data-testid="plan-cycles">
              <thead>
                <tr>
                  <th scope="col" className={th}>
                    {t("admin.date")}
                  </th>
                  <th scope="col" className={th}>
                    {t("admin.prefix")}
                  </th>
                  <th scope="col" className={th}>
                    {t("admin.pickup")}
                  </th>
                  <th scope="col" className={th}>
                    {t("admin.cycleStatus")}
                  </th>
                  <th scope="col" className={th}>
                    {t("admin.holdUntil")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {cycles.map((cycle) => (
                  <tr key={`${cycle.planId}-${cycle.date}`} data-testid="plan-cycle" data-status={cycle.status}>
                    <td className={td}>{cycle.dateLabel}</td>
                    <td className={`${td} font-mono`}>{cycle.prefix}</td>
                    <td className={`${td} font-mono`}>{cycle.confirmationNumber ?? "—"}</td>
                    <td className={td}>{t(`admin.cycleStatuses.${cycle.status}`)}</td>
                    <td className={td}>{cycle.holdLabel ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        ) : (
          <p>{t("admin.noCycles")}</p>
        )}
      </section>
    </div>
  );
}
