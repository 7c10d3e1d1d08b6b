// Issue 42 part 11, on the admin server (JavaScript on, then off): an admin adds and edits a local partner
// at /admin/partners (1280×800), a refused form says why in the page's language; the onboarding's last
// slide lists the admins' partners, or says plainly there are none (390×844). English and French.
import { expect, test } from "@playwright/test";
import { signInAdmin } from "./admin-fixtures";
import { signInAs, uniqueEmail, writeDatabase } from "./helpers";

const TEXT = {
  en: {
    name: "Name",
    city: "City (optional)",
    website: "Website (optional)",
    batteries: "Batteries",
    fateEn: "What becomes of the material (English)",
    fateFr: "What becomes of the material (French)",
    add: "Add the partner",
    save: "Save the partner",
    empty: "No partner yet.",
    nameError: "Give the partner's name (at most 120 characters).",
    categoriesError: "Tick at least one material category the partner takes.",
    added: "Partner added:",
    saved: "Partner saved:",
    edit: (name: string) => `Edit ${name}`,
    slideEmpty: "We have no partners to show yet.",
    takes: "Takes: Batteries",
  },
  fr: {
    name: "Nom",
    city: "Ville (facultatif)",
    website: "Site Web (facultatif)",
    batteries: "Piles et batteries",
    fateEn: "Ce que devient la matière (anglais)",
    fateFr: "Ce que devient la matière (français)",
    add: "Ajouter le partenaire",
    save: "Enregistrer le partenaire",
    empty: "Aucun partenaire pour l'instant.",
    nameError: "Indiquez le nom du partenaire (au plus 120 caractères).",
    categoriesError: "Cochez au moins une catégorie de matières que le partenaire prend.",
    added: "Partenaire ajouté :",
    saved: "Partenaire enregistré :",
    edit: (name: string) => `Modifier ${name}`,
    slideEmpty: "Nous n'avons pas encore de partenaires à présenter.",
    takes: "Prend : Piles et batteries",
  },
} as const;

/** Both admin projects share this server's database: each test starts from no partner. */
function noPartners() {
  writeDatabase((db) => db.prepare("delete from partners").run());
}

for (const lang of ["en", "fr"] as const) {
  const text = TEXT[lang];
  test.describe(`partners (${lang})`, () => {
    test.use({ locale: lang === "fr" ? "fr-CA" : "en-CA" });

    test.describe("the admin page", () => {
      test.use({ viewport: { width: 1280, height: 800 } });

      test("an admin adds a partner, is told what is missing, and edits it", async ({ page }) => {
        noPartners();
        await signInAdmin(page.request);
        const response = await page.goto("/admin/partners");
        expect(response?.status()).toBe(200);
        await expect(page.getByTestId("partners-empty")).toContainText(text.empty);

        // Refused: no name, no category. The form comes back with what was typed.
        await page.getByLabel(text.city, { exact: true }).fill("Montréal");
        await page.getByRole("button", { name: text.add }).click();
        await expect(page.getByText(text.nameError)).toBeVisible();
        await expect(page.getByText(text.categoriesError)).toBeVisible();
        await expect(page.getByLabel(text.city, { exact: true })).toHaveValue("Montréal");
        await expect(page.getByTestId("partners-empty")).toBeVisible();

        const name = `Vélo-Récup ${lang} ${Date.now().toString(36)}`;
        await page.getByLabel(text.name, { exact: true }).fill(name);
        await page.getByLabel(text.website).fill("https://example.org/velo");
        await page.getByLabel(text.batteries, { exact: true }).check();
        await page.getByLabel(text.fateEn).fill("Batteries are sorted and their metals recovered.");
        await page.getByLabel(text.fateFr).fill("Les piles sont triées et leurs métaux récupérés.");
        await page.getByRole("button", { name: text.add }).click();
        await expect(page.getByTestId("toast")).toContainText(`${text.added} ${name}`);
        const row = page.getByTestId("partners-table").locator("tbody tr");
        await expect(row).toHaveCount(1);
        await expect(row).toContainText(name);
        await expect(row).toContainText("Montréal");
        await expect(row).toContainText(text.batteries);

        await page.getByRole("link", { name: text.edit(name) }).click();
        await expect(page).toHaveURL(/\/admin\/partners\?edit=\d+$/);
        await expect(page.getByLabel(text.name, { exact: true })).toHaveValue(name);
        await expect(page.getByLabel(text.batteries, { exact: true })).toBeChecked();
        await page.getByLabel(text.city, { exact: true }).fill("Laval");
        await page.getByRole("button", { name: text.save }).click();
        await expect(page.getByTestId("toast")).toContainText(`${text.saved} ${name}`);
        await expect(page).toHaveURL(/\/admin\/partners$/);
        await expect(row).toContainText("Laval");
        await expect(row).not.toContainText("Montréal");

        // A partner that is not there is a 404, not an empty form.
        expect((await page.goto("/admin/partners?edit=999999"))?.status()).toBe(404);
      });
    });

    test("the onboarding's last slide: plainly empty, then the admins' partner", async ({ page }) => {
      noPartners();
      await signInAs(page, { tag: `partners-slide-${lang}`, onboarded: false, locale: lang });
      await page.goto("/onboarding?slide=6");
      await expect(page.getByTestId("partners-empty")).toHaveText(new RegExp(`^${text.slideEmpty}`));
      await expect(page.getByTestId("partners")).toHaveCount(0);

      const name = `Boucle ${uniqueEmail(lang).slice(0, 12)}`;
      writeDatabase((db) =>
        db
          .prepare("insert into partners (name, city, website, categories, fate_en, fate_fr) values (?, ?, ?, ?, ?, ?)")
          .run(
            name,
            "Montréal",
            "https://example.org/boucle",
            JSON.stringify(["batteries"]),
            "Batteries are sorted and their metals recovered.",
            "Les piles sont triées et leurs métaux récupérés.",
          ),
      );
      await page.reload();
      const partners = page.getByTestId("partners");
      await expect(partners.getByRole("listitem")).toHaveCount(1);
      await expect(partners.getByRole("link", { name })).toHaveAttribute("href", "https://example.org/boucle");
      await expect(partners).toContainText("Montréal");
      await expect(partners).toContainText(
        lang === "fr"
          ? "Les piles sont triées et leurs métaux récupérés."
          : "Batteries are sorted and their metals recovered.",
      );
      await expect(partners).toContainText(text.takes);
      await expect(page.getByTestId("partners-empty")).toHaveCount(0);
      noPartners();
    });
  });
}
