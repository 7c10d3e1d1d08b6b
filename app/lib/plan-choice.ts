// Issue 45 part 1: the plan a resident chooses at checkout (repeat every 4 or 8 weeks) and their consent to
// keep the card for the plan's later payments, read from the checkout's form or from a JSON body. Pure:
// shared by the checkout's form (with and without JavaScript) and the JSON API. Message keys are the checkout
// namespace's `planStart.*`.

/** Repeat every 4 or every 8 weeks. */
export type PlanInterval = 4 | 8;

export const isPlanInterval = (value: unknown): value is PlanInterval => value === 4 || value === 8;

/** The form's fields and the JSON API's, by name. */
export const PLAN_INTERVAL_FIELD = "planIntervalWeeks";
export const SAVE_CARD_CONSENT_FIELD = "saveCardConsent";

/** What a checkout keeps: the consent to keep the card (for its later payments) and the plan chosen, if any. */
export type PlanChoice = { saveCardConsent: boolean; intervalWeeks: PlanInterval | null };

export type PlanRefusal = { field: typeof PLAN_INTERVAL_FIELD | typeof SAVE_CARD_CONSENT_FIELD; key: string };

/** A plan needs the consent: a card is charged by itself only when the resident said so. */
export function planChoiceOf(input: {
  saveCardConsent: boolean;
  intervalWeeks: PlanInterval | null;
}): { choice: PlanChoice; refusal?: undefined } | { refusal: PlanRefusal; choice?: undefined } {
  if (input.intervalWeeks !== null && !input.saveCardConsent) {
    return { refusal: { field: SAVE_CARD_CONSENT_FIELD, key: "planStart.consentRequired" } };
  }
  return { choice: { saveCardConsent: input.saveCardConsent, intervalWeeks: input.intervalWeeks } };
}

/** A box of a plain form is sent as "on" when ticked, absent otherwise. */
const ticked = (value: FormDataEntryValue | null) => value === "on" || value === "true";

/**
 * The checkout form's choice: `planIntervalWeeks` "" (no plan, or absent), "4" or "8"; `saveCardConsent`
 * ticked. Another interval, or an interval without the consent, is refused naming the field to fix.
 */
export function planChoiceFromForm(form: FormData): ReturnType<typeof planChoiceOf> {
  const raw = form.get(PLAN_INTERVAL_FIELD);
  const text = typeof raw === "string" ? raw.trim() : "";
  const intervalWeeks = text === "" ? null : Number(text);
  if (intervalWeeks !== null && !isPlanInterval(intervalWeeks)) {
    return { refusal: { field: PLAN_INTERVAL_FIELD, key: "planStart.intervalInvalid" } };
  }
  return planChoiceOf({ saveCardConsent: ticked(form.get(SAVE_CARD_CONSENT_FIELD)), intervalWeeks });
}

/** The choice a valid JSON body carries (no field: no consent, no plan). */
export function planChoiceFromApi(body: { saveCardConsent?: boolean; planIntervalWeeks?: number }): PlanChoice {
  return {
    saveCardConsent: body.saveCardConsent === true,
    intervalWeeks: isPlanInterval(body.planIntervalWeeks) ? body.planIntervalWeeks : null,
  };
}
