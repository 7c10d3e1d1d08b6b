// Every answer in its own shape (issue 21, part 8): a cross-site state change is refused with a 403 logged
// in one line (`Origin: null` included), JSON { message } under /api and plain text on pages; a wrong
// method answers 405 and an unknown /api endpoint 404, in the caller's language.
import { afterEach, describe, expect, it, vi } from "vitest";
import { action as signOutAction } from "~/routes/sign-out";
import { action as languageAction } from "~/routes/language";
import { action as logoutAction } from "~/routes/api.auth.logout";
import { loader as loginLoader } from "~/routes/api.auth.login";
import { action as meAction } from "~/routes/api.auth.me";
import { action as unknownAction, loader as unknownLoader } from "~/routes/api.$";
import { crossSiteOrigin, edgeLanguage } from "~/services/http/edge-guard.server";
import { languageCookie } from "~/services/http/language.server";

const EN = { "Accept-Language": "en-CA" };
const post = (path: string, headers: Record<string, string>, body?: string) =>
  new Request(`http://localhost:3000${path}`, {
    method: "POST",
    headers: { Host: "localhost:3000", "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body,
  });
const args = (request: Request) => ({ request, params: {}, context: {} });

async function refusal(run: () => Promise<unknown>): Promise<Response> {
  try {
    await run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error("not refused");
}

afterEach(() => vi.restoreAllMocks());

describe("cross-site state changes", () => {
  it.each([
    ["an other site", { Origin: "https://evil.example" }, "https://evil.example"],
    ["Origin: null", { Origin: "null" }, "null"],
    ["Sec-Fetch-Site: cross-site", { "Sec-Fetch-Site": "cross-site" }, "sec-fetch-site cross-site"],
    ["a same-site subdomain", { "Sec-Fetch-Site": "same-site", Origin: "https://x.localhost:3000" }, null],
  ])("%s is refused on /sign-out with a 403 in plain text, logged in one line", async (_, headers, origin) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const response = await refusal(() => signOutAction(args(post("/sign-out", { ...EN, ...headers }))));
    expect(response.status).toBe(403);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(await response.text()).toBe("This request came from another site and was refused.");
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]!.join(" ")).toBe(
      `[csrf] refused POST /sign-out from origin ${origin ?? "https://x.localhost:3000"}`,
    );
  });

  it("the language form refuses Origin: null, in French without a preference", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const response = await refusal(() => languageAction(args(post("/language", { Origin: "null" }, "lng=en"))));
    expect(response.status).toBe(403);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(await response.text()).toBe("Cette requête venait d'un autre site et a été refusée.");
  });

  it("an /api endpoint answers a JSON { message }", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const response = await refusal(() => logoutAction(args(post("/api/auth/logout", { ...EN, Origin: "null" }))));
    expect(response.status).toBe(403);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ message: "This request came from another site and was refused." });
  });

  it("a same-origin post, and one with no Origin (curl, a server), pass", () => {
    const get = (headers: Record<string, string | undefined>) => (name: string) => headers[name];
    expect(crossSiteOrigin("POST", get({ origin: "http://localhost:3000", host: "localhost:3000" }))).toBeNull();
    expect(crossSiteOrigin("POST", get({ "sec-fetch-site": "same-origin", host: "localhost:3000" }))).toBeNull();
    expect(crossSiteOrigin("POST", get({ host: "localhost:3000" }))).toBeNull();
    expect(crossSiteOrigin("GET", get({ origin: "null", host: "localhost:3000" }))).toBeNull();
    expect(crossSiteOrigin("DELETE", get({ origin: "null", host: "localhost:3000" }))).toBe("null");
    expect(crossSiteOrigin("PUT", get({ origin: "not a url", host: "localhost:3000" }))).toBe("not a url");
  });

  it("an origin full of line breaks still logs one line", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await refusal(() => signOutAction(args(post("/sign-out", { Origin: "https://a.example\u0085x\u00a0" }))));
    expect(warn.mock.calls[0]!.join(" ")).toBe("[csrf] refused POST /sign-out from origin https://a.example?x?");
  });
});

describe("wrong methods and unknown endpoints", () => {
  it("GET on a POST-only endpoint answers 405 JSON, translated", async () => {
    const en = loginLoader(args(new Request("http://localhost/api/auth/login", { headers: EN })));
    expect(en.status).toBe(405);
    expect(en.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(await en.json()).toEqual({ message: "Method not allowed" });
    const fr = meAction(args(new Request("http://localhost/api/auth/me", { method: "DELETE" })));
    expect(fr.status).toBe(405);
    expect(await fr.json()).toEqual({ message: "Méthode non permise" });
  });

  it("an unknown /api path answers 404 JSON in the caller's language, any method", async () => {
    const get = unknownLoader(args(new Request("http://localhost/api/nope", { headers: EN })));
    expect(get.status).toBe(404);
    expect(await get.json()).toEqual({ message: "Not found" });
    const postFr = unknownAction(args(new Request("http://localhost/api/nope", { method: "POST" })));
    expect(postFr.status).toBe(404);
    expect(await postFr.json()).toEqual({ message: "Introuvable" });
  });

  it("the lng cookie picks the language before Accept-Language", async () => {
    const cookie = (await languageCookie.serialize("en")).split(";")[0]!;
    const headers = { cookie, "accept-language": "fr-CA" } as Record<string, string>;
    expect(edgeLanguage((name) => headers[name])).toBe("en");
    expect(edgeLanguage((name) => ({ cookie: "lng=garbage%%" })[name])).toBe("fr");
  });
});
