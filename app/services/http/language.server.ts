// The language of a request: the `lng` cookie, then the best of French and English in Accept-Language,
// then French (a Quebec business serves French first); and a t in it.
import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import { FALLBACK_LANGUAGE, i18nConfig, isLanguage, type Language, SUPPORTED_LANGUAGES } from "~/lib/i18n";
import { resources } from "~/locales/resources";
import { LANGUAGE_COOKIE } from "~/lib/cookies";
import { getTFor } from "~/services/platform/translate.server";

export const languageCookie = createCookie(LANGUAGE_COOKIE.name, {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: LANGUAGE_COOKIE.maxAgeSeconds,
});

/**
 * The language an Accept-Language header prefers among ours: the French or English tag (`fr`, `fr-CA`,
 * `en-US`, ...) with the highest q-value, the first listed on a tie; null when it names neither (no header,
 * `*`, `de-DE`, garbage). remix-i18next's own header detection looks only at the first language the
 * runtime knows, so `de, en;q=0.5` would not find English.
 */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  let best: { lng: Language; q: number } | null = null;
  for (const range of header.split(",")) {
    const [tag = "", ...params] = range.split(";");
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (!isLanguage(primary)) continue;
    let q = 1;
    for (const param of params) {
      const [name = "", value = ""] = param.split("=").map((part) => part.trim());
      // A malformed weight counts as "not acceptable" rather than as the default 1.
      if (name.toLowerCase() === "q") q = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value) ? Number(value) : 0;
    }
    if (q > 0 && (!best || q > best.q)) best = { lng: primary, q };
  }
  return best?.lng ?? null;
}

export function getLanguage(request: Request): Promise<Language> {
  // Asked by every loader of a page and by the server entry: read once per request (issue 44, first views).
  let language = languagesOfRequests.get(request);
  if (!language) {
    language = readLanguage(request);
    languagesOfRequests.set(request, language);
  }
  return language;
}

const languagesOfRequests = new WeakMap<Request, Promise<Language>>();

async function readLanguage(request: Request): Promise<Language> {
  const fromCookie: unknown = await languageCookie.parse(request.headers.get("Cookie"));
  if (isLanguage(fromCookie)) return fromCookie;
  return languageFromAcceptLanguage(request.headers.get("Accept-Language")) ?? FALLBACK_LANGUAGE;
}

// Used for its route namespaces (entry.server); its detection is getLanguage, so both always agree.
export const i18n = new RemixI18Next({
  detection: {
    supportedLanguages: [...SUPPORTED_LANGUAGES],
    fallbackLanguage: FALLBACK_LANGUAGE,
    order: ["custom"],
    findLocale: getLanguage,
  },
  i18next: { ...i18nConfig, resources },
});

export async function getT(request: Request, ns: string = "common") {
  return getTFor(await getLanguage(request), ns);
}
