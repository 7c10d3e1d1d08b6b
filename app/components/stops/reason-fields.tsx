// The reasons a pickup can be Missed, as radio buttons in a fieldset (a plain form field: no
// JavaScript needed), the resident's side first, then "our fault" with its cause.
import { useTranslation } from "react-i18next";
import { MISSED_REASONS } from "~/lib/stops";

export function ReasonFields({
  idPrefix,
  defaultValue,
  required = true,
}: {
  idPrefix: string;
  defaultValue?: string | null;
  /** Required to confirm Missed; optional where Missed is one choice of several (a correction). */
  required?: boolean;
}) {
  const { t } = useTranslation("stops");
  return (
    <fieldset className="space-y-1" data-testid="missed-reasons">
      <legend className="field-label">{t("reasons.legend")}</legend>
      {MISSED_REASONS.map((reason) => (
        <div key={reason} className="flex items-center gap-2">
          <input
            type="radio"
            id={`${idPrefix}-${reason}`}
            name="reason"
            value={reason}
            required={required}
            defaultChecked={defaultValue === reason}
            className="h-5 w-5 shrink-0"
          />
          <label htmlFor={`${idPrefix}-${reason}`} className="min-h-[32px] py-1">
            {t(`reasons.${reason}`)}
          </label>
        </div>
      ))}
    </fieldset>
  );
}
