// The waitlist: counts per prefix and reason, the entries (filtered by prefix and reason, in pages),
// the CSV export, and e-mailing the people waiting for a prefix that is served now.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { REASON_KEYS } from "~/components/admin/labels";
import { Badge, Pagination, Problem, tableClass, tdClass, TableScroll, TableHead } from "~/components/admin/ui";
import { formatDateTime } from "~/lib/dates";
import { titleMeta } from "~/lib/meta";
import { WAITLIST_REASONS } from "~/lib/visitor-schemas";
import { adminForm, done, refused, samePage, unknownIntent } from "~/services/http/admin-actions.server";
import { requireAdmin } from "~/services/http/admin-auth.server";
import { toInteger } from "~/services/admin/errors.server";
import { notifyWaitlist, readWaitlistFilter, waitlistPage, waitlistSummary } from "~/services/admin/waitlist.server";
import { getLanguage, getT } from "~/services/platform/i18n.server";

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
  if (intent !== "notify") return unknownIntent();
  const fsa = String(form.get("fsa") ?? "")
    .trim()
    .toUpperCase()
    .slice(0, 3);
  try {
    const count = await notifyWaitlist(admin, fsa);
    return done(request, samePage(request), "supply.areas.notified", undefined, { fsa, count });
  } catch (error) {
    return refused(error, `prefix-${fsa}`);
  }
}

export default function WaitlistPage() {
  const view = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["admin", "common"]);
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
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
      <Problem problem={actionData?.problem} />

      {/* A scrolling table must be reachable by keyboard (axe: scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <section aria-labelledby="counts-title" tabIndex={0} className="card overflow-x-auto">
        <h2 id="counts-title" className="text-lg font-semibold">
          {t("waitlist.countsTitle")}
        </h2>
        {prefixes.length ? (
          <table className={`${tableClass} mt-2`} data-testid="waitlist-counts">
            <TableHead
              columns={[
                t("supply.areas.prefix"),
                t("waitlist.served"),
                t("waitlist.reasons.outsideArea"),
                t("waitlist.reasons.noDirectAccess"),
                t("waitlist.total"),
                t("waitlist.waiting"),
                t("waitlist.notified"),
                { label: t("codes.actions"), hidden: true },
              ]}
            />
            <tbody className="divide-y divide-stone-100">
              {prefixes.map((p) => (
                <tr key={p.fsa} data-fsa={p.fsa}>
                  <th scope="row" className={`${tdClass} font-mono font-semibold`}>
                    <Link to={`?fsa=${p.fsa}`} className="btn-link">
                      {p.fsa}
                    </Link>
                  </th>
                  <td className={tdClass}>
                    <Badge tone={p.served ? "open" : "closed"}>{p.served ? t("waitlist.yes") : t("waitlist.no")}</Badge>
                  </td>
                  <td className={`${tdClass} tabular-nums`}>{p.outsideArea}</td>
                  <td className={`${tdClass} tabular-nums`}>{p.noDirectAccess}</td>
                  <td className={`${tdClass} tabular-nums font-semibold`}>{p.total}</td>
                  <td className={`${tdClass} tabular-nums`}>{p.waiting}</td>
                  <td className={`${tdClass} tabular-nums`}>{p.notified}</td>
                  <td className={tdClass}>
                    {p.served && p.waiting ? (
                      <Form method="post">
                        <input type="hidden" name="fsa" value={p.fsa} />
                        <button
                          type="submit"
                          name="intent"
                          value="notify"
                          className="btn-secondary min-h-[36px] px-3 text-sm"
                          disabled={busy}
                        >
                          {t("waitlist.notify", { count: p.waiting })}
                        </button>
                      </Form>
                    ) : !p.served && p.waiting && p.montreal ? (
                      <Link to="/admin/supply/areas" className="btn-link text-sm">
                        {t("waitlist.openArea")}
                      </Link>
                    ) : !p.montreal ? (
                      <span className="text-xs text-stone-600">{t("waitlist.outsideMontreal")}</span>
                    ) : null}
                    <Problem problem={actionData?.problem} target={`prefix-${p.fsa}`} />
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t-2 border-stone-300 font-semibold">
              <tr>
                <th scope="row" className={tdClass}>
                  {t("waitlist.total")}
                </th>
                <td className={tdClass} />
                <td className={`${tdClass} tabular-nums`}>{totals.outsideArea}</td>
                <td className={`${tdClass} tabular-nums`}>{totals.noDirectAccess}</td>
                <td className={`${tdClass} tabular-nums`}>{totals.total}</td>
                <td className={`${tdClass} tabular-nums`}>{totals.waiting}</td>
                <td className={`${tdClass} tabular-nums`}>{totals.notified}</td>
                <td className={tdClass} />
              </tr>
            </tfoot>
          </table>
        ) : (
          <p className="mt-2 text-stone-600">{t("waitlist.empty")}</p>
        )}
      </section>

      <section aria-labelledby="entries-title" className="space-y-3">
        <h2 id="entries-title" className="text-lg font-semibold">
          {t("waitlist.entriesTitle", { count: view.total })}
        </h2>
        <Form method="get" className="card flex flex-wrap items-end gap-3" role="search">
          <div>
            <label htmlFor="fsa" className="field-label">
              {t("supply.areas.prefix")}
            </label>
            <input
              id="fsa"
              name="fsa"
              defaultValue={view.filter.fsa}
              maxLength={3}
              className="field-input w-28 uppercase"
              autoComplete="off"
            />
          </div>
          <div>
            <label htmlFor="reason" className="field-label">
              {t("waitlist.reason")}
            </label>
            <select id="reason" name="reason" defaultValue={view.filter.reason} className="field-input">
              <option value="">{t("codes.filter.all")}</option>
              {view.reasons.map((r) => (
                <option key={r} value={r}>
                  {t(REASON_KEYS[r]!)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-primary">
            {t("codes.filter.apply")}
          </button>
          {location.search ? (
            <Link to="/admin/waitlist" className="btn-link py-2">
              {t("codes.filter.clear")}
            </Link>
          ) : null}
        </Form>
        {view.rows.length ? (
          <TableScroll label={t("waitlist.entriesTitle", { count: view.total })} className="card p-0">
            <table className={tableClass} data-testid="waitlist-entries">
              <TableHead
                className="bg-stone-50"
                columns={[
                  t("waitlist.name"),
                  t("redemptions.email"),
                  t("supply.areas.prefix"),
                  t("waitlist.reason"),
                  t("waitlist.language"),
                  t("waitlist.joined"),
                  t("waitlist.notifiedAt"),
                ]}
              />
              <tbody className="divide-y divide-stone-100">
                {view.rows.map((r) => (
                  <tr key={r.id} data-testid="waitlist-row">
                    <td className={tdClass}>{r.name}</td>
                    <td className={`${tdClass} break-all`}>{r.email}</td>
                    <td className={`${tdClass} font-mono`}>{r.fsa}</td>
                    <td className={tdClass}>{t(REASON_KEYS[r.reason]!)}</td>
                    <td className={tdClass}>{r.locale.toUpperCase()}</td>
                    <td className={`${tdClass} whitespace-nowrap`}>{r.joined}</td>
                    <td className={`${tdClass} whitespace-nowrap`}>{r.notified ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        ) : (
          <p className="card text-stone-600">{t("waitlist.emptyFilter")}</p>
        )}
        <Pagination page={view.page} pages={view.pages} search={location.search} />
      </section>
    </div>
  );
}
