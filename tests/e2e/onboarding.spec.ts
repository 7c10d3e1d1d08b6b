// The onboarding gate and the six-slide guide (/onboarding and /how-it-works), with and without JavaScript.
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { PASSWORD, query, registerViaApi, uniqueEmail } from "./helpers";

function onboarded(email: string): boolean {
  const rows = query<{ done: number }>(
    "select has_completed_onboarding as done from users where email = ?",
    email.toLowerCase(),
  );
  return rows[0]?.done === 1;
}

/**
 * With JavaScript a marker on window survives slide changes: they never reload the page. Waits for the
 * app to hydrate first, so the test does not click a link before the router owns it.
 */
async function markPage(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return;
  await page.waitForFunction(() => Boolean((window as unknown as { __remixRouter?: unknown }).__remixRouter));
  await page.evaluate(() => ((window as unknown as { __guideMarker: number }).__guideMarker = 42));
}
async function expectNoReload(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled)
    expect(await page.evaluate(() => (window as unknown as { __guideMarker?: number }).__guideMarker)).toBe(42);
}

test.describe("onboarding in English", () => {
  test("a new resident is sent to the guide from every page until they skip it", async ({ page }) => {
    const email = uniqueEmail("onb-skip");
    const user = await registerViaApi(page.request, email, "H2X", { onboarded: false });
    expect(user.hasCompletedOnboarding).toBe(false);

    for (const target of ["/", "/materials", "/how-it-works", "/history", "/no-such-page"]) {
      await page.goto(target);
      await expect(page).toHaveURL(/\/onboarding$/);
      await expect(page.getByRole("heading", { level: 1, name: "Getting started" })).toBeVisible();
    }
    await expect(page.getByTestId("guide-progress")).toHaveText("1 of 6");
    await expect(page.getByRole("heading", { level: 2, name: "Welcome to ReCircle" })).toBeVisible();

    // Links in the app shell lead back to the guide too.
    await page.getByRole("link", { name: "ReCircle home" }).click();
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByTestId("guide-progress")).toHaveText("1 of 6");

    await page.getByRole("link", { name: "Next" }).click();
    await expect(page.getByTestId("guide-progress")).toHaveText("2 of 6");
    await page.getByRole("button", { name: "Skip" }).click();
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
    await expect(page.getByTestId("header-email")).toHaveText(email);
    expect(onboarded(email)).toBe(true);

    // The gate is gone, and the guide itself now leads home.
    await page.goto("/materials");
    await expect(page).toHaveURL(/\/materials$/);
    await page.goto("/onboarding");
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
  });

  test("a resident who signs in before finishing onboarding lands on the guide, then goes through all six slides", async ({
    page,
    javaScriptEnabled,
  }) => {
    const email = uniqueEmail("onb-all");
    await registerViaApi(page.request, email, "H2X", { onboarded: false });
    await page.context().clearCookies();

    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByTestId("toast")).toContainText("Signed in");
    await expect(page.getByRole("heading", { level: 1, name: "Getting started" })).toBeVisible();
    await markPage(page, javaScriptEnabled);

    const titles = [
      "Welcome to ReCircle",
      "Mix and match",
      "Bag it up",
      "Book and leave it outside",
      "Change of plans?",
      "ReCircle in action",
    ];
    for (let n = 1; n <= 6; n += 1) {
      await expect(page.getByTestId("guide-progress")).toHaveText(`${n} of 6`);
      await expect(page.getByRole("heading", { level: 2, name: titles[n - 1] })).toBeVisible();
      await expect(page.getByRole("button", { name: "Skip" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Previous" })).toHaveCount(n === 1 ? 0 : 1);
      await expect(page.getByRole("link", { name: `Slide ${n}: ${titles[n - 1]}` })).toHaveAttribute(
        "aria-current",
        "step",
      );
      if (n < 6) await page.getByRole("link", { name: "Next" }).click();
    }
    await expect(page).toHaveURL(/\/onboarding\?slide=6$/);
    await expect(page.getByRole("link", { name: "Next" })).toHaveCount(0);
    // The circular-economy slide names the admins' partners: the list, or plainly none (other specs on this
    // server add partners; both states, one after the other, are tried on a server of their own in
    // partners-admin.spec.ts).
    await expect(page.getByRole("heading", { level: 3, name: "Our local partners" })).toBeVisible();
    const partners = page.getByTestId("partners");
    if ((await partners.count()) === 0) {
      await expect(page.getByTestId("partners-empty")).toContainText("We have no partners to show yet.");
    } else {
      await expect(partners.getByRole("listitem").first()).toBeVisible();
    }
    // Onboarding mode: no schedule button, "Done" reads "Get started".
    await expect(page.getByRole("link", { name: "Schedule my first pickup" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Done" })).toHaveCount(0);
    await expectNoReload(page, javaScriptEnabled);
    expect(onboarded(email)).toBe(false);

    await page.getByRole("button", { name: "Get started" }).click();
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
    expect(onboarded(email)).toBe(true);
  });

  test("a new account made on the sign-up page starts on the guide", async ({ page }) => {
    const email = uniqueEmail("onb-ui");
    await page.goto("/sign-up");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByTestId("toast")).toContainText("Account created");
    await expect(page.getByRole("heading", { level: 1, name: "Getting started" })).toBeVisible();
    await page.goto("/onboarding?slide=6");
    await page.getByRole("button", { name: "Get started" }).click();
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
    expect(onboarded(email)).toBe(true);
  });

  test("how it works: 'n of 6', next and previous, dots, and the last slide's buttons", async ({
    page,
    signIn,
    javaScriptEnabled,
  }) => {
    await signIn({ tag: "hiw" });
    await page.goto("/how-it-works");
    await expect(page.getByRole("heading", { level: 1, name: "How it works" })).toBeVisible();
    await markPage(page, javaScriptEnabled);
    const progress = page.getByTestId("guide-progress");
    await expect(progress).toHaveText("1 of 6");
    await expect(page.getByRole("button", { name: "Skip" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Previous" })).toHaveCount(0);

    await page.getByRole("link", { name: "Next" }).click();
    await expect(progress).toHaveText("2 of 6");
    await expect(page.getByRole("heading", { level: 2, name: "Mix and match" })).toBeVisible();
    await expect(page).toHaveURL(/\/how-it-works\?slide=2$/);
    await page.getByRole("link", { name: "Next" }).click();
    await expect(progress).toHaveText("3 of 6");
    await expect(page.getByText("Use a reusable grocery bag of 20 to 30 litres.")).toBeVisible();
    await expect(
      page.getByText(
        "Put your bags outside your front door by the start of your time window (8:00 AM or 1:00 PM) on pickup day.",
      ),
    ).toBeVisible();
    await page.getByRole("link", { name: "Previous" }).click();
    await expect(progress).toHaveText("2 of 6");

    const dot = page.getByRole("link", { name: "Slide 5: Change of plans?" });
    await expect(page.getByRole("navigation", { name: "Slides" }).getByRole("link")).toHaveCount(6);
    await expect(dot).toHaveAttribute("href", "/how-it-works?slide=5");
    await dot.click();
    await expect(progress).toHaveText("5 of 6");
    await expect(dot).toHaveAttribute("aria-current", "step");
    await expect(
      page.getByText("Cancelling costs a $2 fee plus tax ($2.30), taken from your refund.", { exact: false }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/how-it-works\?slide=5$/);
    await expectNoReload(page, javaScriptEnabled);

    // Slides are plain links: ?slide=3 opens the third.
    await page.goto("/how-it-works?slide=3");
    await expect(progress).toHaveText("3 of 6");
    await expect(page.getByRole("heading", { level: 2, name: "Bag it up" })).toBeVisible();

    await page.goto("/how-it-works?slide=6");
    await expect(progress).toHaveText("6 of 6");
    await expect(page.getByRole("heading", { level: 2, name: "ReCircle in action" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: "Our local partners" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Next" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Get started" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Schedule my first pickup" })).toHaveAttribute("href", "/materials");
    await page.getByRole("link", { name: "Done" }).click();
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);

    await page.goto("/how-it-works?slide=6");
    await page.getByRole("link", { name: "Schedule my first pickup" }).click();
    await expect(page).toHaveURL(/\/materials$/);
  });

  test("visitors read how it works, but are asked to sign in for onboarding", async ({ page }) => {
    await page.goto("/how-it-works");
    await expect(page).toHaveURL(/\/how-it-works$/);
    await expect(page.getByRole("heading", { level: 1, name: "How it works" })).toBeVisible();
    await page.goto("/onboarding");
    await expect(page).toHaveURL(/\/sign-in\?redirect=onboarding$/);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  });
});

test.describe("onboarding in French", () => {
  test.use({ locale: "fr-CA" });

  test("un nouveau résident voit le guide d'abord, puis le passe", async ({ page, javaScriptEnabled }) => {
    const email = uniqueEmail("onb-fr");
    await registerViaApi(page.request, email, "H2X", { onboarded: false });
    await page.goto("/");
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { level: 1, name: "Premiers pas" })).toBeVisible();
    await markPage(page, javaScriptEnabled);
    await expect(page.getByTestId("guide-progress")).toHaveText("1 sur 6");
    await expect(page.getByRole("heading", { level: 2, name: "Bienvenue chez ReCircle" })).toBeVisible();
    await page.getByRole("link", { name: "Suivant" }).click();
    await expect(page.getByTestId("guide-progress")).toHaveText("2 sur 6");
    await expect(page.getByRole("heading", { level: 2, name: "Mélangez les matières" })).toBeVisible();
    await page.getByRole("link", { name: "Précédent" }).click();
    await expect(page.getByTestId("guide-progress")).toHaveText("1 sur 6");
    await expectNoReload(page, javaScriptEnabled);
    await page.getByRole("button", { name: "Passer" }).click();
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
    expect(onboarded(email)).toBe(true);
  });

  test("un autre résident termine les six étapes avec « Commencer »", async ({ page }) => {
    const email = uniqueEmail("onb-fr-all");
    await registerViaApi(page.request, email, "H2X", { onboarded: false });
    await page.goto("/onboarding");
    for (let n = 1; n < 6; n += 1) {
      await expect(page.getByTestId("guide-progress")).toHaveText(`${n} sur 6`);
      await expect(page.getByRole("button", { name: "Passer" })).toBeVisible();
      await page.getByRole("link", { name: "Suivant" }).click();
    }
    await expect(page.getByTestId("guide-progress")).toHaveText("6 sur 6");
    await expect(page.getByRole("heading", { level: 2, name: "ReCircle en action" })).toBeVisible();
    await expect(page.getByText("Nos partenaires d'ici")).toBeVisible();
    await page.getByRole("button", { name: "Commencer" }).click();
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
    expect(onboarded(email)).toBe(true);
  });

  test("Comment ça marche : « n sur 6 », points, précédent et suivant, dernière étape", async ({ page, signIn }) => {
    await signIn({ tag: "hiw-fr" });
    await page.goto("/how-it-works");
    await expect(page.getByRole("heading", { level: 1, name: "Comment ça marche" })).toBeVisible();
    const progress = page.getByTestId("guide-progress");
    await expect(progress).toHaveText("1 sur 6");
    await page.getByRole("link", { name: "Étape 4 : Réservez et laissez-le dehors" }).click();
    await expect(progress).toHaveText("4 sur 6");
    await expect(page.getByText("1 sac 10 $, 2 sacs 18 $, 4 sacs 32 $, plus TPS et TVQ.")).toBeVisible();
    await page.getByRole("link", { name: "Suivant" }).click();
    await expect(progress).toHaveText("5 sur 6");
    await expect(page.getByRole("heading", { level: 2, name: "Changement de plans?" })).toBeVisible();
    await page.getByRole("link", { name: "Précédent" }).click();
    await expect(progress).toHaveText("4 sur 6");

    await page.goto("/how-it-works?slide=6");
    await expect(progress).toHaveText("6 sur 6");
    await expect(page.getByRole("link", { name: "Planifier ma première collecte" })).toHaveAttribute(
      "href",
      "/materials",
    );
    await page.getByRole("link", { name: "Terminé" }).click();
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
  });
});

// The JSON endpoint does not depend on the page's JavaScript: run it once.
test.describe("complete-onboarding API", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "API only");

  test("POST /api/auth/complete-onboarding answers 401 without a session and the updated user with one", async ({
    request,
  }) => {
    const anonymous = await request.post("/api/auth/complete-onboarding");
    expect(anonymous.status()).toBe(401);
    expect(typeof (await anonymous.json()).message).toBe("string");

    const email = uniqueEmail("onb-api");
    const registered = await registerViaApi(request, email, "h2x", { onboarded: false });
    expect(registered.hasCompletedOnboarding).toBe(false);
    expect((await (await request.get("/api/auth/me")).json()).hasCompletedOnboarding).toBe(false);

    const response = await request.post("/api/auth/complete-onboarding");
    expect(response.status()).toBe(200);
    const user = await response.json();
    expect(user).toMatchObject({ email, postalFsa: "H2X", hasCompletedOnboarding: true });
    expect(user).not.toHaveProperty("passwordHash");
    expect((await (await request.get("/api/auth/me")).json()).hasCompletedOnboarding).toBe(true);
    expect(onboarded(email)).toBe(true);

    // Calling it again is harmless; other methods are refused.
    expect((await request.post("/api/auth/complete-onboarding", { data: {} })).status()).toBe(200);
    const get = await request.get("/api/auth/complete-onboarding");
    expect(get.status()).toBe(405);
    expect(await get.json()).toHaveProperty("message");
  });
});
