// The day-before reminder job (issue 35, part 1). At an instant it finds the Scheduled pickups whose
// reminder is due (lib/reminders: from 17:00 the day before until that day starts) and writes, for each
// channel the resident chose, a reminder_sends row (primary key pickup, date, channel) and the outbox row
// in one transaction: a second run, a second process, a run after a restart finds the row and writes
// nothing. A pickup moved to another date has a new key and gets its own reminder; a cancelled one is not
// Scheduled. The job runs every minute from 17:00 to midnight (ops/startup, croner) and at start-up, so a
// late booking is reminded within a minute and a server down at 17:00 catches up when it comes back.
import { and, eq, isNull } from "drizzle-orm";
import { appUrl } from "~/services/platform/config.server";
import { db, schema } from "~/services/platform/db.server";
import { emailT, queueEmail, textT } from "~/services/platform/mailer.server";
import { textsConfigured } from "~/services/platform/sms.server";
import { queueText } from "~/services/platform/texts.server";
import { unsubscribeHeaders, unsubscribeLink } from "~/services/platform/unsubscribe.server";
import { now } from "~/lib/clock";
import { bagsOutBy, formatDate, formatDateTime, windowLabel } from "~/lib/format";
import { isReminderDue, messageChannels, reminderDateAt } from "~/lib/reminders";
import { reminderText } from "~/lib/sms";
import { canChange } from "~/lib/slots";

const p = schema.pickupRequests;
const s = schema.pickupSlots;
const u = schema.users;
/**
 * How long one transaction of the job may hold the write lock and the event loop: the pages waiting are
 * served between two (issue 35's bench: a day's 5,000 reminders are queued within 10 s while page
 * throughput stays within 10 %), and a faster machine writes more per transaction.
 */
const SLICE_MS = 50;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const CHANGE_CUTOFF_MS = 12 * 60 * 60 * 1000;

export type ReminderRun = { date: string | null; emails: number; texts: number };

function duePickups(date: string) {
  return db
    .select({
      id: p.id,
      confirmationNumber: p.confirmationNumber,
      status: p.status,
      bags: p.bagsRequested,
      date: s.date,
      window: s.window,
      startsAt: s.startsAt,
      dateClosed: s.closed,
      userId: u.id,
      email: u.email,
      firstName: u.firstName,
      locale: u.locale,
      phone: u.phone,
      phoneVerifiedAt: u.phoneVerifiedAt,
      smsStoppedAt: u.smsStoppedAt,
      channels: u.reminderChannels,
    })
    .from(p)
    .innerJoin(s, eq(s.id, p.pickupSlotId))
    .innerJoin(u, eq(u.id, p.userId))
    .where(
      and(
        eq(s.date, date),
        eq(p.status, "Scheduled"),
        eq(s.closed, false),
        isNull(u.deletedAt),
        eq(u.remindersEnabled, true),
      ),
    )
    .orderBy(p.id)
    .all();
}

type Due = ReturnType<typeof duePickups>[number];
type Tx = Parameters<Parameters<typeof db.transaction>[0]>[0];

/**
 * What a reminder says about its pickup's date, window and bags, in the resident's language: the same for
 * every pickup of a slot, so it is worded once per run (a run may write thousands).
 */
type Wording = Map<string, Record<string, string>>;

function reminderWording(wording: Wording, row: Due, at: number) {
  const changeable = canChange(row.startsAt, at);
  const key = `${row.locale}|${row.date}|${row.window}|${row.startsAt}|${row.bags}|${changeable}`;
  let words = wording.get(key);
  if (!words) {
    words = {
      date: formatDate(row.date, row.locale),
      window: windowLabel(row.window, row.locale),
      bagsLabel: emailT(row.locale)("bags", { count: row.bags }),
      outBy: bagsOutBy(row.window, row.locale),
      changeUntil: formatDateTime(row.startsAt - CHANGE_CUTOFF_MS, row.locale),
      ...(changeable ? {} : { context: "late" }),
    };
    wording.set(key, words);
  }
  return words;
}

function queueReminderEmail(tx: Tx, row: Due, words: Record<string, string>) {
  const link = `${appUrl()}/order/${row.confirmationNumber}`;
  const unsubscribe = unsubscribeLink(row.userId, "reminders");
  queueEmail(tx, {
    to: row.email,
    kind: "pickup-reminder",
    locale: row.locale,
    // "Hello Sophie,"; "Hello," for an account without a first name.
    firstName: row.firstName,
    values: {
      confirmationNumber: row.confirmationNumber,
      ...words,
      link,
      ...(words.context ? {} : { cancelLink: `${link}/cancel` }),
      unsubscribeLink: unsubscribe,
    },
    headers: unsubscribeHeaders(unsubscribe),
  });
}

function queueReminderText(tx: Tx, row: Due) {
  queueText(tx, {
    to: row.phone!,
    kind: "pickup-reminder",
    locale: row.locale,
    text: reminderText(textT(row.locale), {
      date: formatDate(row.date, row.locale, "monthDay"),
      outBy: bagsOutBy(row.window, row.locale),
      bags: row.bags,
      link: `${appUrl()}/order/${row.confirmationNumber}`,
    }),
  });
}

/**
 * Writes every reminder due at `at` to the outboxes, once per pickup, date and channel, a slice of time
 * per transaction with a turn of the event loop between two slices.
 */
export async function queueDueReminders(at = now()): Promise<ReminderRun> {
  const date = reminderDateAt(at);
  const run: ReminderRun = { date, emails: 0, texts: 0 };
  if (!date) return run;
  const due = duePickups(date).filter((row) => isReminderDue(row, at));
  const wording: Wording = new Map();
  // No text provider (issue 42): a resident who chose texts is reminded by e-mail, no text is written.
  const textsOn = textsConfigured();
  for (let i = 0; i < due.length;) {
    if (i > 0) await nextTurn();
    const sliceEnd = performance.now() + SLICE_MS;
    db.transaction((tx) => {
      for (; i < due.length && performance.now() < sliceEnd; i++) {
        const row = due[i]!;
        for (const channel of messageChannels(row, textsOn)) {
          const claimed = tx
            .insert(schema.reminderSends)
            .values({ pickupRequestId: row.id, date, channel, createdAt: at })
            .onConflictDoNothing()
            .run();
          if (claimed.changes !== 1) continue;
          if (channel === "email") {
            queueReminderEmail(tx, row, reminderWording(wording, row, at));
            run.emails += 1;
          } else {
            queueReminderText(tx, row);
            run.texts += 1;
          }
        }
      }
    });
  }
  return run;
}
