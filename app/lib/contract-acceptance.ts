// Issue 43, parts 2-3: the resident's acceptance of the terms before paying, read from the checkout's form
// or from a JSON body, and what is stored on the checkout (then copied to the pickup it books). Pure:
// shared by the checkout's form (with and without JavaScript), the Stripe card form and the JSON API.
import { contractLanguageOf, TERMS_VERSION, type ContractLanguage } from "./contract";

/** What a checkout keeps of the contract: the terms' version, when accepted, the language, the French terms received. */
export type ContractAcceptance = {
  termsVersion: string;
  termsAcceptedAt: number;
  contractLanguage: ContractLanguage;
  frenchTermsReceivedAt: number | null;
};

/** The boxes of the checkout's form and the fields of the JSON API, by name. */
export const ACCEPT_TERMS_FIELD = "acceptTerms";
export const FRENCH_TERMS_FIELD = "frenchTermsReceived";

/** Why a payment is refused before anything is claimed: the box that is not ticked, and its message key. */
export type AcceptanceRefusal = { field: typeof ACCEPT_TERMS_FIELD | typeof FRENCH_TERMS_FIELD; key: string };

/**
 * The acceptance of a resident who wants a contract in `language`: the terms box ticked, and for English,
 * the box saying the French terms were received and English chosen (Charter of the French language, s. 55).
 * A refusal names the box to tick.
 */
export function acceptanceOf(
  input: { acceptTerms: boolean; language: ContractLanguage; frenchTermsReceived: boolean },
  at: number,
): { contract: ContractAcceptance; refusal?: undefined } | { refusal: AcceptanceRefusal; contract?: undefined } {
  if (!input.acceptTerms) return { refusal: { field: ACCEPT_TERMS_FIELD, key: "contract.acceptRequired" } };
  if (input.language === "en" && !input.frenchTermsReceived) {
    return { refusal: { field: FRENCH_TERMS_FIELD, key: "contract.frenchRequired" } };
  }
  const contractLanguage = contractLanguageOf({
    language: input.language,
    frenchTermsReceived: input.frenchTermsReceived,
  });
  return {
    contract: {
      termsVersion: TERMS_VERSION,
      termsAcceptedAt: at,
      contractLanguage,
      frenchTermsReceivedAt: contractLanguage === "en" ? at : null,
    },
  };
}

/** A box of a plain form is sent as "on" when ticked, absent otherwise. */
const ticked = (value: FormDataEntryValue | null) => value === "on" || value === "true";

/** The checkout page's boxes: a page in English asks for a contract in English, one in French for French. */
export function acceptanceFromForm(form: FormData, pageLanguage: string, at: number) {
  return acceptanceOf(
    {
      acceptTerms: ticked(form.get(ACCEPT_TERMS_FIELD)),
      language: pageLanguage === "en" ? "en" : "fr",
      frenchTermsReceived: ticked(form.get(FRENCH_TERMS_FIELD)),
    },
    at,
  );
}

/** The acceptance a valid JSON body carries (its fields passed contractApiFields and frenchTermsRule). */
export function acceptanceFromApi(
  body: { acceptTerms: boolean; contractLanguage?: ContractLanguage; frenchTermsReceived?: boolean },
  at: number,
): ContractAcceptance {
  const answer = acceptanceOf(
    {
      acceptTerms: body.acceptTerms,
      language: body.contractLanguage ?? "fr",
      frenchTermsReceived: body.frenchTermsReceived === true,
    },
    at,
  );
  // The schema refused these bodies already; a refusal here is a schema that lost its rule.
  if (!answer.contract) throw new Error(`Contract not accepted: ${answer.refusal.field}`);
  return answer.contract;
}
