import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { setNow } from "~/lib/clock";
import {
  AccountError,
  completeOnboarding,
  createAdmin,
  isResetTokenUsable,
  registerUser,
  RESET_TOKEN_TTL_MS,
  requestPasswordReset,
  resetPassword,
  toPublicUser,
  verifyLogin,
} from "~/services/accounts/accounts.server";
import { db, schema } from "~/services/platform/db.server";
import { createUserSession, getUser } from "~/services/http/current-user.server";

let n = 0;
const email = () => `resident${++n}-${Date.now()}@bell.net`;

function tokenFromOutbox(to: string) {
  const row = db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, to)).all().at(-1)!;
  return { row, token: decodeURIComponent(row.text.match(/token=([^\s]+)/)![1]!) };
}

afterEach(() => setNow(null));

describe("registration and sign-in", () => {
  it("creates a resident with a hashed password and the prefix", async () => {
    const address = email();
    const user = await registerUser({
      email: address.toUpperCase(),
      password: "sorting-day-1",
      postalFsa: "H2X",
      locale: "fr",
    });
    expect(user.email).toBe(address);
    expect(user.passwordHash).not.toContain("sorting-day-1");
    expect(user.postalFsa).toBe("H2X");
    expect(user.role).toBe("resident");
    expect(toPublicUser(user)).not.toHaveProperty("passwordHash");
  });

  it("refuses a second account for the same address and stores nothing more", async () => {
    const address = email();
    await registerUser({ email: address, password: "sorting-day-1", locale: "en" });
    await expect(registerUser({ email: address, password: "other12", locale: "en" })).rejects.toMatchObject({
      key: "errors.userExists",
      status: 409,
    });
    expect(db.select().from(schema.users).where(eq(schema.users.email, address)).all()).toHaveLength(1);
  });

  it("verifies the password and refuses a wrong one or an unknown account alike", async () => {
    const address = email();
    await registerUser({ email: address, password: "sorting-day-1", locale: "en" });
    await expect(verifyLogin(address, "sorting-day-1")).resolves.toMatchObject({ email: address });
    await expect(verifyLogin(address, "secret2")).rejects.toBeInstanceOf(AccountError);
    await expect(verifyLogin(`nobody-${address}`, "sorting-day-1")).rejects.toMatchObject({
      key: "errors.invalidCredentials",
    });
  });

  it("a session cookie brings the user back; onboarding can be completed", async () => {
    const user = await registerUser({ email: email(), password: "sorting-day-1", locale: "en" });
    const headers = await createUserSession(user.id);
    const cookie = headers.get("Set-Cookie")!.split(";")[0]!;
    const request = new Request("http://localhost/", { headers: { Cookie: cookie } });
    expect((await getUser(request))?.id).toBe(user.id);
    expect(completeOnboarding(user.id).hasCompletedOnboarding).toBe(true);
  });

  it("create-admin makes an admin, or promotes an existing account", async () => {
    const address = email();
    await registerUser({ email: address, password: "sorting-day-1", locale: "en" });
    const admin = await createAdmin(address, "new-secret");
    expect(admin.role).toBe("admin");
    await expect(verifyLogin(address, "new-secret")).resolves.toMatchObject({ role: "admin" });
  });
});

describe("password reset", () => {
  it("e-mails a single-use link in the account's language and changes the password", async () => {
    const address = email();
    const user = await registerUser({ email: address, password: "sorting-day-1", locale: "fr" });
    const session = await createUserSession(user.id);
    await requestPasswordReset(address, "http://localhost:3000", "fr");
    const { row, token } = tokenFromOutbox(address);
    expect(row.subject).toBe("Réinitialisez votre mot de passe ReCircle");
    expect(row.text).toContain("http://localhost:3000/reset-password?token=");
    expect(isResetTokenUsable(token)).toBe(true);

    await resetPassword(token, "brand-new");
    await expect(verifyLogin(address, "brand-new")).resolves.toBeTruthy();
    await expect(verifyLogin(address, "sorting-day-1")).rejects.toBeInstanceOf(AccountError);
    // Used once, then never again; and the old sessions are gone.
    expect(isResetTokenUsable(token)).toBe(false);
    await expect(resetPassword(token, "again-1")).rejects.toMatchObject({ key: "errors.invalidResetLink" });
    const cookie = session.get("Set-Cookie")!.split(";")[0]!;
    expect(await getUser(new Request("http://localhost/", { headers: { Cookie: cookie } }))).toBeNull();
  });

  it("expires after one hour", async () => {
    const address = email();
    await registerUser({ email: address, password: "sorting-day-1", locale: "en" });
    const start = Date.UTC(2026, 10, 22, 15, 0, 0);
    setNow(start);
    await requestPasswordReset(address, "http://localhost", "en");
    const { token } = tokenFromOutbox(address);
    setNow(start + RESET_TOKEN_TTL_MS - 1);
    expect(isResetTokenUsable(token)).toBe(true);
    setNow(start + RESET_TOKEN_TTL_MS);
    expect(isResetTokenUsable(token)).toBe(false);
    await expect(resetPassword(token, "too-late")).rejects.toBeInstanceOf(AccountError);
  });

  it("says nothing and sends nothing for an unknown address", async () => {
    const address = email();
    await requestPasswordReset(address, "http://localhost", "en");
    expect(db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, address)).all()).toHaveLength(0);
  });
});
