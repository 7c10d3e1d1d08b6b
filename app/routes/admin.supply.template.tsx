// The weekly template the slots are generated from: for each weekday and window, whether it is offered,
// its capacity and the prefixes it serves (empty: every served area). Saving applies it to the weeks ahead.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionAnswer } from "~/components/action-answer";
import { useTranslation } from "react-i18next";
import { Problem } from "~/components/admin/problem";
import { TemplateTable } from "~/components/admin/template-table";
import { titleMeta } from "~/lib/meta";
import {
  adminForm,
  done,
  refused,
  unknownIntent,
  requireAdmin,
  MAX_CAPACITY,
  parseTemplateForm,
  saveTemplate,
  weeklyTemplate,
  getT,
  WEEKS_AHEAD,
} from "~/services/http/pages.server";

export const handle = { i18n: ["common", "admin"] };
export const meta: MetaFunction = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const t = await getT(request, "admin");
  return { title: t("supply.template.title"), rows: weeklyTemplate(), weeks: WEEKS_AHEAD, maxCapacity: MAX_CAPACITY };
}

export async function action({ request }: ActionFunctionArgs) {
  const { admin, form, intent } = await adminForm(request);
  if (intent !== "saveTemplate") return unknownIntent(form);
  try {
    const summary = saveTemplate(admin, parseTemplateForm(form));
    return done(
      request,
      "/admin/supply/template",
      "supply.template.saved",
      "supply.slots.regeneratedDescription",
      summary,
    );
  } catch (error) {
    // The form comes back as typed, with each problem on its field.
    return refused(error, form);
  }
}

export default function SupplyTemplate() {
  const { rows, weeks, maxCapacity } = useLoaderData<typeof loader>();
  const actionData = useActionAnswer<typeof action>();
  const { t } = useTranslation(["admin", "common"]);
  const saving = useNavigation().state === "submitting";

  return (
    <div className="space-y-4">
      <div>
        <h1 className="page-title">{t("supply.template.title")}</h1>
        <p className="mt-1 max-w-3xl text-stone-700">{t("supply.template.intro", { count: weeks })}</p>
      </div>
      <Form method="post" className="space-y-3" noValidate>
        <Problem reply={actionData} />
        <TemplateTable rows={rows} maxCapacity={maxCapacity} reply={actionData} />
        <p id="prefixes-hint" className="text-sm text-stone-600">
          {t("supply.template.prefixesHint")}
        </p>
        <button type="submit" name="intent" value="saveTemplate" className="btn-primary" disabled={saving}>
          {saving ? t("supply.template.saving") : t("supply.template.save", { count: weeks })}
        </button>
      </Form>
    </div>
  );
}
