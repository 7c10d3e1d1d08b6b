// The de-identified tax records of deleted accounts purged (issue 43 part 5): a deleted account's pickups,
// payments, checkouts and promo redemptions are kept for the tax law six years after the end of their tax
// year (lib/tax-records), then deleted by the daily retention job. A pickup goes with its payment, as one
// record, once the last money event of both (booked, paid, cancelled, refunded) is in a tax year that
// ended six years ago; then the payments, checkouts and redemptions left without a pickup, by their own
// dates. Rows of other tables that point at a purged row are deleted with it (their column is NOT NULL:
// a stop's events) or lose the pointer (nullable: a free rebook's original). The tombstone account stays
// (a number and two dates). Batches of BATCH records, each in one transaction, re-read each time: a second
// run, or two at once, deletes nothing twice.
import { and, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { db, schema, sqlite, type Tx } from "~/services/platform/db.server";
import { now } from "~/lib/clock";
import { taxRecordsPurgeBefore } from "~/lib/tax-records";

const BATCH = 200;

export type TaxPurgeReport = { pickups: number; payments: number; checkouts: number; promoRedemptions: number };

const u = schema.users;
const r = schema.pickupRequests;
const p = schema.payments;
const c = schema.checkouts;
const pr = schema.promoRedemptions;

/** The owner is a deleted account (a tombstone). */
const deletedOwner = (owner: AnySQLiteColumn) =>
  sql`exists (select 1 from ${u} where ${u.id} = ${owner} and ${u.deletedAt} is not null)`;

/** The columns of other tables that point at `table`, and whether each may be null. */
function referencesTo(table: string) {
  const db = sqlite();
  const tables = db
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
    .all() as { name: string }[];
  const found: { table: string; column: string; nullable: boolean }[] = [];
  for (const { name } of tables) {
    const keys = db.prepare(`pragma foreign_key_list(${JSON.stringify(name)})`).all() as {
      table: string;
      from: string;
      on_delete: string;
    }[];
    const columns = db.prepare(`pragma table_info(${JSON.stringify(name)})`).all() as {
      name: string;
      notnull: number;
    }[];
    for (const key of keys) {
      if (key.table !== table || ["CASCADE", "SET NULL"].includes(key.on_delete.toUpperCase())) continue;
      const nullable = columns.find((col) => col.name === key.from)?.notnull === 0;
      found.push({ table: name, column: key.from, nullable });
    }
  }
  return found;
}

/** Whether `table` has an `id` column (rows others may point at), e.g. not plan_cycles (keyed by plan and date). */
function hasId(table: string) {
  const columns = sqlite()
    .prepare(`pragma table_info(${JSON.stringify(table)})`)
    .all() as { name: string }[];
  return columns.some((column) => column.name === "id");
}

/**
 * Deletes rows of `table` by id, first deleting (or unpointing) what points at them, and what points at
 * those in turn (a purged pickup's plan, issue 45, goes with its cycles; a pickup the plan booked keeps
 * no pointer to it).
 */
function purgeRows(tx: Tx, table: string, ids: Array<number | string>): number {
  if (!ids.length) return 0;
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  for (const ref of referencesTo(table)) {
    const [from, column] = [sql.identifier(ref.table), sql.identifier(ref.column)];
    if (ref.nullable) {
      tx.run(sql`update ${from} set ${column} = null where ${column} in (${list})`);
    } else if (hasId(ref.table)) {
      const rows = tx.all<{ id: number }>(sql`select id from ${from} where ${column} in (${list})`);
      purgeRows(
        tx,
        ref.table,
        rows.map((row) => row.id),
      );
    } else {
      tx.run(sql`delete from ${from} where ${column} in (${list})`);
    }
  }
  return tx.run(sql`delete from ${sql.identifier(table)} where id in (${list})`).changes;
}

/** Runs `step` in one transaction per batch until it purges nothing; the rows purged in all. */
function inBatches(step: (tx: Tx) => number) {
  let total = 0;
  for (;;) {
    const purged = db.transaction(step, { behavior: "immediate" });
    total += purged;
    if (purged < BATCH) return total;
  }
}

/** Purges the deleted accounts' tax records whose six years after their tax year are over at `at`. */
export function purgeTaxRecords(at = now()): TaxPurgeReport {
  const before = taxRecordsPurgeBefore(at);
  const report: TaxPurgeReport = { pickups: 0, payments: 0, checkouts: 0, promoRedemptions: 0 };

  // 1. Pickups with their payments: the last money event of both.
  const lastEvent = sql`max(${r.createdAt}, ${r.updatedAt}, coalesce(${r.cancelledAt}, 0), coalesce(${p.createdAt}, 0), coalesce(${p.updatedAt}, 0))`;
  report.pickups = inBatches((tx) => {
    const due = tx
      .select({ id: r.id, paymentId: r.paymentId })
      .from(r)
      .leftJoin(p, eq(p.id, r.paymentId))
      .where(and(deletedOwner(r.userId), lt(lastEvent, before)))
      .limit(BATCH)
      .all();
    const purged = purgeRows(
      tx,
      "pickup_requests",
      due.map((row) => row.id),
    );
    report.payments += purgeRows(
      tx,
      "payments",
      due.flatMap((row) => (row.paymentId === null ? [] : [row.paymentId])),
    );
    return purged;
  });

  // 2. Payments no pickup was booked with (declined, abandoned, refunded unplaced): their own dates.
  report.payments += inBatches((tx) => {
    const due = tx
      .select({ id: p.id })
      .from(p)
      .where(
        and(
          deletedOwner(p.userId),
          lt(sql`max(${p.createdAt}, ${p.updatedAt})`, before),
          sql`not exists (select 1 from ${r} where ${r.paymentId} = ${p.id})`,
        ),
      )
      .limit(BATCH)
      .all();
    return purgeRows(
      tx,
      "payments",
      due.map((row) => row.id),
    );
  });

  // 3. Checkouts nothing points at any more.
  report.checkouts = inBatches((tx) => {
    const due = tx
      .select({ id: c.id })
      .from(c)
      .where(
        and(
          deletedOwner(c.userId),
          lt(c.createdAt, before),
          sql`not exists (select 1 from ${p} where ${p.checkoutId} = ${c.id})`,
          sql`not exists (select 1 from ${r} where ${r.checkoutId} = ${c.id})`,
        ),
      )
      .limit(BATCH)
      .all();
    return purgeRows(
      tx,
      "checkouts",
      due.map((row) => row.id),
    );
  });

  // 4. Promo redemptions whose pickup is gone (or never was).
  report.promoRedemptions = inBatches(
    (tx) =>
      tx
        .delete(pr)
        .where(
          and(
            inArray(
              pr.id,
              tx
                .select({ id: pr.id })
                .from(pr)
                .where(and(deletedOwner(pr.userId), lt(pr.redeemedAt, before), isNull(pr.pickupRequestId)))
                .limit(BATCH),
            ),
          ),
        )
        .run().changes,
  );
  return report;
}
