// Language detection (cookie, then Accept-Language, then English) and server-side translation.
import crypto from "node:crypto";
import { createCookie } from "@remix-run/node";
import { createInstance } from "i18next";
import { RemixI18Next } from "remix-i18next/server";
import { FALLBACK_LANGUAGE, i18nConfig, isLanguage, type Language, SUPPORTED_LANGUAGES } from "~/lib/i18n";
import { resources } from "~/locales/resources";

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

// One shared instance holds every translation; a fixed t per language and namespace is cheap to take.
const shared = createInstance();
const sharedReady = shared.init({ ...i18nConfig, resources, ns: Object.keys(resources.en), lng: FALLBACK_LANGUAGE });

export async function getTFor(lng: Language, ns: string = "common") {
  await sharedReady;
  return shared.getFixedT(lng, ns);
}

export async function getT(request: Request, ns: string = "common") {
  return getTFor(await getLanguage(request), ns);
}

/** Changes whenever a translation changes, so the browser may cache the JSON files forever. */
export const translationsVersion = crypto
  .createHash("sha256")
  .update(JSON.stringify(resources))
  .digest("hex")
  .slice(0, 10);
