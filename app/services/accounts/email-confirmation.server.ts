// "Confirm your address" (issue 33 part 11): the welcome e-mail written with the new account carries a
// link valid for 24 hours and usable once; only its token's hash is stored (like a reset link). Following
// it marks the address confirmed. Until then the profile says so and can send a new link: at most one a
// minute and five a day, each new one replacing the last.
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { env } from "~/services/platform/config.server";
import { db, durably, schema, type Db, type Tx } from "~/services/platform/db.server";
import { queueEmail } from "~/services/platform/mailer.server";
import { now } from "~/lib/clock";
import { isLanguage } from "~/lib/i18n";
import type { User } from "../../../db/schema";
import { appLink } from "./links.server";
import { newLinkToken, sha256 } from "./passwords.server";

const CONFIRM_TTL_MS = 24 * 60 * 60 * 1000;
const CONFIRM_PATH = "/confirm-email";
const RESEND_GAP_MS = 60 * 1000;
const RESENDS_PER_DAY = 5;
const t = schema.emailConfirmationTokens;

/** A new link for `user` (earlier unused ones stop working) and its e-mail, in `tx`. */
export function queueWelcomeEmail(tx: Db | Tx, user: User, origin: string, at = now()) {
  tx.update(t)
    .set({ usedAt: at })
    .where(and(eq(t.userId, user.id), isNull(t.usedAt)))
    .run();
  const { token, tokenHash } = newLinkToken();
  const expiresAt = at + CONFIRM_TTL_MS;
  tx.insert(t).values({ userId: user.id, tokenHash, expiresAt, createdAt: at }).run();
  queueEmail(tx, {
    to: user.email,
    kind: "welcome",
    locale: isLanguage(user.locale) ? user.locale : "fr",
    firstName: user.firstName,
    expiresAt,
    values: {
      email: user.email,
      link: appLink(origin, `${CONFIRM_PATH}?token=${encodeURIComponent(token)}`),
      supportEmail: env.SUPPORT_EMAIL,
    },
  });
}

export type ConfirmResult = "confirmed" | "invalid";

/** Follows a link: a known, unused, unexpired token confirms its account's address, once. */
export function confirmEmail(token: string | null | undefined, at = now()): ConfirmResult {
  if (!token || token.length > 200) return "invalid";
  return db.transaction((tx) => {
    const spent = durably(
      tx
        .update(t)
        .set({ usedAt: at })
        .where(and(eq(t.tokenHash, sha256(token)), isNull(t.usedAt), gt(t.expiresAt, at)))
        .returning({ userId: t.userId }),
    );
    if (!spent) return "invalid";
    tx.update(schema.users)
      .set({ emailConfirmedAt: at })
      .where(and(eq(schema.users.id, spent.userId), isNull(schema.users.emailConfirmedAt)))
      .run();
    return "confirmed";
  });
}

export type ResendResult = "sent" | "alreadyConfirmed" | "tooSoon";

/** A new confirmation e-mail, unless the address is confirmed or links were asked for too often. */
export function resendConfirmation(user: User, origin: string, at = now()): ResendResult {
  if (user.emailConfirmedAt) return "alreadyConfirmed";
  return db.transaction(
    (tx) => {
      const recent = tx
        .select({ createdAt: t.createdAt })
        .from(t)
        .where(and(eq(t.userId, user.id), gt(t.createdAt, at - CONFIRM_TTL_MS)))
        .orderBy(desc(t.createdAt))
        .all();
      if (recent.length && (recent[0].createdAt > at - RESEND_GAP_MS || recent.length >= RESENDS_PER_DAY))
        return "tooSoon";
      queueWelcomeEmail(tx, user, origin, at);
      return "sent";
    },
    { behavior: "immediate" },
  );
}
