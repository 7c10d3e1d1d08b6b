// Issue 32, parts 1 and 2, JavaScript on and off, English and French, 390x844:
// - My Orders shows each pickup's service areas as a resident reads them: their own prefix first, then
//   "and N other areas", which opens on the whole list without JavaScript (<details>); the API answers the
//   slot's real prefixes, the same as GET /api/pickup-slots/{id}.
// - A session cookie that no longer signs anyone in is told "You are logged out. Logging in again..." on the
//   sign-in page it is sent to, and lands where it was going after signing in; the API answers 401 with it.
//   A visitor who never signed in never sees it.
import { expect, request as playwrightRequest, test, type Browser } from "@playwright/test";
import { montrealDate, scheduledPickup } from "./admin-fixtures";
import { insertResident, insertSession, PASSWORD, query, signInAs, writeDatabase } from "./helpers";

const TEXTS = {
  en: {
    locale: "en-CA",
    loggedOut: "You are logged out. Logging in again...",
    unauthorized: "Please sign in to continue.",
    email: "Email",
    password: "Password",
    signIn: "Sign in",
    orders: "My Orders",
    others: /^and (\d+) other areas$/,
  },
  fr: {
    locale: "fr-CA",
    loggedOut: "Vous êtes déconnecté. Reconnexion en cours...",
    unauthorized: "Veuillez vous connecter pour continuer.",
    email: "Courriel",
    password: "Mot de passe",
    signIn: "Se connecter",
    orders: "Mes commandes",
    others: /^et (\d+) autres secteurs$/,
  },
} as const;
type Lang = keyof typeof TEXTS;

async function phone(browser: Browser, baseURL: string | undefined, javaScriptEnabled: boolean, lang: Lang) {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled,
    locale: TEXTS[lang].locale,
    extraHTTPHeaders: { "Accept-Language": TEXTS[lang].locale },
    viewport: { width: 390, height: 844 },
  });
  return { context, page: await context.newPage() };
}

const activePrefixes = () =>
  query<{ fsa: string }>("select fsa from service_prefixes where active = 1 order by fsa").map((r) => r.fsa);

