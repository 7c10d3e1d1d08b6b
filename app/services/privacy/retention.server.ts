// The retention job (issue 34): once a day, on the primary, what has served its purpose goes, by the
// periods of lib/retention (the ones the privacy page states):
// - an account unused for 3 years is warned by e-mail 30 days before, then deleted like a resident's own
//   deletion (kept rows detached, a tombstone left), unless it was used again or has a pickup ahead;
// - a waitlist entry goes once its area opened and it was told, or after 2 years;
// - a delivered e-mail keeps no body (the outbox worker erases it when it sends; this catches any left).
// The host's access logs are not in the database: their 30 days are the host's log retention.
import { and, eq, isNotNull, isNull, lt, ne, or, sql } from "drizzle-orm";
import { db, schema } from "~/services/platform/db.server";
import { appUrl } from "~/services/platform/config.server";
import { queueEmail } from "~/services/platform/mailer.server";
import { now } from "~/lib/clock";
import { addDays, dateKey, formatDate } from "~/lib/dates";
import { isLanguage } from "~/lib/i18n";
import { RETENTION, retentionCutoffs } from "~/lib/retention";
import { deletionRefusal, eraseAccount } from "./deletion.server";

const u = schema.users;
/** When the account was last used: its last sign-in or request, else its creation. */
const lastUsed = sql<number>`coalesce(${u.lastSeenAt}, ${u.createdAt})`;

const residentsLeft = and(eq(u.role, "resident"), isNull(u.deletedAt));

export type RetentionReport = { warned: number; deleted: number; waitlist: number; emailBodies: number };

export function applyRetention(at = now()): RetentionReport {
  const cut = retentionCutoffs(at);
  const report: RetentionReport = { warned: 0, deleted: 0, waitlist: 0, emailBodies: 0 };

  const toWarn = db
    .select()
    .from(u)
    .where(and(residentsLeft, isNull(u.inactivityWarnedAt), lt(lastUsed, cut.warnUnusedBefore)))
    .all();
  for (const user of toWarn) {
    const locale = isLanguage(user.locale) ? user.locale : "fr";
    db.transaction((tx) => {
      tx.update(u).set({ inactivityWarnedAt: at }).where(eq(u.id, user.id)).run();
      queueEmail(tx, {
        to: user.email,
        kind: "account-unused",
        locale,
        firstName: user.firstName,
        values: {
          days: RETENTION.unusedAccountWarningDays,
          years: RETENTION.unusedAccountYears,
          date: formatDate(addDays(dateKey(at), RETENTION.unusedAccountWarningDays), locale),
          link: `${appUrl()}/sign-in`,
        },
      });
    });
    report.warned += 1;
  }

  const toDelete = db
    .select()
    .from(u)
    .where(
      and(
        residentsLeft,
        isNotNull(u.inactivityWarnedAt),
        lt(u.inactivityWarnedAt, cut.warnedBefore + 1),
        lt(lastUsed, cut.deleteUnusedBefore),
      ),
    )
    .all();
  for (const user of toDelete) {
    if (deletionRefusal(user.id, at) || hasPickupAhead(user.id, at)) continue;
    eraseAccount(user, { action: "account.expire", detail: { years: RETENTION.unusedAccountYears }, at });
    report.deleted += 1;
  }

  const w = schema.waitlistEntries;
  report.waitlist = db
    .delete(w)
    .where(or(isNotNull(w.notifiedAt), lt(w.createdAt, cut.waitlistBefore)))
    .run().changes;

  const o = schema.emailOutbox;
  report.emailBodies = db
    .update(o)
    .set({ text: "", html: null, attachments: null })
    .where(and(isNotNull(o.sentAt), or(ne(o.text, ""), isNotNull(o.html))))
    .run().changes;
  return report;
}

function hasPickupAhead(userId: number, at: number) {
  return Boolean(
    db
      .select({ id: schema.pickupRequests.id })
      .from(schema.pickupRequests)
      .innerJoin(schema.pickupSlots, eq(schema.pickupSlots.id, schema.pickupRequests.pickupSlotId))
      .where(
        and(
          eq(schema.pickupRequests.userId, userId),
          eq(schema.pickupRequests.status, "Scheduled"),
          sql`${schema.pickupSlots.endsAt} > ${at}`,
        ),
      )
      .get(),
  );
}

const DAY_MS = 86_400_000;
let lastRun: number | null = null;

/** Called by the hourly upkeep: runs the job when a day has passed since its last run here. */
export function applyRetentionDaily(at = now()): RetentionReport | null {
  if (lastRun !== null && at - lastRun < DAY_MS) return null;
  lastRun = at;
  const report = applyRetention(at);
  if (report.warned || report.deleted || report.waitlist) console.log("[retention]", JSON.stringify(report));
  return report;
}
