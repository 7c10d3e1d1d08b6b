import { expect, test, type Page } from "@playwright/test";
import { insertResident, interactive, lastEmail, PASSWORD, query, uniqueEmail, userCount } from "./helpers";

test.describe("accounts in English", () => {
  test("a visitor signs up, signs out and signs in again", async ({ page }) => {
    const email = uniqueEmail("signup");
    await page.goto("/sign-up");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();

    // A new account starts on the onboarding guide.
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByTestId("toast")).toContainText("Account created");
    await expect(page.getByTestId("header-email")).toHaveText(email);
    expect(userCount(email)).toBe(1);

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByTestId("toast")).toContainText("Signed out");
    await expect(page.getByTestId("toast")).toContainText("Come back soon!");
    await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();

    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    // Onboarding was neither finished nor skipped, so the gate shows the guide again.
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByTestId("header-email")).toHaveText(email);
  });

  test("every bad sign-up input shows its message and creates nothing", async ({ page }) => {
    const cases: Array<{ email: string; password: string; confirm: string; message: string }> = [
      { email: "", password: PASSWORD, confirm: PASSWORD, message: "Email is required" },
      { email: "not-an-email", password: PASSWORD, confirm: PASSWORD, message: "Invalid email" },
      {
        email: "someone@mailinator.com",
        password: PASSWORD,
        confirm: PASSWORD,
        message: "This looks like a temporary address: please use one you will keep",
      },
      // Only in the maintained list of disposable domains: refused by the server, with the same reason.
      {
        email: "someone@maildrop.cc",
        password: PASSWORD,
        confirm: PASSWORD,
        message: "This looks like a temporary address: please use one you will keep",
      },
      {
        email: "someone@my-temp-box.ca",
        password: PASSWORD,
        confirm: PASSWORD,
        message: "This looks like a temporary address: please use one you will keep",
      },
      {
        email: "admin@videotron.ca",
        password: PASSWORD,
        confirm: PASSWORD,
        message: "This looks like a placeholder address (test@, admin@…): please use your own",
      },
      {
        email: uniqueEmail("short"),
        password: "abc",
        confirm: "abc",
        message: "Password must be at least 6 characters",
      },
      { email: uniqueEmail("mismatch"), password: PASSWORD, confirm: "different-1", message: "Passwords don't match" },
    ];
    for (const c of cases) {
      await page.goto("/sign-up");
      await page.getByLabel("Email").fill(c.email);
      await page.getByLabel("Password", { exact: true }).fill(c.password);
      await page.getByLabel("Confirm password").fill(c.confirm);
      await page.getByRole("button", { name: "Create account" }).click();
      await expect(page.getByText(c.message)).toBeVisible();
      if (c.email) expect(userCount(c.email)).toBe(0);
    }
    // The mismatch message sits on the confirmation field.
    await expect(page.getByLabel("Confirm password")).toHaveAttribute("aria-invalid", "true");
  });

  test("an address already registered gets the banner with a link to sign in", async ({ page }) => {
    const email = uniqueEmail("dupe");
    await insertResident({ email });
    await page.goto("/sign-up");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(
      page.locator("main form [role=alert]").filter({ hasText: "This email address is already registered." }),
    ).toBeVisible();
    await expect(page.getByTestId("toast")).toContainText("User exists");
    await page.getByRole("link", { name: "Sign in instead" }).click();
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    expect(userCount(email)).toBe(1);
  });

  test("a wrong password is refused with Invalid credentials", async ({ page }) => {
    const email = uniqueEmail("wrongpw");
    await insertResident({ email });
    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.locator("main form [role=alert]").filter({ hasText: "Invalid credentials" })).toBeVisible();
    await expect(page.getByTestId("toast")).toContainText("Sign in failed");
    // The e-mail is kept; the password is never written back into the page.
    await expect(page.getByLabel("Email")).toHaveValue(email);
    if (!test.info().project.use.javaScriptEnabled) await expect(page.getByLabel("Password")).toHaveValue("");

    await page.goto("/sign-in");
    await interactive(page);
    await page.getByLabel("Email").fill("");
    await page.getByLabel("Password").fill("");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Email is required");
    if (test.info().project.use.javaScriptEnabled) {
      // The first invalid field takes the focus, and a field's error goes once it is edited.
      await expect(page.getByLabel("Email")).toBeFocused();
      await page.getByLabel("Email").fill(email);
      await expect(page.getByText("Email is required")).toHaveCount(0);
      await expect(page.getByLabel("Email")).not.toHaveAttribute("aria-invalid", "true");
      await expect(page.getByText("Password is required")).toBeVisible();
    }
  });

  test("sign-in returns to the page named in redirect, and never leaves the site", async ({ page }) => {
    const email = uniqueEmail("redirect");
    await insertResident({ email });
    await page.goto("/sign-in?redirect=forgot-password%3Fsent%3Dx%40y.ca");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/forgot-password\?sent=/);

    // Already signed in, an unsafe target still lands at home.
    await page.goto("/sign-in?redirect=%2F%2Fevil.example.com");
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByTestId("header-email")).toHaveCount(0);
    await page.goto("/sign-in?redirect=%2F%2Fevil.example.com");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByTestId("header-email")).toHaveText(email);
    expect(new URL(page.url()).host).toBe(new URL(page.url()).host);
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
  });

  test("a forgotten password is reset through the e-mailed link, once", async ({ page }) => {
    const email = uniqueEmail("reset");
    await insertResident({ email });

    await page.goto("/sign-in");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
    await page.getByLabel("Email").fill("nope");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText("Invalid email")).toBeVisible();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("heading", { name: "Reset Link Sent!" })).toBeVisible();

    const mail = lastEmail(email);
    expect(mail?.subject).toBe("Reset your ReCircle password");
    const link = mail!.text.match(/https?:\/\/\S+reset-password\?token=\S+/)![0];
    const path = new URL(link).pathname + new URL(link).search;

    await page.goto(path);
    await page.getByLabel("New password", { exact: true }).fill("new-pass-1");
    await page.getByLabel("Confirm new password").fill("new-pass-2");
    await page.getByRole("button", { name: "Reset password" }).click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill("new-pass-1");
    await page.getByLabel("Confirm new password").fill("new-pass-1");
    await page.getByRole("button", { name: "Reset password" }).click();
    await expect(page.getByRole("heading", { name: "Password reset" })).toBeVisible();
    // Three seconds later the browser is on sign-in, with or without JavaScript.
    await expect(page).toHaveURL(/\/sign-in$/, { timeout: 8_000 });

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.locator("main form [role=alert]").filter({ hasText: "Invalid credentials" })).toBeVisible();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("new-pass-1");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByTestId("header-email")).toHaveText(email);

    // The link works once.
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "Invalid Reset Link" })).toBeVisible();
    await page.goto("/reset-password");
    await expect(page.getByRole("heading", { name: "Invalid Reset Link" })).toBeVisible();
  });
});

