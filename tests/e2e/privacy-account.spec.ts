// Issue 34 from the resident's own screen, JavaScript on and off (the projects), English and French, 390×844:
// Download my data (the readable page's "Download as JSON": a JSON attachment of the resident's own data),
// Delete my account (the confirmation step with the password: what happens, pickups to come refunded in full,
// kept rows de-identified, backups 7 days; a wrong one refused and nothing changed, refused while the truck is
// coming, then done: signed out, the last e-mail, the address free again), the session list with both
// sign-outs; and the API:
// GET /api/auth/export 401 signed out, DELETE /api/auth/account refused with a wrong password (nothing
// changed) and, with the right one, the old session answering 401.
import fs from "node:fs";
import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { montrealDate, scheduledPickup } from "./admin-fixtures";
import {
  e2eDatabase,
  insertSession,
  interactive,
  lastEmail,
  PASSWORD,
  query,
  registerViaApi,
  signInAs,
  uniqueEmail,
  userCount,
} from "./helpers";

const L = {
  en: {
    accept: "en-CA,en;q=0.9",
    download: "Download my data",
    json: "Download as JSON",
    deleteLink: "Delete my account",
    deleteTitle: "Delete my account",
    password: "Your password",
    submit: "Delete my account for good",
    wrong: "That password is not right. Nothing was deleted.",
    truck: "the truck is coming",
    oneAhead: "Your 1 pickup to come is cancelled and refunded in full: no cancellation fee.",
    deidentified: "stay de-identified",
    backups: "Our backups keep everything as it was for 7 days",
    deleted: "Your account is deleted",
    mail: "Your ReCircle account is deleted",
    sessions: "Your sessions",
    current: "This session",
    signOut: "Sign out",
    signOutOthers: "Sign out of all other sessions",
    oneOut: "That session is signed out",
    othersOut: "Every other session is signed out",
    firefox: "Firefox 128 on Linux",
  },
  fr: {
    accept: "fr-CA,fr;q=0.9",
    download: "Télécharger mes données",
    json: "Télécharger en JSON",
    deleteLink: "Supprimer mon compte",
    deleteTitle: "Supprimer mon compte",
    password: "Votre mot de passe",
    submit: "Supprimer mon compte pour de bon",
    wrong: "Ce mot de passe n'est pas le bon. Rien n'a été supprimé.",
    truck: "le camion s'en vient",
    oneAhead: "Votre collecte à venir (1) est annulée et remboursée en entier : aucuns frais d'annulation.",
    deidentified: "restent dépersonnalisés",
    backups: "Nos sauvegardes gardent tout tel quel pendant 7 jours",
    deleted: "Votre compte est supprimé",
    mail: "Votre compte ReCircle est supprimé",
    sessions: "Vos sessions",
    current: "Cette session",
    signOut: "Fermer",
    signOutOthers: "Fermer toutes les autres sessions",
    oneOut: "Cette session est fermée",
    othersOut: "Toutes les autres sessions sont fermées",
    firefox: "Firefox 128 sur Linux",
  },
} as const;

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";

