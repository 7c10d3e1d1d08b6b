// What a deletion leaves behind, column by column (issue 34; issue 43 part 5). Rows kept for tax records
// (six years after the end of their tax year; then purged by privacy/tax-records) stay DE-IDENTIFIED, not
// anonymous: detached from the person (no name, e-mail, phone, address, unit, notes, position), but still
// rows about one transaction. For each kept table, the columns listed here keep their value and EVERY other
// column is erased (to its default, null, "" or 0). A column added later is erased until someone decides
// it may stay, so a new personal field cannot slip by. Tables whose rows belong to the person (a foreign
// key to users with ON DELETE CASCADE: sessions, reset tokens, notification state, and whatever later
// tables hang off an account the same way) are emptied of the person's rows; the outbox's e-mails to the
// address and texts to the phone number go too (they are not linked to the account but by those), and the
// customers at the payment providers are set to be deleted there (payments/customers).
import { getTableColumns, eq, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { schema, sqlite, type Tx } from "~/services/platform/db.server";
import { erasePayment } from "~/services/payments/ledger.server";
import { requestCustomerDeletions } from "~/services/payments/customers.server";
import type { User } from "../../../db/schema";

/** Kept rows: their table, the column that ties them to the account, and the columns that keep a value. */
export const KEPT_TABLES = {
  users: {
    table: schema.users,
    owner: schema.users.id,
    // The tombstone: its number (what the kept rows point to), when it was made and when it was deleted.
    keep: ["id", "createdAt", "deletedAt"],
  },
  pickup_requests: {
    table: schema.pickupRequests,
    owner: schema.pickupRequests.userId,
    keep: [
      "id",
      "confirmationNumber",
      "userId",
      "pickupSlotId",
      "paymentId",
      "checkoutId",
      "bagsRequested",
      // Issue 47 part 5: the bags collected stay, so the pickup's share of its day's intake stays in the totals.
      "bagsCollected",
      "listPriceCents",
      "multiBagDiscountCents",
      "serviceFeeCents",
      "promoDiscountCents",
      "subtotalCents",
      "gstCents",
      "qstCents",
      "totalCents",
      "postalFsa",
      "status",
      "refundCents",
      "refundStatus",
      "cancelledAt",
      "modifiedAt",
      "createdAt",
      "updatedAt",
    ],
  },
  payments: {
    table: schema.payments,
    owner: schema.payments.userId,
    // `booking` is kept rewritten without its address (bookingWithoutAddress); the card's brand and last
    // four digits go.
    keep: [
      "id",
      "checkoutId",
      "provider",
      "providerPaymentId",
      "userId",
      "amountCents",
      "currency",
      "status",
      "failureCode",
      "refundedCents",
      "createdAt",
      "updatedAt",
    ],
  },
  checkouts: {
    table: schema.checkouts,
    owner: schema.checkouts.userId,
    keep: ["id", "userId", "bags", "slotId", "createdAt"],
  },
  promo_redemptions: {
    table: schema.promoRedemptions,
    owner: schema.promoRedemptions.userId,
    keep: ["id", "promoCodeId", "userId", "discountCents", "pickupRequestId", "redeemedAt"],
  },
} satisfies Record<string, { table: SQLiteTable; owner: SQLiteColumn; keep: string[] }>;

/** The value an erased column takes: its default when it has a plain one, else null, "" or 0. */
export function erasedValue(column: SQLiteColumn): unknown {
  if (column.hasDefault && column.default !== undefined && !isSql(column.default)) return column.default;
  if (!column.notNull) return null;
  if (column.columnType === "SQLiteBoolean") return false;
  return column.dataType === "number" || column.dataType === "boolean" ? 0 : "";
}

function isSql(value: unknown) {
  return typeof value === "object" && value !== null && "queryChunks" in value;
}

/** The erased values of every column of `table` not in `keep`. */
function erasedColumns(table: SQLiteTable, keep: readonly string[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, column] of Object.entries(getTableColumns(table))) {
    if (!keep.includes(name)) values[name] = erasedValue(column as SQLiteColumn);
  }
  return values;
}

/** A tombstone's address: unique (the column is), never deliverable (.invalid), free of the person's. */
export function tombstoneEmail(userId: number) {
  return `deleted-${userId}@deleted.invalid`;
}

/** A payment's stored booking (bags, slot, promo, price breakdown) without the street address. */
function bookingWithoutAddress(booking: string) {
  try {
    const parsed = JSON.parse(booking) as Record<string, unknown>;
    return JSON.stringify({ ...parsed, address: "" });
  } catch {
    return "{}";
  }
}