for (const lang of ["en", "fr"] as const) {
  const text = TEXTS[lang];

  test(`My Orders shows the pickup's own area first, then the other areas it serves (${lang})`, async ({
    browser,
    baseURL,
    javaScriptEnabled,
  }) => {
    const { context, page } = await phone(browser, baseURL, javaScriptEnabled, lang);
    const resident = await signInAs(page, { tag: `areas-${lang}` });
    // A slot with no list of its own serves every open prefix.
    const { confirmation, slotId } = scheduledPickup(resident.email, montrealDate(45), "morning", "12 Rue Areas");
    const prefixes = activePrefixes();
    expect(prefixes.length).toBeGreaterThan(10);

    await page.goto("/history");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.orders);
    const areas = page.locator(`[data-confirmation="${confirmation}"]`).getByTestId("service-areas");
    const summary = areas.locator("summary");
    await expect(summary).toContainText("H2X");
    const summaryText = (await summary.innerText()).trim();
    expect(summaryText.startsWith("H2X")).toBe(true);
    const count = Number(text.others.exec(summaryText.slice(3).trim())?.[1]);
    expect(count).toBe(prefixes.length - 1);
    // Closed, the list is not shown; opened (no JavaScript needed), every other prefix is there, own one not.
    const list = areas.getByTestId("other-areas");
    await expect(list).toBeHidden();
    await summary.click();
    await expect(list).toBeVisible();
    const listed = (await list.innerText()).split(",").map((p) => p.trim());
    expect(listed.sort()).toEqual(prefixes.filter((p) => p !== "H2X").sort());

    // The API answers the slot's real prefixes, as the slot's own endpoint does.
    const pickups = (await (await page.request.get("/api/pickup-requests")).json()) as Array<{
      confirmationNumber: string;
      pickupSlot: { id: number; serviceAreas: string[] };
    }>;
    const mine = pickups.find((p) => p.confirmationNumber === confirmation)!;
    expect(mine.pickupSlot.serviceAreas.slice().sort()).toEqual(prefixes);
    const slot = (await (await page.request.get(`/api/pickup-slots/${slotId}`)).json()) as { serviceAreas: string[] };
    expect(mine.pickupSlot.serviceAreas.slice().sort()).toEqual(slot.serviceAreas.slice().sort());
    const one = (await (await page.request.get(`/api/pickup-requests/${confirmation}`)).json()) as {
      pickupSlot: { serviceAreas: string[] };
    };
    expect(one.pickupSlot.serviceAreas.slice().sort()).toEqual(prefixes);
    await context.close();
  });

  test(`a session ended elsewhere is told it is logged out, and lands where it was going (${lang})`, async ({
    browser,
    baseURL,
    javaScriptEnabled,
  }) => {
    const { context, page } = await phone(browser, baseURL, javaScriptEnabled, lang);
    const resident = await signInAs(page, { tag: `stale-${lang}` });
    await page.goto("/history");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.orders);

    // Signed out elsewhere (every session row of the account gone): the cookie no longer signs anyone in.
    writeDatabase((db) => db.prepare("delete from sessions where user_id = ?").run(resident.id));
    await page.goto("/history");
    await expect(page).toHaveURL(/\/sign-in\?redirect=history$/);
    await expect(page.getByTestId("toast")).toContainText(text.loggedOut);
    await page.getByLabel(text.email).fill(resident.email);
    await page.getByLabel(text.password).fill(PASSWORD);
    await page.getByRole("button", { name: text.signIn, exact: true }).click();
    await expect(page).toHaveURL(/\/history$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.orders);
    await expect(page.getByText(text.loggedOut)).toHaveCount(0);

    // A visitor who never signed in is sent to sign in without the message.
    await context.clearCookies();
    await page.goto("/history");
    await expect(page).toHaveURL(/\/sign-in\?redirect=history$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.signIn);
    await expect(page.getByText(text.loggedOut)).toHaveCount(0);
    await context.close();
  });

  test(`the API answers 401 "logged out" to a dead session cookie, and the plain 401 to a visitor (${lang})`, async ({
    baseURL,
  }) => {
    test.skip(test.info().project.name !== "js", "no browser involved");
    const headers = { "Accept-Language": text.locale };
    const resident = await insertResident({ tag: `api-stale-${lang}` });
    const ask = async (cookie: string | null, path: string) => {
      const api = await playwrightRequest.newContext({
        baseURL,
        extraHTTPHeaders: cookie ? { ...headers, Cookie: `__session=${cookie}` } : headers,
      });
      const response = await api.get(path);
      const answer = { status: response.status(), body: (await response.json()) as { message?: string } };
      await api.dispose();
      return answer;
    };
    const live = await insertSession(resident.id);
    expect((await ask(live, "/api/auth/me")).status).toBe(200);

    // Signed out elsewhere, expired, and a cookie this server never signed.
    writeDatabase((db) => db.prepare("delete from sessions where user_id = ?").run(resident.id));
    const expired = await insertSession(resident.id);
    writeDatabase((db) =>
      db.prepare("update sessions set expires_at = ? where user_id = ?").run(Date.now() - 1000, resident.id),
    );
    for (const cookie of [live, expired, "forged.value"]) {
      for (const path of ["/api/auth/me", "/api/pickup-requests", "/api/admin/promo-stats"]) {
        expect(await ask(cookie, path), `${path} with a dead cookie`).toEqual({
          status: 401,
          body: { message: text.loggedOut },
        });
      }
    }
    for (const path of ["/api/auth/me", "/api/pickup-requests"]) {
      expect(await ask(null, path), `${path} without a cookie`).toEqual({
        status: 401,
        body: { message: text.unauthorized },
      });
    }
  });
}
