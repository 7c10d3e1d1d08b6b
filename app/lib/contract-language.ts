// Issue 43 part 3: the language of what belongs to a pickup's contract (its confirmation, its move and
// cancellation e-mails, its receipt). Pure: shared by the e-mails and the receipt page.
import { isLanguage, type Language } from "./i18n";

/**
 * A pickup's contract language decides: English only for a contract in English (the French terms received
 * and English expressly chosen), French for one in French. A pickup booked before contracts were stored
 * (null) keeps the account's language, so its history reads as it always did.
 */
export function contractMessageLanguage(
  contractLanguage: string | null | undefined,
  accountLanguage: unknown,
): Language {
  if (contractLanguage === "en" || contractLanguage === "fr") return contractLanguage;
  return isLanguage(accountLanguage) ? accountLanguage : "en";
}
