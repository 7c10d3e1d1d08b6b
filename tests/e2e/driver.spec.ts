// The driver's day (issue 36), JavaScript on and off (projects js and no-js), English and French, 390×844:
// a driver made by `npm run create-admin -- --role driver` opens /driver, sees a window's stops in route
// order from the depot (with where the bags are, never a resident's e-mail), marks one stop Completed and
// one Missed (each after its confirm step, issue 42; the same e-mail as the admin's day sheet goes out), and gets 403 on every admin page and
// admin API. The admin's day sheet shows the same route order, with each stop's sequence in its CSV.
import Database from "better-sqlite3";
import { expect, test, type Page } from "@playwright/test";
import { download, montrealDate, scheduledPickup, signInAdmin } from "./admin-fixtures";
import { bookableSlotId } from "./booking-fixtures";
import { createDriver, e2eDatabase, insertResident, PASSWORD, query, signInAs, uniqueEmail } from "./helpers";

const ADMIN_PAGES = [
  "/admin",
  "/admin/promo-codes",
  "/admin/supply",
  "/admin/supply/template",
  "/admin/supply/areas",
  "/admin/supply/close?date=2030-01-07",
  "/admin/day",
  "/admin/waitlist",
  "/admin/refunds",
  "/admin/team",
  "/admin/outbox",
];
const ADMIN_DOWNLOADS = ["/admin/promo-codes.csv", "/admin/day.csv", "/admin/waitlist.csv"];
const ADMIN_APIS: Array<[string, "GET" | "POST"]> = [
  ["/api/admin/promo-stats", "GET"],
  ["/api/admin/promo-redemptions", "GET"],
  ["/api/admin/promo-codes", "POST"],
  ["/api/admin/invitations", "POST"],
];

/** Stops north of the depot (Écocentre La Petite-Patrie, 45.5366 -73.6007) along one street: near, middle, far. */
const PLACES = [
  { key: "far", lat: 45.5766, lng: -73.6007 },
  { key: "near", lat: 45.5416, lng: -73.6007 },
  { key: "middle", lat: 45.5566, lng: -73.6007 },
] as const;

