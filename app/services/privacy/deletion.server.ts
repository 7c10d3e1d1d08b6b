// Delete my account (issue 34): asked with the password, refused while the truck is coming (a pickup
// Scheduled to start within 12 hours, or under way). Every later pickup is cancelled through the normal
// cancel path (refund, place freed, e-mail); then, in one transaction, the account is detached from what
// is kept for tax records and everything else that is the person's goes (anonymise.server), a last
// e-mail confirms it and the admin activity log records it without the address.
import { and, eq, gt } from "drizzle-orm";
import { verifyPassword } from "~/services/accounts/passwords.server";
import { cancelPickup } from "~/services/pickups/changes.server";
import { db, schema, type Tx } from "~/services/platform/db.server";
import { env } from "~/services/platform/config.server";
import { queueEmail } from "~/services/platform/mailer.server";
import type { PaymentProvider } from "~/services/payments/provider-types";
import { now } from "~/lib/clock";
import { isLanguage } from "~/lib/i18n";
import type { User } from "../../../db/schema";
import { detachAccount, lastOutboxId } from "./anonymise.server";

/** The truck is coming: no deletion while a pickup starts within this, or is under way. */
const TRUCK_COMING_MS = 12 * 60 * 60 * 1000;

export class PrivacyError extends Error {
  constructor(
    /** Translation key of the privacy namespace. */
    public readonly key: string,
    public readonly status = 400,
  ) {
    super(key);
  }
}

/** The account's Scheduled pickups whose window has not ended, with their slot's start. */
function scheduledAhead(userId: number, at: number) {
  return db
    .select({ id: schema.pickupRequests.id, startsAt: schema.pickupSlots.startsAt })
    .from(schema.pickupRequests)
    .innerJoin(schema.pickupSlots, eq(schema.pickupSlots.id, schema.pickupRequests.pickupSlotId))
    .where(
      and(
        eq(schema.pickupRequests.userId, userId),
        eq(schema.pickupRequests.status, "Scheduled"),
        gt(schema.pickupSlots.endsAt, at),
      ),
    )
    .all();
}

/** Why this account cannot be deleted now, or null. */
export function deletionRefusal(userId: number, at = now()): string | null {
  const coming = scheduledAhead(userId, at).some((p) => p.startsAt - at <= TRUCK_COMING_MS);
  return coming ? "delete.truckComing" : null;
}

/** What the confirmation page says: whether the deletion is refused now, and how many pickups it cancels. */
export function deletionPreview(userId: number, at = now()) {
  return { refusal: deletionRefusal(userId, at), cancels: scheduledAhead(userId, at).length };
}

/** Records the deletion in the admin activity log: the tombstone's number, never the address. */
function recordDeletion(
  tx: Tx,
  userId: number,
  action: "account.delete" | "account.expire",
  detail: object,
  at: number,
) {
  tx.insert(schema.adminActivity)
    .values({ adminUserId: userId, action, detail: JSON.stringify({ account: userId, ...detail }), createdAt: at })
    .run();
}

/**
 * Erases an account in one transaction (the resident's own deletion, or retention's): detached from the
 * kept rows, its own rows deleted, a tombstone left. `email` is queued to the old address after.
 */
export function eraseAccount(
  user: User,
  options: { action: "account.delete" | "account.expire"; detail: object; at: number; outboxUpTo?: number },
  email?: (tx: Tx) => void,
) {
  db.transaction((tx) => {
    const upTo = options.outboxUpTo ?? lastOutboxId(tx);
    detachAccount(tx, user, options.at, upTo);
    email?.(tx);
    recordDeletion(tx, user.id, options.action, options.detail, options.at);
  });
}

/**
 * The resident deletes their own account. Throws PrivacyError("delete.wrongPassword", 400) with the
 * wrong password (nothing changed) and PrivacyError("delete.truckComing", 409) while a pickup is coming.
 */
export async function deleteAccount(user: User, password: string, provider?: PaymentProvider) {
  if (user.deletedAt || !(await verifyPassword(password, user.passwordHash))) {
    throw new PrivacyError("delete.wrongPassword", 400);
  }
  const refusal = deletionRefusal(user.id);
  if (refusal) throw new PrivacyError(refusal, 409);
  // Messages already in the outbox for this address go with the account; those written from here on
  // (the cancellations' and the confirmation) are sent, and their bodies erased once sent.
  const outboxUpTo = lastOutboxId(db);
  const later = scheduledAhead(user.id, now());
  for (const pickup of later) await cancelPickup(user, pickup.id, provider);
  const locale = isLanguage(user.locale) ? user.locale : "fr";
  eraseAccount(user, { action: "account.delete", detail: { cancelled: later.length }, at: now(), outboxUpTo }, (tx) =>
    queueEmail(tx, {
      to: user.email,
      kind: "account-deleted",
      locale,
      firstName: user.firstName,
      values: { cancelled: later.length, supportEmail: env.SUPPORT_EMAIL },
    }),
  );
  return { cancelled: later.length };
}
