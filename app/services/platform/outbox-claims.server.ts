// The outbox rows' side of the worker (outbox.server): which rows are due, claiming a batch of them for one
// worker in one BEGIN IMMEDIATE transaction (claim_token, claimed_at), giving back claims not used, and
// settling each row this worker still holds once its answer comes. A claim older than a few minutes is a
// worker that died and may be taken again.
import crypto from "node:crypto";
import { and, asc, eq, inArray, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import { db, perConnection, schema } from "./db.server";
import { now } from "~/lib/clock";
import type { NotSentReason } from "~/lib/outbox";

const o = schema.emailOutbox;
/** A claim older than this belongs to a worker that stopped mid-send (SMTP timeouts are seconds). */
const STALE_CLAIM_MS = 5 * 60 * 1000;
/** What a sent (or expired) message keeps: recipient, subject, kind, dates; not its body. */
export const ERASED_BODY = { text: "", html: null, attachments: null };

export type Channel = (typeof o.$inferSelect)["channel"];
export type Row = typeof o.$inferSelect;

/** Due now: not sent (nor settled as not to be sent), a body to send, its time come (rows from before the schedule: never tried), unclaimed. */
function claimable(at: number, channel: Channel) {
  return and(
    eq(o.channel, channel),
    isNull(o.sentAt),
    isNull(o.notSent),
    ne(o.text, ""),
    or(lte(o.nextAttemptAt, at), and(isNull(o.nextAttemptAt), eq(o.attempts, 0))),
    or(isNull(o.claimToken), lt(o.claimedAt, at - STALE_CLAIM_MS)),
  );
}

/**
 * Takes up to `limit` of the oldest due rows for this worker, in one BEGIN IMMEDIATE transaction: the write
 * lock is held from the read to the update, so two processes take turns and never take the same row.
 */
export function claimBatch(channel: Channel, limit: number): Row[] {
  const at = now();
  return db.transaction(
    (tx) => {
      const rows = tx.select().from(o).where(claimable(at, channel)).orderBy(asc(o.id)).limit(limit).all();
      if (!rows.length) return [];
      const token = crypto.randomUUID();
      tx.update(o)
        .set({ claimToken: token, claimedAt: at })
        .where(and(idsOf(rows), claimable(at, channel)))
        .run();
      return rows.map((row) => ({ ...row, claimToken: token }));
    },
    { behavior: "immediate" },
  );
}

/**
 * The settle of a message sent, the one every message takes, prepared once per connection (drizzle would
 * build its SQL again for each of a day's thousands): its body erased, or kept (texts only recorded).
 */
const sentQueries = perConnection((db) => {
  const sent = (erase: boolean) =>
    db
      .update(o)
      .set({
        ...(erase ? ERASED_BODY : {}),
        sentAt: sql`${sql.placeholder("at")}`,
        error: null,
        attempts: sql`${sql.placeholder("attempts")}`,
        nextAttemptAt: null,
        claimToken: null,
        claimedAt: null,
      })
      .where(and(eq(o.id, sql.placeholder("id")), eq(o.claimToken, sql.placeholder("token"))))
      .prepare();
  return { erasing: sent(true), keeping: sent(false) };
});

/** Updates the row this worker still holds (a claim taken over as stale is not overwritten). */
export function settle(id: number, token: string, values: Partial<typeof o.$inferInsert>) {
  db.update(o)
    .set({ ...values, claimToken: null, claimedAt: null })
    .where(and(eq(o.id, id), eq(o.claimToken, token)))
    .run();
}

/** The rows' ids, as a condition. */
function idsOf(rows: Row[]) {
  return inArray(
    o.id,
    rows.map((row) => row.id),
  );
}

/** A message sent: settled by the prepared statement (its body erased, or kept when `keepBody`). */
export function settleSent(row: Row, token: string, keepBody: boolean) {
  sentQueries()[keepBody ? "keeping" : "erasing"].run({ at: now(), attempts: row.attempts + 1, id: row.id, token });
}

/**
 * A message the app does not send (issue 42: a text without a text provider): settled with its reason, its
 * body kept for admins (a code masked when shown), never claimed again, not a failure.
 */
export function settleNotSent(row: Row, token: string, reason: NotSentReason) {
  settle(row.id, token, { notSent: reason, error: null, nextAttemptAt: null });
}

/** Gives back claims not used (the worker is stopping): the next run takes them at once. */
export function release(rows: Row[]) {
  if (!rows.length) return;
  // One batch's rows share their token; a stop may leave rows of one batch only (lanes claim when none is left).
  db.update(o)
    .set({ claimToken: null, claimedAt: null })
    .where(and(idsOf(rows), eq(o.claimToken, rows[0]!.claimToken!)))
    .run();
}
