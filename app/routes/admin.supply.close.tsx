// Closing a date, in two steps: this page lists the date's slots and the scheduled pickups it affects,
// then the admin confirms. Nobody is cancelled: the residents are e-mailed to pick another date and stay
// listed here (after closing) so the admin can follow up. A closed date can be reopened.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionAnswer } from "~/components/action-answer";
import { useTranslation } from "react-i18next";
import { AffectedPickups } from "~/components/admin/affected-pickups";
import { Problem } from "~/components/admin/problem";
import { formatDate } from "~/lib/dates";
import { titleMeta } from "~/lib/meta";
import {
  adminForm,
  dayLabel,
  done,
  refusedOnDate,
  unknownIntent,
  requireAdmin,
  toDateKey,
  closeDate,
  closeDatePreview,
  reopenDate,
  getLanguage,
  getT,
} from "~/services/http/pages.server";

export const handle = { i18n: ["common", "admin"] };
export const meta: MetaFunction = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const date = toDateKey(new URL(request.url).searchParams.get("date"));
  if (!date) throw new Response("Not found", { status: 404 });
  const [lng, t] = await Promise.all([getLanguage(request), getT(request, "admin")]);
  const preview = closeDatePreview(date);
  const label = formatDate(date, lng);
  return { title: t("close.title", { date: label }), label, ...preview };
}

export async function action({ request }: ActionFunctionArgs) {
  const { admin, form, intent } = await adminForm(request);
  const date = toDateKey(new URL(request.url).searchParams.get("date"));
  if (!date) throw new Response("Not found", { status: 404 });
  try {
    switch (intent) {
      case "close": {
        const { pickups } = await closeDate(admin, date);
        return done(request, `/admin/supply/close?date=${date}`, "close.closed", "close.closedDescription", {
          date: await dayLabel(request, date),
          count: pickups,
        });
      }
      case "reopen":
        reopenDate(admin, date);
        return done(request, "/admin/supply", "supply.slots.reopened", undefined, {
          date: await dayLabel(request, date),
        });
      default:
        return unknownIntent(form);
    }
  } catch (error) {
    return refusedOnDate(request, error, form);
  }
}

export default function CloseDate() {
  const view = useLoaderData<typeof loader>();
  const actionData = useActionAnswer<typeof action>();
  const { t } = useTranslation(["admin", "common"]);
  const busy = useNavigation().state === "submitting";

  return (
    <div className="space-y-4">
      <div>
        <h1 className="page-title">
          {view.closed ? t("close.closedTitle", { date: view.label }) : t("close.title", { date: view.label })}
        </h1>
        <p className="mt-1 max-w-3xl text-stone-700">
          {view.slots.length === 0 ? t("close.noSlots") : view.closed ? t("close.closedIntro") : t("close.intro")}
        </p>
      </div>
      <Problem reply={actionData} />

      {view.slots.length ? (
        <ul className="flex flex-wrap gap-2" data-testid="close-slots">
          {view.slots.map((slot) => (
            <li key={slot.id} className="card py-2 text-sm">
              <span className="font-semibold">{t(`window.${slot.window}`)}</span> ·{" "}
              {t("close.booked", { booked: slot.currentBooked, capacity: slot.maxCapacity })}
              {slot.closed ? ` · ${t("supply.slots.closed")}` : ""}
            </li>
          ))}
        </ul>
      ) : null}

      <section aria-labelledby="affected-title" className="card">
        <h2 id="affected-title" className="text-lg font-semibold">
          {view.closed
            ? t("close.followUpTitle", { count: view.pickups.length })
            : t("close.affectedTitle", { count: view.pickups.length })}
        </h2>
        {view.pickups.length ? (
          <>
            <p className="mt-1 text-sm text-stone-700" role="note">
              {view.closed ? t("close.followUpNote") : t("close.affectedNote")}
            </p>
            <AffectedPickups pickups={view.pickups} />
          </>
        ) : (
          <p className="mt-1 text-stone-600">{t("close.noneAffected")}</p>
        )}
      </section>

      <div className="flex flex-wrap gap-3">
        {view.closed ? (
          !view.past ? (
            <Form method="post">
              <button type="submit" name="intent" value="reopen" className="btn-secondary" disabled={busy}>
                {t("close.reopen")}
              </button>
            </Form>
          ) : null
        ) : view.slots.length && !view.past ? (
          <Form method="post">
            <button type="submit" name="intent" value="close" className="btn-danger" disabled={busy}>
              {t("close.confirm", { count: view.pickups.length })}
            </button>
          </Form>
        ) : null}
        <Link to="/admin/supply" className="btn-secondary">
          {view.closed ? t("close.back") : t("close.cancel")}
        </Link>
      </div>
    </div>
  );
}
