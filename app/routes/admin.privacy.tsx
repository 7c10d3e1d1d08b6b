// /admin/privacy: the register of confidentiality incidents (issue 34; issue 43 part 6): record an entry
// (the Regulation's fields, validated with translated messages under each field), read the register and
// download it as CSV (each entry's current state; every version). An entry's page, its updates and its
// history: admin.privacy_.$id. Admins only (the admin layout and this loader: sign-in for visitors, 403
// otherwise). Plain form posts: works without JavaScript.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useActionAnswer } from "~/components/action-answer";
import { IncidentForm } from "~/components/admin/incident-form";
import { IncidentRegister } from "~/components/admin/incidents";
import { dateKey, formatDateTime } from "~/lib/dates";
import { now } from "~/lib/clock";
import { incidentFormSchema } from "~/lib/incident-form";
import { titleMeta } from "~/lib/meta";
import {
  adminForm,
  getLanguage,
  getT,
  listIncidents,
  recordIncident,
  redirectWithToast,
  reject,
  requireAdmin,
  unknownIntent,
} from "~/services/http/pages.server";

export const handle = { i18n: ["common", "admin", "privacy"] };
export const meta: MetaFunction = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [lng, t] = await Promise.all([getLanguage(request), getT(request, "privacy")]);
  return {
    title: t("incidents.title"),
    today: dateKey(now()),
    rows: listIncidents().map(({ createdAt: _, recordedBy: __, version: ___, updatedAt, ...entry }) => ({
      ...entry,
      updatedAt: formatDateTime(updatedAt, lng),
    })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { admin, form, intent } = await adminForm(request);
  if (intent !== "record") return unknownIntent(form);
  const submission = parseWithZod(form, { schema: incidentFormSchema(dateKey(now())) });
  if (submission.status !== "success") {
    return reject(submission, { formErrors: ["privacy:incidents.errors.form"] });
  }
  const id = recordIncident(admin, submission.value);
  return redirectWithToast(request, `/admin/privacy/${id}`, { title: "privacy:incidents.recorded" });
}

export default function PrivacyIncidents() {
  const { title, today, rows } = useLoaderData<typeof loader>();
  const actionData = useActionAnswer<typeof action>();
  const location = useLocation();
  const { t } = useTranslation("privacy");
  return (
    <div className="space-y-5">
      <div>
        <h1 className="page-title">{title}</h1>
        <p className="mt-1 max-w-3xl text-stone-700">{t("incidents.intro")}</p>
      </div>
      <IncidentRegister rows={rows} />
      <section aria-labelledby="incident-form-title" className="card max-w-3xl space-y-3">
        <h2 id="incident-form-title" className="text-lg font-semibold">
          {t("incidents.formTitle")}
        </h2>
        <IncidentForm
          key={location.key}
          formId="incident"
          intent="record"
          lastResult={actionData?.reply}
          today={today}
          current={null}
          submit={t("incidents.submit")}
          pending={t("incidents.pending")}
        />
      </section>
    </div>
  );
}
