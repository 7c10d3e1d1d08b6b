// README's demo accounts (`npm run seed -- --demo`): a resident who can book at once and an admin, made
// once, never in production.
import { describe, expect, it } from "vitest";
import { findUserByEmail, verifyLogin } from "~/services/accounts/accounts.server";
import { DEMO_ACCOUNTS, DemoRefusedError, seedDemoAccounts } from "~/services/ops/demo-accounts.server";
import { isProfileComplete } from "~/lib/profile";

describe("demo accounts", () => {
  it("are refused in production", async () => {
    await expect(seedDemoAccounts("production")).rejects.toBeInstanceOf(DemoRefusedError);
    expect(findUserByEmail(DEMO_ACCOUNTS.resident.email)).toBeUndefined();
  });

  it("make a resident ready to book and an admin, once", async () => {
    await seedDemoAccounts("development");
    const resident = findUserByEmail(DEMO_ACCOUNTS.resident.email)!;
    expect(resident).toMatchObject({ role: "resident", postalFsa: "H2X", hasCompletedOnboarding: true });
    expect(isProfileComplete(resident)).toBe(true);
    expect(findUserByEmail(DEMO_ACCOUNTS.admin.email)).toMatchObject({ role: "admin" });
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      await expect(verifyLogin(account.email, account.password)).resolves.toMatchObject({ email: account.email });
    }
    await seedDemoAccounts("development");
    expect(findUserByEmail(DEMO_ACCOUNTS.resident.email)!.id).toBe(resident.id);
  });
});
