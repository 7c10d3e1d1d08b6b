// The Change password form on /profile (issue 21, part 5), with JavaScript on and off, in English and
// French: the current password is required, a common or mismatched new password is refused in place,
// and a change keeps this browser signed in while the account's other sessions end.
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";
import { insertSession, interactive, PASSWORD, query } from "./helpers";

const sessionsOf = (userId: number) =>
  query<{ id: string }>("select id from sessions where user_id = ?", userId).map((row) => row.id);
const hashOf = (userId: number) =>
  query<{ password_hash: string }>("select password_hash from users where id = ?", userId)[0]!.password_hash;

test.describe("change password on the profile (English)", () => {
  test("wrong current, common and mismatched passwords are refused in place; a change signs out the other session only", async ({
    page,
    resident,
  }) => {
    // Another device of the same resident.
    await insertSession(resident.id);
    expect(sessionsOf(resident.id)).toHaveLength(2);
    const hashBefore = hashOf(resident.id);

    await page.goto("/profile");
    await interactive(page);
    const form = page.locator("section", { has: page.getByRole("heading", { name: "Change password" }) });
    await expect(form).toBeVisible();
    await page.screenshot({ path: test.info().outputPath("profile-change-password-en.png"), fullPage: true });
    const current = form.getByLabel("Current password");
    const next = form.getByLabel("New password", { exact: true });
    const confirm = form.getByLabel("Confirm new password");
    const submit = form.getByRole("button", { name: "Change password" });

    await current.fill("not-my-password");
    await next.fill("a-fresh-one-42");
    await confirm.fill("a-fresh-one-42");
    await submit.click();
    await expect(current).toHaveAttribute("aria-invalid", "true");
    await expect(form).toContainText("Your current password is not right");
    // Passwords are never written back into the page.
    await expect(current).toHaveValue("");

    await current.fill(PASSWORD);
    await next.fill("password");
    await confirm.fill("password");
    await submit.click();
    await expect(next).toHaveAttribute("aria-invalid", "true");
    await expect(form).toContainText("This password is one of the most common ones and easy to guess.");

    await current.fill(PASSWORD);
    await next.fill("a-fresh-one-42");
    await confirm.fill("a-fresh-one-43");
    await submit.click();
    await expect(confirm).toHaveAttribute("aria-invalid", "true");
    await expect(form).toContainText("Passwords don't match");
    expect(hashOf(resident.id)).toBe(hashBefore);
    expect(sessionsOf(resident.id)).toHaveLength(2);

    // axe runs inside the page: only with JavaScript on.
    if (test.info().project.use.javaScriptEnabled !== false) {
      const axe = await new AxeBuilder({ page }).include("main section").analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    }

    await current.fill(PASSWORD);
    await next.fill("a-fresh-one-42");
    await confirm.fill("a-fresh-one-42");
    await submit.click();
    await expect(page.getByTestId("toast")).toContainText("Password changed");
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("heading", { name: "Profile", level: 1 })).toBeVisible();
    expect(hashOf(resident.id)).not.toBe(hashBefore);
    // This browser's session stays; the other device's is gone.
    expect(sessionsOf(resident.id)).toHaveLength(1);
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/profile$/);

    // The new password signs in; the old one no longer does.
    const login = (password: string) =>
      page.request.post("/api/auth/login", { data: { email: resident.email, password } });
    expect((await login(PASSWORD)).status()).toBe(401);
    expect((await login("a-fresh-one-42")).status()).toBe(200);
  });
});

test.describe("change password on the profile (French)", () => {
  test.use({ locale: "fr-CA" });

  test("labels and messages in French", async ({ page, resident }) => {
    await page.goto("/profile");
    await interactive(page);
    const form = page.locator("section", { has: page.getByRole("heading", { name: "Changer le mot de passe" }) });
    await form.getByLabel("Mot de passe actuel").fill("pas-le-bon-1");
    await form.getByLabel("Nouveau mot de passe", { exact: true }).fill("qwerty");
    await form.getByLabel("Confirmez le nouveau mot de passe").fill("qwerty");
    await form.getByRole("button", { name: "Changer le mot de passe" }).click();
    await expect(form).toContainText("Votre mot de passe actuel n'est pas le bon");
    await page.screenshot({ path: test.info().outputPath("profile-change-password-fr.png"), fullPage: true });
    await form.getByLabel("Mot de passe actuel").fill(PASSWORD);
    await form.getByLabel("Nouveau mot de passe", { exact: true }).fill("qwerty");
    await form.getByLabel("Confirmez le nouveau mot de passe").fill("qwerty");
    await form.getByRole("button", { name: "Changer le mot de passe" }).click();
    await expect(form).toContainText("Ce mot de passe fait partie des plus courants");
    await form.getByLabel("Mot de passe actuel").fill(PASSWORD);
    await form.getByLabel("Nouveau mot de passe", { exact: true }).fill("tri-selectif-2026");
    await form.getByLabel("Confirmez le nouveau mot de passe").fill("tri-selectif-2026");
    await form.getByRole("button", { name: "Changer le mot de passe" }).click();
    await expect(page.getByTestId("toast")).toContainText("Mot de passe changé");
    expect(sessionsOf(resident.id)).toHaveLength(1);
  });
});
