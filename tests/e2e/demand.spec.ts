// Issue 46 in the browser, JavaScript on and off (the js and no-js projects), English and French, at
// 1280×800 and 390×844: the demand page filtered by a prefix (a plain GET form), a chart and its table of
// the same numbers, the CSV; opening a prefix from "where to open next" (through the served areas' own
// Open, which e-mails its waitlist); the money page and its month's CSV; drivers and residents refused.
import { expect, test } from "@playwright/test";
import { download, montrealDate, scheduledPickup, signInAdmin } from "./admin-fixtures";
import {
  createDriver,
  insertResident,
  lastEmail,
  PASSWORD,
  query,
  signInAs,
  uniqueEmail,
  writeDatabase,
} from "./helpers";

const TEXT = {
  en: {
    title: "Demand",
    show: "Show",
    table: "The numbers as a table",
    weekOf: "Week of",
    csv: "Download CSV",
    chart: "Bookings per week",
    opened: /Opened|opened/,
    money: "Money",
    moneyCsvHead: "Date,Kind,Confirmation,Total,GST,QST,Promo discount,Fee kept",
  },
  fr: {
    title: "Demande",
    show: "Afficher",
    table: "Les chiffres en tableau",
    weekOf: "Semaine du",
    csv: "Télécharger le CSV",
    chart: "Réservations par semaine",
    opened: /ouvert|Ouvert/,
    money: "Argent",
    moneyCsvHead: "Date,Type,Confirmation,Total,TPS,TVQ,Rabais promotionnel,Frais retenus",
  },
} as const;

/** A prefix of its own per project and language, switched off for the test (no other spec uses these). */
const PREFIX: Record<string, string> = { "js-en": "H8Y", "js-fr": "H8Z", "no-js-en": "H9C", "no-js-fr": "H9E" };

for (const lang of ["en", "fr"] as const) {
  const locale = lang === "fr" ? "fr-CA" : "en-CA";
  test.describe(`demand and money (${lang})`, () => {
    test.use({ locale, extraHTTPHeaders: { "Accept-Language": locale } });
    const text = TEXT[lang];

    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      test(`the demand page filtered by a prefix, a chart's table and its CSV at ${viewport.width} px`, async ({
        page,
      }) => {
        await page.setViewportSize(viewport);
        const { email } = await insertResident({ tag: `demand-${lang}-${viewport.width}` });
        const date = montrealDate(9);
        scheduledPickup(email, date, "morning", "4321 Rue Rachel Est");
        await signInAdmin(page.request);
        await page.goto("/admin/demand");
        await expect(page.getByRole("heading", { level: 1, name: text.title })).toBeVisible();

        // The GET form: a prefix chosen, the page comes back filtered (the URL says so: it can be shared).
        await page.locator('select[name="fsa"]').selectOption("H2X");
        await page.getByRole("button", { name: text.show, exact: true }).click();
        await expect(page).toHaveURL(/fsa=H2X/);
        await expect(page.locator('select[name="fsa"]')).toHaveValue("H2X");

        // The chart: an image named by its title and described.
        const chart = page.getByRole("img", { name: text.chart });
        await expect(chart).toBeVisible();
        await expect(page.locator("#weeks-chart-desc")).toHaveText(/.+/);

        // Its table: the week of the pickup counts it.
        const weeks = page.getByTestId("table-weeks");
        await weeks.locator("summary").click();
        const table = weeks.getByRole("table");
        await expect(table.getByRole("columnheader", { name: text.weekOf })).toBeVisible();
        const bookedCells = await table.locator("tbody tr td:nth-child(2)").allInnerTexts();
        expect(bookedCells.map((c) => Number(c.replace(/\D/g, ""))).reduce((s, n) => s + n, 0)).toBeGreaterThan(0);

        // The CSV of the same numbers, for the same prefix and dates.
        const file = await download(page, page.getByTestId("csv-weeks"));
        expect(file.name).toMatch(/^demand-weeks-H2X-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
        expect(file.text.replace(/^\uFEFF/, "").split("\r\n")[0]).toContain(text.weekOf);
        const rows = file.text
          .replace(/^\uFEFF/, "")
          .trim()
          .split("\r\n")
          .slice(1);
        expect(rows.length).toBe(await table.locator("tbody tr").count());
      });
    }

    test("opening a prefix from where to open next e-mails its waitlist", async ({ page }, testInfo) => {
      const fsa = PREFIX[`${testInfo.project.name}-${lang}`] ?? "H8Y";
      const waiting = uniqueEmail(`open-next-${lang}`);
      writeDatabase((db) => {
        db.prepare("update service_prefixes set active = 0 where fsa = ?").run(fsa);
        db.prepare("update waitlist_entries set notified_at = ? where fsa = ?").run(Date.now(), fsa);
        const insert = db.prepare(
          `insert into waitlist_entries (name, email, fsa, reason, locale, created_at, updated_at)
           values ('Lucie Gagnon', ?, ?, 'Outside Service Area', ?, ?, ?)`,
        );
        insert.run(waiting, fsa, lang, Date.now() - 3 * 86_400_000, Date.now());
      });
      await signInAdmin(page.request);
      await page.goto("/admin/demand");
      const item = page.getByTestId(`open-next-${fsa}`);
      await expect(item).toBeVisible();
      await expect(page.getByTestId("open-next-formula")).toBeVisible();
      await item.getByRole("button", { name: new RegExp(fsa) }).click();
      await expect(page).toHaveURL(/\/admin\/supply\/areas/);
      expect(query<{ active: number }>("select active from service_prefixes where fsa = ?", fsa)[0]?.active).toBe(1);
      await expect.poll(() => lastEmail(waiting)).toBeTruthy();
      await page.goto("/admin/demand");
      await expect(page.getByTestId(`open-next-${fsa}`)).toHaveCount(0);
    });

    test("the money page and the accountant's CSV of a month; a bad month is refused with a message", async ({
      page,
    }) => {
      await signInAdmin(page.request);
      await page.goto("/admin/money");
      await expect(page.getByRole("heading", { level: 1, name: text.money })).toBeVisible();
      const month = montrealDate(0).slice(0, 7);
      const file = await download(page, page.locator(`a[href="/admin/money.csv?month=${month}"]`));
      expect(file.name).toBe(`money-${month}.csv`);
      expect(file.text.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe(text.moneyCsvHead);
      const bad = await page.request.get("/admin/money.csv?month=2026-13");
      expect(bad.status()).toBe(400);
      expect(await bad.text()).toMatch(lang === "fr" ? /AAAA-MM/ : /YYYY-MM/);
    });
  });
}

test("drivers get 403 and residents are refused on the demand and money pages and their CSVs", async ({
  browser,
  playwright,
}) => {
  const paths = ["/admin/demand", "/admin/money", "/admin/demand.csv?table=weeks", "/admin/money.csv?month=2026-11"];
  const baseURL = test.info().project.use.baseURL!;
  const driverEmail = uniqueEmail("demand-driver");
  createDriver(driverEmail);
  const driver = await playwright.request.newContext({ baseURL });
  expect((await driver.post("/api/auth/login", { data: { email: driverEmail, password: PASSWORD } })).status()).toBe(
    200,
  );
  for (const path of paths) expect((await driver.get(path, { maxRedirects: 0 })).status()).toBe(403);
  await driver.dispose();
  const resident = await browser.newContext({ baseURL });
  await signInAs(resident, { tag: "demand-resident" });
  for (const path of paths) expect((await resident.request.get(path, { maxRedirects: 0 })).status()).toBe(403);
  await resident.close();
});