function write(sql: string, ...params: unknown[]) {
  const db = new Database(e2eDatabase(), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 10000");
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

function sessionCount(userId: number) {
  return query<{ n: number }>("select count(*) as n from sessions where user_id = ?", userId)[0]!.n;
}

for (const lang of ["en", "fr"] as const) {
  const t = L[lang];
  test.describe(lang, () => {
    test.use({ locale: lang === "en" ? "en-CA" : "fr-CA" });

    test("Download my data opens the readable page; its JSON link answers an attachment with the resident's own data", async ({
      page,
    }) => {
      const me = await signInAs(page, {
        tag: `export-${lang}`,
        locale: lang,
        profile: { firstName: "Élodie", streetAddress: "77 Rue Rachel Est", city: "Montréal", postalCode: "H2J 2H5" },
      });
      await page.goto("/profile");
      await interactive(page);
      // Issue 43: the profile's link opens the page a person reads (tests/e2e/data-export.spec.ts); the file
      // is its "Download as JSON".
      await page.getByRole("link", { name: t.download }).click();
      await expect(page).toHaveURL(/\/profile\/export$/);
      await interactive(page);
      const [file] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: t.json }).click(),
      ]);
      expect(file.suggestedFilename()).toMatch(/^recircle-data-\d{4}-\d{2}-\d{2}\.json$/);
      const data = JSON.parse(fs.readFileSync((await file.path())!, "utf8"));
      expect(data).toMatchObject({
        format: "recircle-personal-data",
        version: 1,
        account: { email: me.email },
        profile: { firstName: "Élodie", streetAddress: "77 Rue Rachel Est", postalCode: "H2J 2H5" },
        pickups: [],
      });
      expect(data.sessions).toEqual([expect.objectContaining({ current: true })]);
      expect(JSON.stringify(data)).not.toMatch(/password|scrypt|"id":/);
    });

    test("Delete my account: the password asked, a wrong one refused, then deleted and signed out", async ({
      page,
    }) => {
      const me = await signInAs(page, { tag: `delete-${lang}`, locale: lang });
      scheduledPickup(me.email, montrealDate(6), "afternoon", "12 Rue Fabre");
      await page.goto("/profile");
      await interactive(page);
      await page.getByRole("link", { name: t.deleteLink }).click();
      await expect(page).toHaveURL(/\/profile\/delete$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.deleteTitle);
      const consequences = page.getByTestId("delete-consequences");
      await expect(consequences).toContainText(t.oneAhead);
      await expect(consequences).toContainText(t.deidentified);
      await expect(consequences).toContainText(t.backups);
      await expect(consequences).not.toContainText(/anonym/i);
      await interactive(page);
      await page.getByLabel(t.password).fill("not-my-password-3");
      await page.getByRole("button", { name: t.submit }).click();
      await expect(page.locator(".field-error")).toContainText(t.wrong);
      expect(userCount(me.email)).toBe(1);
      expect(sessionCount(me.id)).toBe(1);

      await page.getByLabel(t.password).fill(PASSWORD);
      await page.getByRole("button", { name: t.submit }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByTestId("toast")).toContainText(t.deleted);
      expect(userCount(me.email)).toBe(0);
      expect(sessionCount(me.id)).toBe(0);
      // Cancelled without the $2.30 fee: the whole total is the refund.
      expect(
        query<{ status: string; refunded: number }>(
          "select status, refund_cents = total_cents as refunded from pickup_requests where user_id = ?",
          me.id,
        ),
      ).toEqual([{ status: "Cancelled", refunded: 1 }]);
      expect(lastEmail(me.email)!.subject).toBe(t.mail);
      // Signed out: the profile asks to sign in.
      await page.goto("/profile");
      await expect(page).toHaveURL(/\/sign-in\?redirect=profile/);
    });

    test("Delete my account is refused while the truck is coming", async ({ page }) => {
      const me = await signInAs(page, { tag: `truck-${lang}`, locale: lang });
      // A date of its own far ahead, its window moved to start in two hours.
      const { slotId } = scheduledPickup(
        me.email,
        montrealDate(300 + Math.floor(Math.random() * 400)),
        "morning",
        "3 Rue Roy",
      );
      write(
        "update pickup_slots set starts_at = ?, ends_at = ? where id = ?",
        Date.now() + 2 * 3_600_000,
        Date.now() + 6 * 3_600_000,
        slotId,
      );
      await page.goto("/profile/delete");
      await expect(page.getByRole("alert")).toContainText(t.truck);
      await expect(page.getByRole("button", { name: t.submit })).toHaveCount(0);
      // The form posted anyway (an old tab) is refused by the server.
      const posted = await page.request.post("/profile/delete", {
        form: { password: PASSWORD },
        headers: { Origin: new URL(page.url()).origin },
      });
      expect(posted.status()).toBe(409);
      expect(userCount(me.email)).toBe(1);
    });

    test("the session list: this one marked, sign out one, then all the others", async ({ page }) => {
      const me = await signInAs(page, { tag: `sessions-${lang}`, locale: lang });
      await insertSession(me.id);
      await insertSession(me.id);
      write(
        "update sessions set user_agent = ?, last_seen_at = ? where user_id = ? and user_agent = ''",
        FIREFOX,
        Date.now() - 3_600_000,
        me.id,
      );
      await page.goto("/profile");
      const section = page.getByRole("region", { name: t.sessions });
      const rows = section.getByTestId("session-row");
      await expect(rows).toHaveCount(3);
      await expect(rows.first()).toContainText(t.current);
      await expect(rows.nth(1)).toContainText(t.firefox);
      await interactive(page);
      await rows.nth(1).getByRole("button", { name: t.signOut }).click();
      await expect(page.getByTestId("toast")).toContainText(t.oneOut);
      await expect(rows).toHaveCount(2);
      expect(sessionCount(me.id)).toBe(2);
      await interactive(page);
      await section.getByRole("button", { name: t.signOutOthers }).click();
      await expect(page.getByTestId("toast")).toContainText(t.othersOut);
      await expect(rows).toHaveCount(1);
      await expect(section.getByRole("button", { name: t.signOutOthers })).toHaveCount(0);
      expect(sessionCount(me.id)).toBe(1);
    });
  });
}

