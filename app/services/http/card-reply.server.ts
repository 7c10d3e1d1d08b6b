// The simulated card form of a page that pays a held place (a plan's held cycle at /plans/{id}/pay, a phone
// booking's link at /pay/{token}): the form read with the checkout's schema, its refusals under their
// fields, a declined card's reason in the checkout's words. The number is never sent back into the page.
import { parseWithZod } from "@conform-to/zod";
import { CardFormSchema, parseExpiry } from "~/lib/checkout-schema";
import type { CardInput } from "~/services/payments/provider-types";
import { reject, type Submission } from "./forms.server";

const CARD_FIELDS = ["cardNumber", "expiry", "cvc", "postalCode"];
const CARD_ERRORS = new Set([
  "card_declined",
  "lost_card",
  "stolen_card",
  "insufficient_funds",
  "incorrect_cvc",
  "expired_card",
  "authentication_failed",
  "incorrect_number",
  "processing_error",
]);

/**
 * The card typed, or the form's refusal (each field's checkout key; nothing of the card echoed), with
 * `otherErrors` (a box of the terms not ticked) refused alongside, under their fields.
 */
export function cardOfForm(
  form: FormData,
  submission: Submission,
  otherErrors: Record<string, string[]> = {},
): { ok: true; card: CardInput } | { ok: false; answer: ReturnType<typeof reject> } {
  const card = parseWithZod(form, { schema: CardFormSchema });
  if (card.status !== "success" || Object.keys(otherErrors).length > 0) {
    const cardErrors = Object.fromEntries(
      Object.entries((card.status !== "success" && card.error) || {}).map(([k, v]) => [
        k,
        [`checkout:${v?.[0] ?? "card.numberInvalid"}`],
      ]),
    );
    const fieldErrors = { ...cardErrors, ...otherErrors };
    return { ok: false, answer: reject(submission, { fieldErrors, hideFields: CARD_FIELDS }) };
  }
  return {
    ok: true,
    card: {
      cardNumber: card.value.cardNumber,
      cvc: card.value.cvc,
      postalCode: card.value.postalCode,
      ...parseExpiry(card.value.expiry)!,
    },
  };
}

/** A declined card's reason under the form, the card fields emptied. */
export function declinedCard(submission: Submission, code: string) {
  const reason = `checkout:card.errors.${CARD_ERRORS.has(code) ? code : "card_declined"}`;
  return reject(submission, { formErrors: [reason], hideFields: CARD_FIELDS });
}
