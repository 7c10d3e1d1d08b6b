// /admin/privacy: the register of confidentiality incidents (issue 34): record one, read the register,
// download it as CSV. Admins only (the admin layout and this loader: sign-in for visitors, 403 otherwise).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { useActionAnswer } from "~/components/action-answer";
import { useTranslation } from "react-i18next";
import { IncidentForm, IncidentRegister } from "~/components/admin/incidents";
import { dateKey, formatDateTime } from "~/lib/dates";
import { now } from "~/lib/clock";
import { titleMeta } from "~/lib/meta";
import {
  adminForm,
  getLanguage,
  getT,
  listIncidents,
  readIncidentForm,
  recordIncident,
  redirectWithToast,
  refused,
  requireAdmin,
  samePage,
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
    rows: listIncidents().map(({ createdAt, ...incident }) => ({
      ...incident,
      recordedAt: formatDateTime(createdAt, lng),
    })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { admin, form, intent } = await adminForm(request);
  if (intent !== "record") return unknownIntent(form);
  try {
    recordIncident(admin, readIncidentForm(form));
  } catch (error) {
    return refused(error, form);
  }
  return redirectWithToast(request, samePage(request), { title: "privacy:incidents.recorded" });
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
      <IncidentForm key={location.key} lastResult={actionData?.reply} today={today} />
      <IncidentRegister rows={rows} />
    </div>
  );
}
