// The admins' partner list and its form (/admin/partners): name, city, website, the catalogue categories
// it takes (checkboxes), what becomes of the material in English and French. Plain form posts. The list:
// partners-table.
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PARTNER_LIMITS } from "~/lib/partner-form";
import { FormError, PlainField, useReply } from "~/components/ui/plain-field";

type Choice = { category: string; name: string };
export type PartnerView = {
  id: number;
  name: string;
  city: string;
  website: string;
  categories: string[];
  fateEn: string;
  fateFr: string;
};

function FateField({
  id,
  name,
  label,
  value,
  error,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  error: string | null;
}) {
  const { t } = useTranslation(["partners", "common"]);
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        defaultValue={value}
        rows={2}
        maxLength={PARTNER_LIMITS.fate}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error`}
        className="field-input"
      />
      <p id={`${id}-error`} className="field-error" aria-live="polite">
        {error ? t(error) : null}
      </p>
    </div>
  );
}

/** The categories a reply sent back: Conform keeps one checked box as a string, several as a list. */
function sentCategories(lastResult: unknown): string[] | null {
  const sent = (lastResult as { initialValue?: Record<string, unknown> } | undefined)?.initialValue;
  if (!sent) return null;
  const value = sent.categories;
  return Array.isArray(value) ? value.map(String) : typeof value === "string" ? [value] : [];
}

export function PartnerForm({
  lastResult,
  choices,
  editing,
  busy,
}: {
  lastResult: unknown;
  choices: Choice[];
  editing: PartnerView | null;
  busy: boolean;
}) {
  const { t } = useTranslation(["partners", "common"]);
  const reply = useReply(lastResult, "partner");
  // A refused form comes back as it was sent; otherwise the partner being edited, or nothing.
  const sent = Boolean(lastResult);
  const value = (name: keyof PartnerView) => (sent ? reply.value(name) : String(editing?.[name] ?? ""));
  const checked = new Set(sentCategories(lastResult) ?? editing?.categories ?? []);
  const categoriesError = reply.error("categories");
  return (
    <Form method="post" {...reply.formProps} className="mt-3 space-y-4">
      <FormError id={reply.errorId} errors={reply.formErrors} />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      <PlainField
        {...reply.field("name")}
        defaultValue={value("name")}
        label={t("fields.name")}
        maxLength={PARTNER_LIMITS.name}
        autoComplete="off"
        required
      />
      <PlainField
        {...reply.field("city")}
        defaultValue={value("city")}
        label={t("fields.city")}
        maxLength={PARTNER_LIMITS.city}
        autoComplete="off"
      />
      <PlainField
        {...reply.field("website")}
        defaultValue={value("website")}
        type="url"
        label={t("fields.website")}
        hint={t("fields.websiteHint")}
        maxLength={PARTNER_LIMITS.website}
        autoComplete="off"
      />
      <fieldset aria-describedby="partner-categories-error">
        <legend className="field-label">{t("fields.categories")}</legend>
        <ul className="mt-1 grid gap-1 sm:grid-cols-2">
          {choices.map((choice) => (
            <li key={choice.category}>
              <label className="flex min-h-[44px] items-center gap-2">
                <input
                  type="checkbox"
                  name="categories"
                  value={choice.category}
                  defaultChecked={checked.has(choice.category)}
                  className="h-5 w-5 shrink-0"
                />
                <span>{choice.name}</span>
              </label>
            </li>
          ))}
        </ul>
        <p id="partner-categories-error" className="field-error" aria-live="polite">
          {categoriesError ? t(categoriesError) : null}
        </p>
      </fieldset>
      <FateField
        id="partner-fateEn"
        name="fateEn"
        label={t("fields.fateEn")}
        value={value("fateEn")}
        error={reply.error("fateEn")}
      />
      <FateField
        id="partner-fateFr"
        name="fateFr"
        label={t("fields.fateFr")}
        value={value("fateFr")}
        error={reply.error("fateFr")}
      />
      <button
        type="submit"
        name="intent"
        value={editing ? "edit" : "add"}
        className="btn-primary"
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {editing ? t("save") : t("add")}
      </button>
    </Form>
  );
}