test.describe("API", () => {
  test("GET /api/auth/export: 401 signed out; the resident's own JSON signed in", async ({ playwright, baseURL }) => {
    const visitor = await playwright.request.newContext({ baseURL });
    const signedOut = await visitor.get("/api/auth/export", { headers: { "Accept-Language": "fr-CA" } });
    expect(signedOut.status()).toBe(401);
    expect((await signedOut.json()).message).toEqual(expect.any(String));
    const email = uniqueEmail("api-export");
    await registerViaApi(visitor, email);
    const mine = await visitor.get("/api/auth/export");
    expect(mine.status()).toBe(200);
    expect(mine.headers()["content-disposition"]).toMatch(/^attachment; filename="recircle-data-/);
    expect((await mine.json()).account.email).toBe(email.toLowerCase());
    await visitor.dispose();
  });

  test("DELETE /api/auth/account: a wrong password changes nothing; the right one ends the old session", async ({
    playwright,
    baseURL,
  }) => {
    const client = await playwright.request.newContext({ baseURL });
    const email = uniqueEmail("api-delete");
    await registerViaApi(client, email);
    const wrong = await client.delete("/api/auth/account", { data: { password: "not-the-password-9" } });
    expect(wrong.status()).toBe(400);
    expect((await wrong.json()).message).toEqual(expect.any(String));
    expect(userCount(email)).toBe(1);
    expect((await client.get("/api/auth/me")).status()).toBe(200);

    // Keep the session cookie: after the deletion it must not work any more.
    const cookies = (await client.storageState()).cookies;
    const right = await client.delete("/api/auth/account", { data: { password: PASSWORD } });
    expect(right.status()).toBe(200);
    expect(userCount(email)).toBe(0);
    const old = await playwright.request.newContext({ baseURL, storageState: { cookies, origins: [] } });
    expect((await old.get("/api/auth/me")).status()).toBe(401);
    expect((await old.get("/api/auth/export")).status()).toBe(401);
    // Signing in with the old credentials fails exactly as for an unknown account; the address signs up anew.
    const asOld = await old.post("/api/auth/login", { data: { email, password: PASSWORD } });
    const asNobody = await old.post("/api/auth/login", { data: { email: uniqueEmail("nobody"), password: PASSWORD } });
    expect(asOld.status()).toBe(asNobody.status());
    expect(await asOld.json()).toEqual(await asNobody.json());
    const again = await playwright.request.newContext({ baseURL });
    await registerViaApi(again, email);
    await Promise.all([client.dispose(), old.dispose(), again.dispose()]);
  });
});
