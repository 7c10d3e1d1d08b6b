// Accounts: register, sign in, password reset, onboarding, and the user object the API returns.
import { and, eq, gt, isNull } from "drizzle-orm";
import { adminEmails, env } from "~/services/platform/config.server";
import { db, schema } from "~/services/platform/db.server";
import { sendEmail } from "~/services/platform/mailer.server";
import { hashPassword, randomToken, sha256, verifyPassword } from "./passwords.server";
import { destroyAllSessionsOf } from "./session.server";
import { now } from "~/lib/clock";
import { normalizeEmail } from "~/lib/email-rules";
import type { Language } from "~/lib/i18n";
import type { PublicUser } from "~/lib/user";
import type { User } from "../../../db/schema";

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export class AccountError extends Error {
  constructor(
    /** Translation key of the common namespace. */
    public readonly key: string,
    /** The English text the JSON API answers with. */
    message: string,
    public readonly status = 400,
  ) {
    super(message);
  }
}

/** Who may run the service: an account with the admin role (the /admin pages, /api/admin, the header link). */
export function isAdmin(user: Pick<User, "role"> | null | undefined): boolean {
  return user?.role === "admin";
}

export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    streetAddress: user.streetAddress,
    unit: user.unit,
    city: user.city,
    province: user.province,
    postalCode: user.postalCode,
    postalFsa: user.postalFsa,
    hasCompletedOnboarding: user.hasCompletedOnboarding,
    isAdmin: isAdmin(user),
  };
}

function findUserByEmail(email: string) {
  return db
    .select()
    .from(schema.users)
    .where(eq(schema.users.email, normalizeEmail(email)))
    .get();
}

function roleFor(email: string): "admin" | "resident" {
  return adminEmails().includes(email) ? "admin" : "resident";
}

export async function registerUser(input: {
  email: string;
  password: string;
  postalFsa?: string;
  locale: Language;
}): Promise<User> {
  const email = normalizeEmail(input.email);
  if (findUserByEmail(email)) {
    throw new AccountError("errors.userExists", "User already exists", 409);
  }
  const passwordHash = await hashPassword(input.password);
  try {
    return db
      .insert(schema.users)
      .values({
        email,
        passwordHash,
        role: roleFor(email),
        postalFsa: input.postalFsa ?? "",
        locale: input.locale,
        createdAt: now(),
      })
      .returning()
      .get();
  } catch (error) {
    // Two sign-ups of the same address at once: the unique index decides.
    if (String(error).includes("UNIQUE")) {
      throw new AccountError("errors.userExists", "User already exists", 409);
    }
    throw error;
  }
}

export async function verifyLogin(email: string, password: string): Promise<User> {
  const user = findUserByEmail(email);
  // Hash even for unknown addresses so response time does not reveal which accounts exist.
  const ok = user
    ? await verifyPassword(password, user.passwordHash)
    : (await verifyPassword(password, DUMMY_HASH), false);
  if (!user || !ok) {
    throw new AccountError("errors.invalidCredentials", "Invalid credentials", 401);
  }
  // ADMIN_EMAILS may be edited after the account exists.
  if (user.role !== "admin" && roleFor(user.email) === "admin") {
    db.update(schema.users).set({ role: "admin" }).where(eq(schema.users.id, user.id)).run();
    return { ...user, role: "admin" };
  }
  return user;
}

const DUMMY_HASH =
  "scrypt$16384$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==";

export function setUserLocale(userId: number, locale: Language) {
  db.update(schema.users).set({ locale }).where(eq(schema.users.id, userId)).run();
}

export function completeOnboarding(userId: number): User {
  return db
    .update(schema.users)
    .set({ hasCompletedOnboarding: true })
    .where(eq(schema.users.id, userId))
    .returning()
    .get();
}

/**
 * Sends a reset link when the address has an account. Answers the same either way so the form
 * cannot be used to find out who has an account.
 */
export async function requestPasswordReset(email: string, origin: string, locale: Language) {
  const user = findUserByEmail(email);
  if (!user) return;
  const token = randomToken(32);
  db.insert(schema.passwordResetTokens)
    .values({
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: now() + RESET_TOKEN_TTL_MS,
      createdAt: now(),
    })
    .run();
  const base = env.APP_URL ?? origin;
  await sendEmail({
    to: user.email,
    kind: "password-reset",
    locale,
    values: {
      link: `${base.replace(/\/$/, "")}/reset-password?token=${encodeURIComponent(token)}`,
      supportEmail: env.SUPPORT_EMAIL,
    },
  });
}

function usableToken(token: string) {
  return and(
    eq(schema.passwordResetTokens.tokenHash, sha256(token)),
    isNull(schema.passwordResetTokens.usedAt),
    gt(schema.passwordResetTokens.expiresAt, now()),
  );
}

function findUsableToken(token: string) {
  return db.select().from(schema.passwordResetTokens).where(usableToken(token)).get();
}

export function isResetTokenUsable(token: string | null | undefined): boolean {
  return Boolean(token && findUsableToken(token));
}

/** Sets the new password, spends the token and signs the account out everywhere, in one transaction. */
export async function resetPassword(token: string, newPassword: string): Promise<User> {
  const passwordHash = await hashPassword(newPassword);
  const user = db.transaction((tx) => {
    const row = tx.select().from(schema.passwordResetTokens).where(usableToken(token)).get();
    if (!row) return null;
    destroyAllSessionsOf(row.userId, tx);
    tx.update(schema.passwordResetTokens)
      .set({ usedAt: now() })
      .where(eq(schema.passwordResetTokens.userId, row.userId))
      .run();
    return tx.update(schema.users).set({ passwordHash }).where(eq(schema.users.id, row.userId)).returning().get();
  });
  if (!user) {
    throw new AccountError("errors.invalidResetLink", "Invalid or expired reset link", 400);
  }
  return user;
}

/** `npm run create-admin`: makes (or promotes) an admin account. */
export async function createAdmin(email: string, password: string): Promise<User> {
  const normalized = normalizeEmail(email);
  const existing = findUserByEmail(normalized);
  const passwordHash = await hashPassword(password);
  if (existing) {
    return db
      .update(schema.users)
      .set({ role: "admin", passwordHash })
      .where(eq(schema.users.id, existing.id))
      .returning()
      .get();
  }
  return db
    .insert(schema.users)
    .values({
      email: normalized,
      passwordHash,
      role: "admin",
      hasCompletedOnboarding: true,
      createdAt: now(),
    })
    .returning()
    .get();
}
