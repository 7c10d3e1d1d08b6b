// Accounts: register, sign in, password reset, onboarding, and the user object the API returns.
import { and, eq, gt, isNull } from "drizzle-orm";
import { appUrl, env } from "~/services/platform/config.server";
import { db, durably, schema } from "~/services/platform/db.server";
import { eraseEmailBodies, queueEmail } from "~/services/platform/mailer.server";
import { isCommonPassword } from "./common-passwords.server";
import { appLink } from "./links.server";
import { queueWelcomeEmail } from "./email-confirmation.server";
import { dummyHash, hashPassword, needsRehash, newLinkToken, sha256, verifyPassword } from "./passwords.server";
import { offerPreauthorisedRole } from "./role-invitations.server";
import { destroyAllSessionsOf, destroyOtherSessionsOf } from "./session-rows.server";
import { now } from "~/lib/clock";
import { RETENTION } from "~/lib/retention";
import { normalizeEmail } from "~/lib/email-rules";
import { isDisposableAddress } from "./disposable-email.server";
import type { Language } from "~/lib/i18n";
import type { PublicUser } from "~/lib/user";
import type { User } from "../../../db/schema";

export const RESET_TOKEN_TTL_MS = RETENTION.resetLinkHours * 60 * 60 * 1000;

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

/** Who drives: an account with the driver role (the /driver page only, never an admin page). */
export function isDriver(user: Pick<User, "role"> | null | undefined): boolean {
  return user?.role === "driver";
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
    isDriver: isDriver(user),
    phone: user.phone,
    phoneVerified: user.phone !== null && user.phoneVerifiedAt !== null,
    remindersEnabled: user.remindersEnabled,
    reminderChannels: user.reminderChannels,
    alertsEnabled: user.alertsEnabled,
    dayAfterEnabled: user.dayAfterEnabled,
  };
}

export function findUserByEmail(email: string) {
  return db
    .select()
    .from(schema.users)
    .where(eq(schema.users.email, normalizeEmail(email)))
    .get();
}

/** The rule every new password follows besides the form's (length): not one of the most common ones. */
function assertPasswordAllowed(password: string) {
  if (isCommonPassword(password)) {
    throw new AccountError("errors.passwordCommon", "This password is too common", 400);
  }
}

export async function registerUser(input: {
  email: string;
  password: string;
  postalFsa?: string;
  locale: Language;
  /** The allowed origin of the request, for the link of an invitation (ADMIN_EMAILS); APP_URL wins. */
  origin?: string;
  /** A sign-up (page or API): the welcome e-mail with its "confirm your address" link goes with the account. */
  welcome?: boolean;
}): Promise<User> {
  const email = normalizeEmail(input.email);
  if (isDisposableAddress(email)) {
    throw new AccountError("errors.emailTemporary", "A disposable address", 400);
  }
  if (findUserByEmail(email)) {
    throw new AccountError("errors.userExists", "User already exists", 409);
  }
  assertPasswordAllowed(input.password);
  const passwordHash = await hashPassword(input.password);
  let user: User;
  try {
    // The account and its welcome e-mail (with the link that confirms the address) together.
    user = db.transaction((tx) => {
      const created = durably(
        tx
          .insert(schema.users)
          .values({
            email,
            passwordHash,
            // Never admin from here: an address of ADMIN_EMAILS is e-mailed an invitation below.
            role: "resident",
            postalFsa: input.postalFsa ?? "",
            locale: input.locale,
            createdAt: now(),
          })
          .returning(),
      );
      if (input.welcome) queueWelcomeEmail(tx, created, input.origin ?? appUrl());
      return created;
    });
  } catch (error) {
    // Two sign-ups of the same address at once: the unique index decides.
    if (String(error).includes("UNIQUE")) {
      throw new AccountError("errors.userExists", "User already exists", 409);
    }
    throw error;
  }
  offerPreauthorisedRole(user, input.origin);
  return user;
}

/** `origin`: the allowed origin of the request, for the link of an invitation (ADMIN_EMAILS); APP_URL wins. */
export async function verifyLogin(email: string, password: string, origin?: string): Promise<User> {
  const user = findUserByEmail(email);
  // Hash even for unknown addresses so response time does not reveal which accounts exist.
  const ok = user
    ? await verifyPassword(password, user.passwordHash)
    : (await verifyPassword(password, dummyHash()), false);
  if (!user || !ok) {
    throw new AccountError("errors.invalidCredentials", "Invalid credentials", 401);
  }
  // A hash made at an older (lower) cost is redone at today's now that the password is known.
  if (needsRehash(user.passwordHash)) {
    const passwordHash = await hashPassword(password);
    db.update(schema.users).set({ passwordHash }).where(eq(schema.users.id, user.id)).run();
    user.passwordHash = passwordHash;
  }
  // ADMIN_EMAILS may be edited after the account exists: it is invited, never promoted here.
  offerPreauthorisedRole(user, origin);
  return user;
}

