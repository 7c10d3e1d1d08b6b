// Issue 43 part 2: the confirmation e-mail is the copy of the consumer's contract (Consumer Protection Act,
// s. 54.9): who the merchant is, who the customer is, when the contract was made, and the terms, linked
// and attached as a text file, in the contract's language. The service, the price and the rules are the
// confirmation's own lines (pickup-emails).
import { appUrl, whoWeAre } from "~/services/platform/config.server";
import { emailT, type EmailAttachment } from "~/services/platform/mailer.server";
import { TERMS_VERSION } from "~/lib/contract";
import { formatDateTime } from "~/lib/format";
import type { Language } from "~/lib/i18n";
import type { PickupRequest, User } from "../../../db/schema";

/** The sections of /terms, in the page's order (app/routes/terms.tsx). */
const TERMS_PARTS = ["service", "payment", "changes", "refused", "liability", "law"] as const;

/** The terms page in the contract's language: French unless the contract is in English. */
function termsUrl(lng: Language): string {
  return `${appUrl()}/terms${lng === "en" ? "?lang=en" : ""}`;
}

/** The whole text of the terms, as /terms shows them, in one language: the e-mail's attachment. */
function termsText(lng: Language, version: string): string {
  const t = emailT(lng);
  const who = whoWeAre();
  const terms = (key: string, values: Record<string, string> = {}) => t(`terms.${key}`, { ns: "privacy", ...values });
  const title = terms("title");
  const lines = [title, "=".repeat(title.length), t("contract.termsVersion", { version }), ""];
  lines.push(terms("intro", { business: who.business, address: who.address }), "");
  for (const part of TERMS_PARTS) {
    const heading = terms(`${part}Title`);
    lines.push(heading, "-".repeat(heading.length), terms(part), "");
  }
  lines.push(terms("privacy"), `${appUrl()}/privacy`, "");
  lines.push(who.business, who.address, who.supportPhone, who.supportEmail, "");
  return lines.join("\n");
}

/** The terms as a plain-text attachment: "conditions-2026-11-27.txt", "terms-2026-11-27.txt". */
function termsAttachment(lng: Language, version: string): EmailAttachment {
  return {
    filename: `${lng === "en" ? "terms" : "conditions"}-${version}.txt`,
    contentType: "text/plain; charset=utf-8",
    content: termsText(lng, version),
  };
}

/**
 * The contract's own values in the confirmation: the merchant (from the configuration), the customer, the
 * date of the contract (when the terms were accepted, else when the pickup was booked, in Montreal time)
 * and the terms' version and link.
 */
export function contractValues(user: User, pickup: PickupRequest, lng: Language) {
  const who = whoWeAre();
  return {
    merchantName: who.business,
    merchantAddress: who.address,
    merchantPhone: who.supportPhone,
    customerName: `${user.firstName} ${user.lastName}`.trim() || user.email,
    contractDate: formatDateTime(pickup.termsAcceptedAt ?? pickup.createdAt, lng),
    termsVersion: pickup.termsVersion ?? TERMS_VERSION,
    termsLink: termsUrl(lng),
  };
}

/** The terms the pickup's contract was made under, attached as text in the contract's language. */
export function contractTermsAttachment(pickup: PickupRequest, lng: Language): EmailAttachment {
  return termsAttachment(lng, pickup.termsVersion ?? TERMS_VERSION);
}
