// Forms without Conform's client: the server validates with Conform + zod (forms.server.ts) and its
// reply is read here. Keeps zod and Conform out of the browser bundle, so that sign-up, sign-in and the
// profile stay within the JS budget on a slow phone. `error` values are translation keys.
import { useActionData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { FORM_ERROR_ANCHOR } from "~/lib/form-reply";

export function PlainField({
  id,
  name,
  label,
  error,
  hint,
  type = "text",
  ...rest
}: {
  id: string;
  name: string;
  label: string;
  error?: string | null;
  hint?: string;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "id" | "name">) {
  const { t } = useTranslation();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className="field-input"
        {...rest}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      <p id={errorId} className="field-error" aria-live="polite">
        {error ? t(error) : null}
      </p>
    </div>
  );
}

/** The field errors and first values out of a Conform reply, read without Conform's client. */
export function readReply(result: unknown) {
  const reply = (result ?? {}) as {
    error?: Record<string, string[] | null> | null;
    initialValue?: Record<string, unknown> | null;
  };
  const error = (field: string) => reply.error?.[field]?.[0] ?? null;
  const value = (field: string) => {
    const v = reply.initialValue?.[field];
    return typeof v === "string" ? v : "";
  };
  return { error, value };
}

/**
 * A form's server reply, with what Conform's client used to add: a field's error clears once the
 * resident edits that field, and when a reply with errors arrives (with JavaScript) the first invalid
 * field takes the focus. Spread `formProps` on the <Form>.
 */
export function useReply(result: unknown, formId: string) {
  const reply = readReply(result);
  const [edited, setEdited] = useState<ReadonlySet<string>>(() => new Set());
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    setEdited(new Set());
    if (result) ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [result]);
  const formError = reply.error("");
  const errorId = `${formId}-form-error`;
  return {
    value: reply.value,
    error: (name: string) => (edited.has(name) ? null : reply.error(name)),
    formErrors: formError ? [formError] : [],
    errorId,
    fieldId: (name: string) => `${formId}-${name}`,
    /** id, name, error and the value sent back (never for a password: it is not echoed into the page). */
    field: (name: string, options: { secret?: boolean } = {}) => ({
      id: `${formId}-${name}`,
      name,
      error: edited.has(name) ? null : reply.error(name),
      ...(options.secret ? { type: "password" } : { defaultValue: reply.value(name) }),
    }),
    formProps: {
      id: formId,
      ref,
      noValidate: true,
      "aria-describedby": formError ? errorId : undefined,
      onInput: (event: React.FormEvent<HTMLFormElement>) => {
        const name = (event.target as HTMLInputElement).name;
        if (name && reply.error(name) && !edited.has(name)) setEdited(new Set(edited).add(name));
      },
    },
  };
}

/**
 * A refusal that arrives with JavaScript (a new action answer, or an error appearing) is brought into view,
 * below the sticky header (the scroll padding, tailwind.css, and a little margin), and takes the focus: on a
 * phone the form's error may be off screen or under the header while the resident looks at the button they
 * pressed (issue 42, part 6). A refusal already in the server's page is left where the page opened (without
 * JavaScript the refused-form redirect's #form-error fragment put it in view).
 */
export function useBroughtIntoView<T extends HTMLElement>(shown: boolean) {
  const ref = useRef<T>(null);
  const answer = useActionData();
  const fromServer = useRef(!useHydrated());
  useEffect(() => {
    const first = fromServer.current;
    fromServer.current = false;
    const el = ref.current;
    if (first || !shown || !el) return;
    el.scrollIntoView({ block: "nearest" });
    el.focus({ preventScroll: true });
  }, [answer, shown]);
  return ref;
}

/**
 * A form's own error (not a field's): one alert, read out once when it appears, brought into view and
 * focused with JavaScript (useBroughtIntoView); `id` is the wrapper the form's aria-describedby names.
 */
export function FormError({ id, errors }: { id: string; errors?: string[] }) {
  const { t } = useTranslation();
  const error = errors?.[0];
  const ref = useBroughtIntoView<HTMLParagraphElement>(Boolean(error));
  return (
    <div id={id} className="empty:hidden">
      {error ? (
        <p
          ref={ref}
          id={FORM_ERROR_ANCHOR}
          role="alert"
          tabIndex={-1}
          className="scroll-mt-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800"
        >
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

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
