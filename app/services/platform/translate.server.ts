// Server-side translation for any language (e-mails, and the edge's per-request t), and the version of
// the translation files. The language of a request is read at the edge (services/http/language.server).
import crypto from "node:crypto";
import { createInstance } from "i18next";
import { FALLBACK_LANGUAGE, i18nConfig, type Language } from "~/lib/i18n";
import { resources } from "~/locales/resources";
import { rememberTranslations } from "./remembered-translations.server";

// One shared instance holds every translation; a fixed t per language and namespace is cheap to take. Its
// labels are remembered as the pages' are (the bell's notices are written with it on every signed-in page).
const shared = createInstance();
const sharedReady = shared
  .init({ ...i18nConfig, resources, ns: Object.keys(resources.en), lng: FALLBACK_LANGUAGE })
  .then(() => rememberTranslations(shared));

export async function getTFor(lng: Language, ns: string = "common") {
  await sharedReady;
  return shared.getFixedT(lng, ns);
}

/** Changes whenever a translation changes, so the browser may cache the JSON files forever. */
export const translationsVersion = crypto
  .createHash("sha256")
  .update(JSON.stringify(resources))
  .digest("hex")
  .slice(0, 10);
