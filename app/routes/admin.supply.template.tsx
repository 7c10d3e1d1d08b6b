// The weekly template the slots are generated from: for each weekday and window, whether it is offered,
// its capacity and the prefixes it serves (empty: every served area). Saving applies it to the weeks ahead.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FieldProblemText, Problem, tableClass, tdClass, TableScroll, TableHead } from "~/components/admin/ui";
import { titleMeta } from "~/lib/meta";
import { adminForm, done, refused, unknownIntent } from "~/services/http/admin-actions.server";
import { requireAdmin } from "~/services/http/admin-auth.server";
import { MAX_CAPACITY, parseTemplateForm, saveTemplate, weeklyTemplate } from "~/services/admin/supply.server";
import { getT } from "~/services/platform/i18n.server";
import { WEEKS_AHEAD } from "~/services/booking/slot-supply.server";

export const handle = { i18n: ["common", "admin"] };
export const meta: MetaFunction = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const t = await getT(request, "admin");
  return { title: t("supply.template.title"), rows: weeklyTemplate(), weeks: WEEKS_AHEAD, maxCapacity: MAX_CAPACITY };
}

export async function action({ request }: ActionFunctionArgs) {
  const { admin, form, intent } = await adminForm(request);
  if (intent !== "saveTemplate") return unknownIntent();
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
    const values = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
    return refused(error, undefined, values);
  }
}

export default function SupplyTemplate() {
  const { rows, weeks, maxCapacity } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["admin", "common"]);
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const typed = actionData?.values;

  return (
    <div className="space-y-4">
      <div>
        <h1 className="page-title">{t("supply.template.title")}</h1>
        <p className="mt-1 max-w-3xl text-stone-700">{t("supply.template.intro", { count: weeks })}</p>
      </div>
      <Form method="post" className="space-y-3" noValidate>
        <Problem problem={actionData?.problem} />
        <TableScroll label={t("supply.template.title")} className="card p-0">
          <table className={tableClass} data-testid="template">
            <TableHead
              className="bg-stone-50"
              columns={[
                t("supply.template.day"),
                t("supply.slots.window"),
                t("supply.template.offered"),
                t("supply.slots.capacity"),
                t("supply.template.prefixes"),
              ]}
            />
            <tbody className="divide-y divide-stone-100">
              {rows.map((row) => {
                const day = t(`weekdays.${row.weekday}`);
                const windowName = t(`window.${row.window}`);
                const label = `${day} ${windowName}`;
                const active = typed ? typed[`active-${row.key}`] === "on" : row.active;
                const capacity = typed ? typed[`capacity-${row.key}`] : String(row.capacity);
                const prefixes = typed ? typed[`prefixes-${row.key}`] : row.prefixes.join(", ");
                const capacityError = actionData?.problem?.fields?.[`capacity-${row.key}`];
                const prefixError = actionData?.problem?.fields?.[`prefixes-${row.key}`];
                return (
                  <tr
                    key={row.key}
                    data-row={row.key}
                    className={row.window === "morning" ? "border-t-2 border-stone-200" : undefined}
                  >
                    <th scope="row" className={`${tdClass} whitespace-nowrap font-semibold`}>
                      {row.window === "morning" ? day : <span className="sr-only">{day}</span>}
                    </th>
                    <td className={tdClass}>{windowName}</td>
                    <td className={tdClass}>
                      <label className="inline-flex min-h-[40px] items-center gap-2">
                        <input
                          type="checkbox"
                          name={`active-${row.key}`}
                          defaultChecked={active}
                          className="h-5 w-5 accent-brand-700"
                        />
                        <span className="sr-only">{t("supply.template.offeredLabel", { slot: label })}</span>
                      </label>
                    </td>
                    <td className={tdClass}>
                      <label htmlFor={`capacity-${row.key}`} className="sr-only">
                        {t("supply.template.capacityLabel", { slot: label })}
                      </label>
                      <input
                        id={`capacity-${row.key}`}
                        name={`capacity-${row.key}`}
                        type="number"
                        inputMode="numeric"
                        min={1}
                        max={maxCapacity}
                        defaultValue={capacity}
                        className="field-input mt-0 w-24"
                        aria-invalid={capacityError ? true : undefined}
                        aria-describedby={capacityError ? `capacity-${row.key}-error` : undefined}
                      />
                      <FieldProblemText problem={actionData?.problem} name={`capacity-${row.key}`} />
                    </td>
                    <td className={tdClass}>
                      <label htmlFor={`prefixes-${row.key}`} className="sr-only">
                        {t("supply.template.prefixesLabel", { slot: label })}
                      </label>
                      <input
                        id={`prefixes-${row.key}`}
                        name={`prefixes-${row.key}`}
                        defaultValue={prefixes}
                        placeholder={t("supply.allAreas")}
                        className="field-input mt-0 min-w-[16rem] uppercase placeholder:normal-case"
                        autoComplete="off"
                        aria-invalid={prefixError ? true : undefined}
                        aria-describedby={prefixError ? `prefixes-${row.key}-error` : `prefixes-hint`}
                      />
                      <FieldProblemText problem={actionData?.problem} name={`prefixes-${row.key}`} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
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
