import { expect, test, type Page } from "@playwright/test";
import { STAND_IN_IDENTITY as WHO } from "../../scripts/stand-in-identity.mjs";
import { insertResident, interactive, PASSWORD, signedInResident, uniqueEmail } from "./helpers";

/** A new resident (prefix H2X) past the onboarding guide, signed in in this browser context. */
function resident(page: Page, tag: string) {
  return signedInResident(page, tag);
}

const categoryList = (page: Page, name: string) => page.getByRole("list", { name }).locator(":scope > li");
/** The category names shown, in order. */
const shownNames = (page: Page) => page.locator("main summary [data-testid=material-name]");

test.describe("accepted materials in English", () => {
  test("a visitor is sent to sign in and comes back to /materials", async ({ page }) => {
    const email = uniqueEmail("mat-visitor");
    await insertResident({ email });

    await page.goto("/materials");
    await expect(page).toHaveURL(/\/sign-in\?redirect=materials$/);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();

    await expect(page).toHaveURL(/\/materials$/);
    await expect(page.getByRole("heading", { name: "Accepted materials" })).toBeVisible();
  });

  test("shows the 12 categories with icon, NOT ACCEPTED notes, numbered preparation and the booking button", async ({
    page,
  }) => {
    await resident(page, "mat-list");
    await page.goto("/materials");
    await expect(page.getByRole("heading", { name: "Accepted materials" })).toBeVisible();
    await expect(categoryList(page, "Material categories")).toHaveCount(12);
    // What residents bring most first (issue 33 part 12).
    await expect(shownNames(page)).toHaveText([
      "Batteries",
      "Electronics & Tech Waste",
      "Household Paint",
      "Textiles & Clothing",
      "Shoes",
      "Prescription Glasses & Sunglasses",
      "Plastic Toys",
      "Wine Corks",
      "Tennis Balls",
      "Office Supplies",
      "Chopsticks",
      "Architectural Items",
    ]);
    // Every category has its icon, drawn inline.
    await expect(page.locator("main summary svg[data-icon]")).toHaveCount(12);
    await expect(page.locator("#batteries summary svg[data-icon=battery]")).toBeVisible();
    await expect(page.locator("#wine_corks summary svg[data-icon=wine]")).toBeVisible();

    // Categories start closed and open without JavaScript (native <details>).
    const batteries = page.locator("#batteries");
    await expect(batteries.locator("ol")).toBeHidden();
    await batteries.locator("summary").click();
    const notAccepted = batteries.locator("p[data-not-accepted]");
    await expect(notAccepted).toBeVisible();
    await expect(notAccepted).toContainText("5 kg");
    await expect(notAccepted).toContainText("liquid electrolyte");
    const label = notAccepted.locator("strong");
    await expect(label).toHaveText("NOT ACCEPTED:");
    await expect(label).toHaveCSS("font-weight", "700");
    // The other paragraphs are plain text: "|" never shows.
    await expect(batteries).not.toContainText("|");
    await expect(batteries.locator("p:not([data-not-accepted])").first()).toContainText("AA, AAA, C, D, 9 V");

    await expect(batteries.getByText("How to prepare")).toBeVisible();
    const steps = batteries.locator("ol > li");
    await expect(steps).toHaveCount(4);
    await expect(steps.first()).toContainText("Cover the terminals");

    const book = page.getByRole("link", { name: "Schedule a pickup" });
    await expect(book).toHaveAttribute("href", "/booking");
    await book.click();
    await expect(page).toHaveURL(/\/booking$/);
  });

  test("the search box filters categories by name and description and can be cleared", async ({ page }) => {
    await resident(page, "mat-search");
    await page.goto("/materials");
    const box = page.getByLabel("Will you take this?");

    await box.fill("battery");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/materials\?q=battery$/);
    await expect(page.getByRole("status")).toContainText("match “battery”");
    const results = categoryList(page, "Material categories");
    // "battery" is the plural in the Batteries name, in Office Supplies' "calculators without batteries",
    // and in what Plastic Toys refuses ("toys still containing batteries"), which comes last, pointed out.
    await expect(shownNames(page)).toHaveText(["Batteries", "Office Supplies", "Plastic Toys"]);
    await expect(results.filter({ hasText: "In the not-accepted list" })).toHaveCount(1);
    await expect(results.nth(2)).toContainText("In the not-accepted list");

    // A word only found in a description, typed in capitals.
    await box.fill("TONER");
    await box.press("Enter");
    await expect(page).toHaveURL(/q=TONER$/);
    await expect(results).toHaveCount(1);
    await expect(results.first()).toContainText("Office Supplies");
    // A short result list opens by itself.
    await expect(results.first().locator("ol")).toBeVisible();

    await box.fill("zeppelin");
    await box.press("Enter");
    await expect(page.getByRole("heading", { name: "Nothing matches “zeppelin”" })).toBeVisible();
    await expect(page.getByText("what it does not accept")).toBeVisible();
    await expect(page.locator("#main").getByRole("link", { name: WHO.SUPPORT_EMAIL })).toHaveAttribute(
      "href",
      `mailto:${WHO.SUPPORT_EMAIL}`,
    );
    await page.getByRole("link", { name: "Clear search and see all categories" }).click();
    await expect(page).toHaveURL(/\/materials$/);
    await expect(results).toHaveCount(12);
    await expect(box).toHaveValue("");
  });

  test("everyday item names in either language find their category as accepted", async ({ page }) => {
    await resident(page, "mat-items");
    const results = categoryList(page, "Material categories");
    for (const [q, name] of [
      ["batteries", "Batteries"],
      ["pile AA", "Batteries"],
      ["cellulaire", "Electronics & Tech Waste"],
      ["vieux jeans", "Textiles & Clothing"],
    ]) {
      await page.goto(`/materials?q=${encodeURIComponent(q!)}`);
      await expect(shownNames(page).first(), q).toHaveText(name!);
      await expect(results.first(), q).not.toContainText("In the not-accepted list");
    }
    // The card says which everyday name matched, as the resident typed it.
    await expect(results.first().getByTestId("matched-items")).toHaveText("Includes: vieux jeans");
    // Typed FTS5 syntax is only text: an answer, never an error page.
    await page.goto(`/materials?q=${encodeURIComponent('"battery* NOT -:(')}`);
    await expect(page.getByRole("heading", { name: "Accepted materials" })).toBeVisible();
  });

  test("a search found only in the not-accepted list says so", async ({ page }) => {
    await resident(page, "mat-refused");
    await page.goto("/materials?q=lead-acid");
    const results = categoryList(page, "Material categories");
    await expect(results).toHaveCount(1);
    await expect(results.first()).toContainText("Batteries");
    await expect(results.first()).toContainText("In the not-accepted list");
    await expect(results.first().locator("p[data-not-accepted]")).toContainText("lead-acid");
  });

  test("with JavaScript the list follows the typing without a page reload", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "typing-as-you-search needs JavaScript");
    await resident(page, "mat-live");
    await page.goto("/materials");
    await expect(page.getByLabel("Will you take this?")).toBeVisible();
    // Typed before React hydrates (scripts load after the first paint), the letters have no listener yet.
    await interactive(page);
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
    await page.getByLabel("Will you take this?").pressSequentially("cork", { delay: 30 });
    await expect(page).toHaveURL(/\?q=cork$/);
    await expect(categoryList(page, "Material categories")).toHaveCount(1);
    await expect(page.locator("#wine_corks")).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  });

  test("home shows the service area and the two next steps; ?redirect= goes there", async ({ page }) => {
    await resident(page, "home");
    await page.goto("/");
    // A brand-new account is welcomed, not welcomed back (issue 33, part 6).
    await expect(page.getByRole("heading", { name: "Welcome!" })).toBeVisible();
    const area = page.getByTestId("service-area");
    await expect(area).toContainText("Your service area: H2X");
    await expect(area.locator("strong")).toHaveText("H2X");
    await expect(page.getByRole("link", { name: "View my pickup history" })).toHaveAttribute("href", "/history");
    await page.getByRole("link", { name: "Schedule a new pickup" }).click();
    await expect(page.getByRole("heading", { name: "Accepted materials" })).toBeVisible();
    await expect(page).toHaveURL(/\/materials$/);

    await page.goto("/?redirect=materials");
    await expect(page).toHaveURL(/\/materials$/);
    await expect(page.getByRole("heading", { name: "Accepted materials" })).toBeVisible();

    const history = await page.request.get("/?redirect=history", { maxRedirects: 0 });
    expect(history.status()).toBe(302);
    expect(history.headers()["location"]).toBe("/history");
    // Anything else stays home.
    await page.goto("/?redirect=https://elsewhere.example");
    await expect(page).toHaveURL(/\/\?redirect=/);
    // A brand-new account is welcomed, not welcomed back (issue 33, part 6).
    await expect(page.getByRole("heading", { name: "Welcome!" })).toBeVisible();
  });

  test("visitors keep the landing page, even with ?redirect=", async ({ page }) => {
    await page.goto("/?redirect=materials");
    await expect(page).toHaveURL(/\/\?redirect=materials$/);
    await expect(page.getByTestId("service-area")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
  });
});

