// The e-mail outbox, for admins: every message by status (queued, sent, failing with its last error and
// next attempt, expired, and issue 42's "not sent: no text provider"), newest first, in pages, a text's
// verification code masked for every admin, and "Resend" for a failing or expired message whose body is
// still kept (a reset e-mail whose link has expired cannot be: its link would not work).
import { and, count, desc, eq, gt, isNotNull, isNull, ne, or, type SQL } from "drizzle-orm";
import { env } from "~/services/platform/config.server";
import { db, schema } from "~/services/platform/db.server";
import { isOutboxPrimary, kickOutbox } from "~/services/platform/outbox.server";
import { textsConfigured } from "~/services/platform/sms.server";
import { adminTextOf, OUTBOX_STATUSES, outboxStatus, type OutboxStatus } from "~/lib/outbox";
import { now } from "~/lib/clock";
import type { User } from "../../../db/schema";
import { recordActivity } from "./activity.server";
import { AdminError } from "./admin-error.server";

const o = schema.emailOutbox;
const PAGE_SIZE = 50;

/** The same states as lib/outbox's outboxStatus, as SQL. */
const settled = isNull(o.notSent);
const WHERE: Record<OutboxStatus, SQL> = {
  unsent: isNotNull(o.notSent),
  sent: and(settled, isNotNull(o.sentAt))!,
  expired: and(settled, isNull(o.sentAt), or(eq(o.text, ""), and(gt(o.attempts, 0), isNull(o.nextAttemptAt))))!,
  failing: and(settled, isNull(o.sentAt), ne(o.text, ""), gt(o.attempts, 0), isNotNull(o.nextAttemptAt))!,
  queued: and(settled, isNull(o.sentAt), ne(o.text, ""), eq(o.attempts, 0))!,
};

export function readOutboxStatus(value: string | null): OutboxStatus | null {
  return OUTBOX_STATUSES.find((status) => status === value) ?? null;
}

/** Whether a message's link has expired (a reset e-mail), so it must not be sent again. */
function linkExpired(row: { expiresAt: number | null }, at: number) {
  return row.expiresAt !== null && row.expiresAt <= at;
}

export function outboxPage(status: OutboxStatus | null, page = 1) {
  const at = now();
  const where = status ? WHERE[status] : undefined;
  const total = db.select({ n: count() }).from(o).where(where).get()!.n;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pages);
  const rows = db
    .select()
    .from(o)
    .where(where)
    .orderBy(desc(o.id))
    .limit(PAGE_SIZE)
    .offset((current - 1) * PAGE_SIZE)
    .all()
    .map((row) => {
      const state = outboxStatus(row);
      return {
        id: row.id,
        to: row.to,
        channel: row.channel,
        // A text has no subject: its body (kept when not sent) is what an admin reads, a verification
        // code masked (issue 42: no admin reads a resident's code).
        subject: row.channel === "sms" ? adminTextOf(row.kind, row.text) : row.subject,
        /** The subject (or text) is in the recipient's language, not the admin's. */
        locale: row.locale,
        kind: row.kind,
        status: state,
        attempts: row.attempts,
        error: row.error,
        nextAttemptAt: state === "failing" || state === "queued" ? row.nextAttemptAt : null,
        sentAt: row.sentAt,
        createdAt: row.createdAt,
        /** Failing or expired, body kept, link (if any) still valid. */
        resendable: (state === "failing" || state === "expired") && row.text !== "" && !linkExpired(row, at),
        linkExpired: linkExpired(row, at),
      };
    });
  const counts = Object.fromEntries(
    OUTBOX_STATUSES.map((s) => [s, db.select({ n: count() }).from(o).where(WHERE[s]).get()!.n]),
  ) as Record<OutboxStatus, number>;
  // Without SMTP_URL (or off the primary) nothing is sent from here: messages stay queued. Without a text
  // provider no text is sent: each is settled as not sent.
  return {
    rows,
    total,
    page: current,
    pages,
    counts,
    delivering: Boolean(env.SMTP_URL) && isOutboxPrimary(),
    texting: textsConfigured(),
  };
}

/**
 * Puts a failing or expired message back in the queue, due now; the worker sends it at once. Refused for
 * a sent message, one already queued, one whose body was erased, or one whose link has expired.
 */
export function resendEmail(admin: User, id: number | null) {
  const at = now();
  const row = id ? db.select().from(o).where(eq(o.id, id)).get() : undefined;
  if (!row) throw new AdminError("outbox.errors.notFound", {}, 404);
  const values = { to: row.to };
  const state = outboxStatus(row);
  if (state === "sent") throw new AdminError("outbox.errors.sent", values, 409);
  if (state === "unsent") throw new AdminError("outbox.errors.noTextProvider", values, 409);
  if (linkExpired(row, at)) throw new AdminError("outbox.errors.linkExpired", values, 409);
  if (row.text === "") throw new AdminError("outbox.errors.erased", values, 409);
  if (state === "queued") throw new AdminError("outbox.errors.queued", values, 409);
  db.transaction((tx) => {
    // Not while a worker holds it (it is being sent right now).
    const queued = tx
      .update(o)
      .set({ nextAttemptAt: at })
      .where(and(eq(o.id, row.id), isNull(o.sentAt), isNull(o.claimToken)))
      .run();
    if (queued.changes !== 1) throw new AdminError("outbox.errors.queued", values, 409);
    // The subject is in the message's language: the log marks it so (lang) on a page in the other.
    recordActivity(tx, admin.id, "email.resend", { to: row.to, subject: row.subject, locale: row.locale });
  });
  kickOutbox();
  return values;
}
