// A resident as admins see them (issue 42 part 9): details, pickups (each to its admin page), payments,
// the messages written to them (kind, date, status; never a body: a text's may be a verification code)
// and their open sessions. Opening it is written to the access log (Law 25) before anything is shown.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ResidentMessages, ResidentPayments, ResidentPickups } from "~/components/admin/resident";
import { formatDate, formatDateTime } from "~/lib/dates";
import { parseId } from "~/lib/ids";
import { titleOrErrorMeta } from "~/lib/meta";
import { formatPhoneNational } from "~/lib/phone";
import { formatMoney } from "~/lib/pricing";
import { data, getLanguage, getT, requireAdmin, viewResidentAsAdmin } from "~/services/http/pages.server";

export const handle = { i18n: ["common", "admin", "people"] };
export const meta: MetaFunction = titleOrErrorMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const [lng, t] = await Promise.all([getLanguage(request), getT(request, "people")]);
  const id = parseId(params.id);
  const view = id === null ? null : viewResidentAsAdmin(admin.id, id);
  if (!view) throw data({ title: t("common:notFound.title") }, { status: 404 });
  const r = view.resident;
  const money = (cents: number) => formatMoney(cents, lng);
  const name = `${r.firstName} ${r.lastName}`.trim() || r.email;
  return {
    title: t("resident.title", { name }),
    name,
    resident: {
      ...r,
      phone: formatPhoneNational(r.phone),
      createdAt: formatDateTime(r.createdAt, lng),
      lastSeenAt: r.lastSeenAt === null ? null : formatDateTime(r.lastSeenAt, lng),
    },
    sessions: view.sessions,
    pickups: view.pickups.map((p) => ({
      ...p,
      date: formatDate(p.date, lng, "short"),
      total: money(p.totalCents),
      refund: p.refundCents ? { amount: money(p.refundCents), status: p.refundStatus } : null,
    })),
    payments: view.payments.map((p) => ({
      ...p,
      createdAt: formatDateTime(p.createdAt, lng),
      amount: money(p.amountCents),
      refunded: p.refundedCents ? money(p.refundedCents) : "",
    })),
    messages: view.messages.map((m) => ({ ...m, createdAt: formatDateTime(m.createdAt, lng) })),
    messageTotal: view.messageTotal,
  };
}

export default function AdminResidentPage() {
  const view = useLoaderData<typeof loader>();
  const { t } = useTranslation(["people", "admin", "common"]);
  const r = view.resident;
  const address = r.streetAddress
    ? [r.streetAddress, r.unit ? t("resident.unit", { unit: r.unit }) : "", r.city, `${r.province} ${r.postalCode}`]
        .filter(Boolean)
        .join(", ")
    : t("resident.noAddress");
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="page-title">{t("resident.title", { name: view.name })}</h1>
          <p className="mt-1 text-stone-700">{t("resident.logged")}</p>
        </div>
        <p className="flex flex-wrap gap-x-4 gap-y-1">
          <Link to="/admin/search" className="btn-link">
            {t("resident.back")}
          </Link>
          <Link to={`/admin/access-log?resident=${r.id}`} className="btn-link" data-testid="resident-looks">
            {t("resident.looks")}
          </Link>
        </p>
      </div>

      <section aria-labelledby="details-title" className="card">
        <h2 id="details-title" className="text-lg font-semibold">
          {t("resident.details")}
        </h2>
        <dl className="mt-2 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]" data-testid="resident-details">
          <dt className="font-medium text-stone-600">{t("resident.email")}</dt>
          <dd className="break-all">
            {r.email}{" "}
            <span className="text-sm text-stone-600">
              ({r.emailConfirmed ? t("resident.emailConfirmed") : t("resident.emailNotConfirmed")})
            </span>
          </dd>
          <dt className="font-medium text-stone-600">{t("resident.phone")}</dt>
          <dd data-testid="resident-phone">
            {r.phone ? (
              <>
                {r.phone}{" "}
                <span className="text-sm text-stone-600">
                  ({r.phoneVerified ? t("resident.phoneVerified") : t("resident.phoneNotVerified")})
                </span>
              </>
            ) : (
              t("resident.noPhone")
            )}
          </dd>
          <dt className="font-medium text-stone-600">{t("resident.address")}</dt>
          <dd data-typed>{address}</dd>
          <dt className="font-medium text-stone-600">{t("resident.language")}</dt>
          <dd>{t(`resident.languages.${r.locale}`)}</dd>
          <dt className="font-medium text-stone-600">{t("resident.createdAt")}</dt>
          <dd>{r.createdAt}</dd>
          <dt className="font-medium text-stone-600">{t("resident.lastSeenAt")}</dt>
          <dd>{r.lastSeenAt ?? t("resident.never")}</dd>
          <dt className="font-medium text-stone-600">{t("resident.sessions")}</dt>
          <dd className="tabular-nums" data-testid="resident-sessions">
            {view.sessions}
          </dd>
        </dl>
      </section>

      <ResidentPickups pickups={view.pickups} />
      <ResidentPayments payments={view.payments} />
      <ResidentMessages messages={view.messages} total={view.messageTotal} />
    </div>
  );
}
