// Issue 42, JavaScript on and off (projects js and no-js), English and French, 390×844: the driver's
// confirm step (Missed asks its reason) and their undo within 10 minutes (the stop scheduled again, its
// e-mail withdrawn, both changes kept with who made them); and a resident whose pickup we missed by our
// fault, who sees the choice on the order page and books the free rebook (a new Scheduled pickup,
// nothing charged).
import Database from "better-sqlite3";
import { expect, test, type Page } from "@playwright/test";
import { montrealDate, scheduledPickup } from "./admin-fixtures";
import { createDriver, e2eDatabase, insertResident, PASSWORD, query, signInAs, uniqueEmail } from "./helpers";

function write(sql: string, ...params: unknown[]) {
  const db = new Database(e2eDatabase(), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 10000");
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

/** A past date of this test's own (each project and language its own). */
function ownDate(lang: "en" | "fr", javaScript: boolean): string {
  return montrealDate(-(430 + (lang === "fr" ? 2 : 0) + (javaScript ? 0 : 1)));
}

async function signIn(page: Page, email: string) {
  const login = await page.request.post("/api/auth/login", { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
}

for (const lang of ["en", "fr"] as const) {
  const fr = lang === "fr";
  test.describe(`a stop put right (${lang})`, () => {
    test.use({ locale: fr ? "fr-CA" : "en-CA" });

    test("the driver confirms Missed with its reason, then undoes it", async ({ page, javaScriptEnabled }) => {
      const date = ownDate(lang, javaScriptEnabled);
      const resident = await insertResident({ tag: "stop-undo", locale: lang });
      const { confirmation } = scheduledPickup(resident.email, date, "morning", "12 Rue Saint-Denis");
      const driver = uniqueEmail("driver-undo");
      createDriver(driver);
      await signIn(page, driver);
      await page.goto(`/driver?date=${date}`);
      const stop = page.locator(`[data-testid="route-stop"][data-confirmation="${confirmation}"]`);

      // The first tap only asks; "Back" changes nothing.
      await stop.locator('button[value="Missed"]').click();
      const confirm = stop.getByTestId("confirm-mark");
      await expect(confirm).toBeVisible();
      await expect(confirm.getByRole("group", { name: fr ? /Pourquoi/ : /Why was it missed/ })).toBeVisible();
      expect(query("select status from pickup_requests where confirmation_number = ?", confirmation)).toEqual([
        { status: "Scheduled" },
      ]);
      await confirm.getByLabel(fr ? "Notre faute : camion" : "Our fault: truck").check();
      await confirm.getByRole("button", { name: fr ? "Oui, manquée" : "Yes, Missed" }).click();
      await expect(stop.getByTestId("stop-status")).toHaveText(fr ? "Manquée" : "Missed");
      const row = query<{ status: string; missed_reason: string }>(
        "select status, missed_reason from pickup_requests where confirmation_number = ?",
        confirmation,
      );
      expect(row).toEqual([{ status: "Missed", missed_reason: "our-fault-truck" }]);
      // The e-mail is written, due when the undo window ends: 10 minutes after the mark.
      const [mail] = query<{ kind: string; due: number; marked: number }>(
        `select o.kind, o.next_attempt_at as due, e.created_at as marked from email_outbox o
          join stop_events e on e.outbox_id = o.id where o.[to] = ?`,
        resident.email,
      );
      expect(mail!.kind).toBe("pickup-missed-our-fault");
      expect(mail!.due - mail!.marked).toBe(10 * 60 * 1000);

      // Undo, within the 10 minutes.
      const undo = stop.getByTestId("stop-undo");
      await expect(undo).toContainText(fr ? "Vous pouvez annuler jusqu'à" : "You can undo until");
      await undo.getByRole("button").click();
      await expect(stop.getByTestId("stop-status")).toHaveText(fr ? "Planifiée" : "Scheduled");
      await expect(stop.locator('button[value="Completed"]')).toBeVisible();
      expect(query("select kind from email_outbox where [to] = ?", resident.email)).toEqual([]);
      const events = query<{ action: string; status: string; actor_role: string }>(
        `select e.action, e.status, e.actor_role from stop_events e join pickup_requests p on p.id = e.pickup_id
          where p.confirmation_number = ? order by e.id`,
        confirmation,
      );
      expect(events).toEqual([
        { action: "mark", status: "Missed", actor_role: "driver" },
        { action: "undo", status: "Scheduled", actor_role: "driver" },
      ]);
    });

    test("the resident of a pickup we missed books the free rebook", async ({ page, javaScriptEnabled }) => {
      const date = montrealDate(-(440 + (fr ? 2 : 0) + (javaScriptEnabled ? 0 : 1)));
      const resident = await signInAs(page, { tag: "our-fault", locale: lang });
      const { confirmation } = scheduledPickup(resident.email, date, "afternoon", "34 Rue Saint-Denis");
      write(
        "update pickup_requests set status = 'Missed', missed_reason = 'our-fault-weather', stop_final_at = ? where confirmation_number = ?",
        Date.now() - 60_000,
        confirmation,
      );
      await page.goto(`/order/${confirmation}`);
      const section = page.getByTestId("our-fault");
      await expect(section.getByRole("heading", { level: 2 })).toHaveText(
        fr ? "Nous avons manqué votre collecte : notre faute" : "We missed your pickup: our fault",
      );
      await expect(section).toContainText(fr ? "Notre faute : météo" : "Our fault: weather");
      // Nothing was paid for this one: only the rebook is offered.
      const select = section.getByLabel(fr ? "Plage" : "Window");
      await select.selectOption({ index: 0 });
      const slotId = Number(await select.inputValue());
      await section
        .getByRole("button", { name: fr ? "Réserver cette collecte gratuite" : "Book this free pickup" })
        .click();
      await expect(page).not.toHaveURL(new RegExp(`/order/${confirmation}$`));
      const [rebook] = query<{
        confirmation_number: string;
        status: string;
        total_cents: number;
        pickup_slot_id: number;
        payment_id: number | null;
      }>(
        `select r.confirmation_number, r.status, r.total_cents, r.pickup_slot_id, r.payment_id from pickup_requests r
          join pickup_requests o on o.id = r.rebook_of_id where o.confirmation_number = ?`,
        confirmation,
      );
      expect(rebook).toMatchObject({ status: "Scheduled", total_cents: 0, pickup_slot_id: slotId, payment_id: null });
      await expect(page).toHaveURL(new RegExp(`/order/${rebook!.confirmation_number}`));
      await expect(page.getByRole("heading", { level: 1 })).toContainText(rebook!.confirmation_number);

      // The missed pickup says what was chosen, and offers nothing more.
      await page.goto(`/order/${confirmation}`);
      await expect(page.getByTestId("our-fault-chosen")).toContainText(rebook!.confirmation_number);
      await expect(page.getByTestId("our-fault").getByRole("button")).toHaveCount(0);
    });
  });
}
