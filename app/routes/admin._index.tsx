// The admin dashboard: promo statistics, creating codes (one or a batch), recent redemptions (pending or
// booked), today's work at a glance and the recent admin activity.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useActionAnswer } from "~/components/action-answer";
import { useTranslation } from "react-i18next";
import { CreateCodesForm, PromoStatCards, RedemptionsTable } from "~/components/admin/dashboard";
import { AdminSearchForm } from "~/components/admin/people";
import { ActivityList } from "~/components/admin/ui";
import { dateKey, formatDate, formatDateTime } from "~/lib/dates";
import { titleMeta } from "~/lib/meta";
import { TEXT_PROVIDER_VARIABLES } from "~/lib/outbox";
import { formatMoney } from "~/lib/pricing";
import { now } from "~/lib/clock";
import {
  adminForm,
  done,
  refused,
  unknownIntent,
  recentActivity,
  requireAdmin,
  daySheet,
  createCodesAsAdmin,
  MAX_BATCH,
  promoStats,
  recentRedemptions,
  DEFAULT_PROMO_PERCENT,
  getLanguage,
  getT,
  textsConfigured,
} from "~/services/http/pages.server";

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
    activity: recentActivity(10).map((a) => ({
      ...a,
      // A date in an entry ('Closed {{date}}') reads in the operator's language too.
      detail: isDateKey(a.detail.date) ? { ...a.detail, date: formatDate(a.detail.date, lng, "short") } : a.detail,
      when: formatDateTime(a.createdAt, lng),
    })),
    today: { date: today.date, pickups: today.totalPickups, bags: today.totalBags },
    limits: { maxBatch: MAX_BATCH, defaultPercent: DEFAULT_PROMO_PERCENT },
    /** No text provider (issue 42): no text is sent, the profile offers none; said at the top. */
    textsOff: !textsConfigured(),
  };
}

function isDateKey(value: unknown): value is string {
  return typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value);
}

export async function action({ request }: ActionFunctionArgs) {
  const { admin, form, intent } = await adminForm(request);
  if (intent !== "createCodes") return unknownIntent(form);
  try {
    const values = { count: String(form.get("count") ?? ""), percent: String(form.get("percent") ?? "") };
    const batch = createCodesAsAdmin(admin, values);
    return done(request, `/admin/promo-codes?batch=${batch.createdAt}`, "promo.created", "promo.createdDescription", {
      count: batch.codes.length,
      percent: batch.percent,
    });
  } catch (error) {
    return refused(error, form, "create");
  }
}

export default function AdminDashboard() {
  const { stats, redemptions, activity, today, limits, textsOff } = useLoaderData<typeof loader>();
  const actionData = useActionAnswer<typeof action>();
  const { t } = useTranslation(["admin", "common"]);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="page-title">{t("dashboard.title")}</h1>
          <p className="mt-1 text-stone-700">{t("dashboard.intro")}</p>
        </div>
        <Link
          to={`/admin/day?date=${today.date}`}
          className="card flex flex-wrap items-center gap-x-3 py-2 hover:bg-stone-50"
          data-testid="today"
        >
          <span className="text-sm text-stone-600">{t("dashboard.today")}</span>
          <span className="font-semibold">{t("dashboard.todayCount", { count: today.pickups, bags: today.bags })}</span>
        </Link>
      </div>

      {textsOff ? (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900" data-testid="texts-off">
          <strong>{t("dashboard.textsOffTitle")}</strong> {t("dashboard.textsOff")}{" "}
          <code lang="en" translate="no" className="text-sm">
            {TEXT_PROVIDER_VARIABLES}
          </code>{" "}
          <Link to="/admin/outbox?status=unsent" className="font-semibold underline">
            {t("dashboard.textsOffLink")}
          </Link>
        </p>
      ) : null}

      <AdminSearchForm />

      <PromoStatCards stats={stats} />

      <div className="grid gap-6 lg:grid-cols-3 [&>*]:min-w-0">
        <CreateCodesForm reply={actionData} limits={limits} />
        <RedemptionsTable redemptions={redemptions} />
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
