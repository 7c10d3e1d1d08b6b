// i18next settings shared by the server and the browser.
export const SUPPORTED_LANGUAGES = ["en", "fr"] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
/** The language of a request with no French or English preference: French, as a Quebec business serves it first. */
export const FALLBACK_LANGUAGE: Language = "fr";
const DEFAULT_NS = "common";

export function isLanguage(value: unknown): value is Language {
  return value === "en" || value === "fr";
}

/** The locale used for dates and money: en-CA or fr-CA. */
export function intlLocale(lng: string): "en-CA" | "fr-CA" {
  return lng === "fr" ? "fr-CA" : "en-CA";
}

export const i18nConfig = {
  supportedLngs: [...SUPPORTED_LANGUAGES],
  fallbackLng: FALLBACK_LANGUAGE,
  defaultNS: DEFAULT_NS,
  react: { useSuspense: false },
  interpolation: { escapeValue: false },
};

/**
 * The screens' namespaces the browser fetches in the background once a page is interactive, so a
 * client-side navigation never shows a key while its texts download. (Admin texts load on admin pages.)
 */
export const PRELOADED_NAMESPACES = [
  "common",
  "visitor",
  "onboarding",
  "materials",
  "booking",
  "profile",
  "checkout",
  "orders",
];

/** What joins the namespaces of one request for several: `/locales/en/booking+common` (routes/locales). */
export const NAMESPACE_JOIN = "+";

/** The path of one language's texts for these namespaces, in one canonical order (one cached file per set). */
export function localesPath(lng: string, namespaces: readonly string[], version: string): string {
  return `/locales/${lng}/${[...namespaces].sort().join(NAMESPACE_JOIN)}?v=${encodeURIComponent(version)}`;
}

/**
 * One namespace's texts in what `/locales/{lng}/{names}` answered: one name answers its texts, several an
 * object of their texts by name (locales/resources' localesAnswer).
 */
export function textsIn(answer: Record<string, unknown>, names: readonly string[], ns: string): unknown {
  return names.length === 1 ? answer : answer[ns];
}
