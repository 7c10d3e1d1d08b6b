// Delete my account (issue 34; issue 43 parts 5 and 7): asked with the password, refused while the truck is
// coming (a pickup Scheduled to start within 12 hours, or under way). In one transaction: every coming
// pickup is cancelled and refunded in full, without the $2.30 fee (pickups/cancel-on-deletion: its place
// freed, no e-mail of its own), the account is de-identified (deidentify.server: kept tax rows detached
// column by column, its own rows, outbox e-mails and texts deleted, its provider customers set to be
// deleted), a last e-mail confirms it to the address before it is erased (the only message after the
// deletion, written once, in this transaction), and the admin activity log records it without the
// address. After the commit the refunds are sent and the customers deleted at the provider; what the
// provider misses is asked again (reconcile hourly for refunds, the retention job daily for customers).
import { and, eq, sql } from "drizzle-orm";
import { verifyPassword } from "~/services/accounts/passwords.server";
import { deletePendingCustomers } from "~/services/payments/customers.server";
import { paymentProvider } from "~/services/payments/provider.server";
import type { PaymentProvider } from "~/services/payments/provider-types";
import { cancelComingWithoutFee, comingPickups, sendRefundsInFull } from "~/services/pickups/cancel-on-deletion.server";
import { cancelHeldPayments, detachCards, stopPlansInTx } from "~/services/plans/manage.server";
import { db, schema, type Tx } from "~/services/platform/db.server";
import { env } from "~/services/platform/config.server";
import { queueEmail } from "~/services/platform/mailer.server";
import { now } from "~/lib/clock";
import { isLanguage } from "~/lib/i18n";
import { RETENTION } from "~/lib/retention";
import type { User } from "../../../db/schema";
import { detachAccount } from "./deidentify.server";

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

/** Why this account cannot be deleted now, or null. */
export function deletionRefusal(userId: number, at = now(), tx: Pick<Tx, "select"> = db): string | null {
  const coming = comingPickups(tx, userId, at).some((p) => p.startsAt - at <= TRUCK_COMING_MS);
  return coming ? "delete.truckComing" : null;
}

/** What the confirmation page says: whether the deletion is refused now, and how many pickups it cancels. */
export function deletionPreview(userId: number, at = now()) {
  return { refusal: deletionRefusal(userId, at), cancels: comingPickups(db, userId, at).length };
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

type EraseOptions = { action: "account.delete" | "account.expire"; detail: object; at: number };

/**
 * Issue 46 part 5: the places still held for the account's phone bookings (unpaid links) given back before
 * its phone_bookings rows go with the account (deidentify's owned tables), so no place stays taken.
 */
function releasePhoneHolds(tx: Tx, userId: number) {
  const pb = schema.phoneBookings;
  const held = tx
    .select({ slotId: pb.slotId })
    .from(pb)
    .where(and(eq(pb.userId, userId), eq(pb.status, "held")))
    .all();
  for (const { slotId } of held) {
    tx.update(schema.pickupSlots)
      .set({ currentBooked: sql`max(${schema.pickupSlots.currentBooked} - 1, 0)` })
      .where(eq(schema.pickupSlots.id, slotId))
      .run();
  }
}

/** Erases an account in the caller's transaction: de-identified, a tombstone left, `email` written after. */
function eraseInTx(tx: Tx, user: User, options: EraseOptions, email?: (tx: Tx) => void) {
  releasePhoneHolds(tx, user.id);
  detachAccount(tx, user, options.at);
  email?.(tx);
  recordDeletion(tx, user.id, options.action, options.detail, options.at);
}

/**
 * Erases an account in one transaction (retention's deletion of an unused account): de-identified, a
 * tombstone left. Its customers at the providers are deleted by the retention job's run.
 */
export function eraseAccount(user: User, options: EraseOptions) {
  db.transaction(
    (tx) => {
      // Its plans stop (issue 45); the customer's deletion at the provider removes its saved cards there.
      stopPlansInTx(tx, user.id, null, options.at);
      eraseInTx(tx, user, options);
    },
    { behavior: "immediate" },
  );
}

/**
 * The resident deletes their own account. Throws PrivacyError("delete.wrongPassword", 400) with the
 * wrong password (nothing changed) and PrivacyError("delete.truckComing", 409) while a pickup is coming.
 */
export async function deleteAccount(user: User, password: string, provider: PaymentProvider = paymentProvider()) {
  if (user.deletedAt || !(await verifyPassword(password, user.passwordHash))) {
    throw new PrivacyError("delete.wrongPassword", 400);
  }
  const at = now();
  const done = db.transaction(
    (tx) => {
      // Read again inside the write lock: a second deletion at once finds a tombstone.
      const current = tx.select().from(schema.users).where(eq(schema.users.id, user.id)).get();
      if (!current || current.deletedAt) throw new PrivacyError("delete.wrongPassword", 400);
      const refusal = deletionRefusal(user.id, at, tx);
      if (refusal) throw new PrivacyError(refusal, 409);
      const { cancelled, refunding } = cancelComingWithoutFee(tx, user.id, at);
      // Issue 45: every plan stops and a held cycle's place goes back to its slot; its open payment is
      // cancelled and the saved cards detached at the provider after the commit.
      const { cards, openPayments } = stopPlansInTx(tx, user.id, null, at);
      const customers = tx
        .select({ id: schema.paymentCustomers.customerId })
        .from(schema.paymentCustomers)
        .where(eq(schema.paymentCustomers.userId, user.id))
        .all()
        .map((row) => row.id);
      const locale = isLanguage(current.locale) ? current.locale : "fr";
      eraseInTx(tx, current, { action: "account.delete", detail: { cancelled: cancelled.length }, at }, (tx) =>
        queueEmail(tx, {
          to: current.email,
          kind: "account-deleted",
          locale,
          firstName: current.firstName,
          values: {
            cancelled: cancelled.length,
            taxYears: RETENTION.taxRecordYears,
            backupDays: RETENTION.backupDays,
            supportEmail: env.SUPPORT_EMAIL,
          },
        }),
      );
      return { cancelled: cancelled.length, refunding, customers, cards, openPayments };
    },
    { behavior: "immediate" },
  );
  // The account is deleted: what follows never fails the deletion. A refund or a customer the provider
  // misses stays owed in the database (refund_status, customer_deletions) for the reconcile and retention.
  try {
    await sendRefundsInFull(provider, done.refunding);
    await cancelHeldPayments(done.openPayments, provider);
    await detachCards(done.cards, provider, at);
    if (done.customers.length) await deletePendingCustomers(provider, { customerIds: done.customers });
  } catch (error) {
    console.error("[deletion] the provider's part is left to the reconcile and the retention job", error);
  }
  return { cancelled: done.cancelled };
}
