// remix-i18next on the server, with its own language detection (cookie, then Accept-Language).
import { RemixI18Next } from "remix-i18next/server";
import { i18nConfig, resources } from "./i18n";

export const i18n = new RemixI18Next({
  detection: { supportedLanguages: i18nConfig.supportedLngs, fallbackLanguage: i18nConfig.fallbackLng },
  i18next: { ...i18nConfig, resources },
});