export function setUserLocale(userId: number, locale: Language) {
  db.update(schema.users).set({ locale }).where(eq(schema.users.id, userId)).run();
}

export function completeOnboarding(userId: number): User {
  return durably(
    db.update(schema.users).set({ hasCompletedOnboarding: true }).where(eq(schema.users.id, userId)).returning(),
  );
}

/**
 * Queues a reset link when the address has an account. Answers the same either way, in the same time,
 * so the form cannot be used to find out who has an account: the e-mail is only written to the outbox
 * here and sent after the answer (mailer.server).
 */
export async function requestPasswordReset(email: string, origin: string, locale: Language) {
  purgeExpiredResetEmails();
  const user = findUserByEmail(email);
  if (!user) return;
  const { token, tokenHash } = newLinkToken();
  const expiresAt = now() + RESET_TOKEN_TTL_MS;
  // The token and its e-mail in one transaction; the e-mail is not sent once the link has expired.
  db.transaction((tx) => {
    tx.insert(schema.passwordResetTokens).values({ userId: user.id, tokenHash, expiresAt, createdAt: now() }).run();
    queueEmail(tx, {
      to: user.email,
      kind: "password-reset",
      locale,
      firstName: user.firstName,
      expiresAt,
      values: {
        link: appLink(origin, `/reset-password?token=${encodeURIComponent(token)}`),
        supportEmail: env.SUPPORT_EMAIL,
      },
    });
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

/** Reset e-mails whose link has expired lose their body (the link) in the outbox. */
export function purgeExpiredResetEmails() {
  eraseEmailBodies("password-reset", now() - RESET_TOKEN_TTL_MS);
}

/** Sets the new password, spends the token and signs the account out everywhere, in one transaction. */
export async function resetPassword(token: string, newPassword: string): Promise<User> {
  if (!findUsableToken(token)) {
    throw new AccountError("errors.invalidResetLink", "Invalid or expired reset link", 400);
  }
  assertPasswordAllowed(newPassword);
  const passwordHash = await hashPassword(newPassword);
  const user = db.transaction((tx) => {
    const row = tx.select().from(schema.passwordResetTokens).where(usableToken(token)).get();
    if (!row) return null;
    destroyAllSessionsOf(row.userId, tx);
    tx.update(schema.passwordResetTokens)
      .set({ usedAt: now() })
      .where(eq(schema.passwordResetTokens.userId, row.userId))
      .run();
    return durably(tx.update(schema.users).set({ passwordHash }).where(eq(schema.users.id, row.userId)).returning());
  });
  if (!user) {
    throw new AccountError("errors.invalidResetLink", "Invalid or expired reset link", 400);
  }
  return user;
}

/**
 * A signed-in resident changes their password: the current one must match, the new one follows the
 * sign-up rules. Every other session of the account ends; `keepSessionId` (the caller's own) stays.
 */
export async function changePassword(input: {
  userId: number;
  currentPassword: string;
  newPassword: string;
  keepSessionId: string | undefined;
}): Promise<User> {
  const user = db.select().from(schema.users).where(eq(schema.users.id, input.userId)).get();
  if (!user || !(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw new AccountError("errors.currentPasswordWrong", "The current password is not right", 400);
  }
  assertPasswordAllowed(input.newPassword);
  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction((tx) => {
    destroyOtherSessionsOf(user.id, input.keepSessionId, tx);
    return durably(tx.update(schema.users).set({ passwordHash }).where(eq(schema.users.id, user.id)).returning());
  });
}

/** The roles `npm run create-admin -- --role <role>` and an invitation give. */
export type OperatorRole = "admin" | "driver";

/** `npm run create-admin`: makes (or gives the role to) an admin account, or a driver's with `role`. */
export async function createAdmin(email: string, password: string, role: OperatorRole = "admin"): Promise<User> {
  const normalized = normalizeEmail(email);
  const existing = findUserByEmail(normalized);
  assertPasswordAllowed(password);
  const passwordHash = await hashPassword(password);
  if (existing) {
    return durably(
      db.update(schema.users).set({ role, passwordHash }).where(eq(schema.users.id, existing.id)).returning(),
    );
  }
  return durably(
    db
      .insert(schema.users)
      .values({
        email: normalized,
        passwordHash,
        role,
        hasCompletedOnboarding: true,
        createdAt: now(),
      })
      .returning(),
  );
}
