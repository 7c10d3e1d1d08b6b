// Issue 43: the contract's fields of the JSON API's bodies (zod), apart from lib/contract-acceptance so that
// the checkout's browser code, which reads the boxes, does not carry zod (issue 44, JS per page).
import { z } from "zod";
import { CONTRACT_LANGUAGES, type ContractLanguage } from "./contract";
import { FRENCH_TERMS_FIELD } from "./contract-acceptance";

/**
 * The contract's fields of a JSON body that pays or books: `"acceptTerms": true` is required (false is
 * refused naming it), `contractLanguage` is "fr" by default, and "en" requires `"frenchTermsReceived": true`.
 * Message keys are the checkout namespace's.
 */
export const contractApiFields = {
  acceptTerms: z.boolean().refine((value) => value, "contract.acceptTermsApi"),
  contractLanguage: z.enum(CONTRACT_LANGUAGES).optional(),
  frenchTermsReceived: z.boolean().optional(),
};

/** The refinement of a body with contractApiFields: English needs the French terms received. */
export function frenchTermsRule(
  body: { contractLanguage?: ContractLanguage; frenchTermsReceived?: boolean },
  ctx: z.RefinementCtx,
) {
  if (body.contractLanguage === "en" && body.frenchTermsReceived !== true) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: [FRENCH_TERMS_FIELD], message: "contract.frenchTermsApi" });
  }
}