test.describe("matières acceptées en français", () => {
  test.use({ locale: "fr-CA" });

  test("un visiteur passe par la connexion et revient à /materials", async ({ page }) => {
    const email = uniqueEmail("mat-visiteur");
    await insertResident({ email });

    await page.goto("/materials");
    await expect(page).toHaveURL(/\/sign-in\?redirect=materials$/);
    await expect(page.getByRole("heading", { name: "Se connecter" })).toBeVisible();
    await page.getByLabel("Courriel").fill(email);
    await page.getByLabel("Mot de passe").fill(PASSWORD);
    await page.getByRole("button", { name: "Se connecter" }).click();

    await expect(page).toHaveURL(/\/materials$/);
    await expect(page.getByRole("heading", { name: "Matières acceptées" })).toBeVisible();
  });

  test("affiche les 12 catégories, la mention NON ACCEPTÉ en gras et les étapes numérotées", async ({ page }) => {
    await resident(page, "mat-liste");
    await page.goto("/materials");
    await expect(page.getByRole("heading", { name: "Matières acceptées" })).toBeVisible();
    await expect(categoryList(page, "Catégories de matières")).toHaveCount(12);
    // What residents bring most first (issue 33 part 12).
    await expect(shownNames(page)).toContainText([
      "Piles et batteries",
      "Bouchons de liège",
      "Éléments architecturaux",
    ]);

    const batteries = page.locator("#batteries");
    await expect(batteries.locator("summary")).toContainText("Piles et batteries");
    await batteries.locator("summary").click();
    const notAccepted = batteries.locator("p[data-not-accepted]");
    await expect(notAccepted).toContainText("5 kg");
    await expect(notAccepted).toContainText("électrolyte liquide");
    await expect(notAccepted.locator("strong")).toHaveText("NON ACCEPTÉ :");
    await expect(notAccepted.locator("strong")).toHaveCSS("font-weight", "700");
    await expect(batteries.getByText("Comment préparer")).toBeVisible();
    await expect(batteries.locator("ol > li")).toHaveCount(4);
    await expect(batteries.locator("ol > li").first()).toContainText("Recouvrez les bornes");

    await expect(page.getByRole("link", { name: "Planifier une collecte" })).toHaveAttribute("href", "/booking");
  });

  test("la recherche ignore les accents et propose d’effacer", async ({ page }) => {
    await resident(page, "mat-recherche");
    await page.goto("/materials");
    const box = page.getByLabel("Acceptez-vous ceci?");
    const results = categoryList(page, "Catégories de matières");

    for (const q of ["liege", "liège"]) {
      await box.fill(q);
      await box.press("Enter");
      await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(q)}$`));
      await expect(results).toHaveCount(1);
      await expect(results.first()).toContainText("Bouchons de liège");
    }

    await box.fill("piles");
    await box.press("Enter");
    await expect(page).toHaveURL(/q=piles$/);
    // « piles » : le nom « Piles et batteries », les « calculatrices sans piles » des fournitures de bureau
    // et les jouets « contenant encore des piles », refusés.
    await expect(shownNames(page)).toHaveText(["Piles et batteries", "Fournitures de bureau", "Jouets en plastique"]);
    await expect(results.nth(2)).toContainText("Dans la liste des refus");
    await expect(results.first()).not.toContainText("Dans la liste des refus");

    // Une batterie endommagée n’est nommée que dans la liste des refus : elle y est signalée.
    await box.fill("batterie endommagée");
    await box.press("Enter");
    await expect(shownNames(page)).toHaveText(["Piles et batteries"]);
    await expect(results.first()).toContainText("Dans la liste des refus");

    // Le mot anglais trouve aussi la catégorie, affichée en français.
    await box.fill("cellphone");
    await box.press("Enter");
    await expect(shownNames(page).first()).toHaveText("Appareils électroniques et déchets technologiques");
    await expect(results.first().getByTestId("matched-items")).toHaveText("Comprend\u00a0: cellphone");

    await box.fill("zeppelin");
    await box.press("Enter");
    await expect(page.getByRole("heading", { name: "Aucun résultat pour « zeppelin »" })).toBeVisible();
    await page.getByRole("link", { name: "Effacer la recherche et voir toutes les catégories" }).click();
    await expect(results).toHaveCount(12);
  });

  test("l’accueil affiche le secteur et les deux boutons", async ({ page }) => {
    await resident(page, "accueil");
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Bienvenue!" })).toBeVisible();
    await expect(page.getByTestId("service-area")).toContainText("Votre secteur : H2X");
    await expect(page.getByRole("link", { name: "Planifier une nouvelle collecte" })).toHaveAttribute(
      "href",
      "/materials",
    );
    await expect(page.getByRole("link", { name: "Voir l’historique de mes collectes" })).toHaveAttribute(
      "href",
      "/history",
    );
    await page.goto("/?redirect=materials");
    await expect(page.getByRole("heading", { name: "Matières acceptées" })).toBeVisible();
  });
});

// The JSON API does not depend on the page's JavaScript: run it once.
test.describe("materials API", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "API only");

  test("GET /api/materials answers the 12 categories with the spec's fields, publicly, in the caller's language", async ({
    playwright,
    baseURL,
  }) => {
    const en = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { "Accept-Language": "en-CA,en;q=0.9" },
    });
    const response = await en.get("/api/materials");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/json");
    const list = (await response.json()) as Array<Record<string, unknown>>;
    expect(list).toHaveLength(12);
    for (const item of list) {
      for (const field of ["id", "category", "name", "description", "preparationNote", "icon", "color"]) {
        expect(item, field).toHaveProperty(field);
      }
      expect(typeof item.id).toBe("number");
    }
    const batteries = list.find((m) => m.category === "batteries")!;
    expect(batteries).toMatchObject({ name: "Batteries", icon: "battery", color: "yellow" });
    expect(batteries.description).toContain("NOT ACCEPTED:");

    const fr = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { "Accept-Language": "fr-CA,fr;q=0.9" },
    });
    const frList = (await (await fr.get("/api/materials")).json()) as Array<Record<string, unknown>>;
    expect(frList).toHaveLength(12);
    expect(frList.find((m) => m.category === "batteries")).toMatchObject({ name: "Piles et batteries" });

    const search = (await (await fr.get("/api/materials?q=liege")).json()) as Array<Record<string, unknown>>;
    expect(search.map((m) => m.category)).toEqual(["wine_corks"]);
    // Plurals and item names, the same search as the page's.
    const plural = (await (await en.get("/api/materials?q=batteries")).json()) as Array<Record<string, unknown>>;
    expect(plural[0]).toMatchObject({ category: "batteries", onlyInNotAccepted: false });
    await en.dispose();
    await fr.dispose();
  });
});
