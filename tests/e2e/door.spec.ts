// Issue 47 part 1, "at the door", JavaScript on and off (projects js and no-js), English and French, 390×844:
// a driver completes a stop with 3 of its 4 bags and a propane tank left behind (large targets for one
// thumb; the booked 4 prefilled), the stop and the resident's order page say "3 of 4 bags collected" and
// what was left, and the resident's Completed e-mail says so and where to take it (the écocentre). On the
// admin's day sheet the same confirm step refuses "other" without its note (a translated message, nothing
// stored), then records 2 bags and sharps left behind: the e-mail sends the sharps to a pharmacy, and the
// day sheet's CSV has the bags collected and what was left.
import Database from "better-sqlite3";
import { expect, test, type Page } from "@playwright/test";
import { download, montrealDate, scheduledPickup, signInAdmin } from "./admin-fixtures";
import { createDriver, e2eDatabase, insertResident, PASSWORD, query, uniqueEmail } from "./helpers";

function write(sql: string, ...params: unknown[]) {
  const db = new Database(e2eDatabase(), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 10000");
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

/** A past date of this test's own (each project, language and test its own). */
function ownDate(lang: "en" | "fr", javaScript: boolean, test: number): string {
  return montrealDate(-(470 + test * 4 + (lang === "fr" ? 2 : 0) + (javaScript ? 0 : 1)));
}

async function signIn(page: Page, email: string) {
  const login = await page.request.post("/api/auth/login", { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
}

/** The resident's Completed e-mail, as written to the outbox. */
function completedEmail(email: string) {
  const rows = query<{ kind: string; locale: string; text: string; html: string }>(
    "select kind, locale, text, html from email_outbox where [to] = ? and kind = 'pickup-completed'",
    email,
  );
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/** The rows of a CSV file (quoted cells may hold commas and doubled quotes). */
function csvRows(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r?\n/)
    .map((line) =>
      [...line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)].map((m) =>
        m[1] !== undefined ? m[1].replace(/""/g, '"') : m[2]!,
      ),
    );
}

for (const lang of ["en", "fr"] as const) {
  const fr = lang === "fr";
  test.describe(`at the door (${lang})`, () => {
    test.use({ locale: fr ? "fr-CA" : "en-CA" });

    test("a driver completes a stop with 3 of 4 bags and a propane tank left behind; the e-mail says where it goes", async ({
      page,
      javaScriptEnabled,
    }) => {
      const date = ownDate(lang, javaScriptEnabled, 0);
      const resident = await insertResident({ tag: "door-propane", locale: lang });
      const { confirmation } = scheduledPickup(resident.email, date, "morning", "40 Rue Beaubien Est");
      write("update pickup_requests set bags_requested = 4 where confirmation_number = ?", confirmation);
      const driver = uniqueEmail("driver-door");
      createDriver(driver);
      await signIn(page, driver);
      await page.goto(`/driver?date=${date}`);
      const stop = page.locator(`[data-testid="route-stop"][data-confirmation="${confirmation}"]`);

      await stop.locator('button[value="Completed"]').click();
      const confirm = stop.getByTestId("confirm-mark");
      await expect(confirm).toBeVisible();
      // The bags booked are chosen first; every choice is a target for a thumb (48 px high, 44 px wide at least).
      const bags = confirm.getByTestId("bags-collected");
      await expect(confirm.getByRole("group", { name: fr ? "Sacs ramassés" : "Bags collected" })).toBeVisible();
      await expect(bags.locator('input[value="4"]')).toBeChecked();
      const tiles = bags.locator("label");
      await expect(tiles).toHaveCount(10);
      for (const box of await tiles.evaluateAll((els) => els.map((e) => e.getBoundingClientRect()))) {
        expect(box.height).toBeGreaterThanOrEqual(44);
        expect(box.width).toBeGreaterThanOrEqual(44);
        expect(box.right).toBeLessThanOrEqual(390);
      }
      const propane = confirm.getByLabel(fr ? "Bonbonne de propane ou de gaz" : "Propane or gas cylinder");
      const propaneBox = await confirm.locator('label[data-item="propane"]').boundingBox();
      expect(propaneBox!.height).toBeGreaterThanOrEqual(44);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
      ).toBe(true);

      await bags.locator("label", { hasText: /^3$/ }).click();
      await expect(bags.locator('input[value="3"]')).toBeChecked();
      await propane.check();
      await confirm.getByRole("button", { name: fr ? "Oui, effectuée" : "Yes, Completed" }).click();

      await expect(stop.getByTestId("stop-status")).toHaveText(fr ? "Effectuée" : "Completed");
      await expect(stop.getByTestId("bags-collected-summary")).toHaveText(
        fr ? "3 sacs ramassés sur 4" : "3 of 4 bags collected",
      );
      await expect(stop.getByTestId("refused-summary")).toHaveText(
        fr ? "Laissé devant la porte : Bonbonne de propane ou de gaz" : "Left at the door: Propane or gas cylinder",
      );
      const [pickup] = query<{ id: number; status: string; bags_collected: number }>(
        "select id, status, bags_collected from pickup_requests where confirmation_number = ?",
        confirmation,
      );
      expect(pickup).toMatchObject({ status: "Completed", bags_collected: 3 });
      expect(query("select item, note from refused_items where pickup_request_id = ? order by id", pickup!.id)).toEqual(
        [{ item: "propane", note: null }],
      );

      // The resident's Completed e-mail, in their language: the bags collected, what was left, where it goes.
      const mail = completedEmail(resident.email);
      expect(mail.locale).toBe(lang);
      for (const part of [mail.text, mail.html]) {
        if (fr) {
          expect(part).toContain("3 de vos 4 sacs");
          expect(part).toContain("Nous avons laissé un article devant votre porte");
          expect(part).toContain("Bonbonne de propane ou de gaz : apportez-la à un écocentre");
        } else {
          expect(part).toContain("3 of your 4 bags");
          expect(part).toContain("We left one item at your door");
          expect(part).toContain("Propane or gas cylinder — take it to an écocentre");
        }
      }

      // The resident's order page says it too.
      await page.context().clearCookies();
      await signIn(page, resident.email);
      const order = await page.goto(`/order/${confirmation}`);
      expect(order?.status()).toBe(200);
      const summary = page.getByTestId("door-summary");
      await expect(summary).toContainText(fr ? "3 sacs ramassés sur 4" : "3 of 4 bags collected");
      await expect(summary).toContainText(fr ? "Bonbonne de propane ou de gaz" : "Propane or gas cylinder");
    });

    test("the admin's day sheet: 'other' needs its note; 2 bags and sharps left, sent to a pharmacy; the CSV", async ({
      page,
      javaScriptEnabled,
    }) => {
      const date = ownDate(lang, javaScriptEnabled, 1);
      const resident = await insertResident({ tag: "door-sharps", locale: lang });
      const { confirmation } = scheduledPickup(resident.email, date, "afternoon", "41 Rue Beaubien Est");
      await signInAdmin(page.request);
      await page.goto(`/admin/day?date=${date}`);
      const row = page.locator(`[data-testid="pickup-row"][data-confirmation="${confirmation}"]`);
      await row
        .getByRole("button", {
          name: fr ? `Marquer la collecte ${confirmation} comme effectuée` : `Mark pickup ${confirmation} Completed`,
        })
        .click();
      let confirm = row.getByTestId("confirm-mark");
      await expect(confirm.getByTestId("bags-collected").locator('input[value="2"]')).toBeChecked();

      // "Other" without saying what: refused on the server, in the page's language; nothing stored.
      await confirm.getByLabel(fr ? "Autre" : "Other", { exact: true }).check();
      await confirm.getByRole("button", { name: fr ? "Oui, effectuée" : "Yes, Completed" }).click();
      await expect(row.getByRole("alert")).toHaveText(
        fr
          ? "Dites en quelques mots ce qu'était l'autre article (200 caractères au plus)."
          : "Say in a few words what the other item was (200 characters at most).",
      );
      expect(
        query("select status, bags_collected from pickup_requests where confirmation_number = ?", confirmation),
      ).toEqual([{ status: "Scheduled", bags_collected: null }]);

      confirm = row.getByTestId("confirm-mark");
      await confirm.getByLabel(fr ? "Autre" : "Other", { exact: true }).uncheck();
      await confirm.getByLabel(fr ? "Objets piquants médicaux" : "Medical sharps").check();
      await confirm.getByRole("button", { name: fr ? "Oui, effectuée" : "Yes, Completed" }).click();
      await expect(row.getByTestId("pickup-status")).toContainText(fr ? "Effectuée" : "Completed");
      await expect(row.getByTestId("bags-collected-summary")).toHaveText(
        fr ? "2 sacs ramassés sur 2" : "2 of 2 bags collected",
      );

      const mail = completedEmail(resident.email);
      expect(mail.text).toContain(fr ? "rapportez-le à une pharmacie" : "bring it to a pharmacy");
      expect(mail.text).toContain(fr ? ": 2 sacs." : ": 2 bags.");

      const csv = await download(page, page.getByTestId("day-csv"));
      const [header, ...lines] = csvRows(csv.text);
      const line = lines.find((l) => l.includes(confirmation))!;
      expect(line[header!.indexOf(fr ? "Sacs ramassés" : "Bags collected")]).toBe("2");
      expect(line[header!.indexOf(fr ? "Laissé devant la porte" : "Left at the door")]).toBe(
        fr ? "Objets piquants médicaux" : "Medical sharps",
      );
    });
  });
}
