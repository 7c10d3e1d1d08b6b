// The language of a request: the `lng` cookie, then Accept-Language, then English; and a t in it.
import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import { FALLBACK_LANGUAGE, i18nConfig, isLanguage, type Language, SUPPORTED_LANGUAGES } from "~/lib/i18n";
import { resources } from "~/locales/resources";
import { getTFor } from "~/services/platform/i18n.server";

export const languageCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

export const i18n = new RemixI18Next({
  detection: {
    supportedLanguages: [...SUPPORTED_LANGUAGES],
    fallbackLanguage: FALLBACK_LANGUAGE,
    cookie: languageCookie,
    order: ["cookie", "header"],
  },
  i18next: { ...i18nConfig, resources },
});

export async function getLanguage(request: Request): Promise<Language> {
  const lng = await i18n.getLocale(request);
  return isLanguage(lng) ? lng : FALLBACK_LANGUAGE;
}

export async function getT(request: Request, ns: string = "common") {
  return getTFor(await getLanguage(request), ns);
}
