// The depot's intake page's parts (/admin/intake, issue 47 part 2): the day picker (a GET form) and the
// day's record form (a weight per category, one decimal in the page's language, and its partner); the day's
// records and their corrections are in intake-records. Errors come back in the one form-reply shape; keys
// of the "impact" namespace.
import { useTranslation } from "react-i18next";
import { FormError, readReply } from "~/components/ui/plain-field";

type Choice = { category: string; name: string };
export type PartnerOption = { id: number; name: string; categories: string[] };

export function IntakeDayPicker({ date }: { date: string }) {
  const { t } = useTranslation("impact");
  return (
    <form method="get" action="/admin/intake" className="card mt-3 flex flex-wrap items-end gap-3">
      <label className="flex flex-col text-sm font-medium">
        {t("intake.date")}
        <input type="date" name="date" defaultValue={date} className="input mt-1" required />
      </label>
      <button type="submit" className="btn-secondary">
        {t("intake.show")}
      </button>
    </form>
  );
}

export function PartnerSelect({
  id,
  name,
  partners,
  category,
  defaultValue,
  error,
  label,
}: {
  id: string;
  name: string;
  partners: PartnerOption[];
  category: string;
  defaultValue: string;
  error?: string | null;
  label: string;
}) {
  const { t } = useTranslation("impact");
  // The partners that take the category first, then the others.
  const sorted = [...partners].sort(
    (a, b) => Number(b.categories.includes(category)) - Number(a.categories.includes(category)),
  );
  return (
    <label className="flex min-w-0 flex-col text-sm font-medium">
      {label}
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        className="input mt-1 min-w-0"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">{t("intake.noPartner")}</option>
        {sorted.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
      {error ? (
        <span id={`${id}-error`} className="field-error">
          {t(error)}
        </span>
      ) : null}
    </label>
  );
}

export function IntakeForm({
  date,
  choices,
  partners,
  defaults,
  recorded,
  lastResult,
  busy,
}: {
  date: string;
  choices: Choice[];
  partners: PartnerOption[];
  defaults: Record<string, number>;
  recorded: string[];
  lastResult: unknown;
  busy: boolean;
}) {
  const { t } = useTranslation("impact");
  const reply = readReply(lastResult);
  const formError = reply.error("") ?? reply.error("date");
  const open = choices.filter((c) => !recorded.includes(c.category));
  return (
    <form method="post" className="mt-3 space-y-3" aria-describedby={formError ? "intake-form-error" : undefined}>
      <FormError id="intake-form-error" errors={formError ? [formError] : []} />
      <input type="hidden" name="date" value={date} />
      <p className="text-sm text-stone-700">{t("intake.formHint")}</p>
      {open.length === 0 ? <p className="text-stone-700">{t("intake.allRecorded")}</p> : null}
      <ul className="space-y-3">
        {open.map((c) => {
          const kgId = `kg-${c.category}`;
          const partnerId = `partner-${c.category}`;
          const kgError = reply.error(kgId);
          const sent = reply.value(partnerId);
          return (
            <li key={c.category} className="rounded-lg border border-stone-200 p-3">
              <fieldset className="min-w-0">
                <legend className="max-w-full whitespace-normal break-words font-semibold">{c.name}</legend>
                <div className="mt-2 grid gap-2 sm:grid-cols-2">
                  <label className="flex min-w-0 flex-col text-sm font-medium">
                    {t("intake.kg")}
                    <input
                      id={kgId}
                      name={kgId}
                      inputMode="decimal"
                      autoComplete="off"
                      defaultValue={reply.value(kgId)}
                      className="input mt-1 min-w-0"
                      aria-invalid={kgError ? true : undefined}
                      aria-describedby={kgError ? `${kgId}-error` : undefined}
                    />
                    {kgError ? (
                      <span id={`${kgId}-error`} className="field-error">
                        {t(kgError)}
                      </span>
                    ) : null}
                  </label>
                  <PartnerSelect
                    id={partnerId}
                    name={partnerId}
                    partners={partners}
                    category={c.category}
                    defaultValue={lastResult ? sent : String(defaults[c.category] ?? "")}
                    error={reply.error(partnerId)}
                    label={t("intake.partner")}
                  />
                </div>
              </fieldset>
            </li>
          );
        })}
      </ul>
      {open.length ? (
        <button type="submit" name="intent" value="record" className="btn-primary" disabled={busy}>
          {t("intake.record")}
        </button>
      ) : null}
    </form>
  );
}
