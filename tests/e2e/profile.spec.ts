// /profile and PUT /api/auth/profile: every validation message, saving (postal code normalised, postal
// prefix updated), the booking step after it (checkout, or back to /booking on an address mismatch),
// and the street-address suggestions (with JavaScript a list under the field, without it a "Find my
// address" button; either way the picked address keeps its position). Runs with JavaScript on and off,
// in English and French.
import { expect, test, type Page } from "@playwright/test";
import { query, signedInResident } from "./helpers";

type UserRow = {
  first_name: string;
  last_name: string;
  street_address: string;
  unit: string;
  city: string;
  province: string;
  postal_code: string;
  postal_fsa: string;
};

function userRow(email: string): UserRow {
  return query<UserRow>(
    "select first_name, last_name, street_address, unit, city, province, postal_code, postal_fsa from users where email = ?",
    email.toLowerCase(),
  )[0]!;
}

function positionOf(email: string) {
  return query<{ latitude: number; longitude: number; position_approximate: number }>(
    "select latitude, longitude, position_approximate from users where email = ?",
    email.toLowerCase(),
  )[0];
}

/** A bookable slot with room (default slots serve every active prefix). */
function slotId(): number {
  const rows = query<{ id: number }>(
    "select id from pickup_slots where starts_at > ? and current_booked < max_capacity - 2 and closed = 0 order by starts_at limit 1",
    Date.now() + 2 * 86_400_000,
  );
  expect(rows, "the e2e database has slots ahead").toHaveLength(1);
  return rows[0]!.id;
}

/** A signed-in resident past onboarding, with the given postal prefix. */
function resident(page: Page, tag: string, postalFsa = "H2X") {
  return signedInResident(page, tag, postalFsa);
}

const EN = {
  heading: "Profile",
  firstName: "First name",
  lastName: "Last name",
  email: "Email",
  street: "Street address",
  unit: "Unit (optional)",
  city: "City",
  province: "Province",
  postal: "Postal code",
  save: "Save profile",
  saveBooking: "Save and proceed to checkout",
  updated: "Profile updated",
  missingBooking: "Missing booking information. Please try again.",
  errors: {
    name: "First name and last name are required",
    street: "Please enter your street address",
    city: "Please enter your city",
    postalRequired: "Please enter your postal code",
    postalInvalid: "Please enter a valid postal code (e.g., H4A 2B3)",
    postalNotServed: "We do not pick up in this postal area yet",
  },
  waitlist: (fsa: string) => `Join the waitlist for ${fsa}`,
};

const FR: typeof EN = {
  heading: "Profil",
  firstName: "Prénom",
  lastName: "Nom de famille",
  email: "Courriel",
  street: "Adresse",
  unit: "Appartement (facultatif)",
  city: "Ville",
  province: "Province",
  postal: "Code postal",
  save: "Enregistrer le profil",
  saveBooking: "Enregistrer et passer au paiement",
  updated: "Profil mis à jour",
  missingBooking: "Information de réservation manquante. Veuillez réessayer.",
  errors: {
    name: "Le prénom et le nom de famille sont requis",
    street: "Veuillez entrer votre adresse",
    city: "Veuillez entrer votre ville",
    postalRequired: "Veuillez entrer votre code postal",
    postalInvalid: "Veuillez entrer un code postal valide (p. ex. H4A 2B3)",
    postalNotServed: "Nous ne faisons pas encore de collectes dans ce secteur postal",
  },
  waitlist: (fsa: string) => `M’inscrire à la liste d’attente pour ${fsa}`,
};

type Address = { firstName: string; lastName: string; street: string; unit?: string; city: string; postal: string };

async function fillProfile(page: Page, L: typeof EN, a: Address) {
  await page.getByLabel(L.firstName, { exact: true }).fill(a.firstName);
  await page.getByLabel(L.lastName, { exact: true }).fill(a.lastName);
  await page.getByLabel(L.street, { exact: true }).fill(a.street);
  await page.getByLabel(L.unit, { exact: true }).fill(a.unit ?? "");
  await page.getByLabel(L.city, { exact: true }).fill(a.city);
  await page.getByLabel(L.postal, { exact: true }).fill(a.postal);
}

const fieldError = (page: Page, text: string) => page.locator("main .field-error").filter({ hasText: text });

