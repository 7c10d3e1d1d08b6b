// What a new resident trips on (issue 33, parts 3 and 5), JavaScript on and off, English and French:
// the landing page shows the prices with taxes, the categories and answers "will you take this?" without
// an account; an unserved postal prefix is never claimed as served nor saved as a pickup address, and
// its waitlist is offered; a postal code typed over the picked suggestion's is refused.
import { expect, test, type Page } from "@playwright/test";
import { query, signedInResident } from "./helpers";

type UserRow = { street_address: string; city: string; postal_code: string; postal_fsa: string };
const userRow = (email: string) =>
  query<UserRow>(
    "select street_address, city, postal_code, postal_fsa from users where email = ?",
    email.toLowerCase(),
  )[0]!;

const EN = {
  locale: "en-CA",
  prices: [
    /1 bag\s*\$11\.50 with taxes\s*\$10\.00 \+ GST and QST/,
    /2 bags\s*\$20\.70 with taxes/,
    /4 bags\s*\$36\.79 with taxes/,
  ],
  ask: "Will you take this?",
  askButton: "Ask",
  tv: { q: "TV", answer: "No, we do not take this: Televisions and monitors." },
  yes: { q: "old jeans", answer: "Yes, we take “old jeans”." },
  ecocentres: "Montréal’s écocentres",
  firstCategories: ["Batteries", "Electronics & Tech Waste", "Household Paint"],
  notServed: "We do not pick up in area H7N yet",
  weServe: "We serve area code",
  waitlistLink: "Join the waitlist for H7N",
  waitlistButton: "Join the waitlist",
  profile: {
    firstName: "First name",
    lastName: "Last name",
    street: "Street address",
    city: "City",
    postal: "Postal code",
    save: "Save profile",
    notServedError: "We do not pick up in this postal area yet",
    notSuggested: "This postal code is not the one of the address you picked",
    updated: "Profile updated",
  },
};

const FR: typeof EN = {
  locale: "fr-CA",
  prices: [
    /1 sac\s*11,50\s\$ taxes incluses\s*10,00\s\$ \+ TPS et TVQ/,
    /2 sacs\s*20,70\s\$ taxes incluses/,
    /4 sacs\s*36,79\s\$ taxes incluses/,
  ],
  ask: "Prenez-vous ceci?",
  askButton: "Demander",
  tv: { q: "télé", answer: "Non, nous ne prenons pas ceci : Téléviseurs et écrans." },
  yes: { q: "pile", answer: "Oui, nous le prenons : Piles et batteries domestiques." },
  ecocentres: "Les écocentres de Montréal",
  firstCategories: ["Piles et batteries", "Appareils électroniques et déchets technologiques", "Peinture domestique"],
  notServed: "Nous ne faisons pas encore de collectes dans le secteur H7N",
  weServe: "Nous desservons le secteur",
  waitlistLink: "M’inscrire à la liste d’attente pour H7N",
  waitlistButton: "M'inscrire à la liste d'attente",
  profile: {
    firstName: "Prénom",
    lastName: "Nom de famille",
    street: "Adresse",
    city: "Ville",
    postal: "Code postal",
    save: "Enregistrer le profil",
    notServedError: "Nous ne faisons pas encore de collectes dans ce secteur postal",
    notSuggested: "Ce code postal n’est pas celui de l’adresse choisie parmi les suggestions",
    updated: "Profil mis à jour",
  },
};

