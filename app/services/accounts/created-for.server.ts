// Issue 46 part 5, a resident who calls: the operator finds their account by e-mail or phone, or opens it
// for them. The account is written with its address (the booking needs it), who opened it (created_by_id;
// when: created_at) and no password anyone knows; in the same transaction the resident is e-mailed a link
// to choose their password (a reset token, only its hash kept, valid 72 hours) and the privacy notice.
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { env } from "~/services/platform/config.server";
import { db, durably, schema } from "~/services/platform/db.server";
import { eraseEmailBodies, queueEmail } from "~/services/platform/mailer.server";
import { AccountError, findUserByEmail } from "./accounts.server";
import { isDisposableAddress } from "./disposable-email.server";
import { appLink } from "./links.server";
import { hashPassword, newLinkToken, randomToken } from "./passwords.server";
import { now } from "~/lib/clock";
import { fsaOf } from "~/lib/postal";
import { phoneSearchDigits } from "~/lib/phone";
import type { AccountForInput } from "~/lib/book-for";
import type { User } from "../../../db/schema";

/** The set-password link of an account opened by an operator stays valid this long. */
const SET_PASSWORD_TTL_MS = 72 * 60 * 60 * 1000;

const u = schema.users;

/** The resident an operator looks for: by e-mail (exactly), else by phone (its digits); residents only. */
export function findResidentFor(text: string): User | null {
  const query = text.trim().slice(0, 254);
  if (!query) return null;
  const resident = (user: User | undefined) => (user && user.role === "resident" && !user.deletedAt ? user : null);
  if (query.includes("@")) return resident(findUserByEmail(query));
  const digits = phoneSearchDigits(query);
  if (!digits) return null;
  // Stored numbers are E.164 ("+15145550142"): the digits typed end one.
  const found = db
    .select()
    .from(u)
    .where(and(eq(u.role, "resident"), isNull(u.deletedAt), sql`substr(${u.phone}, -${digits.length}) = ${digits}`))
    .orderBy(asc(u.id))
    .get();
  return found ?? null;
}

/** A resident by id (the page's ?resident=), or null for anyone else. */
export function residentById(id: number): User | null {
  if (!Number.isInteger(id) || id < 1) return null;
  const user = db.select().from(u).where(eq(u.id, id)).get();
  return user && user.role === "resident" && !user.deletedAt ? user : null;
}

/**
 * Opens the account of a resident on the phone, by the operator `operatorId`: the profile as given, the
 * operator and the time recorded, the set-password link and the privacy notice e-mailed, all at once.
 * An address that has an account already is refused (the operator finds it instead).
 */
export async function createAccountFor(operatorId: number, input: AccountForInput, origin: string): Promise<User> {
  if (isDisposableAddress(input.email)) throw new AccountError("errors.emailTemporary", "A disposable address", 400);
  if (findUserByEmail(input.email)) throw new AccountError("bookfor:errors.accountExists", "User already exists", 409);
  // Nobody knows this password: the resident chooses theirs through the link.
  const passwordHash = await hashPassword(randomToken(24));
  const at = now();
  try {
    return db.transaction((tx) => {
      const user = durably(
        tx
          .insert(u)
          .values({
            email: input.email,
            passwordHash,
            role: "resident",
            firstName: input.firstName,
            lastName: input.lastName,
            streetAddress: input.streetAddress,
            unit: input.unit,
            city: input.city,
            province: input.province,
            postalCode: input.postalCode,
            postalFsa: fsaOf(input.postalCode),
            phone: input.phone,
            locale: input.locale,
            hasCompletedOnboarding: true,
            createdById: operatorId,
            createdAt: at,
          })
          .returning(),
      );
      const { token, tokenHash } = newLinkToken();
      const expiresAt = at + SET_PASSWORD_TTL_MS;
      tx.insert(schema.passwordResetTokens).values({ userId: user.id, tokenHash, expiresAt, createdAt: at }).run();
      queueEmail(tx, {
        to: user.email,
        kind: "account-opened-for-you",
        locale: user.locale,
        firstName: user.firstName,
        expiresAt,
        values: {
          email: user.email,
          link: appLink(origin, `/reset-password?token=${encodeURIComponent(token)}`),
          supportEmail: env.SUPPORT_EMAIL,
        },
      });
      return user;
    });
  } catch (error) {
    if (String(error).includes("UNIQUE")) {
      throw new AccountError("bookfor:errors.accountExists", "User already exists", 409);
    }
    throw error;
  }
}

/** Set-password e-mails whose link has expired lose their body (the link) in the outbox. */
export function purgeExpiredAccountOpenedEmails(at = now()) {
  eraseEmailBodies("account-opened-for-you", at - SET_PASSWORD_TTL_MS);
}
