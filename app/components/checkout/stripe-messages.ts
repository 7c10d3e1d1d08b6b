// Stripe's error and decline codes to the spec's messages (checkout namespace, card.errors.*).
import type { StripeError } from "@stripe/stripe-js";

/** Stripe's error and decline codes to the spec's messages (card.errors.*); else Stripe's own words. */
const SAME = ["card_declined", "insufficient_funds", "lost_card", "stolen_card", "processing_error", "incorrect_cvc"];
const MESSAGES: Record<string, string> = {
  ...Object.fromEntries([...SAME, "expired_card", "incorrect_number"].map((code) => [code, code])),
  generic_decline: "card_declined",
  invalid_cvc: "incorrect_cvc",
  invalid_number: "incorrect_number",
  payment_intent_authentication_failure: "authentication_failed",
  authentication_required: "authentication_failed",
};

export function messageKey(error: Pick<StripeError, "code" | "decline_code" | "type">): string | null {
  const known = MESSAGES[error.decline_code ?? ""] ?? MESSAGES[error.code ?? ""];
  if (known) return `card.errors.${known}`;
  return error.type === "card_error" ? "card.errors.card_declined" : null;
}