async function ask(page: Page, L: typeof EN, q: string) {
  await page.getByRole("searchbox", { name: L.ask }).fill(q);
  await page.getByRole("button", { name: L.askButton, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/\\?q=${encodeURIComponent(q).replace(/%20/g, "\\+")}$`));
}

for (const L of [EN, FR]) {
  test.describe(`new resident (${L.locale})`, () => {
    test.use({ locale: L.locale });

    test("the landing page shows the three prices with taxes and the categories, without signing in", async ({
      page,
    }) => {
      await page.goto("/");
      const prices = page.getByTestId("prices").locator("li");
      await expect(prices).toHaveCount(3);
      for (const [i, price] of L.prices.entries()) await expect(prices.nth(i)).toHaveText(price);
      const categories = page.getByTestId("categories").locator("li");
      await expect(categories).toHaveCount(12);
      await expect(categories.first()).toHaveText(L.firstCategories[0]!);
      await expect(categories.nth(1)).toHaveText(L.firstCategories[1]!);
      await expect(categories.nth(2)).toHaveText(L.firstCategories[2]!);
      // /materials itself stays behind sign-in.
      await page.goto("/materials");
      await expect(page).toHaveURL(/\/sign-in\?redirect=materials$/);
    });

    test("the landing page answers “will you take this?”: no with where to take it, yes, on the page itself", async ({
      page,
    }) => {
      await page.goto("/");
      await ask(page, L, L.tv.q);
      const no = page.locator("[data-answer=no]");
      await expect(no).toContainText(L.tv.answer);
      await expect(no.getByRole("link", { name: L.ecocentres })).toHaveAttribute(
        "href",
        "https://montreal.ca/lieux?mtl_content.lieux.installation.code=ECOC",
      );
      await expect(no.getByRole("link", { name: /Ça va où/ })).toHaveAttribute(
        "href",
        "https://www.recyc-quebec.gouv.qc.ca/citoyens/ca-va-ou",
      );
      await expect(page.getByRole("searchbox", { name: L.ask })).toHaveValue(L.tv.q);

      await ask(page, L, L.yes.q);
      await expect(page.locator("[data-answer=yes]")).toContainText(L.yes.answer);
      await expect(page.locator("[data-answer=no]")).toHaveCount(0);
    });

    test("/auth?postalCode=H7N says H7N is not served and offers its waitlist", async ({ page }) => {
      await page.goto("/auth?postalCode=H7N");
      await expect(page.getByText(L.notServed)).toBeVisible();
      await expect(page.locator("main")).not.toContainText(L.weServe);
      await page.getByRole("link", { name: L.waitlistLink }).click();
      await expect(page).toHaveURL(/\/postal-code\?fsa=H7N$/);
      await expect(page.getByRole("button", { name: L.waitlistButton })).toBeVisible();

      // A served prefix is still named as served.
      await page.goto("/auth?postalCode=h2x");
      await expect(page.locator("main")).toContainText(`${L.weServe} H2X`);
      await expect(page.getByText(L.notServed)).toHaveCount(0);
      // So does the plain sign-up page.
      await page.goto("/sign-up?postalCode=H7N");
      await expect(page.getByRole("link", { name: L.waitlistLink })).toHaveAttribute("href", "/postal-code?fsa=H7N");
    });

    test("the profile never saves an address outside the service area; it offers the waitlist", async ({ page }) => {
      const email = await signedInResident(page, `unserved-${L.locale}`);
      const before = userRow(email);
      await page.goto("/profile");
      await page.getByLabel(L.profile.firstName, { exact: true }).fill("Sophie");
      await page.getByLabel(L.profile.lastName, { exact: true }).fill("Roy");
      await page.getByLabel(L.profile.street, { exact: true }).fill("1 Boulevard des Laurentides");
      await page.getByLabel(L.profile.city, { exact: true }).fill("Laval");
      await page.getByLabel(L.profile.postal, { exact: true }).fill("H7N 1A1");
      await page.getByRole("button", { name: L.profile.save }).click();

      await expect(page.locator("main .field-error").filter({ hasText: L.profile.notServedError })).toBeVisible();
      await expect(page.getByRole("link", { name: L.waitlistLink })).toHaveAttribute("href", "/postal-code?fsa=H7N");
      await expect(page).toHaveURL(/\/profile$/);
      expect(userRow(email)).toEqual(before);
    });
  });
}

test("an address picked from the suggestions fills the postal code; another one typed over it is refused", async ({
  page,
}, testInfo) => {
  // The suggestions need JavaScript; without it the street is a plain field (profile.spec.ts).
  test.skip(testInfo.project.name === "no-js", "the address suggestions are a JavaScript combobox");
  const L = EN;
  const email = await signedInResident(page, "suggested-postal");
  const before = userRow(email);
  await page.goto("/profile");
  await page.getByLabel(L.profile.firstName, { exact: true }).fill("Sophie");
  await page.getByLabel(L.profile.lastName, { exact: true }).fill("Roy");
  const street = page.getByLabel(L.profile.street, { exact: true });
  await expect(street).toHaveAttribute("role", "combobox");
  await street.fill("");
  await street.pressSequentially("3450 saint-denis", { delay: 20 });
  await page.getByRole("option").filter({ hasText: "3450 Rue Saint-Denis" }).click();
  const postal = page.getByLabel(L.profile.postal, { exact: true });
  await expect(postal).toHaveValue("H2X 3L3");

  await postal.fill("H7N 1A1");
  await page.getByRole("button", { name: L.profile.save }).click();
  await expect(page.locator("main .field-error").filter({ hasText: L.profile.notSuggested })).toBeVisible();
  expect(userRow(email)).toEqual(before);

  // The suggestion's own postal code saves.
  await postal.fill("h2x3l3");
  await page.getByRole("button", { name: L.profile.save }).click();
  await expect(page.getByTestId("toast")).toContainText(L.profile.updated);
  expect(userRow(email)).toMatchObject({ street_address: "3450 Rue Saint-Denis", postal_code: "H2X 3L3" });
});
