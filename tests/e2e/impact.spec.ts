// Issue 47 parts 2-4 in the browser, JavaScript on and off (the js and no-js projects), English and French,
// at 390×844: an operator records a day's intake (one decimal in the page's language, "12,5" in French) and
// corrects a figure (kept with who and why); the diversion page (chart and tables) and its CSV equal the
// intake; the resident's "Your impact" page (estimates, labelled so, the chart and its table, where each
// material went), reached from the profile; the landing page's season total; drivers refused.
import { expect, test } from "@playwright/test";
import { download, montrealDate, signInAdmin } from "./admin-fixtures";
import { createDriver, insertResident, PASSWORD, signInAs, writeDatabase } from "./helpers";

const TEXT = {
  en: {
    intake: "Intake",
    record: "Record the intake",
    correct: "Correct this figure",
    save: "Save the correction",
    twelve: "12.5",
    fourteen: "14",
    corrected: /Corrected from 12\.5 kg to 14\.0 kg/,
    diversion: "Diversion",
    total: /17\.0 kg kept out of landfill/,
    months: "Per month",
    csv: "Download the intake records (CSV)",
    csvHead: "Pickup day,Material code,Material,Partner,Kilograms",
    impact: "Your impact",
    estimate: /estimates/,
    kg: "about 7.5 kg",
    share: "Your share of the day's weighed intake, in proportion to your bags.",
    landing: /Kept out of landfill by our residents in \d{4}: [\d,.]+ kg/,
  },
  fr: {
    intake: "Réception",
    record: "Inscrire la réception",
    correct: "Corriger ce chiffre",
    save: "Enregistrer la correction",
    twelve: "12,5",
    fourteen: "14",
    corrected: /Corrigé de 12,5 kg à 14,0 kg/,
    diversion: "Détournement",
    total: /17,0 kg détournés de l’enfouissement/,
    months: "Par mois",
    csv: "Télécharger les réceptions (CSV)",
    csvHead: "Jour de collecte,Code de la matière,Matière,Partenaire,Kilogrammes",
    impact: "Votre impact",
    estimate: /estimations/,
    kg: "environ 7,5 kg",
    share: "Votre part de la réception pesée ce jour-là, en proportion de vos sacs.",
    landing: /Détourné de l’enfouissement par nos résidents en \d{4} : [\d\s\u00a0\u202f,]+ kg/,
  },
} as const;

/** A day of its own per project and language (no other spec weighs these days). */
function dayOf(project: string, lang: "en" | "fr", base: number): string {
  return montrealDate(-(base + (project === "js" ? 0 : 2) + (lang === "en" ? 0 : 1)));
}

/** A partner of its own, for the batteries. */
function partner(name: string): number {
  return writeDatabase(
    (db) =>
      (
        db
          .prepare(
            `insert into partners (name, city, website, categories, fate_en, fate_fr) values (?, 'Montréal', 'https://www.appelarecycler.ca', '["batteries"]', 'Metals recovered.', 'Métaux récupérés.')
             on conflict(name) do update set city = city returning id`,
          )
          .get(name) as { id: number }
      ).id,
  );
}

