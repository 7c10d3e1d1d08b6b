// From visitor to account: the postal-area check (served, not served, no direct access, invalid),
// the waitlist, the tabbed /auth page carrying the prefix into the account, and their JSON API.
import { expect, test, type Page } from "@playwright/test";
import { insertResident, interactive, PASSWORD, query, uniqueEmail, userCount } from "./helpers";

type WaitlistRow = { name: string; email: string; fsa: string; reason: string; locale: string; updated_at: number };

function waitlistRows(email: string) {
  return query<WaitlistRow>(
    "select name, email, fsa, reason, locale, updated_at from waitlist_entries where email = ? order by fsa",
    email.toLowerCase(),
  );
}

function postalFsaOf(email: string) {
  return query<{ postal_fsa: string }>("select postal_fsa from users where email = ?", email.toLowerCase())[0]
    ?.postal_fsa;
}

const hasJs = () => test.info().project.name === "js";

/** With JavaScript the steps change without reloading the page: a mark left on window survives. */
async function markPage(page: Page) {
  if (hasJs()) await page.evaluate(() => Object.assign(window, { __samePage: true }));
}
async function expectSamePage(page: Page) {
  if (hasJs()) expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
}

/** A toast with this text (the page and the layout each have a toast area). */
const toast = (page: Page, text: string) => page.getByTestId("toast").filter({ hasText: text });

async function checkPrefix(page: Page, typed: string, check = "Check") {
  await interactive(page);
  await page.locator("#fsa").fill(typed);
  await page.getByRole("button", { name: check, exact: true }).click();
}