for (const [lang, L] of [
  ["en", EN],
  ["fr", FR],
] as const) {
  test.describe(`profile in ${lang === "en" ? "English" : "French"}`, () => {
    test.use({ locale: lang === "en" ? "en-CA" : "fr-CA" });

    test("every missing or wrong field shows its message and nothing is stored", async ({ page }) => {
      const email = await resident(page, `profile-errors-${lang}`);
      await page.goto("/profile");
      await expect(page.getByRole("heading", { name: L.heading, exact: true })).toBeVisible();
      // E-mail shown, not editable; province defaults to Quebec; the postal code is capped at 7.
      await expect(page.getByLabel(L.email, { exact: true })).toHaveValue(email);
      await expect(page.getByLabel(L.email, { exact: true })).toHaveAttribute("readonly", "");
      await expect(page.getByLabel(L.province, { exact: true })).toHaveValue("QC");
      await expect(page.getByLabel(L.postal, { exact: true })).toHaveAttribute("maxlength", "7");

      await page.getByRole("button", { name: L.save }).click();
      await expect(fieldError(page, L.errors.name)).toHaveCount(2);
      await expect(fieldError(page, L.errors.street)).toBeVisible();
      await expect(fieldError(page, L.errors.city)).toBeVisible();
      await expect(fieldError(page, L.errors.postalRequired)).toBeVisible();
      await expect(page.getByLabel(L.firstName, { exact: true })).toHaveAttribute("aria-invalid", "true");

      // Only the last name missing, and a postal code that is not one.
      await fillProfile(page, L, {
        firstName: "Marie",
        lastName: "",
        street: "4350 Rue Saint-Denis",
        city: "Montréal",
        postal: "H2J 2L",
      });
      await page.getByRole("button", { name: L.save }).click();
      await expect(fieldError(page, L.errors.postalInvalid)).toBeVisible();
      await expect(fieldError(page, L.errors.name)).toHaveCount(1);
      await expect(page.getByLabel(L.lastName, { exact: true })).toHaveAttribute("aria-invalid", "true");
      await expect(fieldError(page, L.errors.street)).toHaveCount(0);
      // What was typed is still there.
      await expect(page.getByLabel(L.street, { exact: true })).toHaveValue("4350 Rue Saint-Denis");

      await page.getByLabel(L.lastName, { exact: true }).fill("Tremblay");
      await page.getByLabel(L.postal, { exact: true }).fill("123 456");
      await page.getByRole("button", { name: L.save }).click();
      await expect(fieldError(page, L.errors.postalInvalid)).toBeVisible();

      expect(userRow(email)).toMatchObject({ first_name: "", street_address: "", postal_code: "", postal_fsa: "H2X" });
    });

    test("saving normalises the postal code and moves the resident's postal prefix", async ({ page }) => {
      const email = await resident(page, `profile-save-${lang}`);
      await page.goto("/profile");
      await expect(page.getByRole("heading", { name: L.heading, exact: true })).toBeVisible();
      await fillProfile(page, L, {
        firstName: "Marie",
        lastName: "Tremblay",
        street: "4350 Rue Saint-Denis",
        unit: "3",
        city: "Montréal",
        postal: "h2j-2l1",
      });
      await page.getByRole("button", { name: L.save }).click();

      await expect(page.getByTestId("toast")).toContainText(L.updated);
      await expect(page.getByLabel(L.postal, { exact: true })).toHaveValue("H2J 2L1");
      await expect(page.getByLabel(L.firstName, { exact: true })).toHaveValue("Marie");
      expect(userRow(email)).toEqual({
        first_name: "Marie",
        last_name: "Tremblay",
        street_address: "4350 Rue Saint-Denis",
        unit: "3",
        city: "Montréal",
        province: "QC",
        postal_code: "H2J 2L1",
        postal_fsa: "H2J",
      });
    });

    test("inside a booking the button saves and goes on to checkout", async ({ page }) => {
      const email = await resident(page, `profile-booking-${lang}`);
      const id = slotId();
      await page.goto(`/profile?bags=2&slotId=${id}&price=18`);
      await expect(page.getByTestId("booking-summary")).toBeVisible();
      await fillProfile(page, L, {
        firstName: "Luc",
        lastName: "Gagnon",
        street: "5301 Boulevard Saint-Laurent",
        city: "Montréal",
        postal: "H2T1S5",
      });
      await page.getByRole("button", { name: L.saveBooking }).click();
      await expect(page).toHaveURL(new RegExp(`/checkout\\?bags=2&slotId=${id}&checkout=[\\w-]{22}$`));
      expect(userRow(email)).toMatchObject({ postal_code: "H2T 1S5", postal_fsa: "H2T" });
    });

    test("an address outside the service area is refused inside a booking, with its waitlist; nothing is saved, no redirect", async ({
      page,
    }) => {
      const email = await resident(page, `profile-unserved-${lang}`);
      const id = slotId();
      const before = userRow(email);
      await page.goto(`/profile?bagCount=1&slotId=${id}`);
      await expect(page.getByRole("button", { name: L.saveBooking })).toBeVisible();
      await fillProfile(page, L, {
        firstName: "Anne",
        lastName: "Roy",
        street: "80 Wellington Street",
        city: "Ottawa",
        postal: "K1A 0B1",
      });
      await page.getByLabel(L.province, { exact: true }).selectOption("ON");
      await page.getByRole("button", { name: L.saveBooking }).click();

      await expect(fieldError(page, L.errors.postalNotServed)).toBeVisible();
      await expect(page.getByRole("link", { name: L.waitlist("K1A") })).toHaveAttribute("href", "/postal-code?fsa=K1A");
      await expect(page).toHaveURL(/\/profile\?bagCount=1&slotId=\d+$/);
      expect(userRow(email)).toEqual(before);
    });

    test("booking parameters that are missing or wrong go back to booking", async ({ page }) => {
      await resident(page, `profile-missing-${lang}`);
      await page.goto(`/profile?bags=3&slotId=${slotId()}`);
      await expect(page).toHaveURL(/\/booking$/);
      await expect(page.getByTestId("toast").filter({ hasText: L.missingBooking })).toBeVisible();
      await page.goto("/profile?bags=2");
      await expect(page).toHaveURL(/\/booking$/);
    });
  });
}