/** The tables with a foreign key to users that empties with the account (ON DELETE CASCADE). */
export function ownedTables(): { table: string; column: string }[] {
  const db = sqlite();
  const tables = db
    .prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '\\_\\_%' escape '\\'",
    )
    .all() as { name: string }[];
  const owned: { table: string; column: string }[] = [];
  for (const { name } of tables) {
    const keys = db.prepare(`pragma foreign_key_list(${JSON.stringify(name)})`).all() as {
      table: string;
      from: string;
      on_delete: string;
    }[];
    for (const key of keys) {
      if (key.table === "users" && key.on_delete.toUpperCase() === "CASCADE")
        owned.push({ table: name, column: key.from });
    }
  }
  return owned;
}

/**
 * The outbox's messages to the person, in the caller's transaction: every e-mail to the address and every
 * text to the phone number, sent or not (nothing ties them to the account but these). A number another
 * live account also gives keeps its texts: they are that account's too.
 */
function deleteOutboxRows(tx: Tx, user: Pick<User, "id" | "email" | "phone">) {
  const o = schema.emailOutbox;
  tx.run(sql`delete from ${o} where ${o.channel} = 'email' and ${o.to} = ${user.email}`);
  if (!user.phone) return;
  const shared = tx
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(
      sql`${schema.users.phone} = ${user.phone} and ${schema.users.id} <> ${user.id} and ${schema.users.deletedAt} is null`,
    )
    .get();
  if (!shared) tx.run(sql`delete from ${o} where ${o.channel} = 'sms' and ${o.to} = ${user.phone}`);
}

/**
 * De-identifies an account in the caller's transaction: its customers at the payment providers set to be
 * deleted there, owned rows deleted, the waitlist entries and invitations under its address deleted, its
 * outbox messages (e-mails by address, texts by phone) deleted, every kept row erased but for its kept
 * columns, admin activity details that quote its address redacted, the admins' searches that showed it
 * without their text, and the account itself made a tombstone.
 */
export function detachAccount(tx: Tx, user: Pick<User, "id" | "email" | "phone">, at: number) {
  // Before the account's payment_customers rows go with its other owned rows.
  requestCustomerDeletions(tx, user.id, at);
  for (const { table, column } of ownedTables()) {
    tx.run(sql`delete from ${sql.identifier(table)} where ${sql.identifier(column)} = ${user.id}`);
  }
  tx.delete(schema.waitlistEntries).where(eq(schema.waitlistEntries.email, user.email)).run();
  tx.delete(schema.roleInvitations).where(eq(schema.roleInvitations.email, user.email)).run();
  deleteOutboxRows(tx, user);
  tx.run(
    sql`update ${schema.adminActivity} set ${sql.identifier("detail")} = replace(${schema.adminActivity.detail}, ${user.email}, '') where instr(${schema.adminActivity.detail}, ${user.email}) > 0`,
  );
  // The admins' access log (Law 25) keeps who looked at the account, when and how, pointing at the
  // tombstone; the text of the looks that showed it (a search for their name, address or number) is erased.
  const log = schema.adminAccessLog;
  tx.run(
    sql`update ${log} set ${sql.identifier("query")} = '' where ${log.query} <> '' and (${log.adminUserId}, ${log.what}, ${log.query}, ${log.at}) in (select ${log.adminUserId}, ${log.what}, ${log.query}, ${log.at} from ${log} where ${log.subjectUserId} = ${user.id})`,
  );
  const payments = tx.select().from(schema.payments).where(eq(schema.payments.userId, user.id)).all();
  for (const payment of payments) {
    erasePayment(tx, payment.id, {
      ...erasedColumns(schema.payments, [...KEPT_TABLES.payments.keep, "booking"]),
      booking: bookingWithoutAddress(payment.booking),
    });
  }
  for (const kept of [KEPT_TABLES.pickup_requests, KEPT_TABLES.checkouts, KEPT_TABLES.promo_redemptions]) {
    const erased = erasedColumns(kept.table, kept.keep);
    if (Object.keys(erased).length) tx.update(kept.table).set(erased).where(eq(kept.owner, user.id)).run();
  }
  tx.update(schema.users)
    .set({
      ...erasedColumns(schema.users, KEPT_TABLES.users.keep),
      email: tombstoneEmail(user.id),
      deletedAt: at,
    })
    .where(eq(schema.users.id, user.id))
    .run();
}
