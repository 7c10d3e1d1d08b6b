// The language of a request: the lng cookie, then the best of French and English in Accept-Language by
// q-value, then French (issue 20, item 8: a Quebec business serves French first).
import { describe, expect, it } from "vitest";
import { loader as meLoader } from "~/routes/api.auth.me";
import { loader as rootLoader } from "~/root";
import { getLanguage, getT, i18n, languageCookie, languageFromAcceptLanguage } from "~/services/http/language.server";

const request = (headers: Record<string, string>, path = "/") => new Request(`http://localhost${path}`, { headers });
const cookieFor = async (lng: string) => (await languageCookie.serialize(lng)).split(";")[0]!;

describe("language detection", () => {
  // [case, Accept-Language, what the header picks]: with neither French nor English, the request is French.
  it.each([
    ["no header", undefined, null],
    ["an empty header", "", null],
    ["any language", "*", null],
    ["German only", "de-DE", null],
    ["German and Spanish", "de-DE,de;q=0.9,es;q=0.8", null],
    ["garbage", ";;,=q=,,\u00e9t\u00e9", null],
    ["English only at q=0", "en;q=0", null],
    ["US English", "en-US,en;q=0.9", "en"],
    ["Canadian English", "en-CA", "en"],
    ["Canadian French", "fr-CA", "fr"],
    ["French before English", "fr-CA,en;q=0.8", "fr"],
    ["English before French", "en-CA,fr-CA;q=0.8", "en"],
    ["English weighted above French, listed after", "fr;q=0.4, en;q=0.6", "en"],
    ["German first, English next", "de, en;q=0.5", "en"],
    ["German first, French next", "de-DE, fr;q=0.3, *;q=0.1", "fr"],
    ["upper case", "EN-GB", "en"],
  ] as const)("%s (%j) picks %s", async (_, header, picked) => {
    expect(languageFromAcceptLanguage(header)).toBe(picked);
    expect(await getLanguage(request(header === undefined ? {} : { "Accept-Language": header }))).toBe(picked ?? "fr");
  });

  it("the lng cookie beats Accept-Language, both ways; a cookie of another language is ignored", async () => {
    expect(await getLanguage(request({ Cookie: await cookieFor("fr"), "Accept-Language": "en-US,en;q=0.9" }))).toBe(
      "fr",
    );
    expect(await getLanguage(request({ Cookie: await cookieFor("en"), "Accept-Language": "fr-CA" }))).toBe("en");
    expect(await getLanguage(request({ Cookie: await cookieFor("en") }))).toBe("en");
    expect(await getLanguage(request({ Cookie: await cookieFor("de"), "Accept-Language": "en-CA" }))).toBe("en");
    expect(await getLanguage(request({ Cookie: await cookieFor("de") }))).toBe("fr");
    expect(await getLanguage(request({ Cookie: "lng=not-base64-json" }))).toBe("fr");
  });

  it("remix-i18next's detection (entry.server, route namespaces) follows the same rule", async () => {
    expect(await i18n.getLocale(request({}))).toBe("fr");
    expect(await i18n.getLocale(request({ "Accept-Language": "de, en;q=0.5" }))).toBe("en");
    expect(await i18n.getLocale(request({ Cookie: await cookieFor("en"), "Accept-Language": "fr" }))).toBe("en");
  });

  it("translates on the server in the detected language", async () => {
    const t = await getT(request({ "Accept-Language": "fr-CA" }));
    expect(t("errors.passwordsDontMatch")).toBe("Les mots de passe ne correspondent pas");
    expect((await getT(request({})))("errors.passwordsDontMatch")).toBe("Les mots de passe ne correspondent pas");
    expect((await getT(request({ "Accept-Language": "en-CA" })))("errors.passwordsDontMatch")).toBe(
      "Passwords don't match",
    );
  });
});

describe("a request with no language preference is answered in French", () => {
  async function answer(promise: Promise<Response>) {
    return promise.catch((thrown: unknown) => {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    });
  }

  it("the API's error messages", async () => {
    const noPreference: Record<string, string>[] = [{}, { "Accept-Language": "*" }, { "Accept-Language": "de-DE" }];
    for (const headers of noPreference) {
      const response = await answer(meLoader({ request: request(headers, "/api/auth/me"), params: {}, context: {} }));
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: "Veuillez vous connecter pour continuer." });
    }
    const english = await answer(
      meLoader({ request: request({ "Accept-Language": "en-CA" }, "/api/auth/me"), params: {}, context: {} }),
    );
    expect(await english.json()).toEqual({ message: "Please sign in to continue." });
  });

  it("the pages' language (the root loader's locale, the <html lang>)", async () => {
    const localeOf = async (headers: Record<string, string>) => {
      const result = (await rootLoader({ request: request(headers), params: {}, context: {} })) as unknown as {
        data: { locale: string };
      };
      return result.data.locale;
    };
    expect(await localeOf({})).toBe("fr");
    expect(await localeOf({ "Accept-Language": "*" })).toBe("fr");
    expect(await localeOf({ "Accept-Language": "en-US,en;q=0.9" })).toBe("en");
  });
});
