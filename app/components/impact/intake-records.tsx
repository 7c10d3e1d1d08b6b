// The day's intake records on /admin/intake (issue 47 parts 2 and 5): each figure with who recorded it, its
// corrections (before and after, who, when, why), and its correction form inside a <details> (no JavaScript
// needed). A refused correction comes back under its own record (the reply carries its id).
import { useTranslation } from "react-i18next";
import { readReply } from "~/components/ui/plain-field";
import { formatDateTime } from "~/lib/format";
import { formatKg, kgInputValue } from "~/lib/impact-estimate";
import { PartnerSelect, type PartnerOption } from "./intake";

type RecordView = {
  id: number;
  category: string;
  kgTenths: number;
  partnerId: number | null;
  partnerName: string;
  recordedAt: number;
  recordedByName: string;
  version: number;
  corrections: Array<{
    id: number;
    version: number;
    previousKgTenths: number;
    kgTenths: number;
    previousPartnerName: string;
    partnerName: string;
    reason: string;
    correctedAt: number;
    correctedByName: string;
  }>;
};

function CorrectionForm({
  record,
  partners,
  lastResult,
  busy,
}: {
  record: RecordView;
  partners: PartnerOption[];
  lastResult: unknown;
  busy: boolean;
}) {
  const { t, i18n } = useTranslation("impact");
  const reply = readReply(lastResult);
  const mine = reply.value("id") === String(record.id);
  const error = mine ? (reply.error("kg") ?? reply.error("reason") ?? reply.error("partner") ?? reply.error("")) : null;
  const prefix = `correct-${record.id}`;
  return (
    <details className="mt-2" open={mine || undefined}>
      <summary className="btn-link cursor-pointer text-sm">{t("intake.correct")}</summary>
      <form method="post" className="mt-2 grid gap-2 sm:grid-cols-2">
        <input type="hidden" name="id" value={record.id} />
        {error ? (
          <p id={`${prefix}-error`} role="alert" className="field-error sm:col-span-2">
            {t(error)}
          </p>
        ) : null}
        <label className="flex min-w-0 flex-col text-sm font-medium">
          {t("intake.kg")}
          <input
            name="kg"
            inputMode="decimal"
            autoComplete="off"
            defaultValue={mine ? reply.value("kg") : kgInputValue(record.kgTenths, i18n.language)}
            className="input mt-1 min-w-0"
            aria-describedby={error ? `${prefix}-error` : undefined}
          />
        </label>
        <PartnerSelect
          id={`${prefix}-partner`}
          name="partner"
          partners={partners}
          category={record.category}
          defaultValue={mine ? reply.value("partner") : String(record.partnerId ?? "")}
          label={t("intake.partner")}
        />
        <label className="flex min-w-0 flex-col text-sm font-medium sm:col-span-2">
          {t("intake.reason")}
          <input
            name="reason"
            maxLength={300}
            defaultValue={mine ? reply.value("reason") : ""}
            className="input mt-1 min-w-0"
          />
        </label>
        <div className="sm:col-span-2">
          <button type="submit" name="intent" value="correct" className="btn-secondary" disabled={busy}>
            {t("intake.saveCorrection")}
          </button>
        </div>
      </form>
    </details>
  );
}

export function IntakeRecords({
  records,
  names,
  partners,
  lastResult,
  busy,
}: {
  records: RecordView[];
  names: Map<string, string>;
  partners: PartnerOption[];
  lastResult: unknown;
  busy: boolean;
}) {
  const { t, i18n } = useTranslation("impact");
  const lng = i18n.language;
  const total = records.reduce((s, r) => s + r.kgTenths, 0);
  return (
    <div className="space-y-3">
      <p className="font-semibold" data-testid="intake-day-total">
        {t("intake.dayTotal", { kg: formatKg(total, lng) })}
      </p>
      <ul className="space-y-3" data-testid="intake-records">
        {records.map((r) => (
          <li key={r.id} className="card" data-category={r.category}>
            <p className="font-semibold">
              {names.get(r.category) ?? r.category}: <span data-testid="intake-kg">{formatKg(r.kgTenths, lng)}</span> kg
            </p>
            <p className="text-sm text-stone-700">
              {r.partnerName ? t("intake.wentTo", { partner: r.partnerName }) : t("intake.noPartnerRecorded")}
            </p>
            <p className="text-sm text-stone-600">
              {t("intake.recordedBy", { name: r.recordedByName || "—", at: formatDateTime(r.recordedAt, lng) })}
            </p>
            {r.corrections.length ? (
              <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-stone-700" data-testid="intake-corrections">
                {r.corrections.map((c) => (
                  <li key={c.id}>
                    {t("intake.correction", {
                      from: formatKg(c.previousKgTenths, lng),
                      to: formatKg(c.kgTenths, lng),
                      name: c.correctedByName || "—",
                      at: formatDateTime(c.correctedAt, lng),
                      reason: c.reason,
                    })}
                    {c.previousPartnerName !== c.partnerName
                      ? ` ${t("intake.partnerChanged", { from: c.previousPartnerName || "—", to: c.partnerName || "—" })}`
                      : null}
                  </li>
                ))}
              </ol>
            ) : null}
            <CorrectionForm record={r} partners={partners} lastResult={lastResult} busy={busy} />
          </li>
        ))}
      </ul>
    </div>
  );
}
