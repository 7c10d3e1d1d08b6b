// Booking a pickup up to Continue, the booking notices, the confirmation page's not-found state and
// the pickup-slot API. Every page test runs with JavaScript on and off (two projects).
import { expect, test, type Page } from "@playwright/test";
import { query, signedInResident } from "./helpers";

/** A signed-in resident past the onboarding guide (its gate would stop every page otherwise). */
function resident(page: Page, tag: string, postalFsa = "H2X") {
  return signedInResident(page, tag, postalFsa);
}

type Texts = {
  title: string;
  twoBags: RegExp;
  bagsSummary: string;
  showWindows: string;
  updateSummary: string;
  chooseBagsHint: string;
  money: { subtotal: string; gst: string; qst: string; total: string };
  continueLabel: string;
  chooseBagsError: string;
};

/** Picks the first open date and window; without JavaScript each step is a server round trip. */
async function pickDateAndWindow(page: Page, texts: Texts, js: boolean) {
  const date = page.locator('input[name="date"]:not([disabled])').first();
  const dateValue = await date.getAttribute("value");
  await date.check();
  if (!js) {
    await page.getByRole("button", { name: texts.showWindows }).click();
    await expect(page).toHaveURL(new RegExp(`date=${dateValue}`));
  }
  const window = page.locator('input[name="slotId"]:not([disabled])').first();
  await expect(window).toBeEnabled();
  const slotId = await window.getAttribute("value");
  await window.check();
  if (!js) {
    await page.getByRole("button", { name: texts.updateSummary }).click();
    await expect(page).toHaveURL(new RegExp(`slotId=${slotId}`));
  }
  await expect(page.locator('input[name="date"]:checked')).toHaveValue(dateValue!);
  await expect(page.locator('input[name="slotId"]:checked')).toHaveValue(slotId!);
  return { date: dateValue!, slotId: slotId! };
}

