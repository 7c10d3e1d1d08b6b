// The outbox: every message by status (queued, sent, failing with its last error and next attempt, expired,
// not sent: no text provider; codes masked), filtered by links, in pages, and a plain-form "Resend".
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useActionAnswer } from "~/components/action-answer";
import { useTranslation } from "react-i18next";
import { Problem } from "~/components/admin/problem";
import { Badge, Pagination } from "~/components/admin/ui";
import { formatDateTime } from "~/lib/dates";
import { titleMeta } from "~/lib/meta";
import { OUTBOX_STATUSES, TEXT_PROVIDER_VARIABLES } from "~/lib/outbox";
import { formatPhoneNational } from "~/lib/phone";
import {
  adminForm,
  done,
  refused,
  samePage,
  unknownIntent,
  requireAdmin,
  outboxPage,
  readOutboxStatus,
  resendEmail,
  getLanguage,
  getT,
} from "~/services/http/pages.server";
import { toInteger } from "~/lib/ids";

export const handle = { i18n: ["common", "admin"] };
export const meta: MetaFunction = titleMeta;

const TONE = { queued: "pending", sent: "booked", failing: "inactive", expired: "expired", unsent: "used" } as const;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [lng, t] = await Promise.all([getLanguage(request), getT(request, "admin")]);
  const params = new URL(request.url).searchParams;
  const status = readOutboxStatus(params.get("status"));
  const view = outboxPage(status, toInteger(params.get("page") ?? "") ?? 1);
  const when = (ms: number | null) => (ms === null ? null : formatDateTime(ms, lng));
  return {
    title: t("outbox.title"),
    ...view,
    status,
    rows: view.rows.map((row) => ({
      ...row,
      to: row.channel === "sms" ? formatPhoneNational(row.to) : row.to,
      createdAt: when(row.createdAt),
      sentAt: when(row.sentAt),
      nextAttemptAt: when(row.nextAttemptAt),
    })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { admin, form, intent } = await adminForm(request);
  if (intent !== "resend") return unknownIntent(form);
  try {
    const { to } = resendEmail(admin, toInteger(form.get("id")));
    return done(request, samePage(request), "outbox.resent", undefined, { to });
  } catch (error) {
    return refused(error, form);
  }
}

export default function OutboxPage() {
  const view = useLoaderData<typeof loader>();
  const actionData = useActionAnswer<typeof action>();
  const navigation = useNavigation();
  const location = useLocation();
  const { t } = useTranslation(["admin", "common"]);
  const busy = navigation.state !== "idle" ? navigation.formData?.get("id") : null;
  const filters = [null, ...OUTBOX_STATUSES];

  return (
    <div className="space-y-5">
      <div>
        <h1 className="page-title">{t("outbox.title")}</h1>
        <p className="mt-1 max-w-3xl text-stone-700">{t("outbox.intro")}</p>
        {view.delivering ? null : (
          <p className="mt-2 max-w-3xl text-amber-900" data-testid="outbox-not-delivering">
            {t("outbox.notDelivering")}
          </p>
        )}
        {view.texting ? null : (
          <p className="mt-2 max-w-3xl text-amber-900" data-testid="outbox-no-texts">
            {t("outbox.noTextProvider")}{" "}
            <code lang="en" translate="no" className="text-sm">
              {TEXT_PROVIDER_VARIABLES}
            </code>
          </p>
        )}
      </div>
      <nav aria-label={t("outbox.filterLabel")}>
        <ul className="flex flex-wrap gap-2">
          {filters.map((status) => (
            <li key={status ?? "all"}>
              <Link
                to={status ? `?status=${status}` : "?"}
                aria-current={view.status === status ? "page" : undefined}
                className={`inline-flex min-h-[40px] items-center rounded-full border px-4 text-sm font-semibold ${
                  view.status === status
                    ? "border-brand-700 bg-brand-50 text-brand-800"
                    : "border-stone-300 bg-white text-stone-700 hover:bg-stone-100"
                }`}
              >
                {status
                  ? t("outbox.filter", { status: t(`outbox.status.${status}`), count: view.counts[status] })
                  : t("outbox.all")}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Problem reply={actionData} />
      {view.rows.length ? (
        // A scrolling table must be reachable by keyboard (axe: scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        <div role="region" aria-label={t("outbox.caption")} className="card relative overflow-x-auto" tabIndex={0}>
          <table className="w-full text-left text-sm" data-testid="outbox-table">
            <caption className="sr-only">{t("outbox.caption")}</caption>
            <thead className="border-b border-stone-200 text-stone-600">
              <tr>
                {(["to", "channel", "subject", "status", "attempts", "lastError", "when", "action"] as const).map(
                  (col) => (
                    <th key={col} scope="col" className="py-2 pr-3">
                      {t(`outbox.columns.${col}`)}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody>
              {view.rows.map((row) => (
                <tr
                  key={row.id}
                  className="border-b border-stone-100 align-top last:border-0"
                  data-testid="outbox-row"
                  data-id={row.id}
                  data-status={row.status}
                >
                  <td className="break-all py-2 pr-3">{row.to}</td>
                  <td className="py-2 pr-3" data-testid="outbox-channel">
                    {t(`outbox.channel.${row.channel}`)}
                  </td>
                  <td className="py-2 pr-3" lang={row.locale}>
                    {row.subject}
                  </td>
                  <td className="py-2 pr-3">
                    <Badge tone={TONE[row.status]}>{t(`outbox.status.${row.status}`)}</Badge>
                  </td>
                  <td className="py-2 pr-3 tabular-nums">{row.attempts}</td>
                  {/* The mail or SMS provider's own words (a Node or SMTP error), which are English whatever the page's
                      language: marked so, for screen readers and translators. */}
                  <td className="max-w-xs break-words py-2 pr-3 text-stone-700">
                    {row.error ? (
                      <code lang="en" translate="no" className="text-xs">
                        {row.error}
                      </code>
                    ) : null}
                  </td>
                  <td className="py-2 pr-3">
                    {row.sentAt
                      ? t("outbox.sentAt", { when: row.sentAt })
                      : row.nextAttemptAt
                        ? t("outbox.nextAttempt", { when: row.nextAttemptAt })
                        : t("outbox.createdAt", { when: row.createdAt })}
                  </td>
                  <td className="py-2">
                    {row.resendable ? (
                      <Form method="post">
                        <input type="hidden" name="id" value={row.id} />
                        <button
                          type="submit"
                          name="intent"
                          value="resend"
                          className="btn-secondary"
                          aria-label={t("outbox.resendLabel", { to: row.to, subject: row.subject })}
                          disabled={busy === String(row.id)}
                        >
                          {t("outbox.resend")}
                        </button>
                      </Form>
                    ) : row.linkExpired && row.status !== "sent" ? (
                      <span className="text-stone-600">{t("outbox.linkExpired")}</span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="card text-stone-600" data-testid="outbox-empty">
          {t("outbox.empty")}
        </p>
      )}
      <Pagination page={view.page} pages={view.pages} search={location.search} />
    </div>
  );
}
