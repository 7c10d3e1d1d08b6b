// `npm run seed -- --demo`: a resident and an admin to try the app with on a local run (README). The
// resident has a complete Montréal address in a served area and has seen the guide, so booking works at
// once. Idempotent; refused in production, where accounts are made by signing up and by create-admin.
import { eq } from "drizzle-orm";
import { createAdmin, findUserByEmail, registerUser } from "~/services/accounts/accounts.server";
import { db, schema } from "~/services/platform/db.server";
import { now } from "~/lib/clock";

export const DEMO_ACCOUNTS = {
  resident: { email: "resident@demo.recircle.ca", password: "demo-pickup-2026" },
  admin: { email: "admin@demo.recircle.ca", password: "demo-operator-2026" },
} as const;

export class DemoRefusedError extends Error {}

/** Creates whichever demo account is missing; returns the accounts' addresses and passwords. */
export async function seedDemoAccounts(nodeEnv = process.env.NODE_ENV) {
  if (nodeEnv === "production") throw new DemoRefusedError("Demo accounts are for local runs only.");
  const { resident, admin } = DEMO_ACCOUNTS;
  if (!findUserByEmail(resident.email)) {
    const user = await registerUser({ ...resident, postalFsa: "H2X", locale: "en" });
    db.update(schema.users)
      .set({
        firstName: "Sophie",
        lastName: "Tremblay",
        streetAddress: "3450 Rue Saint-Denis",
        unit: "2",
        city: "Montréal",
        province: "QC",
        postalCode: "H2X 3L3",
        hasCompletedOnboarding: true,
        emailConfirmedAt: now(),
      })
      .where(eq(schema.users.id, user.id))
      .run();
  }
  if (!findUserByEmail(admin.email)) await createAdmin(admin.email, admin.password);
  return DEMO_ACCOUNTS;
}
