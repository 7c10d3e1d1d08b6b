// /admin/pickups/{confirmationNumber}: one pickup as an admin reads it (issue 42): the pickup, its
// resident (name, e-mail, phone), the address, the stop's history (who marked, undid or corrected it,
// and when), the correction of a marked stop (at any time) and a full refund through the provider.
// Admins only; an unknown number is a 404. Plain forms, POST → 303 → GET.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { DoorSummary } from "~/components/stops/door-fields";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useActionAnswer } from "~/components/action-answer";
import { Problem } from "~/components/admin/problem";
import { Badge, TableHead, TableScroll, tableClass, tdClass } from "~/components/admin/ui";
import { CorrectStop } from "~/components/stops/correct-stop";
import { formatDate, formatDateTime, windowLabel } from "~/lib/dates";
import { toInteger } from "~/lib/ids";
import { titleOrErrorMeta } from "~/lib/meta";
import { formatMoney } from "~/lib/pricing";
import { addressIn } from "~/lib/profile";
import {
  adminForm,
  adminPickupView,
  correctFromAdmin,
  data,
  done,
  getLanguage,
  getT,
  refundFromAdmin,
  refused,
  requireAdmin,
  samePage,
  viewPickupAsAdmin,
  unknownIntent,
} from "~/services/http/pages.server";

export const handle = { i18n: ["common", "admin", "stops"] };
export const meta: MetaFunction = titleOrErrorMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const [lng, t] = await Promise.all([getLanguage(request), getT(request, "stops")]);
  const view = viewPickupAsAdmin(admin.id, params.confirmationNumber);
  if (!view) throw data({ title: t("errors.notFound") }, { status: 404 });
  return {
    title: t("admin.title", { confirmationNumber: view.confirmationNumber }),
    ...view,
    day: formatDate(view.date, lng),
    hours: windowLabel(view.window, lng),
    total: formatMoney(view.totalCents, lng),
    refund: formatMoney(view.refundCents || view.totalCents, lng),
    history: view.history.map((e) => ({ ...e, when: formatDateTime(e.at, lng) })),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { admin, form, intent } = await adminForm(request);
  const view = adminPickupView(params.confirmationNumber);
  if (!view) throw new Response("Not Found", { status: 404 });
  try {
    if (intent === "correct") {
      const result = correctFromAdmin(admin, view.id, form.get("status"), form.get("reason"));
      return done(request, samePage(request), "stops:correct.done", "stops:correct.doneDescription", {
        confirmationNumber: result.confirmationNumber,
      });
    }
    if (intent === "refund") {
      const result = await refundFromAdmin(admin, toInteger(String(view.id)));
      return done(request, samePage(request), "stops:admin.refundDone", undefined, {
        confirmationNumber: result.confirmationNumber,
      });
    }
  } catch (error) {
    return refused(error, form);
  }
  return unknownIntent(form);
}

export default function AdminPickup() {
  const view = useLoaderData<typeof loader>();
  const actionData = useActionAnswer<typeof action>();
  const busy = useNavigation().state === "submitting";
  const { t, i18n } = useTranslation(["stops", "admin"]);
  return (
    <div className="space-y-5">
      <div>
        <h1 className="page-title">{t("admin.title", { confirmationNumber: view.confirmationNumber })}</h1>
        <p className="mt-1">
          <Link className="btn-link" to={`/admin/day?date=${view.date}`}>
            {t("admin.day")}
          </Link>
        </p>
      </div>
      <Problem reply={actionData} />
      <section aria-labelledby="pickup-facts" className="card">
        <h2 id="pickup-facts" className="text-lg font-semibold">
          {t("admin.pickup")}
        </h2>
        <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]" data-testid="pickup-facts">
          <dt className="font-semibold">{t("admin.date")}</dt>
          <dd>
            {view.day} · {view.hours}
          </dd>
          <dt className="font-semibold">{t("admin.bags")}</dt>
          <dd>
            {view.bags}
            {view.door ? <DoorSummary {...view.door} className="text-sm text-stone-700" /> : null}
          </dd>
          <dt className="font-semibold">{t("admin.status")}</dt>
          <dd data-testid="pickup-status">
            <Badge tone={view.status}>{t(`admin:status.${view.status}`)}</Badge>
            {view.missedReason ? ` ${t(`reasons.${view.missedReason}`)}` : ""}
          </dd>
          <dt className="font-semibold">{t("admin.total")}</dt>
          <dd>{view.total}</dd>
          <dt className="font-semibold">{t("admin.name")}</dt>
          <dd>{view.resident.name || "—"}</dd>
          <dt className="font-semibold">{t("admin.email")}</dt>
          <dd className="break-all">{view.resident.email}</dd>
          <dt className="font-semibold">{t("admin.phone")}</dt>
          <dd>{view.resident.phone ?? "—"}</dd>
          <dt className="font-semibold">{t("admin.address")}</dt>
          <dd>{addressIn(view.address, i18n.language)}</dd>
        </dl>
        {view.rebookOf ? <p className="mt-2">{t("admin.rebookOf", { confirmationNumber: view.rebookOf })}</p> : null}
        {view.remedy.rebookedAs ? (
          <p className="mt-2">{t("admin.rebooked", { confirmationNumber: view.remedy.rebookedAs })}</p>
        ) : null}
      </section>

      <section aria-labelledby="stop-history" className="card">
        <h2 id="stop-history" className="text-lg font-semibold">
          {t("history.title")}
        </h2>
        {view.history.length ? (
          <TableScroll label={t("history.caption")} className="mt-2">
            <table className={tableClass} data-testid="stop-history">
              <caption className="sr-only">{t("history.caption")}</caption>
              <TableHead columns={[t("history.when"), t("history.who"), t("history.what"), t("history.email")]} />
              <tbody className="divide-y divide-stone-100">
                {view.history.map((e) => (
                  <tr key={e.id} data-testid="stop-event">
                    <td className={tdClass}>{e.when}</td>
                    <td className={tdClass}>
                      {e.actorName} ({t(`history.role.${e.actorRole}`)})
                    </td>
                    <td className={tdClass}>
                      {t(`history.action.${e.action}`)}: {t(`admin:status.${e.status}`)}
                      {e.reason ? ` · ${t(`reasons.${e.reason}`)}` : ""}
                    </td>
                    <td className={tdClass}>{e.email ? t(`history.emailState.${e.email}`) : "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        ) : (
          <p className="mt-1 text-stone-600">{t("history.empty")}</p>
        )}
      </section>

      {view.canCorrect ? <CorrectStop status={view.status} reason={view.missedReason} busy={busy} /> : null}

      <section aria-labelledby="refund-pickup" className="card space-y-2">
        <h2 id="refund-pickup" className="text-lg font-semibold">
          {t("admin.refundTitle")}
        </h2>
        {view.remedy.chosen === "refund" ? (
          <p data-testid="refund-state">
            {t("admin.refunded", {
              amount: view.refund,
              status: view.remedy.refundStatus ? t(`refundStatus.${view.remedy.refundStatus}`) : "—",
            })}
          </p>
        ) : view.canRefund ? (
          <Form method="post" className="space-y-2">
            <p>{t("admin.refundIntro", { amount: view.refund })}</p>
            <input type="hidden" name="intent" value="refund" />
            <button type="submit" className="btn-secondary" disabled={busy}>
              {t("admin.refundButton", { amount: view.refund })}
            </button>
          </Form>
        ) : (
          <p className="text-stone-600">{t("admin.noRefund")}</p>
        )}
      </section>
    </div>
  );
}
