// The waitlist: counts per prefix and reason, the entries (filtered by prefix and reason, in pages),
// the CSV export, and e-mailing the people waiting for a prefix that is served now.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { useActionAnswer } from "~/components/action-answer";
import { useTranslation } from "react-i18next";
import { Problem } from "~/components/admin/problem";
import { Pagination } from "~/components/admin/ui";
import { WaitlistCounts, WaitlistEntries, WaitlistFilterForm } from "~/components/admin/waitlist";
import { formatDateTime } from "~/lib/dates";
import { titleMeta } from "~/lib/meta";
import { WAITLIST_REASONS } from "~/lib/visitor-schemas";
import {
  adminForm,
  done,
  refused,
  samePage,
  unknownIntent,
  requireAdmin,
  notifyWaitlist,
  readWaitlistFilter,
  waitlistPage,
  waitlistSummary,
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
  const filter = readWaitlistFilter(params);
  const list = waitlistPage(filter, toInteger(params.get("page") ?? "") ?? 1);
  const csv = new URLSearchParams();
  if (filter.fsa) csv.set("fsa", filter.fsa);
  if (filter.reason) csv.set("reason", filter.reason);
  return {
    title: t("waitlist.title"),
    summary: waitlistSummary(),
    filter,
    reasons: WAITLIST_REASONS,
    csvHref: `/admin/waitlist.csv${csv.size ? `?${csv}` : ""}`,
    ...list,
    rows: list.rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      fsa: r.fsa,
      reason: r.reason,
      locale: r.locale,
      joined: formatDateTime(r.createdAt, lng),
      notified: r.notifiedAt ? formatDateTime(r.notifiedAt, lng) : null,
    })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { admin, form, intent } = await adminForm(request);
  if (intent !== "notify") return unknownIntent(form);
  const fsa = String(form.get("fsa") ?? "")
    .trim()
    .toUpperCase()
    .slice(0, 3);
  try {
    const count = await notifyWaitlist(admin, fsa);
    return done(request, samePage(request), "supply.areas.notified", undefined, { fsa, count });
  } catch (error) {
    return refused(error, form, `prefix-${fsa}`);
  }
}

export default function WaitlistPage() {
  const view = useLoaderData<typeof loader>();
  const actionData = useActionAnswer<typeof action>();
  const { t } = useTranslation(["admin", "common"]);
  const location = useLocation();
  const { prefixes, totals } = view.summary;

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="page-title">{t("waitlist.title")}</h1>
          <p className="mt-1 max-w-3xl text-stone-700">{t("waitlist.intro", { count: totals.total })}</p>
        </div>
        <a href={view.csvHref} className="btn-secondary" download data-testid="waitlist-csv">
          {t("waitlist.download")}
        </a>
      </div>
      <Problem reply={actionData} />

      {/* A scrolling table must be reachable by keyboard (axe: scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <section aria-labelledby="counts-title" tabIndex={0} className="card relative overflow-x-auto">
        <h2 id="counts-title" className="text-lg font-semibold">
          {t("waitlist.countsTitle")}
        </h2>
        {prefixes.length ? (
          <WaitlistCounts prefixes={prefixes} totals={totals} reply={actionData} />
        ) : (
          <p className="mt-2 text-stone-600">{t("waitlist.empty")}</p>
        )}
      </section>

      <section aria-labelledby="entries-title" className="space-y-3">
        <h2 id="entries-title" className="text-lg font-semibold">
          {t("waitlist.entriesTitle", { count: view.total })}
        </h2>
        <WaitlistFilterForm filter={view.filter} reasons={view.reasons} />
        {view.rows.length ? (
          <WaitlistEntries rows={view.rows} total={view.total} />
        ) : (
          <p className="card text-stone-600">{t("waitlist.emptyFilter")}</p>
        )}
        <Pagination page={view.page} pages={view.pages} search={location.search} />
      </section>
    </div>
  );
}
