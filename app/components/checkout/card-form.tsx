// The simulated provider's card form: a plain form post that works without JavaScript. The number is
// never echoed back by the server.
import { Form, useActionData } from "@remix-run/react";
import { useEffect, useRef, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FormError } from "~/components/ui/plain-field";
import { spacedCardNumber } from "~/lib/card-number";
import { AcceptTerms } from "./contract-terms";
import { PaymentBoxes } from "./plan-choice";

/** With JavaScript, the number is spaced in groups as it is typed (the server takes it either way). */
function spaceAsTyped(event: FormEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  const spaced = spacedCardNumber(input.value, input.selectionStart ?? input.value.length);
  if (spaced.value === input.value) return;
  input.value = spaced.value;
  input.setSelectionRange(spaced.caret, spaced.caret);
}

const FIELDS = [
  {
    name: "cardNumber",
    label: "card.number",
    autoComplete: "cc-number",
    inputMode: "numeric",
    maxLength: 23,
    placeholder: "4242 4242 4242 4242",
  },
  {
    name: "expiry",
    label: "card.expiry",
    autoComplete: "cc-exp",
    inputMode: "numeric",
    maxLength: 7,
    placeholder: "card.expiryPlaceholder",
  },
  { name: "cvc", label: "card.cvc", autoComplete: "cc-csc", inputMode: "numeric", maxLength: 4, placeholder: "123" },
  {
    name: "postalCode",
    label: "card.postalCode",
    autoComplete: "postal-code",
    inputMode: "text",
    maxLength: 7,
    placeholder: "H2X 3K2",
  },
] as const;

export function CardForm({
  payLabel,
  busy,
  fieldError,
  ticked,
  value,
  formError,
  plain = false,
  extra = null,
  terms = false,
}: {
  payLabel: string;
  busy: boolean;
  /** The error key of a field, from the form's reply. */
  fieldError: (name: string) => string | null;
  /** Whether a box of the terms was ticked in a refused post. */
  ticked: (name: string) => boolean;
  /** A field's value in a refused post (the plan chosen). */
  value: (name: string) => string | null;
  formError: string | null;
  /** Paying a plan's held pickup: no plan to choose, no terms to accept again. */
  plain?: boolean;
  /** What the form holds above its button besides the card (a plain form's own box). */
  extra?: ReactNode;
  /** A plain form that still asks for the terms (a pickup booked by phone, paid through its link). */
  terms?: boolean;
}) {
  const { t } = useTranslation(["checkout", "common"]);
  const form = useRef<HTMLFormElement>(null);
  const answer = useActionData();
  // With JavaScript, a refusal of the card's fields (none of the whole form: FormError takes that one) puts
  // the focus on the first field to correct, which scrolls it into view below the sticky header.
  useEffect(() => {
    if (answer && !formError) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [answer, formError]);
  return (
    <Form ref={form} method="post" noValidate className="card space-y-3" aria-labelledby="card-title">
      <h2 id="card-title" className="font-semibold">
        {t("card.title")}
      </h2>
      <FormError id="card-form-error" errors={formError ? [formError] : []} />
      <div className="grid grid-cols-2 gap-3 narrow:grid-cols-1">
        {FIELDS.map((field) => {
          const error = fieldError(field.name);
          return (
            <div key={field.name} className={field.name === "cardNumber" ? "col-span-2 narrow:col-span-1" : ""}>
              <label htmlFor={field.name} className="field-label">
                {t(field.label)}
              </label>
              <input
                id={field.name}
                name={field.name}
                type="text"
                autoCapitalize={field.name === "postalCode" ? "characters" : undefined}
                className={`field-input ${field.name === "postalCode" ? "uppercase" : ""}`}
                autoComplete={field.autoComplete}
                inputMode={field.inputMode}
                maxLength={field.maxLength}
                onInput={field.name === "cardNumber" ? spaceAsTyped : undefined}
                placeholder={field.placeholder.startsWith("card.") ? t(field.placeholder) : field.placeholder}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${field.name}-error` : undefined}
              />
              {/* Always present and live, so an error that appears (with JavaScript) is read out. */}
              <p id={`${field.name}-error`} className="field-error" aria-live="polite">
                {error ? t(error) : null}
              </p>
            </div>
          );
        })}
      </div>
      <p className="text-sm text-stone-600">{t("card.secure")}</p>
      {plain ? null : <PaymentBoxes error={fieldError} value={value} ticked={ticked} />}
      {extra}
      {plain && terms ? <AcceptTerms error={fieldError} ticked={ticked} /> : null}
      <button
        type="submit"
        name="intent"
        value="pay"
        className="btn-primary w-full"
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {busy ? t("card.paying") : payLabel}
      </button>
    </Form>
  );
}