function bookingFlow(texts: Texts) {
  test("a resident picks 2 bags, a date and a window, sees the taxed price and continues to the profile", async ({
    page,
    javaScriptEnabled: js,
  }) => {
    await resident(page, "book2");
    await page.goto("/booking");
    await expect(page.getByRole("heading", { level: 1, name: texts.title })).toBeVisible();
    const summary = page.getByTestId("order-summary");
    await expect(summary).toContainText(texts.chooseBagsHint);

    await page.getByRole("radio", { name: texts.twoBags }).check();
    if (js) {
      // The summary follows the radio at once, without a request.
      await expect(page.getByTestId("summary-total")).toHaveText(texts.money.total);
      await expect(page).toHaveURL(/\/booking$/);
      // The server round-trip buttons are only for browsers without JavaScript.
      await expect(page.getByRole("button", { name: texts.showWindows })).toHaveCount(0);
    }
    const { slotId } = await pickDateAndWindow(page, texts, js);

    await expect(page.getByTestId("summary-bags")).toHaveText(texts.bagsSummary);
    await expect(page.getByTestId("summary-subtotal")).toHaveText(texts.money.subtotal);
    await expect(page.getByTestId("summary-gst")).toHaveText(texts.money.gst);
    await expect(page.getByTestId("summary-qst")).toHaveText(texts.money.qst);
    await expect(page.getByTestId("summary-total")).toHaveText(texts.money.total);
    await expect(page.getByTestId("cancellation-policy")).toContainText("12");

    await page.getByRole("button", { name: texts.continueLabel, exact: true }).click();
    // The profile comes first: this resident has no address yet.
    await expect(page).toHaveURL(new RegExp(`/profile\\?bags=2&slotId=${slotId}$`));
  });

  test("Continue without bags is refused with a message and stays on the booking page", async ({
    page,
    javaScriptEnabled: js,
  }) => {
    await resident(page, "nobags");
    await page.goto("/booking");
    await expect(page.getByRole("heading", { level: 1, name: texts.title })).toBeVisible();
    const { date, slotId } = await pickDateAndWindow(page, texts, js);
    await page.getByRole("button", { name: texts.continueLabel, exact: true }).click();
    await expect(page.getByTestId("booking-error")).toHaveText(texts.chooseBagsError);
    await expect(page).toHaveURL(/\/booking/);
    // The choices are still there.
    await expect(page.locator('input[name="date"]:checked')).toHaveValue(date);
    await expect(page.locator('input[name="slotId"]:checked')).toHaveValue(slotId);
    await page.getByRole("radio", { name: texts.twoBags }).check();
    if (js) await expect(page.getByTestId("booking-error")).toHaveCount(0);
    await page.getByRole("button", { name: texts.continueLabel, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/profile\\?bags=2&slotId=${slotId}$`));
  });
}

test.describe("booking in English", () => {
  bookingFlow({
    title: "Schedule a pickup",
    twoBags: /^2 bags/,
    bagsSummary: "2 bags",
    showWindows: "Show time windows",
    updateSummary: "Update summary",
    chooseBagsHint: "Choose your bags to see the price.",
    money: { subtotal: "$18.00", gst: "$0.90", qst: "$1.80", total: "$20.70" },
    continueLabel: "Continue",
    chooseBagsError: "Please choose how many bags you want picked up.",
  });

  test("the bundles show their price and per-bag saving, and bags from the query stay chosen", async ({ page }) => {
    await resident(page, "bundles");
    await page.goto("/booking?bags=4");
    await expect(page.getByRole("radio", { name: /^4 bags/ })).toBeChecked();
    const options = page.locator("label").filter({ has: page.locator('input[name="bags"]') });
    await expect(options).toHaveCount(3);
    await expect(options.nth(0)).toContainText("$10.00");
    await expect(options.nth(1)).toContainText("$18.00");
    await expect(options.nth(1)).toContainText("save $1.00 per bag");
    await expect(options.nth(2)).toContainText("$32.00");
    await expect(options.nth(2)).toContainText("save $2.00 per bag");
    await expect(page.getByTestId("summary-total")).toHaveText("$36.79");
    await expect(page.getByTestId("cancellation-policy")).toContainText("$2.00 fee plus tax ($2.30 in all)");
  });

  test("a tampered or unbookable slot posted to Continue is refused and changes nothing", async ({ page }) => {
    await resident(page, "tamper");
    // The last generated slot is five weeks out: later than the same day next month.
    const [late] = query<{ id: number; current_booked: number }>(
      "select id, current_booked from pickup_slots order by starts_at desc limit 1",
    );
    for (const slotId of ["999999", String(late!.id), "abc"]) {
      // page.request sends no Accept-Language (no preference answers French): ask for English.
      const response = await page.request.post("/booking", {
        form: { bags: "2", slotId },
        headers: { "Accept-Language": "en-CA" },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(400);
      expect(await response.text()).toContain(
        "This pickup time is not available. Please choose another date or window.",
      );
    }
    const bad = await page.request.post("/booking", {
      form: { bags: "3", slotId: String(late!.id) },
      headers: { "Accept-Language": "en-CA" },
      maxRedirects: 0,
    });
    expect(bad.status()).toBe(400);
    expect(await bad.text()).toContain("Please choose how many bags you want picked up.");
    const french = await page.request.post("/booking", {
      form: { bags: "1", slotId: "999999" },
      headers: { "Accept-Language": "fr-CA" },
      maxRedirects: 0,
    });
    expect((await french.text()).replaceAll("&#x27;", "'")).toContain("Cette plage horaire n'est pas disponible.");
    const [after] = query<{ current_booked: number }>("select current_booked from pickup_slots where id = ?", late!.id);
    expect(after!.current_booked).toBe(late!.current_booked);
  });

  test("a resident outside Montreal sees the Montreal-only notice", async ({ page }) => {
    await resident(page, "ottawa", "K1A");
    await page.goto("/booking");
    const notice = page.getByTestId("service-area-notice");
    await expect(notice).toContainText("The service only operates in Montreal");
    await expect(notice).toContainText("K1A");
    await expect(notice.getByRole("link", { name: "Update My Address" })).toHaveAttribute("href", "/profile");
    await expect(notice.getByRole("link", { name: "Join Waitlist" })).toHaveAttribute("href", "/postal-code");
    await expect(page.locator('input[name="date"]')).toHaveCount(0);
  });

  test("a Montreal prefix with no slots sees the no-dates state", async ({ page }) => {
    await resident(page, "laval", "H7N");
    await page.goto("/booking");
    await expect(page.getByTestId("no-dates")).toContainText("No dates available");
    await expect(page.getByTestId("no-dates")).toContainText("H7N");
    await expect(page.getByTestId("service-area-notice")).toHaveCount(0);
  });

  test("addressMismatch=true shows the Address Not Served toast", async ({ page }) => {
    await resident(page, "mismatch");
    await page.goto("/booking?addressMismatch=true");
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Address Not Served");
    await expect(toast).toContainText("does not serve the postal code in your profile");
  });

  test("an unknown confirmation number shows Pickup request not found with a 404", async ({ page }) => {
    await resident(page, "confirm");
    const response = await page.goto("/confirmation?confirmationNumber=NOPE");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Pickup request not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
  });

  test("a visitor is sent to sign in and brought back to the booking", async ({ page }) => {
    await page.goto("/booking?bags=2");
    await expect(page).toHaveURL(/\/sign-in\?redirect=booking%3Fbags%3D2$/);
  });
});

test.describe("booking in French", () => {
  test.use({ locale: "fr-CA" });

  bookingFlow({
    title: "Planifier une collecte",
    twoBags: /^2 sacs/,
    bagsSummary: "2 sacs",
    showWindows: "Afficher les plages horaires",
    updateSummary: "Mettre à jour le récapitulatif",
    chooseBagsHint: "Choisissez vos sacs pour voir le prix.",
    money: { subtotal: "18,00 $", gst: "0,90 $", qst: "1,80 $", total: "20,70 $" },
    continueLabel: "Continuer",
    chooseBagsError: "Veuillez choisir combien de sacs nous devons ramasser.",
  });

  test("dates are in French and weeks start on Monday", async ({ page }) => {
    await resident(page, "semaine");
    await page.goto("/booking");
    const firstWeek = page.getByRole("group", { name: /^Semaine du / }).first();
    await expect(firstWeek).toBeVisible();
    // Slots run Monday to Saturday: a French week's first date is a Monday unless it is this week.
    const second = page.getByRole("group", { name: /^Semaine du / }).nth(1);
    await expect(second.locator("label").first()).toContainText("lun.");
  });

  test("the notices and the not-found page are in French", async ({ page }) => {
    await resident(page, "hors-zone", "K1A");
    await page.goto("/booking?addressMismatch=true");
    await expect(page.getByTestId("service-area-notice")).toContainText("Montréal seulement");
    await expect(page.getByRole("link", { name: "Mettre à jour mon adresse" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Rejoindre la liste d'attente" })).toBeVisible();
    await expect(page.getByTestId("toast")).toContainText("Adresse non desservie");
    const response = await page.goto("/confirmation?confirmationNumber=NOPE");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Demande de collecte introuvable" })).toBeVisible();
  });
});

// The JSON API does not depend on the page's JavaScript: run it once.
test.describe("pickup-slot API", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "API only");
  // Playwright's API requests do not send the locale as Accept-Language, and a request with no language
  // preference is answered in French: these assert English, so they ask for it.
  test.use({ extraHTTPHeaders: { "Accept-Language": "en-CA" } });

  test("lists the slots offered to a prefix and answers 400 for a bad one", async ({ page, playwright }) => {
    const anonymous = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const denied = await anonymous.get("/api/pickup-slots");
    expect(denied.status()).toBe(401);
    expect(await denied.json()).toHaveProperty("message");
    expect((await anonymous.get("/api/pickup-slots/1")).status()).toBe(401);
    await anonymous.dispose();

    await resident(page, "api-slots");
    const own = await page.request.get("/api/pickup-slots");
    expect(own.status()).toBe(200);
    const slots = (await own.json()) as Array<
      Record<string, unknown> & { serviceAreas: string[]; startsAt: string; pickupDate: string }
    >;
    expect(slots.length).toBeGreaterThan(10);
    for (const slot of slots) {
      expect(slot.serviceAreas).toContain("H2X");
      expect(Date.parse(slot.startsAt) - Date.now()).toBeGreaterThanOrEqual(24 * 3600 * 1000 - 60_000);
      expect(slot.pickupDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(["8:00 AM - 12:00 PM", "1:00 PM - 5:00 PM"]).toContain(slot.timeWindow);
    }
    expect(slots.map((s) => s.startsAt)).toEqual([...slots.map((s) => s.startsAt)].sort());

    const other = await page.request.get("/api/pickup-slots?fsa=h3z");
    expect(other.status()).toBe(200);
    expect(
      ((await other.json()) as Array<{ serviceAreas: string[] }>).every((s) => s.serviceAreas.includes("H3Z")),
    ).toBe(true);
    const unserved = await page.request.get("/api/pickup-slots?fsa=K1A");
    expect(await unserved.json()).toEqual([]);
    const invalid = await page.request.get("/api/pickup-slots?fsa=ZZZ");
    expect(invalid.status()).toBe(400);
    expect(await invalid.json()).toEqual({ message: "Invalid postal code" });

    const first = slots[0]!;
    const one = await page.request.get(`/api/pickup-slots/${first.id}`);
    expect(one.status()).toBe(200);
    expect(await one.json()).toEqual(first);
    const missing = await page.request.get("/api/pickup-slots/999999");
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toEqual({ message: "Pickup slot not found" });
    for (const bad of ["abc", "0", "-3", "1.5"]) {
      const response = await page.request.get(`/api/pickup-slots/${bad}`);
      expect(response.status()).toBe(400);
      expect(await response.json()).toEqual({ message: "Invalid pickup slot id" });
    }
  });
});
