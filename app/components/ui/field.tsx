// A labelled input with its error tied to it (aria-describedby), and the form-level error banner.
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";

type InputType = "text" | "email" | "password" | "tel" | "search" | "hidden";

export function Field({
  label,
  meta,
  type = "text",
  hint,
  ...rest
}: {
  label: string;
  meta: FieldMetadata<string | undefined>;
  type?: InputType;
  hint?: string;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id" | "form">) {
  const { t } = useTranslation();
  const error = meta.errors?.[0];
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const inputProps = getInputProps(meta, { type, ariaDescribedBy: hintId });
  return (
    <div>
      <label htmlFor={meta.id} className="field-label">
        {label}
      </label>
      <input {...inputProps} key={inputProps.key} {...rest} className="field-input" />
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      <p id={meta.errorId} className="field-error" aria-live="polite">
        {error ? t(error) : null}
      </p>
    </div>
  );
}

export { FormError } from "./plain-field";

export function SubmitButton({
  pending,
  label,
  pendingLabel,
  className = "btn-primary w-full",
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  className?: string;
}) {
  return (
    <button type="submit" className={className} disabled={pending} aria-busy={pending || undefined}>
      {pending ? pendingLabel : label}
    </button>
  );
}