test.describe("accounts in French", () => {
  test.use({ locale: "fr-CA" });

  test("un visiteur crée un compte, se déconnecte et se reconnecte", async ({ page }) => {
    const email = uniqueEmail("fr-signup");
    await page.goto("/sign-up");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await page.getByLabel("Courriel").fill("pas-un-courriel");
    await page.getByLabel("Mot de passe", { exact: true }).fill("abc");
    await page.getByLabel("Confirmer le mot de passe").fill("abcd");
    await page.getByRole("button", { name: "Créer le compte" }).click();
    await expect(page.getByText("Courriel invalide")).toBeVisible();
    await expect(page.getByText("Le mot de passe doit contenir au moins 6 caractères")).toBeVisible();

    await page.getByLabel("Courriel").fill("test@videotron.ca");
    await page.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirmer le mot de passe").fill("autre-chose");
    await page.getByRole("button", { name: "Créer le compte" }).click();
    await expect(
      page.getByText("Cette adresse semble fictive (test@, admin@…) : veuillez utiliser la vôtre"),
    ).toBeVisible();
    await expect(page.getByText("Les mots de passe ne correspondent pas")).toBeVisible();
    expect(userCount("test@videotron.ca")).toBe(0);

    await page.getByLabel("Courriel").fill(email);
    await page.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirmer le mot de passe").fill(PASSWORD);
    await page.getByRole("button", { name: "Créer le compte" }).click();
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByTestId("toast")).toContainText("Compte créé");

    await page.getByRole("button", { name: "Se déconnecter" }).click();
    await expect(page.getByTestId("toast")).toContainText("Déconnecté");
    await page.goto("/sign-in");
    await page.getByLabel("Courriel").fill(email);
    await page.getByLabel("Mot de passe").fill("mauvais-mdp");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.locator("main form [role=alert]").filter({ hasText: "Identifiants invalides" })).toBeVisible();
    await page.getByLabel("Mot de passe").fill(PASSWORD);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByTestId("header-email")).toHaveText(email);
  });

  test("un mot de passe oublié se réinitialise par le lien reçu en français", async ({ page }) => {
    const email = uniqueEmail("fr-reset");
    await insertResident({ email });
    await page.goto("/sign-in");
    await page.getByRole("link", { name: "Mot de passe oublié?" }).click();
    await expect(page.getByRole("heading", { name: "Mot de passe oublié?" })).toBeVisible();
    await page.getByLabel("Courriel").fill(email);
    await page.getByRole("button", { name: "Envoyer le lien" }).click();
    await expect(page.getByRole("heading", { name: "Lien de réinitialisation envoyé!" })).toBeVisible();
    const mail = lastEmail(email);
    expect(mail?.subject).toBe("Réinitialisez votre mot de passe ReCircle");
    const link = new URL(mail!.text.match(/https?:\/\/\S+reset-password\?token=\S+/)![0]);
    await page.goto(link.pathname + link.search);
    await page.getByLabel("Nouveau mot de passe", { exact: true }).fill("nouveau-1");
    await page.getByLabel("Confirmer le nouveau mot de passe").fill("nouveau-1");
    await page.getByRole("button", { name: "Réinitialiser le mot de passe" }).click();
    await expect(page.getByRole("heading", { name: "Mot de passe réinitialisé" })).toBeVisible();
    await expect(page).toHaveURL(/\/sign-in$/, { timeout: 8_000 });
    await page.goto("/reset-password");
    await expect(page.getByRole("heading", { name: "Lien de réinitialisation invalide" })).toBeVisible();
  });
});

