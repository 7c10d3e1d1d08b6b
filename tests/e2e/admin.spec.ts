// The people who run the service, in the browser, with JavaScript on and off: promo codes from creation
// to a booked redemption, a slot's capacity, opening an area for its waitlist, and the day's work.
import { expect, test, type Page } from "@playwright/test";
import {
  download,
  montrealDate,
  otherBrowser,
  pickupDueToday,
  promoStatsFromDb,
  scheduledPickup,
  signInAdmin,
} from "./admin-fixtures";
import { bookableSlotId, fillCard, residentWithAddress } from "./booking-fixtures";
import { lastEmail, PASSWORD, query, uniqueEmail } from "./helpers";

async function statValue(page: Page, id: string) {
  return (await page.getByTestId(`stat-${id}-value`).innerText()).trim();
}
const dollars = (text: string) => Number(text.replace(/[^0-9.,]/g, "").replace(",", "."));

test.describe("admin in English", () => {
  test("a code created by the admin is redeemed by a resident and moves from Pending to Booked", async ({
    page,
    browser,
    baseURL,
    javaScriptEnabled,
    locale,
  }) => {
    await signInAdmin(page.request);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Admin dashboard" })).toBeVisible();
    const usedBefore = Number(await statValue(page, "usedCodes"));
    const savingsBefore = dollars(await statValue(page, "totalSavings"));
    const redemptionsBefore = Number(await statValue(page, "totalRedemptions"));
    const totalBefore = Number(await statValue(page, "totalCodes"));

    // A batch of one, 50% off (the default).
    await page.getByLabel("How many codes").fill("1");
    await expect(page.getByLabel("Discount (%)")).toHaveValue("50");
    await page.getByRole("button", { name: "Create codes" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Codes just created" })).toBeVisible();
    await expect(page.getByTestId("toast")).toContainText("1 code created");
    const rows = page.getByTestId("code-row");
    await expect(rows).toHaveCount(1);
    const code = (await rows.first().getAttribute("data-code"))!;
    expect(code).toMatch(/^RC-[A-Z2-9]{8}$/);
    await expect(rows.first()).toContainText("Active");

    // The batch downloads as a spreadsheet.
    const csv = await download(page, page.getByRole("link", { name: "Download these codes (CSV)" }));
    expect(csv.name).toMatch(/^promo-codes-.*\.csv$/);
    expect(csv.text.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.text.slice(1).trim().split("\r\n");
    expect(lines[0]).toBe("Code,Discount (%),Status,Created,Expires,Redeemed by,Redeemed at");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^${code},50,Active,\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d,`));

    // A resident, in their own browser, applies it at checkout.
    const resident = await otherBrowser(browser, { baseURL, javaScriptEnabled, locale });
    const email = await residentWithAddress(resident, "admin-promo");
    const slotId = await bookableSlotId(resident);
    await resident.goto(`/checkout?bags=1&slotId=${slotId}`);
    await resident.getByLabel("Promo code").fill(code);
    await resident.getByRole("button", { name: "Apply" }).click();
    await expect(resident.getByTestId("toast")).toContainText("50% off applied!");

    await page.goto("/admin");
    const row = page.getByTestId("redemption-row").filter({ hasText: email });
    await expect(row).toContainText(code);
    await expect(row).toContainText("Pending");
    expect(Number(await statValue(page, "totalCodes"))).toBe(totalBefore + 1);
    expect(Number(await statValue(page, "totalRedemptions"))).toBe(redemptionsBefore + 1);
    expect(Number(await statValue(page, "usedCodes"))).toBe(usedBefore);

    await fillCard(resident, "4242 4242 4242 4242");
    await resident.getByRole("button", { name: "Pay $5.75" }).click();
    await expect(resident.getByRole("heading", { level: 1 })).toContainText(/confirmed/i);
    await resident.context().close();

    await page.goto("/admin");
    await expect(page.getByTestId("redemption-row").filter({ hasText: email })).toContainText("Booked");
    expect(Number(await statValue(page, "usedCodes"))).toBe(usedBefore + 1);
    expect(dollars(await statValue(page, "totalSavings"))).toBeCloseTo(savingsBefore + 5, 2);
    expect(Number(await statValue(page, "totalRedemptions"))).toBe(redemptionsBefore + 1);

    // The page agrees with the database and with the JSON API.
    const fromDb = promoStatsFromDb();
    expect(Number(await statValue(page, "usedCodes"))).toBe(fromDb.used);
    const api = await (await page.request.get("/api/admin/promo-stats")).json();
    expect(api).toMatchObject({
      usedCodes: fromDb.used,
      totalSavingsCents: fromDb.savings,
      totalSavings: fromDb.savings / 100,
    });
    const redemptions = (await (await page.request.get("/api/admin/promo-redemptions")).json()) as Array<
      Record<string, unknown>
    >;
    expect(redemptions.find((r) => r.codeText === code)).toMatchObject({ email, pickupRequestId: expect.any(Number) });

    // The code is now used: it shows so in the list and can no longer be deactivated.
    await page.goto(`/admin/promo-codes?q=${code}`);
    await expect(page.getByTestId("code-row")).toContainText("Used");
    await expect(page.getByRole("button", { name: `Deactivate ${code}` })).toHaveCount(0);
  });

  test("a code can be deactivated, and bad batch sizes are refused with nothing created", async ({ page }) => {
    await signInAdmin(page.request);
    await page.goto("/admin");
    const total = Number(await statValue(page, "totalCodes"));
    await page.getByLabel("How many codes").fill("501");
    await page.getByRole("button", { name: "Create codes" }).click();
    await expect(page.getByRole("alert")).toHaveText("Enter a number of codes from 1 to 500.");
    await page.getByLabel("How many codes").fill("2");
    await page.getByLabel("Discount (%)").fill("0");
    await page.getByRole("button", { name: "Create codes" }).click();
    await expect(page.getByRole("alert")).toHaveText("Enter a discount from 1 to 100 percent.");
    await page.goto("/admin");
    expect(Number(await statValue(page, "totalCodes"))).toBe(total);

    await page.getByLabel("How many codes").fill("2");
    await page.getByLabel("Discount (%)").fill("25");
    await page.getByRole("button", { name: "Create codes" }).click();
    await expect(page.getByTestId("code-row")).toHaveCount(2);
    await expect(page.getByTestId("codes")).toContainText("25 %");
    const code = (await page.getByTestId("code-row").first().getAttribute("data-code"))!;
    await page.getByRole("button", { name: `Deactivate ${code}` }).click();
    await expect(page.getByTestId("toast")).toContainText("Code deactivated");
    await expect(page.locator(`[data-code="${code}"]`)).toContainText("Deactivated");
    expect(query<{ active: number }>("select active from promo_codes where code = ?", code)[0]!.active).toBe(0);

    await page.goto("/admin");
    await expect(page.getByTestId("activity")).toContainText(`Deactivated promo code ${code}`);
    await expect(page.getByTestId("activity")).toContainText("ops@recircle-admin.ca");
  });

  test("a slot's capacity is changed, never below what is booked", async ({
    page,
    browser,
    baseURL,
    javaScriptEnabled,
    locale,
  }) => {
    const resident = await otherBrowser(browser, { baseURL, javaScriptEnabled, locale });
    await residentWithAddress(resident, "admin-capacity");
    const slotId = await bookableSlotId(resident);
    await resident.goto(`/checkout?bags=2&slotId=${slotId}`);
    await fillCard(resident, "4242 4242 4242 4242");
    await resident.getByRole("button", { name: "Pay $20.70" }).click();
    await expect(resident.getByRole("heading", { level: 1 })).toContainText(/confirmed/i);
    await resident.context().close();

    await signInAdmin(page.request);
    await page.goto("/admin/supply");
    await expect(page.getByRole("heading", { level: 1, name: "Slots ahead" })).toBeVisible();
    const slot = () =>
      query<{ current_booked: number; max_capacity: number }>(
        "select current_booked, max_capacity from pickup_slots where id = ?",
        slotId,
      )[0]!;
    const { current_booked: booked, max_capacity: capacity } = slot();
    expect(booked).toBeGreaterThanOrEqual(1);
    const row = page.locator(`tr[data-slot-id="${slotId}"]`);
    await expect(row.getByTestId("slot-booked")).toHaveText(`${booked} / ${capacity}`);

    await row.getByRole("spinbutton").fill(String(booked - 1));
    await row.getByRole("button", { name: "Save" }).click();
    const again = page.locator(`tr[data-slot-id="${slotId}"]`);
    await expect(again.getByRole("alert")).toHaveText(
      `The capacity cannot be below the ${booked} ${booked === 1 ? "place" : "places"} already booked.`,
    );
    expect(slot().max_capacity).toBe(capacity);

    await again.getByRole("spinbutton").fill(String(booked + 6));
    await again.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("toast")).toContainText("Capacity saved");
    await expect(page.locator(`tr[data-slot-id="${slotId}"]`).getByTestId("slot-booked")).toHaveText(
      `${booked} / ${booked + 6}`,
    );
    expect(slot().max_capacity).toBe(booked + 6);
  });

  test("opening a new area e-mails the people on its waitlist", async ({ page, request }, testInfo) => {
    // Each project opens its own Laval prefix, so the two runs do not meet.
    const fsa = testInfo.project.name === "admin-js" ? "H7N" : "H7P";
    const luc = uniqueEmail("wait-en");
    const ana = uniqueEmail("wait-fr");
    for (const [email, name, lng] of [
      [luc, "Luc", "en-CA"],
      [ana, "Ana", "fr-CA"],
    ] as const) {
      const joined = await request.post("/api/waitlist", {
        data: { email, name, postal_code: fsa, building_access: "Outside Service Area" },
        headers: { "Accept-Language": lng },
      });
      expect(joined.status()).toBe(201);
    }
    expect((await (await request.get(`/api/service-areas/${fsa}`)).json()).available).toBe(false);

    await signInAdmin(page.request);
    await page.goto("/admin/waitlist");
    const counts = page.getByTestId("waitlist-counts").locator(`tr[data-fsa="${fsa}"]`);
    await expect(counts).toContainText("No");
    await expect(counts.locator("td").nth(1)).toHaveText("2");

    await page.goto("/admin/supply/areas");
    const wanted = page.getByTestId("wanted").locator(`tr[data-fsa="${fsa}"]`);
    await expect(wanted).toContainText("2");
    await wanted.getByRole("button", { name: "Open and notify 2 people" }).click();
    await expect(page.getByTestId("toast")).toContainText(`${fsa} is now served`);
    await expect(page.getByTestId("toast")).toContainText("2 people on the waitlist were e-mailed.");
    await expect(page.getByTestId("served").locator(`[data-fsa="${fsa}"]`)).toBeVisible();
    await expect(page.getByTestId("wanted").locator(`tr[data-fsa="${fsa}"]`)).toHaveCount(0);

    expect((await (await request.get(`/api/service-areas/${fsa}`)).json()).available).toBe(true);
    expect(lastEmail(luc)?.subject).toBe(`ReCircle now picks up in ${fsa}`);
    expect(lastEmail(luc)?.text).toContain(`/postal-code?fsa=${fsa}`);
    expect(lastEmail(ana)?.subject).toBe(`ReCircle fait maintenant la collecte dans le secteur ${fsa}`);
    const notified = query<{ n: number }>(
      "select count(*) as n from waitlist_entries where fsa = ? and notified_at is not null",
      fsa,
    );
    expect(notified[0]!.n).toBe(2);

    await page.goto("/admin");
    await expect(page.getByTestId("activity")).toContainText(`Opened the area ${fsa}`);
    await expect(page.getByTestId("activity")).toContainText(`E-mailed 2 waitlisted people about ${fsa}`);
  });

  test("the day's pickups print cleanly, download as CSV, and are marked Completed or Missed", async ({
    page,
    browser,
    baseURL,
    javaScriptEnabled,
    locale,
  }) => {
    const residents: string[] = [];
    for (const tag of ["day-a", "day-b"]) {
      const other = await otherBrowser(browser, { baseURL, javaScriptEnabled, locale });
      residents.push(await residentWithAddress(other, tag));
      await other.context().close();
    }
    const [emailA, emailB] = residents as [string, string];
    const street = `${Math.floor(Math.random() * 9000) + 100} Rue Rachel Est`;
    const done = pickupDueToday(emailA, "morning", street);
    const missed = pickupDueToday(emailB, "afternoon", `${street} B`);

    await signInAdmin(page.request);
    await page.goto("/admin/day");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Pickups of");
    const morningRow = page.locator('section[data-window="morning"] tr', { hasText: done });
    const afternoonRow = page.locator('section[data-window="afternoon"] tr', { hasText: missed });
    await expect(morningRow).toContainText(`${street}, Unit 4, Montréal, QC H2X 3K2`);
    await expect(morningRow).toContainText(emailA);
    await expect(morningRow).toContainText("Scheduled");
    await expect(afternoonRow).toContainText(emailB);

    // On paper: the sheet only, without the site's header, menus or buttons.
    await expect(page.locator('link[rel="stylesheet"][media="print"]')).toHaveCount(1);
    await page.emulateMedia({ media: "print" });
    await expect(page.locator("header").first()).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Admin" })).toBeHidden();
    await expect(page.getByRole("button", { name: `Mark pickup ${done} Completed` })).toBeHidden();
    await expect(morningRow).toBeVisible();
    await page.emulateMedia({ media: "screen" });
    await expect(page.locator("header").first()).toBeVisible();

    const csv = await download(page, page.getByRole("link", { name: "Download CSV" }));
    expect(csv.text.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.text.slice(1).trim().split("\r\n");
    expect(lines[0]).toBe(
      "Date,Window,Hours,Confirmation number,Resident,E-mail,Address,Postal area,Bags,Status,sequence,latitude,longitude,approximate,Notes,Phone,Bags collected,Left at the door",
    );
    expect(lines.find((l) => l.includes(done))).toMatch(
      new RegExp(
        // Its stop number in the window's route; no position (written without one), so none in the file;
        // not completed yet: no bags collected, nothing left at the door (issue 47).
        `,Morning,8:00 AM - 12:00 PM,${done},Marie Tremblay,${emailA},"${street}, Unit 4, Montréal, QC H2X 3K2",H2X,2,Scheduled,\\d+,,,no,,,,$`,
      ),
    );
    expect(lines.find((l) => l.includes(missed))).toContain(`,Afternoon,1:00 PM - 5:00 PM,${missed},`);

    // Each mark asks first (issue 42): the confirm step, with the reason for Missed; nothing stored before.
    await page.getByRole("button", { name: `Mark pickup ${done} Completed` }).click();
    await expect(page.getByTestId("confirm-mark")).toContainText(`Mark pickup ${done} Completed?`);
    await expect(page.locator("tr", { hasText: done }).getByTestId("pickup-status")).toHaveText("Scheduled");
    await page.getByRole("button", { name: "Yes, Completed" }).click();
    await expect(page.getByTestId("toast")).toContainText(`Pickup ${done} completed`);
    await expect(page.locator("tr", { hasText: done }).getByTestId("pickup-status")).toHaveText("Completed");
    await page.getByRole("button", { name: `Mark pickup ${missed} Missed` }).click();
    await page.getByTestId("confirm-mark").getByLabel("Bags not out").check();
    await page.getByRole("button", { name: "Yes, Missed" }).click();
    await expect(page.getByTestId("toast")).toContainText(`Pickup ${missed} marked missed`);
    // The status with its reason.
    await expect(page.locator("tr", { hasText: missed }).getByTestId("pickup-status")).toHaveText(
      /^\s*Missed\s*Bags not out\s*$/,
    );
    await expect(page.getByRole("button", { name: `Mark pickup ${missed} Completed` })).toHaveCount(0);

    const statuses = query<{ confirmation_number: string; status: string }>(
      "select confirmation_number, status from pickup_requests where confirmation_number in (?, ?) order by status",
      done,
      missed,
    );
    expect(statuses).toEqual([
      { confirmation_number: done, status: "Completed" },
      { confirmation_number: missed, status: "Missed" },
    ]);
    const mail = lastEmail(emailB);
    expect(mail?.subject).toMatch(/^We could not collect your pickup of /);
    expect(mail?.text).toContain(missed);
    expect(mail?.text).toMatch(/http:\/\/localhost:\d+\/booking/);
    expect(lastEmail(emailA)?.subject ?? "").not.toMatch(/could not collect/);

    await page.goto("/admin");
    await expect(page.getByTestId("activity")).toContainText(`Marked pickup ${missed}`);
  });
});

test.describe("admin in French", () => {
  test.use({ locale: "fr-CA" });

  test("le tableau de bord, la capacité refusée et la fermeture d'une date, en français", async ({
    page,
    browser,
    baseURL,
    javaScriptEnabled,
  }, testInfo) => {
    const resident = await otherBrowser(browser, { baseURL, javaScriptEnabled, locale: "fr-CA" });
    const email = await residentWithAddress(resident, "admin-fr");
    await resident.context().close();
    // A date past the booking horizon (one month), so closing it never disturbs another test's booking.
    const date = montrealDate(testInfo.project.name === "admin-js" ? 33 : 34);
    const { confirmation, slotId } = scheduledPickup(email, date, "morning", "4321 Rue Fabre");
    const booked = query<{ current_booked: number }>("select current_booked from pickup_slots where id = ?", slotId)[0]!
      .current_booked;

    await signInAdmin(page.request);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord de l'administration" })).toBeVisible();
    await expect(page.getByText("Statistiques des codes promo")).toBeVisible();

    await page.goto("/admin/supply");
    const row = page.locator(`tr[data-slot-id="${slotId}"]`);
    await row.getByRole("spinbutton").fill("0");
    await row.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.locator(`tr[data-slot-id="${slotId}"]`).getByRole("alert")).toHaveText(
      booked === 1
        ? "La capacité ne peut pas être inférieure à la 1 place déjà réservée."
        : `La capacité ne peut pas être inférieure aux ${booked} places déjà réservées.`,
    );

    // Closing a date: the affected pickups are listed first, then kept and their residents e-mailed.
    await page.locator(`tbody[data-date="${date}"]`).getByRole("link", { name: "Fermer cette date…" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Fermer le");
    await expect(page.getByTestId("affected")).toContainText(confirmation);
    await expect(page.getByTestId("affected")).toContainText(email);
    expect(query<{ closed: number }>("select closed from pickup_slots where id = ?", slotId)[0]!.closed).toBe(0);
    await page.getByRole("button", { name: /Fermer la date et écrire à/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("est fermé");
    await expect(page.getByTestId("toast")).toContainText("a reçu un courriel pour choisir une autre date");
    await expect(page.getByTestId("affected")).toContainText(confirmation);
    await expect(page.getByText("Communiquez avec ceux qui n'ont pas déplacé leur collecte")).toBeVisible();
    expect(query<{ closed: number }>("select closed from pickup_slots where id = ?", slotId)[0]!.closed).toBe(1);
    const kept = query<{ status: string }>(
      "select status from pickup_requests where confirmation_number = ?",
      confirmation,
    );
    expect(kept).toEqual([{ status: "Scheduled" }]);
    expect(lastEmail(email)?.subject).toMatch(/^Votre collecte du .* doit changer de date$/);
    expect(lastEmail(email)?.text).toContain(confirmation);
    expect(lastEmail(email)?.text).toContain("/history");

    await page.getByRole("button", { name: "Rouvrir cette date" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Plages à venir" })).toBeVisible();
    expect(
      query<{ closed: number }>("select closed from pickup_slots where date = ? and closed = 1", date),
    ).toHaveLength(0);
  });
});

test("signed in as the admin from the sign-in page, /admin opens", async ({ page, request }) => {
  await signInAdmin(request);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/sign-in\?redirect=admin/);
  await page.getByLabel("Email").fill("ops@recircle-admin.ca");
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Admin dashboard" })).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
});
