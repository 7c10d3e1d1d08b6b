// The admin dashboard: promo statistics, creating codes (one or a batch), recent redemptions (pending or
// booked), today's work at a glance and the recent admin activity.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import {
  ActivityList,
  Badge,
  Problem,
  StatCard,
  tableClass,
  tdClass,
  TableScroll,
  TableHead,
} from "~/components/admin/ui";
import { dateKey, formatDateTime } from "~/lib/dates";
import { titleMeta } from "~/lib/meta";
import { formatMoney } from "~/lib/pricing";
import { now } from "~/lib/clock";
import { adminForm, done, refused, unknownIntent } from "~/services/http/admin-actions.server";
import { recentActivity } from "~/services/admin/activity.server";
import { requireAdmin } from "~/services/http/admin-auth.server";
import { daySheet } from "~/services/admin/day.server";
import { createCodesAsAdmin, MAX_BATCH, promoStats, recentRedemptions } from "~/services/admin/promos.server";
import { DEFAULT_PROMO_PERCENT } from "~/services/booking/promos.server";
import { getLanguage, getT } from "~/services/platform/i18n.server";

export const handle = { i18n: ["common", "admin"] };
export const meta: MetaFunction = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [lng, t] = await Promise.all([getLanguage(request), getT(request, "admin")]);
  const stats = promoStats();
  const today = daySheet(dateKey(now()));
  return {
    title: t("dashboard.title"),
    stats: { ...stats, totalSavingsText: formatMoney(stats.totalSavingsCents, lng) },
    redemptions: recentRedemptions(20).map((r) => ({ ...r, when: formatDateTime(r.redeemedAt, lng) })),
    activity: recentActivity(10).map((a) => ({ ...a, when: formatDateTime(a.createdAt, lng) })),
    today: { date: today.date, pickups: today.totalPickups, bags: today.totalBags },
    limits: { maxBatch: MAX_BATCH, defaultPercent: DEFAULT_PROMO_PERCENT },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { admin, form, intent } = await adminForm(request);
  if (intent !== "createCodes") return unknownIntent();
  const values = { count: String(form.get("count") ?? ""), percent: String(form.get("percent") ?? "") };
  try {
    const batch = createCodesAsAdmin(admin, values);
    return done(request, `/admin/promo-codes?batch=${batch.createdAt}`, "promo.created", "promo.createdDescription", {
      count: batch.codes.length,
      percent: batch.percent,
    });
  } catch (error) {
    return refused(error, "create", values);
  }
}

export default function AdminDashboard() {
  const { stats, redemptions, activity, today, limits } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["admin", "common"]);
  const navigation = useNavigation();
  const creating = navigation.state === "submitting" && navigation.formData?.get("intent") === "createCodes";

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="page-title">{t("dashboard.title")}</h1>
          <p className="mt-1 text-stone-700">{t("dashboard.intro")}</p>
        </div>
        <Link
          to={`/admin/day?date=${today.date}`}
          className="card flex items-center gap-3 py-2 hover:bg-stone-50"
          data-testid="today"
        >
          <span className="text-sm text-stone-600">{t("dashboard.today")}</span>
          <span className="font-semibold">{t("dashboard.todayCount", { count: today.pickups, bags: today.bags })}</span>
        </Link>
      </div>

      <section aria-labelledby="stats-title">
        <h2 id="stats-title" className="text-lg font-semibold">
          {t("stats.title")}
        </h2>
        <div className="mt-2 grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-5">
          <StatCard id="totalCodes" label={t("stats.totalCodes")} value={stats.totalCodes} />
          <StatCard
            id="activeCodes"
            label={t("stats.activeCodes")}
            value={stats.activeCodes}
            hint={t("stats.activeHint")}
          />
          <StatCard id="usedCodes" label={t("stats.usedCodes")} value={stats.usedCodes} hint={t("stats.usedHint")} />
          <StatCard
            id="totalRedemptions"
            label={t("stats.totalRedemptions")}
            value={stats.totalRedemptions}
            hint={t("stats.redemptionsHint", { count: stats.pendingRedemptions })}
          />
          <StatCard
            id="totalSavings"
            label={t("stats.totalSavings")}
            value={stats.totalSavingsText}
            hint={t("stats.savingsHint")}
          />
        </div>
      </section>

      <div className="grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="create-title" className="card lg:col-span-1">
          <h2 id="create-title" className="text-lg font-semibold">
            {t("promo.createTitle")}
          </h2>
          <p className="mt-1 text-sm text-stone-700">{t("promo.createIntro")}</p>
          <Form method="post" className="mt-3 space-y-3" noValidate>
            <div>
              <label htmlFor="count" className="field-label">
                {t("promo.count")}
              </label>
              <input
                id="count"
                name="count"
                type="number"
                inputMode="numeric"
                min={1}
                max={limits.maxBatch}
                required
                defaultValue={actionData?.values?.count ?? "1"}
                className="field-input"
                aria-describedby="count-hint"
              />
              <p id="count-hint" className="mt-1 text-xs text-stone-600">
                {t("promo.countHint", { max: limits.maxBatch })}
              </p>
            </div>
            <div>
              <label htmlFor="percent" className="field-label">
                {t("promo.percent")}
              </label>
              <input
                id="percent"
                name="percent"
                type="number"
                inputMode="numeric"
                min={1}
                max={100}
                defaultValue={actionData?.values?.percent ?? String(limits.defaultPercent)}
                className="field-input"
                aria-describedby="percent-hint"
              />
              <p id="percent-hint" className="mt-1 text-xs text-stone-600">
                {t("promo.percentHint")}
              </p>
            </div>
            <Problem problem={actionData?.problem} target="create" />
            <button type="submit" name="intent" value="createCodes" className="btn-primary w-full" disabled={creating}>
              {creating ? t("promo.creating") : t("promo.create")}
            </button>
          </Form>
          <Link to="/admin/promo-codes" className="btn-link mt-3 inline-block text-sm">
            {t("codes.all")}
          </Link>
        </section>

        <section aria-labelledby="redemptions-title" className="card lg:col-span-2">
          <h2 id="redemptions-title" className="text-lg font-semibold">
            {t("redemptions.title")}
          </h2>
          {redemptions.length ? (
            <TableScroll label={t("redemptions.title")} className="mt-2">
              <table className={tableClass} data-testid="redemptions">
                <TableHead
                  columns={[
                    t("redemptions.email"),
                    t("redemptions.code"),
                    t("redemptions.date"),
                    t("redemptions.status"),
                  ]}
                />
                <tbody className="divide-y divide-stone-100">
                  {redemptions.map((r) => (
                    <tr key={r.id} data-testid="redemption-row">
                      <td className={`${tdClass} break-all`}>{r.email}</td>
                      <td className={`${tdClass} font-mono`}>{r.codeText}</td>
                      <td className={`${tdClass} whitespace-nowrap`}>{r.when}</td>
                      <td className={tdClass}>
                        {r.pickupRequestId ? (
                          <Badge tone="booked">{t("redemptions.booked")}</Badge>
                        ) : (
                          <Badge tone="pending">{t("redemptions.pending")}</Badge>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          ) : (
            <p className="mt-2 text-stone-600">{t("redemptions.empty")}</p>
          )}
        </section>
      </div>

      <section aria-labelledby="activity-title" className="card">
        <h2 id="activity-title" className="text-lg font-semibold">
          {t("activity.title")}
        </h2>
        <div className="mt-1">
          <ActivityList entries={activity} />
        </div>
      </section>
    </div>
  );
}