test.describe("language", () => {
  test("the switcher changes the language, ticks the current one, and remembers it", async ({ page }) => {
    await page.goto("/sign-in");
    await expect(page.locator("header summary")).toContainText("EN/FR");
    await expect(page.locator('header button[value="en"]')).toHaveAttribute("aria-current", "true");
    await page.locator("header details summary").click();
    await page.locator('header button[value="fr"]').click();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByTestId("toast")).toContainText("Langue modifiée");
    await expect(page.getByRole("heading", { name: "Se connecter" })).toBeVisible();
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.locator("header summary")).toContainText("FR/EN");
    await expect(page.locator('header button[value="fr"]')).toHaveAttribute("aria-current", "true");

    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("collectées à votre porte");

    await page.locator("header details summary").click();
    await page.locator('header button[value="en"]').click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByTestId("toast")).toContainText("Language changed");
  });

  test("unknown pages answer 404 with the not-found page", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });
});

// The honeypot: a field people never see (display:none, aria-hidden). A bot that fills it gets a clear 400
// and nothing is created: no account, no waitlist row, no reset e-mail. Works with JavaScript off.
test.describe("honeypot on the public forms", () => {
  const SPAM_EN = "Your form could not be sent: it looked like an automated submission.";
  const SPAM_FR = "Votre formulaire n'a pas pu être envoyé : il ressemblait à un envoi automatisé.";

  /** Fills the hidden trap as a bot would (a person cannot reach it), submits, and expects the 400. */
  async function submitAsBot(page: Page, button: string, message: string) {
    const trap = page.locator('input[name="rc_hp_field"]');
    await expect(trap).toBeHidden();
    await expect(trap).toHaveValue("");
    await trap.evaluate((input: HTMLInputElement) => {
      input.value = "https://cheap-pills.example";
    });
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: button }).click(),
    ]);
    expect(response.status()).toBe(400);
    await expect(page.locator("main form [role=alert]").filter({ hasText: message })).toBeVisible();
  }

  test("sign-up: a filled trap creates no account", async ({ page }) => {
    const email = uniqueEmail("bot-signup");
    await page.goto("/sign-up");
    await interactive(page);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await submitAsBot(page, "Create account", SPAM_EN);
    expect(userCount(email)).toBe(0);
    await expect(page.getByTestId("header-email")).toHaveCount(0);
  });

  test("waitlist: a filled trap stores no entry", async ({ page }) => {
    const email = uniqueEmail("bot-waitlist");
    await page.goto("/postal-code?fsa=K1A");
    await interactive(page);
    await page.getByLabel("Name").fill("Spam Bot");
    await page.getByLabel("Email").fill(email);
    await submitAsBot(page, "Join the waitlist", SPAM_EN);
    const rows = query<{ n: number }>("select count(*) as n from waitlist_entries where email = ?", email);
    expect(rows[0]!.n).toBe(0);
  });

  test("forgot-password: a filled trap sends no reset e-mail", async ({ page }) => {
    const email = uniqueEmail("bot-forgot");
    await insertResident({ email });
    await page.goto("/forgot-password");
    await interactive(page);
    await page.getByLabel("Email").fill(email);
    await submitAsBot(page, "Send reset link", SPAM_EN);
    expect(lastEmail(email)).toBeNull();
    await expect(page.getByRole("heading", { name: "Reset Link Sent!" })).toHaveCount(0);
  });

  test.describe("en français", () => {
    test.use({ locale: "fr-CA" });

    test("inscription : le piège rempli est refusé avec un message clair", async ({ page }) => {
      const email = uniqueEmail("bot-fr");
      await page.goto("/sign-up");
      await expect(page.locator("html")).toHaveAttribute("lang", "fr");
      await interactive(page);
      await page.getByLabel("Courriel").fill(email);
      await page.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
      await page.getByLabel("Confirmer le mot de passe").fill(PASSWORD);
      await submitAsBot(page, "Créer le compte", SPAM_FR);
      expect(userCount(email)).toBe(0);
    });
  });
});
