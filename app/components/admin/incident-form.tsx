// The form of an entry of the incident register (issue 43 part 6), the same to record one (/admin/privacy)
// and to save a new version of it (/admin/privacy/{id}): the Regulation's fields in its order, grouped in
// fieldsets, each refusal under its field. Plain form posts: it works without JavaScript.
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormError, PlainField, SubmitButton, useReply } from "~/components/ui/plain-field";
import { INCIDENT_TEXT_MAX, RISK_LEVELS, type IncidentState } from "~/lib/incidents";

type Reply = ReturnType<typeof useReply>;

function TextField({
  reply,
  name,
  value,
  label,
  hint,
  rows = 3,
}: {
  reply: Reply;
  name: string;
  value: string;
  label: string;
  hint?: string;
  rows?: number;
}) {
  const { t } = useTranslation(["privacy", "common"]);
  const id = reply.fieldId(name);
  const error = reply.error(name);
  const describedBy = [hint ? `${id}-hint` : null, `${id}-error`].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        defaultValue={value}
        rows={rows}
        maxLength={INCIDENT_TEXT_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="field-input"
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      <p id={`${id}-error`} className="field-error" aria-live="polite">
        {error ? t(error) : null}
      </p>
    </div>
  );
}

function Box({ reply, name, checked, label }: { reply: Reply; name: string; checked: boolean; label: string }) {
  return (
    <label htmlFor={reply.fieldId(name)} className="flex min-h-[44px] min-w-0 items-center gap-2">
      <input id={reply.fieldId(name)} type="checkbox" name={name} defaultChecked={checked} className="shrink-0" />
      <span className="min-w-0">{label}</span>
    </label>
  );
}

function Group({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="min-w-0 space-y-3 border-t border-stone-200 pt-3">
      <legend className="px-1 text-base font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

export function IncidentForm({
  formId,
  intent,
  lastResult,
  today,
  current,
  version,
  submit,
  pending,
}: {
  formId: string;
  intent: "record" | "update";
  lastResult: unknown;
  today: string;
  /** The entry being updated (its current state), or null for a new one. */
  current: IncidentState | null;
  /** The version the update is made from. */
  version?: number;
  submit: string;
  pending: string;
}) {
  const { t } = useTranslation(["privacy", "common"]);
  const navigation = useNavigation();
  const reply = useReply(lastResult, formId);
  // A refused form comes back as it was sent; otherwise the entry as it stands, or nothing.
  const sent = Boolean(lastResult);
  const value = (name: keyof IncidentState) => (sent ? reply.value(name) : String(current?.[name] ?? ""));
  const checked = (name: string, stored: boolean) => (sent ? reply.value(name) === "on" : stored);
  const risk = sent ? reply.value("risk") : (current?.risk ?? "");
  const riskError = reply.error("risk");
  const date = (name: keyof IncidentState, label: string, required = false) => (
    <PlainField
      {...reply.field(name)}
      defaultValue={value(name)}
      label={label}
      type="date"
      max={today}
      required={required}
    />
  );
  const text = (name: keyof IncidentState, hint?: string, rows?: number) => (
    <TextField
      reply={reply}
      name={name}
      value={value(name)}
      label={t(`incidents.field.${name}`)}
      hint={hint}
      rows={rows}
    />
  );
  return (
    <Form method="post" {...reply.formProps} className="space-y-4">
      <FormError id={reply.errorId} errors={reply.formErrors} />
      <input type="hidden" name="intent" value={intent} />
      {version === undefined ? null : <input type="hidden" name="version" value={version} />}

      <Group title={t("incidents.sections.what")}>
        {text("personalInfo", t("incidents.hint.personalInfo"))}
        <Box
          reply={reply}
          name="personalInfoUnknown"
          checked={checked("personalInfoUnknown", Boolean(current?.personalInfoUnknownReason))}
          label={t("incidents.field.personalInfoUnknown")}
        />
        {text("personalInfoUnknownReason", undefined, 2)}
        {text("circumstances", t("incidents.hint.circumstances"), 4)}
      </Group>

      <Group title={t("incidents.sections.when")}>
        <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
          {date("occurredOn", t("incidents.field.occurredOn"), true)}
          {date("occurredUntil", t("incidents.field.occurredUntil"))}
        </div>
        <Box
          reply={reply}
          name="occurredApproximate"
          checked={checked("occurredApproximate", current?.occurredApproximate ?? false)}
          label={t("incidents.field.occurredApproximate")}
        />
        {date("discoveredOn", t("incidents.field.discoveredOn"), true)}
      </Group>

      <Group title={t("incidents.sections.persons")}>
        <PlainField
          {...reply.field("personsConcerned")}
          defaultValue={value("personsConcerned")}
          label={t("incidents.field.personsConcerned")}
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={8}
          required
        />
        <Box
          reply={reply}
          name="personsApproximate"
          checked={checked("personsApproximate", current?.personsApproximate ?? false)}
          label={t("incidents.field.personsApproximate")}
        />
      </Group>

      <Group title={t("incidents.sections.risk")}>
        <fieldset className="min-w-0" aria-describedby={`${formId}-risk-error`}>
          <legend className="field-label">{t("incidents.field.risk")}</legend>
          <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
            {RISK_LEVELS.map((level) => (
              <label key={level} className="flex min-h-[44px] items-center gap-2">
                <input type="radio" name="risk" value={level} defaultChecked={risk === level} />
                {t(`incidents.risk.${level}`)}
              </label>
            ))}
          </div>
          <p id={`${formId}-risk-error`} className="field-error" aria-live="polite">
            {riskError ? t(riskError) : null}
          </p>
        </fieldset>
        {text("riskReasoning", t("incidents.hint.riskReasoning"), 4)}
        <p className="text-sm text-stone-700">{t("incidents.mustNotify")}</p>
      </Group>

      <Group title={t("incidents.sections.notices")}>
        <p className="text-sm text-stone-600">{t("incidents.hint.notices")}</p>
        {date("commissionNotifiedOn", t("incidents.field.commissionNotifiedOn"))}
        {text("commissionNotNotifiedReason", undefined, 2)}
        {date("personsNotifiedOn", t("incidents.field.personsNotifiedOn"))}
        {text("personsNotNotifiedReason", undefined, 2)}
        {date("publicNoticeOn", t("incidents.field.publicNoticeOn"))}
        {text("publicNoticeReason", t("incidents.hint.publicNoticeReason"), 2)}
      </Group>

      <Group title={t("incidents.sections.measures")}>{text("measures", undefined, 3)}</Group>

      <SubmitButton
        pending={navigation.state === "submitting"}
        label={submit}
        pendingLabel={pending}
        className="btn-primary w-full sm:w-auto"
      />
    </Form>
  );
}
