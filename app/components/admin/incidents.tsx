// /admin/privacy: the form that records a confidentiality incident, and the register (a table, and its CSV).
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TableScroll } from "~/components/admin/ui";
import { FormError, PlainField, SubmitButton, useReply } from "~/components/ui/plain-field";
import { INCIDENT_COLUMNS } from "~/lib/incidents";

export type IncidentRow = {
  id: number;
  occurredOn: string;
  discoveredOn: string;
  description: string;
  residentsAffected: number;
  seriousRisk: boolean;
  commissionNotified: boolean;
  residentsNotified: boolean;
  measures: string;
  recordedBy: string;
  recordedAt: string;
};

export function IncidentForm({ lastResult, today }: { lastResult: unknown; today: string }) {
  const { t } = useTranslation(["privacy", "common"]);
  const navigation = useNavigation();
  const reply = useReply(lastResult, "incident");
  const riskError = reply.error("seriousRisk");
  const checked = (name: string) => reply.value(name) === "on";
  return (
    <section aria-labelledby="incident-form-title" className="card space-y-3">
      <h2 id="incident-form-title" className="text-lg font-semibold">
        {t("incidents.formTitle")}
      </h2>
      <Form method="post" {...reply.formProps} className="grid grid-cols-1 gap-3 md:grid-cols-2">
        <div className="md:col-span-2">
          <FormError id={reply.errorId} errors={reply.formErrors} />
        </div>
        <PlainField {...reply.field("occurredOn")} label={t("incidents.occurredOn")} type="date" max={today} required />
        <PlainField
          {...reply.field("discoveredOn")}
          label={t("incidents.discoveredOn")}
          type="date"
          max={today}
          required
        />
        <div className="md:col-span-2">
          <PlainField
            {...reply.field("description")}
            label={t("incidents.description")}
            hint={t("incidents.descriptionHint")}
            maxLength={2000}
            required
          />
        </div>
        <PlainField
          {...reply.field("residentsAffected")}
          label={t("incidents.residentsAffected")}
          type="number"
          inputMode="numeric"
          min={0}
          required
        />
        <fieldset className="min-w-0" aria-describedby={riskError ? "incident-risk-error" : undefined}>
          <legend className="field-label">{t("incidents.seriousRisk")}</legend>
          <div className="flex gap-4">
            {(["yes", "no"] as const).map((v) => (
              <label key={v} className="flex min-h-[44px] items-center gap-2">
                <input type="radio" name="seriousRisk" value={v} defaultChecked={reply.value("seriousRisk") === v} />
                {t(`incidents.${v}`)}
              </label>
            ))}
          </div>
          <p id="incident-risk-error" className="field-error" aria-live="polite">
            {riskError ? t(riskError) : null}
          </p>
        </fieldset>
        {(["commissionNotified", "residentsNotified"] as const).map((name) => (
          <label key={name} className="flex min-h-[44px] min-w-0 items-center gap-2 md:col-span-2">
            <input type="checkbox" name={name} defaultChecked={checked(name)} className="shrink-0" />
            <span className="min-w-0">{t(`incidents.${name}`)}</span>
          </label>
        ))}
        <div className="md:col-span-2">
          <PlainField {...reply.field("measures")} label={t("incidents.measures")} maxLength={2000} />
        </div>
        <input type="hidden" name="intent" value="record" />
        <div className="md:col-span-2">
          <SubmitButton
            pending={navigation.state === "submitting"}
            label={t("incidents.submit")}
            pendingLabel={t("incidents.pending")}
          />
        </div>
      </Form>
    </section>
  );
}

export function IncidentRegister({ rows }: { rows: IncidentRow[] }) {
  const { t } = useTranslation(["privacy", "common"]);
  const yesNo = (value: boolean) => t(value ? "incidents.yes" : "incidents.no");
  return (
    <section aria-labelledby="register-title" className="card space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="register-title" className="text-lg font-semibold">
          {t("incidents.registerTitle")}
        </h2>
        <a href="/admin/privacy.csv" className="btn-secondary w-full sm:w-auto" download>
          {t("incidents.csv")}
        </a>
      </div>
      {rows.length === 0 ? (
        <p className="text-stone-700">{t("incidents.empty")}</p>
      ) : (
        <TableScroll label={t("incidents.caption")}>
          <table className="w-full text-left text-sm" data-testid="incident-register">
            <caption className="sr-only">{t("incidents.caption")}</caption>
            <thead>
              <tr>
                {INCIDENT_COLUMNS.map((c) => (
                  <th key={c} scope="col" className="border-b border-stone-200 p-2 font-semibold">
                    {t(`incidents.col.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-b border-stone-100 align-top">
                  <td className="p-2">{r.id}</td>
                  <td className="whitespace-nowrap p-2">{r.occurredOn}</td>
                  <td className="whitespace-nowrap p-2">{r.discoveredOn}</td>
                  <td className="min-w-[12rem] p-2" data-typed>
                    {r.description}
                  </td>
                  <td className="p-2">{r.residentsAffected}</td>
                  <td className="p-2">{yesNo(r.seriousRisk)}</td>
                  <td className="p-2">{yesNo(r.commissionNotified)}</td>
                  <td className="p-2">{yesNo(r.residentsNotified)}</td>
                  <td className="min-w-[10rem] p-2" data-typed>
                    {r.measures}
                  </td>
                  <td className="break-all p-2">{r.recordedBy}</td>
                  <td className="whitespace-nowrap p-2">{r.recordedAt}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
