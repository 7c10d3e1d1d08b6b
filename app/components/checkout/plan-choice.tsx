// Issue 45 part 1: the plan chosen at checkout, inside every paying form (never a free order's: no card to
// keep). "Just this pickup", "Repeat every 4 weeks" or "Repeat every 8 weeks" (field planIntervalWeeks: "",
// "4", "8") and the consent to keep the card (saveCardConsent), whose words say when the card is charged.
// Plain radios and a box: without JavaScript they post with the form; with the Stripe card form, planFields
// reads them into the JSON bodies. The server refuses an interval without the consent (lib/plan-choice).
import { useTranslation } from "react-i18next";
import { isPlanInterval, PLAN_INTERVAL_FIELD, planChoiceOf, type PlanRefusal } from "~/lib/plan-choice";
import type { AcceptanceRefusal } from "~/lib/contract-acceptance";
import { AcceptTerms, contractBoxes, TermsBox } from "./contract-terms";

const CONSENT_FIELD = "saveCardConsent";
const CHOICES = ["", "4", "8"] as const;

export function PlanChoice({
  error,
  value,
  ticked,
}: {
  error: (name: string) => string | null;
  /** The interval of a refused post ("" when none), so a refusal keeps the choice. */
  value?: (name: string) => string | null;
  ticked?: (name: string) => boolean;
}) {
  const { t } = useTranslation("checkout");
  const chosen = value?.(PLAN_INTERVAL_FIELD) ?? "";
  const intervalError = error(PLAN_INTERVAL_FIELD);
  const errorId = `${PLAN_INTERVAL_FIELD}-error`;
  return (
    <div className="space-y-2" data-testid="plan-choice">
      <fieldset aria-describedby={`plan-hint ${errorId}`}>
        <legend className="font-semibold">{t("plan.legend")}</legend>
        <p id="plan-hint" className="text-sm text-stone-700">
          {t("plan.hint")}
        </p>
        {CHOICES.map((choice) => (
          <label key={choice} className="flex min-h-[44px] items-center gap-2">
            <input
              type="radio"
              name={PLAN_INTERVAL_FIELD}
              value={choice}
              className="h-5 w-5 shrink-0 accent-green-700"
              defaultChecked={choice === (CHOICES.includes(chosen as never) ? chosen : "")}
            />
            {choice === "" ? t("plan.once") : t("plan.every", { count: Number(choice) })}
          </label>
        ))}
        <p id={errorId} className="field-error" aria-live="polite">
          {intervalError ? t(intervalError) : null}
        </p>
      </fieldset>
      <TermsBox
        id={CONSENT_FIELD}
        name={CONSENT_FIELD}
        label={t("plan.consent")}
        error={error(CONSENT_FIELD)}
        ticked={ticked?.(CONSENT_FIELD) ?? false}
      />
    </div>
  );
}

/**
 * With JavaScript (the Stripe card form): the plan's fields as the JSON API takes them, or the field to fix
 * (focused; the server would refuse it too).
 */
function planFields(
  form: HTMLFormElement,
):
  | { fields: { saveCardConsent?: true; planIntervalWeeks?: 4 | 8 }; refusal: null }
  | { fields: null; refusal: PlanRefusal } {
  const chosen = form.querySelector<HTMLInputElement>(`input[name="${PLAN_INTERVAL_FIELD}"]:checked`)?.value ?? "";
  const weeks = Number(chosen);
  const consent = form.querySelector<HTMLInputElement>(`input[name="${CONSENT_FIELD}"]`)?.checked === true;
  const answer = planChoiceOf({ saveCardConsent: consent, intervalWeeks: isPlanInterval(weeks) ? weeks : null });
  if (answer.refusal) {
    form.querySelector<HTMLInputElement>(`input[name="${answer.refusal.field}"]`)?.focus();
    return { fields: null, refusal: answer.refusal };
  }
  const { choice } = answer;
  return {
    fields: {
      ...(choice.saveCardConsent ? { saveCardConsent: true as const } : {}),
      ...(choice.intervalWeeks ? { planIntervalWeeks: choice.intervalWeeks } : {}),
    },
    refusal: null,
  };
}

export type PaymentRefusal = PlanRefusal | AcceptanceRefusal;

/** Above a paying form's button: the plan's choice, then the contract's boxes. */
export function PaymentBoxes(props: Parameters<typeof PlanChoice>[0]) {
  return (
    <>
      <PlanChoice {...props} />
      <AcceptTerms error={props.error} ticked={props.ticked} />
    </>
  );
}

/**
 * With JavaScript (the Stripe card form): the plan's fields and the contract's boxes as the JSON API takes
 * them (sent with the intent and the booking), or the first field to fix.
 */
export function paymentBoxes(form: HTMLFormElement, lng: string) {
  const plan = planFields(form);
  if (plan.refusal) return { chosen: null, refusal: plan.refusal as PaymentRefusal };
  const { accepted, refusal } = contractBoxes(form, lng);
  if (!accepted) return { chosen: null, refusal };
  return { chosen: { ...accepted, ...plan.fields }, refusal: null };
}
