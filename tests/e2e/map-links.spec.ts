// The map links of a stop (issue 42), JavaScript on and off (projects js and no-js), English and French,
// 390×844: on the driver's page and on the admin's day sheet each stop's first map link is an https://
// OpenStreetMap link (an iPhone opens it; it does nothing with geo:), the second a geo: URI for Android.
// An exact position is linked as a marker at its coordinates; an approximate one (a postal prefix's
// centre) searches the address text instead, and only that stop says "approximate".
import Database from "better-sqlite3";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { montrealDate, scheduledPickup, signInAdmin } from "./admin-fixtures";
import { createDriver, e2eDatabase, insertResident, PASSWORD, uniqueEmail } from "./helpers";

function write(sql: string, ...params: unknown[]) {
  const db = new Database(e2eDatabase(), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 10000");
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

/** Two stops on a past date of this test's own: one at its door, one at its postal area's centre only. */
async function twoStops(lang: "en" | "fr", date: string) {
  const exact = await insertResident({ tag: "map-exact", locale: lang });
  const rough = await insertResident({ tag: "map-rough", locale: lang });
  const door = scheduledPickup(exact.email, date, "morning", "12 Rue de l'Église").confirmation;
  const area = scheduledPickup(rough.email, date, "morning", "77 Rue D'Iberville").confirmation;
  const set =
    "update pickup_requests set latitude = ?, longitude = ?, position_approximate = ? where confirmation_number = ?";
  write(set, 45.5416, -73.6007, 0, door);
  write(set, 45.513, -73.566, 1, area);
  return { door, area };
}

/** The hrefs of a stop's map links, in the order they are shown. */
async function hrefs(stop: Locator): Promise<string[]> {
  const links = stop.getByTestId("stop-map-links").getByRole("link");
  await expect(links).toHaveCount(2);
  await expect(links.first()).toBeVisible();
  return links.evaluateAll((els) => els.map((e) => e.getAttribute("href") ?? ""));
}

async function expectLinks(stop: Locator, kind: "door" | "area") {
  const [web, geo] = await hrefs(stop);
  expect(web).toMatch(/^https:\/\/www\.openstreetmap\.org\//);
  expect(geo).toMatch(/^geo:/);
  if (kind === "door") {
    expect(web).toBe("https://www.openstreetmap.org/?mlat=45.54160&mlon=-73.60070#map=18/45.54160/-73.60070");
    expect(geo).toBe(
      "geo:45.54160,-73.60070?q=45.54160,-73.60070(12%20Rue%20de%20l%27%C3%89glise%2C%20Montr%C3%A9al%2C%20QC%20H2X%203K2)",
    );
  } else {
    // The postal area's centre is not the door: the address itself is searched.
    expect(web).toBe(
      "https://www.openstreetmap.org/search?query=77%20Rue%20D%27Iberville%2C%20Montr%C3%A9al%2C%20QC%20H2X%203K2",
    );
    expect(geo).toBe("geo:0,0?q=77%20Rue%20D%27Iberville%2C%20Montr%C3%A9al%2C%20QC%20H2X%203K2");
  }
}

async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(
    true,
  );
}

for (const lang of ["en", "fr"] as const) {
  test.describe(`map links (${lang})`, () => {
    test.use({ locale: lang === "fr" ? "fr-CA" : "en-CA", viewport: { width: 390, height: 844 } });
    const fr = lang === "fr";

    test("the driver's stops: https first, geo: second; approximate only where it is", async ({
      page,
      javaScriptEnabled,
    }) => {
      const date = montrealDate(-(430 + (fr ? 2 : 0) + (javaScriptEnabled ? 0 : 1)));
      const { door, area } = await twoStops(lang, date);
      const driver = uniqueEmail("map-driver");
      createDriver(driver);
      const login = await page.request.post("/api/auth/login", { data: { email: driver, password: PASSWORD } });
      expect(login.status()).toBe(200);

      await page.goto(`/driver?date=${date}`);
      const stop = (cn: string) => page.locator(`[data-testid="route-stop"][data-confirmation="${cn}"]`);
      await expectLinks(stop(door), "door");
      await expectLinks(stop(area), "area");
      await expect(stop(door).getByTestId("stop-approximate")).toHaveCount(0);
      await expect(stop(area).getByTestId("stop-approximate")).toBeVisible();
      // Named for what they open, in the page's language.
      const first = stop(door).getByTestId("stop-map-links").getByRole("link").first();
      await expect(first).toHaveText(fr ? "Ouvrir la carte" : "Open the map");
      await expect(stop(door).getByTestId("stop-map-links").getByRole("link").nth(1)).toHaveText(
        fr ? "Appli de cartes (Android)" : "Maps app (Android)",
      );
      await fitsThePhone(page);
    });

    test("the admin's day sheet: the same links, https first", async ({ page, javaScriptEnabled }) => {
      const date = montrealDate(-(440 + (fr ? 2 : 0) + (javaScriptEnabled ? 0 : 1)));
      const { door, area } = await twoStops(lang, date);
      await signInAdmin(page.request);
      await page.goto(`/admin/day?date=${date}`);
      const row = (cn: string) => page.locator(`[data-testid="pickup-row"][data-confirmation="${cn}"]`);
      await expectLinks(row(door), "door");
      await expectLinks(row(area), "area");
      await fitsThePhone(page);
    });
  });
}