function write(sql: string, ...params: unknown[]) {
  const db = new Database(e2eDatabase(), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 10000");
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

/** A past date of this test's own (each project and language its own), so no other test's pickups are on it. */
function ownDate(lang: "en" | "fr", javaScript: boolean): string {
  return montrealDate(-(400 + (lang === "fr" ? 2 : 0) + (javaScript ? 0 : 1)));
}

/** The rows of a CSV file (quoted cells may hold commas and doubled quotes). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r?\n/)) {
    const cells = [...line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)].map((m) =>
      m[1] !== undefined ? m[1].replace(/""/g, '"') : m[2]!,
    );
    rows.push(cells);
  }
  return rows;
}

async function signIn(page: Page, email: string) {
  const login = await page.request.post("/api/auth/login", { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
}

for (const lang of ["en", "fr"] as const) {
  test.describe(`the driver (${lang})`, () => {
    test.use({ locale: lang === "fr" ? "fr-CA" : "en-CA" });

    test("marks one stop Completed and one Missed from /driver, in route order, without e-mails shown", async ({
      page,
      javaScriptEnabled,
    }) => {
      const date = ownDate(lang, javaScriptEnabled);
      const stops: Record<string, { confirmation: string; email: string }> = {};
      for (const place of PLACES) {
        const resident = await insertResident({ tag: `stop-${place.key}`, locale: lang });
        const { confirmation } = scheduledPickup(resident.email, date, "morning", `${place.key} Rue Saint-Denis`);
        write(
          "update pickup_requests set latitude = ?, longitude = ?, position_approximate = ? where confirmation_number = ?",
          place.lat,
          place.lng,
          place.key === "middle" ? 1 : 0,
          confirmation,
        );
        stops[place.key] = { confirmation, email: resident.email };
      }
      write(
        "update users set pickup_notes = ?, phone = ? where email = ?",
        "Behind the side gate",
        "+15145550123",
        stops.near!.email,
      );
      const driver = uniqueEmail("driver");
      createDriver(driver);
      await signIn(page, driver);

      const response = await page.goto(`/driver?date=${date}`);
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(lang === "fr" ? "Tournée du" : "Route of");
      // The operators' shell: its own navigation, no residents' bottom bar.
      await expect(page.getByTestId("driver-nav")).toBeVisible();
      await expect(
        page.getByRole("navigation", { name: lang === "fr" ? "Principale" : "Main", exact: true }),
      ).toHaveCount(0);
      const morning = page.locator('[data-window="morning"] [data-testid="route-stop"]');
      await expect(morning).toHaveCount(3);
      expect(await morning.evaluateAll((els) => els.map((e) => e.getAttribute("data-confirmation")))).toEqual([
        stops.near!.confirmation,
        stops.middle!.confirmation,
        stops.far!.confirmation,
      ]);
      expect(await morning.evaluateAll((els) => els.map((e) => e.getAttribute("data-sequence")))).toEqual([
        "1",
        "2",
        "3",
      ]);
      const first = morning.nth(0);
      await expect(first.getByTestId("stop-notes")).toContainText("Behind the side gate");
      await expect(first.locator('a[href="tel:+15145550123"]')).toHaveText("514 555-0123");
      await expect(first.locator('a[href^="geo:45.54160,-73.60070"]')).toBeVisible();
      await expect(
        first.locator('a[href^="https://www.openstreetmap.org/?mlat=45.54160&mlon=-73.60070"]'),
      ).toBeVisible();
      await expect(morning.nth(1).getByTestId("stop-approximate")).toBeVisible();
      // Never a resident's e-mail (nor anything of a payment).
      const text = await page.locator("main").innerText();
      for (const stop of Object.values(stops)) expect(text).not.toContain(stop.email);
      expect(text).not.toMatch(/\$|payment|paiement|visa|4242/i);

      // Issue 42: the button asks first; the confirm step marks.
      await first.locator('button[value="Completed"]').click();
      await expect(first.getByTestId("confirm-mark")).toBeVisible();
      await expect(first.getByTestId("stop-status")).toHaveText(lang === "fr" ? "Planifiée" : "Scheduled");
      await first.getByRole("button", { name: lang === "fr" ? "Oui, effectuée" : "Yes, Completed" }).click();
      await expect(page).toHaveURL(new RegExp(`#stop-`));
      await expect(morning.nth(0).getByTestId("stop-status")).toHaveText(lang === "fr" ? "Effectuée" : "Completed");
      // The page came back on the next stop: its buttons are on the screen, no scrolling back.
      await expect(morning.nth(1).locator('button[value="Missed"]')).toBeInViewport();
      await morning.nth(1).locator('button[value="Missed"]').click();
      await morning
        .nth(1)
        .getByLabel(lang === "fr" ? "Sacs non sortis" : "Bags not out")
        .check();
      await morning
        .nth(1)
        .getByRole("button", { name: lang === "fr" ? "Oui, manquée" : "Yes, Missed" })
        .click();
      await expect(morning.nth(1).getByTestId("stop-status")).toHaveText(lang === "fr" ? "Manquée" : "Missed");
      await expect(morning.nth(1).locator("button[value]")).toHaveCount(0);

      const statuses = query<{ confirmation_number: string; status: string }>(
        "select confirmation_number, status from pickup_requests where confirmation_number in (?, ?, ?) order by status",
        stops.near!.confirmation,
        stops.middle!.confirmation,
        stops.far!.confirmation,
      );
      expect(statuses).toEqual([
        { confirmation_number: stops.near!.confirmation, status: "Completed" },
        { confirmation_number: stops.middle!.confirmation, status: "Missed" },
        { confirmation_number: stops.far!.confirmation, status: "Scheduled" },
      ]);
      // The same e-mail as the admin's day sheet sends: the missed resident is asked to book again.
      const mails = query<{ kind: string; locale: string }>(
        "select kind, locale from email_outbox where [to] = ?",
        stops.middle!.email,
      );
      expect(mails).toEqual([{ kind: "pickup-missed", locale: lang }]);
      // The completed one is thanked the day after (issue 35 part 4), in the resident's language.
      expect(query("select kind, locale from email_outbox where [to] = ?", stops.near!.email)).toEqual([
        { kind: "pickup-completed", locale: lang },
      ]);
      expect(
        query<{ action: string }>(
          "select action from admin_activity where detail like ? order by id",
          `%${stops.middle!.confirmation}%`,
        ),
      ).toEqual([{ action: "pickup.missed" }]);
    });

    test("gets 403 on every admin page, download and admin API, and is sent to /driver from residents' pages", async ({
      page,
    }) => {
      const driver = uniqueEmail("driver-403");
      createDriver(driver);
      await signIn(page, driver);
      for (const path of ADMIN_PAGES) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(403);
        await expect(page.getByRole("navigation", { name: "Admin" })).toHaveCount(0);
      }
      for (const path of ADMIN_DOWNLOADS) {
        const response = await page.request.get(path, { maxRedirects: 0 });
        expect(response.status(), path).toBe(403);
        expect(response.headers()["content-disposition"]).toBeUndefined();
      }
      const acceptLanguage = lang === "fr" ? "fr-CA" : "en-CA";
      for (const [path, method] of ADMIN_APIS) {
        const headers = { "Accept-Language": acceptLanguage };
        const response =
          method === "GET"
            ? await page.request.get(path, { headers })
            : await page.request.post(path, { headers, data: { count: 5, percent: 50, email: "x@recircle-mail.ca" } });
        expect(response.status(), `${method} ${path}`).toBe(403);
        expect(await response.json()).toEqual({
          message:
            lang === "fr"
              ? "Réservé aux administrateurs : votre compte n'y a pas accès."
              : "Admins only: your account does not have access to this.",
        });
      }
      for (const path of ["/", "/booking", "/history"]) {
        await page.goto(path);
        await expect(page, path).toHaveURL(/\/driver$/);
      }
    });

    test("a resident's pickup notes and phone: saved on the profile, shown at checkout for a last check", async ({
      page,
    }) => {
      await signInAs(page, {
        tag: "notes",
        profile: {
          firstName: "Marie",
          lastName: "Tremblay",
          streetAddress: "1430 Rue Saint-Denis",
          city: "Montréal",
          postalCode: "H2X 3J8",
        },
      });
      await page.goto("/profile");
      const fr = lang === "fr";
      await page
        .getByLabel(fr ? "Où seront les sacs (facultatif)" : "Where the bags will be (optional)")
        .fill("2nd-floor balcony stairs");
      await page
        .getByLabel(fr ? "Téléphone pour le chauffeur (facultatif)" : "Phone for the driver (optional)")
        .fill("438 555-0199");
      await page.getByRole("button", { name: fr ? "Enregistrer le profil" : "Save profile" }).click();
      await expect(
        page.getByLabel(fr ? "Téléphone pour le chauffeur (facultatif)" : "Phone for the driver (optional)"),
      ).toHaveValue("438 555-0199");
      await page.goto(`/checkout?bags=1&slotId=${await bookableSlotId(page)}`);
      await expect(page.getByTestId("pickup-notes")).toContainText("2nd-floor balcony stairs");
      await expect(page.getByTestId("pickup-phone")).toContainText("438 555-0199");
    });

    test("the admin's day sheet shows the route order, with sequence and position in its CSV", async ({
      page,
      javaScriptEnabled,
    }) => {
      // A date of its own per language, project and try (a retry would otherwise find the first try's stops).
      const date = montrealDate(-(410 + (lang === "fr" ? 2 : 0) + (javaScriptEnabled ? 0 : 1) + 4 * test.info().retry));
      const confirmations: Record<string, string> = {};
      for (const place of PLACES) {
        const resident = await insertResident({ tag: `sheet-${place.key}`, locale: lang });
        const { confirmation } = scheduledPickup(resident.email, date, "afternoon", `${place.key} Avenue Papineau`);
        write(
          "update pickup_requests set latitude = ?, longitude = ?, position_approximate = 0 where confirmation_number = ?",
          place.lat,
          place.lng,
          confirmation,
        );
        confirmations[place.key] = confirmation;
      }
      await signInAdmin(page.request);
      await page.goto(`/admin/day?date=${date}`);
      const rows = page.locator('[data-window="afternoon"] [data-testid="pickup-row"]');
      await expect(rows).toHaveCount(3);
      // The operators' shell on a phone: no residents' bottom bar, the table a stack of cards (no sideways
      // scrolling), each cell under its column's name.
      await expect(
        page.getByRole("navigation", { name: lang === "fr" ? "Principale" : "Main", exact: true }),
      ).toHaveCount(0);
      expect(await rows.first().evaluate((row) => getComputedStyle(row).display)).toBe("block");
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
      ).toBe(true);
      expect(
        await rows.evaluateAll((els) =>
          els.map((e) => [e.getAttribute("data-sequence"), e.getAttribute("data-confirmation")]),
        ),
      ).toEqual([
        ["1", confirmations.near],
        ["2", confirmations.middle],
        ["3", confirmations.far],
      ]);
      const csv = await download(page, page.getByTestId("day-csv"));
      const [header, ...lines] = csvRows(csv.text);
      for (const column of ["sequence", "latitude", "longitude", "approximate"]) expect(header).toContain(column);
      const cell = (line: string[], column: string) => line[header!.indexOf(column)];
      const near = lines.find((l) => l.includes(confirmations.near!))!;
      expect(cell(near, "sequence")).toBe("1");
      expect(Number(cell(near, "latitude"))).toBeCloseTo(45.5416, 4);
      expect(Number(cell(near, "longitude"))).toBeCloseTo(-73.6007, 4);
      expect(cell(near, "approximate")).toBe("no");
    });
  });
}