test.describe("postal check and sign-up in English", () => {
  test("a served area (H2X) with street access leads to /auth and the account gets the prefix", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "New user? Check your area" }).click();
    await expect(page.getByRole("heading", { name: "Check your area" })).toBeVisible();
    await expect(page).toHaveURL(/\/postal-code$/);
    await markPage(page);

    const field = page.getByLabel("First 3 characters of your postal code");
    const button = page.getByRole("button", { name: "Check", exact: true });
    if (hasJs()) {
      // Upper case as one types, cut to 3 characters, and no check before 3 characters.
      await expect(button).toBeDisabled();
      await field.pressSequentially("h2");
      await expect(field).toHaveValue("H2");
      await expect(button).toBeDisabled();
      await field.pressSequentially("x3k");
      await expect(field).toHaveValue("H2X");
      await expect(button).toBeEnabled();
    } else {
      await expect(button).toBeEnabled();
      // The server upper-cases and keeps the first 3 characters.
      await field.fill("h2x 3k2");
    }
    await button.click();

    await expect(page.getByRole("heading", { name: "Good news!" })).toBeVisible();
    await expect(page.getByTestId("postal-result")).toHaveText("Service is available for area code H2X.");
    await expect(page.getByRole("link", { name: "Check a different code" })).toBeVisible();
    await page.getByRole("link", { name: "Check building access" }).click();

    await expect(page.getByRole("heading", { name: "Building access" })).toBeVisible();
    await expect(page.getByText("Does your front door open directly on the street?")).toBeVisible();
    // Back returns to the result, then on to the question again.
    await page.getByRole("link", { name: "Back" }).click();
    await expect(page.getByRole("heading", { name: "Good news!" })).toBeVisible();
    await page.getByRole("link", { name: "Check building access" }).click();
    await expect(page.getByRole("heading", { name: "Building access" })).toBeVisible();
    await expect(page).toHaveURL(/\/postal-code\?fsa=H2X&step=access$/);
    await page.getByRole("link", { name: "Yes", exact: true }).click();

    await expect(page).toHaveURL(/\/auth\?postalCode=H2X$/);
    await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
    await expectSamePage(page);
    await expect(page.getByText("Service area: H2X")).toBeVisible();
    const email = uniqueEmail("h2x-signup");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();

    await expect(page).toHaveURL(/\/onboarding/);
    await expect(toast(page, "Account created")).toBeVisible();
    expect(userCount(email)).toBe(1);
    expect(postalFsaOf(email)).toBe("H2X");
  });

  test("a prefix we do not serve (K1A) offers the waitlist; joining again updates the entry", async ({ page }) => {
    await page.goto("/postal-code");
    await markPage(page);
    await checkPrefix(page, "k1a");
    await expect(page.getByRole("heading", { name: "Not available yet" })).toBeVisible();
    await expect(page.getByTestId("postal-result")).toContainText("service is not available for area code K1A");
    await expect(page.getByText("No direct access")).toHaveCount(0);

    const email = uniqueEmail("waitlist");
    const join = page.getByRole("button", { name: "Join the waitlist" });
    if (hasJs()) {
      await expect(join).toBeDisabled();
      await page.getByLabel("Name").fill("Marie Tremblay");
      await expect(join).toBeDisabled();
      await page.getByLabel("Email").fill(email);
      await expect(join).toBeEnabled();
    } else {
      await page.getByLabel("Name").fill("Marie Tremblay");
      await page.getByLabel("Email").fill(email);
    }
    await join.click();

    await expect(toast(page, "You are on the waitlist.")).toBeVisible();
    await expect(toast(page, "Success")).toBeVisible();
    // The page says what happened instead of offering the empty form again (issue 23 part 4).
    await expect(page.getByTestId("waitlist-joined")).toContainText(`You're on the list for K1A as ${email}.`);
    await expect(page.getByLabel("Name")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Not available yet" })).toBeVisible();
    let rows = waitlistRows(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Marie Tremblay", fsa: "K1A", reason: "Outside Service Area", locale: "en" });
    const firstUpdate = rows[0]!.updated_at;

    await page.getByRole("link", { name: "Sign up another e-mail address" }).click();
    await expect(page.getByLabel("Name")).toHaveValue("");
    await page.getByLabel("Name").fill("Marie T.");
    await page.getByLabel("Email").fill(email.toUpperCase());
    await page.getByRole("button", { name: "Join the waitlist" }).click();
    await expect(page.getByTestId("waitlist-joined")).toBeVisible();
    await expect.poll(() => waitlistRows(email)[0]?.name).toBe("Marie T.");
    rows = waitlistRows(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.updated_at).toBeGreaterThanOrEqual(firstUpdate);
    await expectSamePage(page);

    // Check a different code returns to an empty input step.
    await page.getByRole("link", { name: "Check a different code" }).click();
    await expect(page.getByLabel("First 3 characters of your postal code")).toHaveValue("");
    await expect(page).toHaveURL(/\/postal-code$/);
  });

  test("a served area without direct street access shows the no-direct-access result and its waitlist", async ({
    page,
  }) => {
    await page.goto("/postal-code");
    await checkPrefix(page, "H2X");
    await page.getByRole("link", { name: "Check building access" }).click();
    await expect(page.getByRole("heading", { name: "Building access" })).toBeVisible();
    await page.getByRole("link", { name: "No", exact: true }).click();

    await expect(page.getByRole("heading", { name: "Not available yet" })).toBeVisible();
    await expect(page.getByText("No direct access", { exact: true })).toBeVisible();
    await expect(page.getByTestId("postal-result")).toHaveText(
      "Sorry, we can only pick up from homes whose front door opens directly on the street. Join the waitlist and we will let you know if that changes.",
    );

    const email = uniqueEmail("no-access");
    await page.getByLabel("Name").fill("Sam Roy");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Join the waitlist" }).click();
    await expect(toast(page, "You are on the waitlist.")).toBeVisible();
    await expect(page.getByTestId("waitlist-joined")).toContainText("homes without direct street access");
    await expect(page.getByLabel("Email")).toHaveCount(0);
    await expect(page.getByText("No direct access", { exact: true })).toBeVisible();
    expect(waitlistRows(email)).toEqual([
      expect.objectContaining({ name: "Sam Roy", fsa: "H2X", reason: "No Direct Access" }),
    ]);
  });

  test("an invalid prefix shows the invalid-postal-code toast and stays on the input", async ({ page }) => {
    await page.goto("/postal-code");
    const cases = hasJs() ? ["D1A", "12A", "W1A"] : ["D1A", "12A", "", "H2"];
    for (const typed of cases) {
      await checkPrefix(page, typed);
      // The previous case's message is still on the page until this check's answer replaces it.
      await expect(page).toHaveURL(new RegExp(`[?&]fsa=${typed}(&|$)`));
      const shown = toast(page, "Invalid postal code");
      await expect(shown).toBeVisible();
      await expect(shown).toContainText("Please enter the first 3 characters of your postal code (e.g., H4A).");
      await expect(page.getByLabel("First 3 characters of your postal code")).toHaveValue(typed);
      await expect(page.getByRole("heading", { name: "Good news!" })).toHaveCount(0);
      await expect(page.getByRole("heading", { name: "Not available yet" })).toHaveCount(0);
    }
  });

  test("what is typed before the page is interactive is kept, and the buttons work once it is", async ({ page }) => {
    test.skip(!hasJs(), "about the moment JavaScript takes over");
    // Hold the app's scripts back, as a slow phone would, while the resident types.
    async function slowly(url: string, type: () => Promise<void>) {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/build\/.*\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(url, { waitUntil: "domcontentloaded" });
      await type();
      release();
      await interactive(page);
      await page.unrouteAll();
    }

    await slowly("/postal-code", () => page.locator("#fsa").fill("H2X"));
    await expect(page.locator("#fsa")).toHaveValue("H2X");
    await page.getByRole("button", { name: "Check", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Good news!" })).toBeVisible();

    const email = uniqueEmail("early-waitlist");
    await slowly("/postal-code?fsa=K1A", async () => {
      await page.getByLabel("Name").fill("Early Bird");
      await page.getByLabel("Email").fill(email);
    });
    await page.getByRole("button", { name: "Join the waitlist" }).click();
    await expect(toast(page, "Success")).toBeVisible();
    expect(waitlistRows(email)).toEqual([expect.objectContaining({ name: "Early Bird", fsa: "K1A" })]);
  });

  test("a waitlist e-mail that is not an address is refused and nothing is stored", async ({ page }) => {
    await page.goto("/postal-code?fsa=K1A");
    await page.getByLabel("Name").fill("Marie");
    await page.getByLabel("Email").fill("marie-at-home");
    await page.getByRole("button", { name: "Join the waitlist" }).click();
    await expect(page.getByText("Invalid email")).toBeVisible();
    await expect(toast(page, "Failed to add to waitlist")).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue("Marie");
    expect(waitlistRows("marie-at-home")).toHaveLength(0);
  });

  test("/auth tabs are links; sign-in there works and the already-registered banner points to it", async ({ page }) => {
    const email = uniqueEmail("auth-tabs");
    await insertResident({ email });

    await page.goto("/auth?postalCode=H2X");
    const tabs = page.getByRole("navigation", { name: "Sign up or sign in" });
    await expect(tabs.getByRole("link", { name: "Sign up" })).toHaveAttribute("aria-current", "page");
    await tabs.getByRole("link", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await expect(page).toHaveURL(/\/auth\?tab=signin&postalCode=H2X$/);
    await expect(tabs.getByRole("link", { name: "Sign in" })).toHaveAttribute("aria-current", "page");
    await tabs.getByRole("link", { name: "Sign up" }).click();
    await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
    await expect(page.getByText("Service area: H2X")).toBeVisible();

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(
      page.locator("main form [role=alert]").filter({ hasText: "This email address is already registered." }),
    ).toBeVisible();
    await expect(toast(page, "User exists")).toBeVisible();
    await page.getByRole("link", { name: "Sign in instead" }).click();
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await expect(page).toHaveURL(/\/auth\?tab=signin&postalCode=H2X$/);

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.locator("main form [role=alert]").filter({ hasText: "Invalid credentials" })).toBeVisible();
    await expect(toast(page, "Sign in failed")).toBeVisible();
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByTestId("header-email")).toHaveText(email);
    await expect(toast(page, "Signed in")).toBeVisible();

    // Signed in, /auth sends the resident home.
    await page.goto("/auth");
    await expect(page).not.toHaveURL(/\/auth/);
  });

  test("/auth refuses a prefix that is not Canadian and creates nothing", async ({ page }) => {
    test.skip(!hasJs(), "server check, run once");
    const email = uniqueEmail("bad-fsa");
    const response = await page.request.post("/auth?postalCode=D1A", {
      form: { intent: "signup", email, password: PASSWORD, confirmPassword: PASSWORD, postalFsa: "D1A" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
    expect(userCount(email)).toBe(0);
    const unknown = await page.request.post("/auth", { form: { intent: "other" }, maxRedirects: 0 });
    expect(unknown.status()).toBe(400);

    // A prefix in the link that is not Canadian is simply not carried.
    await page.goto("/auth?postalCode=D1A");
    await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
    await expect(page.getByText("Service area:")).toHaveCount(0);
  });
});

test.describe("vérification du secteur et inscription en français", () => {
  test.use({ locale: "fr-CA" });

  test("H2X desservi, porte sur la rue : inscription avec le secteur", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Nouvel utilisateur? Vérifiez votre secteur" }).click();
    await expect(page.getByRole("heading", { name: "Vérifiez votre secteur" })).toBeVisible();
    await checkPrefix(page, "h2x", "Vérifier");
    await expect(page.getByRole("heading", { name: "Bonne nouvelle!" })).toBeVisible();
    await expect(page.getByTestId("postal-result")).toHaveText("Le service est offert dans le secteur H2X.");
    await expect(page.getByRole("link", { name: "Vérifier un autre code" })).toBeVisible();
    await page.getByRole("link", { name: "Vérifier l'accès à l'immeuble" }).click();
    await expect(page.getByText("Votre porte d'entrée donne-t-elle directement sur la rue?")).toBeVisible();
    await page.getByRole("link", { name: "Oui", exact: true }).click();

    await expect(page).toHaveURL(/\/auth\?postalCode=H2X$/);
    await expect(page.getByRole("heading", { name: "Créez votre compte" })).toBeVisible();
    const email = uniqueEmail("fr-h2x");
    await page.getByLabel("Courriel").fill(email);
    await page.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirmer le mot de passe").fill(PASSWORD);
    await page.getByRole("button", { name: "Créer le compte" }).click();
    await expect(page).toHaveURL(/\/onboarding/);
    await expect(toast(page, "Compte créé")).toBeVisible();
    expect(postalFsaOf(email)).toBe("H2X");
  });

  test("K1A non desservi : liste d'attente en français, sans doublon", async ({ page }) => {
    await page.goto("/postal-code");
    await checkPrefix(page, "K1A", "Vérifier");
    await expect(page.getByRole("heading", { name: "Pas encore offert" })).toBeVisible();
    await expect(page.getByTestId("postal-result")).toContainText(
      "le service n'est pas encore offert dans le secteur K1A",
    );
    const email = uniqueEmail("fr-waitlist");
    for (const name of ["Gabrielle Côté", "Gabrielle"]) {
      await page.getByLabel("Nom").fill(name);
      await page.getByLabel("Courriel").fill(email);
      await page.getByRole("button", { name: "M'inscrire à la liste d'attente" }).click();
      await expect(toast(page, "Votre inscription à la liste d'attente est confirmée.")).toBeVisible();
      await expect(toast(page, "Succès")).toBeVisible();
      await expect(page.getByTestId("waitlist-joined")).toContainText(`Vous êtes inscrit pour le secteur K1A`);
      await expect.poll(() => waitlistRows(email)[0]?.name).toBe(name);
      await page.getByRole("link", { name: "Inscrire une autre adresse courriel" }).click();
    }
    expect(waitlistRows(email)).toEqual([
      expect.objectContaining({ fsa: "K1A", reason: "Outside Service Area", locale: "fr" }),
    ]);
  });

  test("porte sans accès direct : résultat signalé et raison enregistrée", async ({ page }) => {
    await page.goto("/postal-code?fsa=H2X&step=access");
    await expect(page.getByRole("heading", { name: "Accès à l'immeuble" })).toBeVisible();
    await page.getByRole("link", { name: "Non", exact: true }).click();
    await expect(page.getByText("Pas d'accès direct", { exact: true })).toBeVisible();
    await expect(page.getByTestId("postal-result")).toContainText(
      "dont la porte d'entrée donne directement sur la rue",
    );
    const email = uniqueEmail("fr-no-access");
    await page.getByLabel("Nom").fill("Luc");
    await page.getByLabel("Courriel").fill("pas-un-courriel");
    await page.getByRole("button", { name: "M'inscrire à la liste d'attente" }).click();
    await expect(page.getByText("Courriel invalide")).toBeVisible();
    await expect(toast(page, "Impossible de vous inscrire à la liste d'attente")).toBeVisible();
    await page.getByLabel("Courriel").fill(email);
    await page.getByRole("button", { name: "M'inscrire à la liste d'attente" }).click();
    await expect(toast(page, "Votre inscription à la liste d'attente est confirmée.")).toBeVisible();
    expect(waitlistRows(email)).toEqual([
      expect.objectContaining({ fsa: "H2X", reason: "No Direct Access", locale: "fr" }),
    ]);
  });

  test("un code invalide affiche le message en français", async ({ page }) => {
    await page.goto("/postal-code");
    await checkPrefix(page, "D1A", "Vérifier");
    const shown = toast(page, "Code postal invalide");
    await expect(shown).toBeVisible();
    await expect(shown).toContainText("Veuillez entrer les 3 premiers caractères de votre code postal (p. ex. H4A).");
    await expect(page.getByLabel("3 premiers caractères de votre code postal")).toHaveValue("D1A");
  });
});

// The JSON API does not depend on the page's JavaScript: run it once.
test.describe("service-area and waitlist API", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "API only");
  // API requests send no Accept-Language unless told: these assert the English messages (no preference is French).
  test.use({ extraHTTPHeaders: { "Accept-Language": "en-CA" } });

  test("GET /api/service-areas/{fsa} answers available and the upper-cased prefix", async ({ request }) => {
    for (const [fsa, available, expected] of [
      ["H2X", true, "H2X"],
      ["h4a", true, "H4A"],
      ["K1A", false, "K1A"],
      ["h7n", false, "H7N"],
    ] as const) {
      const response = await request.get(`/api/service-areas/${fsa}`);
      expect(response.status(), fsa).toBe(200);
      expect(await response.json()).toEqual({ available, fsa: expected });
    }
    for (const bad of ["D1A", "12A", "H2", "H2X3K2", "%20"]) {
      const response = await request.get(`/api/service-areas/${bad}`);
      expect(response.status(), bad).toBe(400);
      expect(await response.json()).toEqual({ message: "Invalid postal code" });
    }
    const french = await request.get("/api/service-areas/D1A", { headers: { "Accept-Language": "fr-CA" } });
    expect(await french.json()).toEqual({ message: "Code postal invalide" });
  });

  test("POST /api/waitlist stores once (201), updates on repeat (200) and refuses bad input", async ({ request }) => {
    const email = uniqueEmail("api-waitlist");
    const created = await request.post("/api/waitlist", {
      data: { email, name: "Alex", postal_code: "k1a", building_access: "Outside Service Area" },
    });
    expect(created.status()).toBe(201);
    const entry = await created.json();
    expect(entry).toMatchObject({ email, name: "Alex", postal_code: "K1A", building_access: "Outside Service Area" });
    expect(typeof entry.id).toBe("number");

    const updated = await request.post("/api/waitlist", {
      data: { email: email.toUpperCase(), name: "Alex B.", postal_code: "K1A", building_access: "No Direct Access" },
    });
    expect(updated.status()).toBe(200);
    expect(await updated.json()).toMatchObject({ id: entry.id, name: "Alex B.", building_access: "No Direct Access" });
    expect(waitlistRows(email)).toEqual([expect.objectContaining({ name: "Alex B.", reason: "No Direct Access" })]);

    const other = uniqueEmail("api-bad");
    const good = { email: other, name: "Robin", postal_code: "K1A", building_access: "Outside Service Area" };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...good, email: "" }, "Email is required"],
      [{ ...good, email: "robin-at-home" }, "Invalid email"],
      [{ ...good, name: "" }, "Name is required"],
      [{ ...good, name: undefined }, "Name is required"],
      [{ ...good, postal_code: "D1A" }, "Invalid postal code"],
      [{ ...good, postal_code: "12A" }, "Invalid postal code"],
      [
        { ...good, building_access: "Stairs only" },
        "Building access must be 'No Direct Access' or 'Outside Service Area'",
      ],
      [{ ...good, building_access: undefined }, "Building access must be 'No Direct Access' or 'Outside Service Area'"],
    ];
    for (const [data, message] of cases) {
      const response = await request.post("/api/waitlist", { data });
      expect(response.status(), JSON.stringify(data)).toBe(400);
      expect(await response.json()).toEqual({ message });
    }
    const malformed = await request.post("/api/waitlist", {
      data: "{not json",
      headers: { "Content-Type": "application/json" },
    });
    expect(malformed.status()).toBe(400);
    expect(await malformed.json()).toHaveProperty("message");
    expect((await request.get("/api/waitlist")).status()).toBe(405);
    expect(waitlistRows(other)).toHaveLength(0);

    const french = await request.post("/api/waitlist", {
      data: { ...good, name: " " },
      headers: { "Accept-Language": "fr-CA" },
    });
    expect(await french.json()).toEqual({ message: "Le nom est requis" });
  });
});