/** A Completed pickup of `userId` on `date` (its slot made when missing), 4 bags booked and `collected` taken. */
function completedPickup(userId: number, date: string, collected: number, fsa = "H2X") {
  writeDatabase((db) => {
    const startsAt = Date.parse(`${date}T13:00:00Z`);
    db.prepare(
      "insert or ignore into pickup_slots (date, window, starts_at, ends_at, max_capacity, current_booked, service_areas, closed, created_at) values (?, 'morning', ?, ?, 12, 0, '[]', 0, ?)",
    ).run(date, startsAt, startsAt + 4 * 3600_000, Date.now());
    const slot = db.prepare("select id from pickup_slots where date = ? and window = 'morning'").get(date) as {
      id: number;
    };
    const cn = `RC-IMP-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
    db.prepare(
      `insert into pickup_requests (confirmation_number, user_id, pickup_slot_id, bags_requested, bags_collected, list_price_cents,
         subtotal_cents, gst_cents, qst_cents, total_cents, address, postal_fsa, status, created_at, updated_at)
       values (?, ?, ?, 4, ?, 3600, 3600, 180, 359, 4139, '4321 Rue Rachel Est, Montréal', ?, 'Completed', ?, ?)`,
    ).run(cn, userId, slot.id, collected, fsa, Date.now() - 30 * 86_400_000, Date.now());
  });
}

for (const lang of ["en", "fr"] as const) {
  const locale = lang === "fr" ? "fr-CA" : "en-CA";
  test.describe(`what the truck brought back (${lang})`, () => {
    test.use({ locale, extraHTTPHeaders: { "Accept-Language": locale }, viewport: { width: 390, height: 844 } });
    const text = TEXT[lang];

    test("an operator records a day's intake and corrects it; the diversion page and its CSV equal it", async ({
      page,
    }, info) => {
      const date = dayOf(info.project.name, lang, 40);
      const name = `Call2Recycle ${info.project.name}-${lang}`;
      const partnerId = partner(name);
      writeDatabase((db) => db.prepare("delete from intake_corrections where intake_id in (select id from intake_records where date = ?)").run(date)); // prettier-ignore
      writeDatabase((db) => db.prepare("delete from intake_records where date = ?").run(date));
      const { id } = await insertResident({ tag: `intake-${lang}` });
      completedPickup(id, date, 3, "H2X");

      await signInAdmin(page.request);
      await page.goto(`/admin/intake?date=${date}`);
      await expect(page.getByRole("heading", { level: 1, name: text.intake })).toBeVisible();
      await page.locator('input[name="kg-batteries"]').fill(text.twelve);
      await page.locator('select[name="partner-batteries"]').selectOption(String(partnerId));
      await page.locator('input[name="kg-household_paint"]').fill("3");
      await page.getByRole("button", { name: text.record }).click();
      const batteries = page.getByTestId("intake-records").locator('li[data-category="batteries"]');
      await expect(batteries.getByTestId("intake-kg")).toHaveText(text.twelve);
      await expect(batteries).toContainText(name);

      // The correction: the figure changes, the previous one is kept with the reason.
      await batteries.getByText(text.correct).click();
      await batteries.locator('input[name="kg"]').fill(text.fourteen);
      await batteries.locator('input[name="reason"]').fill("Scale recalibrated");
      await batteries.getByRole("button", { name: text.save }).click();
      const corrected = page.getByTestId("intake-records").locator('li[data-category="batteries"]');
      await expect(corrected.getByTestId("intake-corrections")).toContainText(text.corrected);
      await expect(corrected.getByTestId("intake-corrections")).toContainText("Scale recalibrated");

      // The diversion page for that day: 14.0 + 3.0 kg, per month (a chart and its table) and per prefix.
      await page.goto(`/admin/diversion?from=${date}&to=${date}`);
      await expect(page.getByRole("heading", { level: 1, name: text.diversion })).toBeVisible();
      await expect(page.getByTestId("diversion-total")).toHaveText(text.total);
      await expect(page.getByRole("img", { name: text.months })).toBeVisible();
      await expect(page.getByTestId("diversion-prefixes").locator('tr[data-row="H2X"]')).toBeVisible();
      const file = await download(page, page.getByRole("link", { name: text.csv }));
      const lines = file.text
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n");
      expect(lines[0]).toBe(text.csvHead);
      const kg = lines
        .slice(1)
        .filter((l) => l.startsWith(date))
        .map((l) => Number(l.split(",").at(-1)));
      expect(kg.reduce((s, v) => s + v, 0)).toBeCloseTo(17, 5);
      expect(Number(lines.at(-1)!.split(",").at(-1))).toBeCloseTo(17, 5);
    });

    test("the resident's impact page: estimates per category, where each went, chart and table", async ({
      page,
      browser,
    }, info) => {
      const date = dayOf(info.project.name, lang, 50);
      const name = `Appel à Recycler ${info.project.name}-${lang}`;
      const partnerId = partner(name);
      const me = await signInAs(page, { tag: `impact-${lang}` });
      const neighbour = await insertResident({ tag: `impact-n-${lang}` });
      completedPickup(me.id, date, 3);
      completedPickup(neighbour.id, date, 1);
      writeDatabase((db) => {
        db.prepare("delete from intake_records where date = ? and category = 'batteries'").run(date);
        db.prepare(
          `insert into intake_records (date, category, kg_tenths, partner_id, partner_name, recorded_at, updated_at)
           values (?, 'batteries', 100, ?, ?, ?, ?)`,
        ).run(date, partnerId, name, Date.now(), Date.now());
      });

      // From the profile to the page.
      await page.goto("/profile");
      await page.getByTestId("impact-link").click();
      await expect(page.getByRole("heading", { level: 1, name: text.impact })).toBeVisible();
      await expect(page.getByTestId("impact-estimate-note")).toHaveText(text.estimate);
      // 3 of the day's 4 bags: three quarters of 10.0 kg.
      await expect(page.getByTestId("impact-all-time-kg")).toHaveText(text.kg);
      await expect(page.getByTestId("impact-season-kg")).toHaveText(text.kg);
      await expect(page.getByTestId("chart-impact-categories")).toBeVisible();
      const row = page.getByTestId("impact-categories").locator('tr[data-category="batteries"]');
      await expect(row).toContainText(name);
      await expect(page.getByTestId("impact-pickups")).toContainText(text.share);

      // The landing page, signed out: the season's total, aggregated.
      const visitor = await browser.newPage({ locale, extraHTTPHeaders: { "Accept-Language": locale } });
      await visitor.goto(page.url().replace(/\/impact.*$/, "/"));
      await expect(visitor.getByTestId("season-diverted")).toContainText(text.landing);
      await visitor.close();
    });

    test("drivers and residents are refused the depot's pages", async ({ page }) => {
      const email = `driver-impact-${lang}-${Date.now()}@recircle-admin.ca`;
      createDriver(email);
      expect((await page.request.post("/api/auth/login", { data: { email, password: PASSWORD } })).status()).toBe(200);
      for (const path of ["/admin/intake", "/admin/diversion", "/admin/diversion.csv"]) {
        expect((await page.request.get(path, { maxRedirects: 0 })).status(), path).toBe(403);
      }
    });
  });
}
