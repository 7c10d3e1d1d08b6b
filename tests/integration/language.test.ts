import { describe, expect, it } from "vitest";
import { getLanguage, getT, languageCookie } from "~/services/http/i18n.server";

const request = (headers: Record<string, string>) => new Request("http://localhost/", { headers });

describe("language detection", () => {
  it("prefers the lng cookie, then Accept-Language, then English", async () => {
    const frCookie = (await languageCookie.serialize("fr")).split(";")[0]!;
    expect(await getLanguage(request({ Cookie: frCookie, "Accept-Language": "en-CA" }))).toBe("fr");
    expect(await getLanguage(request({ "Accept-Language": "fr-CA,fr;q=0.9" }))).toBe("fr");
    expect(await getLanguage(request({ "Accept-Language": "de-DE" }))).toBe("en");
    expect(await getLanguage(request({}))).toBe("en");
  });

  it("translates on the server in the detected language", async () => {
    const t = await getT(request({ "Accept-Language": "fr-CA" }));
    expect(t("errors.passwordsDontMatch")).toBe("Les mots de passe ne correspondent pas");
  });
});
