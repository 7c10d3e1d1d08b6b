// i18next settings shared by the floor's server and browser, as app/lib/i18n.ts, with its two strings.
export const i18nConfig = {
  supportedLngs: ["en", "fr"],
  fallbackLng: "fr",
  defaultNS: "common",
  react: { useSuspense: false },
  interpolation: { escapeValue: false },
};

export const resources = {
  en: { common: { title: "Bare Remix", body: "A page with nothing of its own." } },
  fr: { common: { title: "Remix nu", body: "Une page sans rien à elle." } },
};
