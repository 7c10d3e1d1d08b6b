// A labelled input with its error tied to it, without Conform: for the light pages in the JS budget.
// `error` is a translation key as the server's Conform result carries it.
import { useTranslation } from "react-i18next";

export function PlainField({
  id,
  name,
  label,
  error,
  ...rest
}: {
  id: string;
  name: string;
  label: string;
  error?: string | null;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "id" | "name">) {
  const { t } = useTranslation();
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="field-input"
        {...rest}
      />
      <p id={errorId} className="field-error" aria-live="polite">
        {error ? t(error) : null}
      </p>
    </div>
  );
}

/** The field errors and first values out of a Conform reply, read without Conform's client. */
export function readReply(result: unknown) {
  const reply = (result ?? {}) as { error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> | null };
  const error = (field: string) => reply.error?.[field]?.[0] ?? null;
  const value = (field: string) => {
    const v = reply.initialValue?.[field];
    return typeof v === "string" ? v : "";
  };
  return { error, value };
}

export function FormError({ id, errors }: { id: string; errors?: string[] }) {
  const { t } = useTranslation();
  const error = errors?.[0];
  return (
    <div id={id} aria-live="assertive" className="empty:hidden">
      {error ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}
