// The retention job (issue 34): once a day, on the primary, what has served its purpose goes, by the
// periods of lib/retention (the ones the privacy page states):
// - an account unused for 3 years is warned by e-mail 30 days before, then deleted like a resident's own
//   deletion (kept rows detached, a tombstone left), unless it was used again or has a pickup ahead;
// - a waitlist entry goes once its area opened and it was told, or after 2 years;
// - a delivered e-mail keeps no body (the outbox worker erases it when it sends; this catches any left);
// - a deletion's confirmation e-mail, once sent (or given up, or a week old), goes whole: it is the last
//   row that held the deleted address (issue 43 part 5);
// - a deleted account's de-identified tax records go six years after the end of their tax year
//   (tax-records.server);
// - a deleted account's customers the payment provider has not yet confirmed deleted are asked again
//   (payments/customers), so a deletion the provider missed is never lost.
// It runs daily at 03:30 Montreal time, on the primary only (ops/startup, croner, like the
// reminders), and by hand for a given time: `npm run retention -- --at <ISO time>` (scripts/retention.ts).
// The host's access logs are not in the database: their 30 days are the host's log retention.
import { and, eq, isNotNull, isNull, lt, ne, or, sql } from "drizzle-orm";
import { deletePendingCustomers, type CustomerDeletionReport } from "~/services/payments/customers.server";
import { paymentProvider } from "~/services/payments/provider.server";
import type { PaymentProvider } from "~/services/payments/provider-types";
import { db, schema } from "~/services/platform/db.server";
import { appUrl } from "~/services/platform/config.server";
import { queueEmail } from "~/services/platform/mailer.server";
import { now } from "~/lib/clock";
import { addDays, dateKey, formatDate } from "~/lib/dates";
import { isLanguage } from "~/lib/i18n";
import { daysMs, RETENTION, retentionCutoffs } from "~/lib/retention";
import { deletionRefusal, eraseAccount } from "./deletion.server";
import { purgeTaxRecords, type TaxPurgeReport } from "./tax-records.server";

const u = schema.users;
/** When the account was last used: its last sign-in or request, else its creation. */
const lastUsed = sql<number>`coalesce(${u.lastSeenAt}, ${u.createdAt})`;

const residentsLeft = and(eq(u.role, "resident"), isNull(u.deletedAt));

export type RetentionReport = {
  warned: number;
  deleted: number;
  waitlist: number;
  emailBodies: number;
  /** Deletion confirmations sent (or given up) and removed, with the address they held. */
  confirmations: number;
  taxRecords: TaxPurgeReport;
};

/** The database's part of the job, at `at`: every step a conditional write, so a second run does nothing. */
export function applyRetention(at = now()): RetentionReport {
  const cut = retentionCutoffs(at);
  const report: RetentionReport = {
    warned: 0,
    deleted: 0,
    waitlist: 0,
    emailBodies: 0,
    confirmations: 0,
    taxRecords: { pickups: 0, payments: 0, checkouts: 0, promoRedemptions: 0 },
  };

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

  report.confirmations = db
    .delete(o)
    .where(
      and(
        eq(o.kind, "account-deleted"),
        or(
          isNotNull(o.sentAt),
          isNotNull(o.notSent),
          and(isNull(o.nextAttemptAt), sql`${o.attempts} > 0`),
          lt(o.createdAt, at - daysMs(RETENTION.backupDays)),
        ),
      ),
    )
    .run().changes;

  report.taxRecords = purgeTaxRecords(at);
  return report;
}

export type RetentionRun = RetentionReport & { customers: CustomerDeletionReport };

/** The whole job: the database's part, then the customers still to delete at the payment provider. */
export async function runRetention(at = now(), provider: PaymentProvider = paymentProvider()): Promise<RetentionRun> {
  const report = applyRetention(at);
  const customers = await deletePendingCustomers(provider);
  return { ...report, customers };
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

/** The scheduled run (ops/startup): never throws, logs what it did. */
export async function runRetentionInBackground() {
  try {
    const run = await runRetention();
    const { taxRecords, customers, ...counts } = run;
    const did = { ...counts, ...taxRecords, customersDeleted: customers.deleted, customersFailed: customers.failed };
    if (Object.values(did).some((n) => n > 0)) console.log("[retention]", JSON.stringify(did));
    return run;
  } catch (error) {
    console.error("[retention] run failed", error);
    return null;
  }
}
