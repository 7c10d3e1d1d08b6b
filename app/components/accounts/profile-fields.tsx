// The profile form's fields that are more than a PlainField: the read-only e-mail, the province list and
// the postal code that upper-cases as it is typed, and the "Find my address" button of the look-up without
// JavaScript (its answer, the addresses found, is address-choices.tsx).
import { useTranslation } from "react-i18next";
import { PlainField } from "~/components/ui/plain-field";
import { DEFAULT_PROVINCE, PROVINCES } from "~/lib/address-selection";
import { POSTAL_CODE_MAX } from "~/lib/postal";
import { FIND_ADDRESS_FIELD } from "~/lib/profile-intents";

type Field = { id: string; name: string; defaultValue: string; error: string | null };

export function ReadOnlyEmail({ email }: { email: string }) {
  const { t } = useTranslation(["profile", "common"]);
  return (
    <div>
      <label htmlFor="profile-email" className="field-label">
        {t("fields.email")}
      </label>
      <input
        id="profile-email"
        type="email"
        value={email}
        readOnly
        aria-describedby="profile-email-hint"
        className="field-input bg-stone-100 text-stone-700"
      />
      <p id="profile-email-hint" className="mt-1 text-sm text-stone-600">
        {t("fields.emailHint")}
      </p>
    </div>
  );
}

export function ProvinceSelect({ field }: { field: Field }) {
  const { t } = useTranslation(["profile", "common"]);
  return (
    <div>
      <label htmlFor={field.id} className="field-label">
        {t("fields.province")}
      </label>
      <select
        id={field.id}
        name={field.name}
        defaultValue={field.defaultValue || DEFAULT_PROVINCE}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={field.error ? `${field.id}-error` : undefined}
        autoComplete="address-level1"
        className="field-input"
      >
        {PROVINCES.map((code) => (
          <option key={code} value={code}>
            {t(`provinces.${code}`)}
          </option>
        ))}
      </select>
      <p id={`${field.id}-error`} className="field-error" aria-live="polite">
        {field.error ? t(field.error) : null}
      </p>
    </div>
  );
}

export function PostalCodeField({ field }: { field: Field }) {
  const { t } = useTranslation(["profile", "common"]);
  return (
    <PlainField
      {...field}
      label={t("fields.postalCode")}
      autoComplete="postal-code"
      inputMode="text"
      hint={t("fields.postalCodeHint")}
      maxLength={POSTAL_CODE_MAX}
      autoCapitalize="characters"
      spellCheck={false}
      style={{ textTransform: "uppercase" }}
      onInput={(event) => {
        const input = event.currentTarget;
        const upper = input.value.toUpperCase();
        if (upper !== input.value) {
          const caret = input.selectionStart;
          input.value = upper;
          input.setSelectionRange(caret, caret);
        }
      }}
    />
  );
}

export function FindAddressButton() {
  const { t } = useTranslation("profile");
  return (
    <input
      type="submit"
      name={FIND_ADDRESS_FIELD}
      value={t("suggestions.find")}
      className="btn-secondary h-auto max-w-full whitespace-normal"
    />
  );
}
