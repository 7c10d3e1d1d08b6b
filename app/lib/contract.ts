// Issue 43: the consumer's contract (Consumer Protection Act ss. 54.1-54.16; Charter of the French language,
// s. 55). Pure: shared by the checkout's form, the API, the e-mails and the pages.

/** The version of the terms in force: the date they took effect. Stored with every acceptance. */
export const TERMS_VERSION = "2026-11-27";

/** The languages a contract may be in; French unless the resident expressly chose English. */
export const CONTRACT_LANGUAGES = ["fr", "en"] as const;
export type ContractLanguage = (typeof CONTRACT_LANGUAGES)[number];

/** A contract is in French by default: in English only with the French terms received and English chosen. */
export function contractLanguageOf(choice: { language?: unknown; frenchTermsReceived?: unknown }): ContractLanguage {
  return choice.language === "en" && choice.frenchTermsReceived === true ? "en" : "fr";
}
