// /terms French first (issue 43 part 3; Charter of the French language, s. 55): the contract's text is in
// French unless the visitor expressly chose English for it (`?lang=en`, the page's "I choose English" link),
// whatever the browser's language; the page around it (header, navigation, the note above the text) stays in
// the visitor's language. The text is made here, in the contract's language, so that a page in English can
// show it in French with or without JavaScript (the browser holds only the page's language).
import { TERMS_VERSION, type ContractLanguage } from "~/lib/contract";
import { formatDate } from "~/lib/format";
import { itemLine, REFUSED_ITEMS } from "~/lib/what-we-take";
import { whoWeAre } from "../platform/config.server";
import { getTFor } from "../platform/translate.server";

/** The sections of the terms, in order (privacy:terms.<part>Title and terms.<part>). */
const PARTS = ["service", "payment", "changes", "refused", "liability", "law"] as const;

/** The contract's language a /terms address asks for: English only when expressly chosen. */
export function termsLanguageOf(url: URL): ContractLanguage {
  return url.searchParams.get("lang") === "en" ? "en" : "fr";
}

/** The terms in force, whole, in one language: what /terms shows (and what a copy of the contract carries). */
export async function termsText(lng: ContractLanguage) {
  const t = await getTFor(lng, "privacy");
  const help = await getTFor(lng, "help");
  const who = whoWeAre();
  return {
    lng,
    title: t("terms.title"),
    intro: t("terms.intro", { business: who.business, address: who.address }),
    version: TERMS_VERSION,
    versionLine: t("terms.version", { version: TERMS_VERSION, date: formatDate(TERMS_VERSION, lng) }),
    sections: PARTS.map((part) => ({ id: `terms-${part}`, title: t(`terms.${part}Title`), text: t(`terms.${part}`) })),
    /** What is refused, listed under the "refused" section: the help page's list (lib/what-we-take). */
    refusedItems: REFUSED_ITEMS.map((key) =>
      itemLine(help(`faq.refusedItems.${key}.name`), help(`faq.refusedItems.${key}.detail`, { defaultValue: "" })),
    ),
    privacy: t("terms.privacy"),
  };
}