test.describe("street address suggestions", () => {
  test("typing part of a street offers addresses; the one picked is saved with its position (a list with JavaScript, Find my address without)", async ({
    page,
  }, testInfo) => {
    const email = await resident(page, "profile-suggest");
    await page.goto("/profile");
    await expect(page.getByRole("heading", { name: "Profile", exact: true })).toBeVisible();
    const street = page.getByLabel("Street address", { exact: true });

    if (testInfo.project.name === "no-js") {
      // Without JavaScript it is a plain field the resident types into, with a button that looks it up.
      await expect(street).not.toHaveAttribute("role", "combobox");
      await expect(page.getByRole("listbox")).toHaveCount(0);
      await page.getByLabel("First name", { exact: true }).fill("Zoé");
      await page.getByLabel("Last name", { exact: true }).fill("Côté");
      await street.fill("2100 mont-royal");
      await page.getByRole("button", { name: "Find my address" }).click();
      // The page comes back (post, redirect, get) with what was typed and the addresses found.
      await expect(page.getByRole("heading", { name: "Is it one of these?" })).toBeVisible();
      await expect(page.getByLabel("First name", { exact: true })).toHaveValue("Zoé");
      expect(userRow(email).street_address).not.toBe("2100 Avenue du Mont-Royal Est");
      await page.getByRole("button", { name: /2100 Avenue du Mont-Royal Est/ }).click();
      await expect(page.getByTestId("toast")).toContainText("Profile updated");
      expect(userRow(email)).toMatchObject({
        first_name: "Zoé",
        street_address: "2100 Avenue du Mont-Royal Est",
        city: "Montréal",
        postal_code: "H2H 1J9",
        postal_fsa: "H2H",
      });
      expect(positionOf(email)).toEqual({ latitude: 45.5346, longitude: -73.5698, position_approximate: 0 });
      return;
    }

    await expect(street).toHaveAttribute("role", "combobox");
    await expect(street).toHaveAttribute("aria-expanded", "false");
    await street.pressSequentially("saint-denis", { delay: 20 });
    const list = page.getByRole("listbox", { name: "Address suggestions" });
    await expect(list).toBeVisible();
    await expect(street).toHaveAttribute("aria-expanded", "true");
    await expect(street).toHaveAttribute("aria-controls", (await list.getAttribute("id"))!);
    const options = list.getByRole("option");
    await expect(options.first()).toContainText("Rue Saint-Denis");

    // Keyboard: down twice, up once, Enter picks the first.
    await street.press("ArrowDown");
    await street.press("ArrowDown");
    await street.press("ArrowUp");
    await expect(options.first()).toHaveAttribute("aria-selected", "true");
    await expect(street).toHaveAttribute("aria-activedescendant", (await options.first().getAttribute("id"))!);
    await street.press("Enter");

    await expect(list).toBeHidden();
    await expect(street).toHaveValue("1430 Rue Saint-Denis");
    await expect(page.getByLabel("City", { exact: true })).toHaveValue("Montréal");
    await expect(page.getByLabel("Province", { exact: true })).toHaveValue("QC");
    await expect(page.getByLabel("Postal code", { exact: true })).toHaveValue("H2X 3J8");

    // A tap works too, and the picked address is what gets saved.
    await street.fill("");
    await street.pressSequentially("mont-royal est", { delay: 20 });
    await list.getByRole("option").filter({ hasText: "2100 Avenue du Mont-Royal Est" }).click();
    await expect(page.getByLabel("Postal code", { exact: true })).toHaveValue("H2H 1J9");
    // The pick's signed position travels with the form, so the save keeps its coordinates.
    await expect(page.locator('input[name="positionToken"]')).toHaveValue(/^[\w-]+\.[\w-]+$/);
    await expect(page.getByRole("button", { name: "Find my address" })).toHaveCount(0);
    await page.getByLabel("First name", { exact: true }).fill("Zoé");
    await page.getByLabel("Last name", { exact: true }).fill("Côté");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByTestId("toast")).toContainText("Profile updated");
    expect(userRow(email)).toMatchObject({
      street_address: "2100 Avenue du Mont-Royal Est",
      city: "Montréal",
      postal_fsa: "H2H",
    });
    expect(positionOf(email)).toEqual({ latitude: 45.5346, longitude: -73.5698, position_approximate: 0 });
  });
});

