// /admin/privacy/{id}: one entry of the incident register (issue 43 part 6): the entry as it stands, the
// form that saves a new version of it as facts come in (refused in place, field by field; a save made from
// an older version than the latest is refused, so nobody undoes another's), and its history, newest first:
// who saved each version, when, and what it changed. Admins only; plain form posts.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useActionAnswer } from "~/components/action-answer";
import { IncidentForm } from "~/components/admin/incident-form";
import { IncidentHistory } from "~/components/admin/incident-history";
import { IncidentEntry } from "~/components/admin/incidents";
import { now } from "~/lib/clock";
import { dateKey, formatDateTime } from "~/lib/dates";
import { parseId, toInteger } from "~/lib/ids";
import { incidentFormSchema } from "~/lib/incident-form";
import { titleOrErrorMeta } from "~/lib/meta";
import {
  adminForm,
  data,
  getLanguage,
  getT,
  incidentWithHistory,
  redirectWithToast,
  refused,
  reject,
  requireAdmin,
  samePage,
  unknownIntent,
  updateIncident,
} from "~/services/http/pages.server";

export const handle = { i18n: ["common", "admin", "privacy"] };
export const meta: MetaFunction = titleOrErrorMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [lng, t] = await Promise.all([getLanguage(request), getT(request, "privacy")]);
  const id = parseId(params.id);
  const found = id === null ? null : incidentWithHistory(id);
  if (!found) throw data({ title: t("common:notFound.title") }, { status: 404 });
  const { entry, history } = found;
  const { id: _, version, recordedBy, createdAt, updatedAt: __, ...state } = entry;
  return {
    title: t("incidents.entry.title", { id: entry.id }),
    id: entry.id,
    version,
    summary: { who: recordedBy, when: formatDateTime(createdAt, lng), version },
    today: dateKey(now()),
    state,
    history: history.map((v) => ({ ...v, changedAt: formatDateTime(v.changedAt, lng) })),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { admin, form, intent } = await adminForm(request);
  if (intent !== "update") return unknownIntent(form);
  // No such entry (0) answers 404 and a missing version 409, from updateIncident, after the fields are checked.
  const id = parseId(params.id) ?? 0;
  const fromVersion = toInteger(form.get("version")) ?? -1;
  const submission = parseWithZod(form, { schema: incidentFormSchema(dateKey(now())) });
  if (submission.status !== "success") {
    return reject(submission, { formErrors: ["privacy:incidents.errors.form"] });
  }
  try {
    const version = updateIncident(admin, id, fromVersion, submission.value);
    return redirectWithToast(request, samePage(request), {
      title: "privacy:incidents.entry.updated",
      values: { version },
    });
  } catch (error) {
    return refused(error, form);
  }
}

export default function PrivacyIncident() {
  const view = useLoaderData<typeof loader>();
  const actionData = useActionAnswer<typeof action>();
  const location = useLocation();
  const { t } = useTranslation("privacy");
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="page-title">{view.title}</h1>
          <p className="mt-1 break-words text-stone-700">{t("incidents.entry.summary", view.summary)}</p>
        </div>
        <Link to="/admin/privacy" className="btn-link">
          {t("incidents.entry.back")}
        </Link>
      </div>
      <IncidentEntry entry={view.state} />
      <section aria-labelledby="incident-update-title" className="card max-w-3xl space-y-3">
        <h2 id="incident-update-title" className="text-lg font-semibold">
          {t("incidents.entry.formTitle")}
        </h2>
        <p className="text-sm text-stone-700">{t("incidents.entry.formIntro")}</p>
        <IncidentForm
          key={`${location.key}-${view.version}`}
          formId="incident-update"
          intent="update"
          lastResult={actionData?.reply}
          today={view.today}
          current={view.state}
          version={view.version}
          submit={t("incidents.entry.submit")}
          pending={t("incidents.entry.pending")}
        />
      </section>
      <IncidentHistory history={view.history} />
    </div>
  );
}
