// Operators find people (issue 42 part 9), at a desk (1280×800), JavaScript on and off, in English and
// French: the search on /admin finds a resident by a phone number typed as people type it, opens the
// resident's page (their number shown nationally, their pickup linked to its admin page), finds a pickup by
// its confirmation number, and the access log shows both looks with the admin and the resident. A resident
// gets 403 on each page. (Not named admin.spec.ts: it runs in the js and no-js projects.)
import crypto from "node:crypto";
import { expect, test } from "@playwright/test";
import { ADMIN_EMAIL, montrealDate, otherBrowser, scheduledPickup, signInAdmin } from "./admin-fixtures";
import { insertResident, interactive, signInAs, writeDatabase } from "./helpers";

const TEXTS = {
  en: {
    locale: "en-CA",
    box: "Find a resident or a pickup",
    search: "Search",
    residentTitle: "Resident: ",
    looks: "Who looked at this resident",
    logTitle: "Access log",
    searched: "Searched “",
    opened: "Opened the resident's page",
    nav: "Access log",
    admin: "Admin",
  },
  fr: {
    locale: "fr-CA",
    box: "Trouver un résident ou une collecte",
    search: "Chercher",
    residentTitle: "Résident : ",
    looks: "Qui a consulté ce résident",
    logTitle: "Registre des consultations",
    searched: "A cherché « ",
    opened: "A ouvert la page du résident",
    nav: "Consultations",
    admin: "Administration",
  },
} as const;

/** Letters of this run only, so that the search finds this test's resident and nobody else's. */
function tag() {
  return Array.from(crypto.randomBytes(6), (b) => "bcdfghjkmnpqrstvwxz"[b % 19]).join("");
}

/** A Montreal number of this run only: E.164 as stored, and as a person types it. */
function phoneNumber() {
  const digits = Array.from(crypto.randomBytes(7), (b) => String(b % 10)).join("");
  const national = `514${String(2 + (Number(digits[0]) % 8))}${digits.slice(1)}`;
  return {
    e164: `+1${national}`,
    typed: `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`,
    shown: `${national.slice(0, 3)} ${national.slice(3, 6)}-${national.slice(6)}`,
  };
}

for (const lang of ["en", "fr"] as const) {
  test.describe(`in ${lang === "en" ? "English" : "French"}`, () => {
    const text = TEXTS[lang];
    test.use({ locale: text.locale, viewport: { width: 1280, height: 800 } });

    test("an admin finds a resident by phone and a pickup by number; the access log shows the looks", async ({
      page,
      browser,
      baseURL,
    }, testInfo) => {
      const t = tag();
      const phone = phoneNumber();
      const lastName = `Côté-Létourneau${t}`;
      const resident = await insertResident({
        tag: `search-${lang}`,
        locale: lang,
        profile: {
          firstName: "Véronique",
          lastName,
          streetAddress: `4512 Rue Saint-Urbain${t}`,
          city: "Montréal",
          postalCode: "H2T 2W2",
        },
      });
      writeDatabase((db) => db.prepare("update users set phone = ? where id = ?").run(phone.e164, resident.id));
      const days = (lang === "en" ? 40 : 41) + (testInfo.project.name === "js" ? 0 : 2);
      const { confirmation } = scheduledPickup(
        resident.email,
        montrealDate(days),
        "morning",
        `4512 Rue Saint-Urbain${t}`,
      );

      // A resident is refused every one of these pages.
      const residentPage = await otherBrowser(browser, {
        baseURL,
        javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
        locale: text.locale,
      });
      await signInAs(residentPage, { tag: "search-nosy" });
      for (const path of ["/admin/search?q=tremblay", `/admin/residents/${resident.id}`, "/admin/access-log"]) {
        expect((await residentPage.goto(path))?.status(), path).toBe(403);
      }
      await residentPage.context().close();

      await signInAdmin(page.request);
      await page.goto("/admin");
      await interactive(page);

      // The phone number as a person types it finds the number stored in E.164.
      await page.getByRole("searchbox", { name: text.box }).fill(phone.typed);
      await page.getByRole("button", { name: text.search, exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/search\?q=/);
      const rows = page.getByTestId("search-resident");
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(resident.email);
      await expect(rows.first()).toContainText(phone.shown);
      await expect(page.getByRole("searchbox", { name: text.box })).toHaveValue(phone.typed);

      // The resident's page: their number shown nationally, their pickup linked to its admin page.
      await rows
        .first()
        .getByRole("link", { name: `Véronique ${lastName}` })
        .click();
      await expect(page).toHaveURL(new RegExp(`/admin/residents/${resident.id}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${text.residentTitle}Véronique ${lastName}`);
      await expect(page.getByTestId("resident-phone")).toContainText(phone.shown);
      await expect(page.getByTestId("resident-phone")).not.toContainText(phone.e164);
      const pickupLink = page.getByTestId("resident-pickups").getByRole("link", { name: confirmation });
      await expect(pickupLink).toHaveAttribute("href", `/admin/pickups/${confirmation}`);

      // A pickup by its confirmation number, typed in lower case without its dash.
      await page.goto("/admin");
      await page.getByRole("searchbox", { name: text.box }).fill(confirmation.replace("-", "").toLowerCase());
      await page.getByRole("button", { name: text.search, exact: true }).click();
      const pickups = page.getByTestId("search-pickup");
      await expect(pickups).toHaveCount(1);
      await expect(pickups.first().getByRole("link", { name: confirmation })).toHaveAttribute(
        "href",
        `/admin/pickups/${confirmation}`,
      );
      await pickups
        .first()
        .getByRole("link", { name: `Véronique ${lastName}` })
        .click();
      await expect(page).toHaveURL(new RegExp(`/admin/residents/${resident.id}$`));

      // The access log, from the resident's page: every look at them, newest first, with the admin.
      await page.getByRole("link", { name: text.looks }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/access-log\\?resident=${resident.id}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.logTitle);
      const entries = page.getByTestId("log-entry");
      await expect(entries).toHaveCount(4);
      await expect(entries.nth(0).getByTestId("log-what")).toHaveText(text.opened);
      await expect(entries.nth(1).getByTestId("log-what")).toHaveText(
        `${text.searched}${confirmation.replace("-", "").toLowerCase()}${lang === "en" ? "”" : " »"}`,
      );
      await expect(entries.nth(2).getByTestId("log-what")).toHaveText(text.opened);
      await expect(entries.nth(3).getByTestId("log-what")).toHaveText(
        `${text.searched}${phone.typed}${lang === "en" ? "”" : " »"}`,
      );
      for (const entry of await entries.all()) {
        await expect(entry.getByTestId("log-admin")).toHaveText(ADMIN_EMAIL);
        await expect(entry.getByTestId("log-subject")).toHaveAttribute("data-id", String(resident.id));
      }
      // The admin navigation leads to it too.
      await page.goto("/admin");
      await page.getByRole("navigation", { name: text.admin }).getByRole("link", { name: text.nav }).click();
      await expect(page).toHaveURL(/\/admin\/access-log$/);
      await expect(page.getByTestId("log-entry").first()).toBeVisible();
    });
  });
}