test.describe("profile API", () => {
  // Playwright's API requests do not send the locale as Accept-Language, and a request with no language
  // preference is answered in French: these assert English, so they ask for it.
  test.use({ extraHTTPHeaders: { "Accept-Language": "en-CA" } });
  const body = {
    firstName: "Paul",
    lastName: "Lévesque",
    streetAddress: "263 Rue Saint-Viateur Ouest",
    unit: "",
    city: "Montréal",
    province: "QC",
    postalCode: "h2v1y1",
  };

  test("PUT /api/auth/profile saves and answers the user; bad input is a 400 with the message", async ({ request }) => {
    const email = `api-profile-${Date.now().toString(36)}-${process.pid}@recircle-mail.ca`;
    const registered = await request.post("/api/auth/register", {
      data: { email, password: "recycle-42", postalFsa: "H2X" },
    });
    expect(registered.status()).toBe(201);

    const ok = await request.put("/api/auth/profile", { data: body });
    expect(ok.status()).toBe(200);
    const user = await ok.json();
    expect(user).toMatchObject({ ...body, email, postalCode: "H2V 1Y1", postalFsa: "H2V" });
    expect(user).not.toHaveProperty("passwordHash");

    // Every refused body also carries a new street: none of it may be stored.
    const refused = { ...body, streetAddress: "1 Rue Refusée" };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...refused, firstName: "" }, "First name and last name are required"],
      [{ ...refused, lastName: undefined }, "First name and last name are required"],
      [{ ...refused, streetAddress: " " }, "Please enter your street address"],
      [{ ...refused, city: "" }, "Please enter your city"],
      [{ ...refused, postalCode: "" }, "Please enter your postal code"],
      [{ ...refused, postalCode: "H2V 1Y" }, "Please enter a valid postal code (e.g., H4A 2B3)"],
    ];
    for (const [data, message] of cases) {
      const bad = await request.put("/api/auth/profile", { data });
      expect(bad.status(), message).toBe(400);
      expect(await bad.json()).toEqual({ message });
    }
    const french = await request.put("/api/auth/profile", {
      data: { ...refused, postalCode: "nope" },
      headers: { "Accept-Language": "fr-CA" },
    });
    expect(await french.json()).toEqual({ message: "Veuillez entrer un code postal valide (p. ex. H4A 2B3)" });
    // Nothing of the refused bodies was stored.
    expect(userRow(email)).toMatchObject({
      street_address: "263 Rue Saint-Viateur Ouest",
      postal_code: "H2V 1Y1",
      postal_fsa: "H2V",
    });

    expect((await request.post("/api/auth/profile", { data: body })).status()).toBe(405);
  });

  test("profile and address suggestions need a session", async ({ playwright, baseURL }) => {
    const visitor = await playwright.request.newContext({ baseURL });
    const put = await visitor.put("/api/auth/profile", { data: body });
    expect(put.status()).toBe(401);
    expect(await put.json()).toHaveProperty("message");
    expect((await visitor.get("/api/address-suggestions?q=saint-denis")).status()).toBe(401);
    await visitor.dispose();
  });

  test("GET /api/address-suggestions answers Canadian addresses", async ({ request }) => {
    const email = `api-suggest-${Date.now().toString(36)}-${process.pid}@recircle-mail.ca`;
    expect((await request.post("/api/auth/register", { data: { email, password: "recycle-42" } })).status()).toBe(201);
    const response = await request.get("/api/address-suggestions?q=rene%20levesque");
    expect(response.status()).toBe(200);
    const list = (await response.json()) as Array<Record<string, unknown>>;
    expect(list.length).toBeGreaterThan(0);
    expect(list[0]).toEqual({
      streetAddress: expect.stringContaining("René-Lévesque"),
      city: "Montréal",
      province: "QC",
      postalCode: expect.stringMatching(/^H\d[A-Z] \d[A-Z]\d$/),
      formatted_address: expect.stringContaining("Canada"),
      lat: expect.any(Number),
      lng: expect.any(Number),
      // Sent back with the picked address (PUT /api/auth/profile) so its coordinates are kept.
      positionToken: expect.stringMatching(/^[\w-]+\.[\w-]+$/),
    });
    expect(await (await request.get("/api/address-suggestions?q=re")).json()).toEqual([]);
  });
});
