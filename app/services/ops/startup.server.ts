// Work done once when the server starts: migrate (by opening the database) and seed, settle what a
// crash left half-done between us and the payment provider, then every hour keep the slots ahead,
// drop expired sessions, erase expired reset links from the outbox and settle again; daily at 03:30
// Montreal time, on the primary, apply the retention periods (privacy/retention.server). The outbox worker
// (platform/outbox.server) sends e-mails from start-up on, on the primary; stopBackgroundWork() stops it.
// On several machines (LiteFS, issue 37) all of it runs on the primary only: a replica checks every
// second whether it was promoted (its `.primary` file gone) and starts the work then; a primary that
// lost the lease stops it.
import { reconcileInBackground } from "~/services/checkout/reconcile.server";
import { seed } from "./seed.server";
import { purgeExpiredSessions } from "~/services/accounts/session-rows.server";
import { purgeExpiredResetEmails } from "~/services/accounts/accounts.server";
import { purgeExpiredInvitationEmails } from "~/services/accounts/role-invitations.server";
import { isOutboxPrimary, kickOutbox, startOutboxWorker, stopOutboxWorker } from "~/services/platform/outbox.server";
import { runRetentionInBackground } from "~/services/privacy/retention.server";
import { generateSlots } from "~/services/booking/slot-supply.server";
import { litefsDir, primaryInstance } from "~/services/platform/litefs.server";
import { queueDueReminders } from "~/services/notices/reminders.server";
import { plansHaveWork, runPlanCyclesApart, stopPlanCyclesApart } from "~/services/plans/cycle-apart.server";
import { reconcilePlansInBackground } from "~/services/plans/cycle-reconcile.server";
import { releaseExpiredPhoneHolds } from "~/services/checkout/phone-release.server";
import { purgeExpiredAccountOpenedEmails } from "~/services/accounts/created-for.server";
import { Cron } from "croner";

declare global {
  var __startupDone: boolean | undefined;
}

/** The hourly run leaves alone payments touched in the last minutes: a live request may own them. */
const RECONCILE_GRACE_MS = 10 * 60 * 1000;

/** How often a machine looks whether it became the primary, or stopped being it. */
const ROLE_CHECK_MS = 1000;

let hourly: ReturnType<typeof setInterval> | null = null;
let reminders: Cron | null = null;
let retention: Cron | null = null;
let plans: Cron | null = null;

/**
 * The plans' cycles (issue 45), and the phone bookings' holds run out (issue 46 part 5): every 10 minutes and at
 * start-up, on the primary. Each run books and charges
 * only the cycles due and not yet claimed (plans/cycle-job), releases the holds run out and asks for
 * expiring cards, so a server back after downtime catches up at once; croner's `protect` keeps two runs of
 * this process from overlapping (two processes are kept apart by the cycles' primary key). The cycles run in
 * a child process niced below serving (plans/cycle-apart), so the pages keep this thread meanwhile.
 */
async function runPlans() {
  if (!isOutboxPrimary()) return;
  // Issue 46 part 5: the places held for phone bookings whose link was not paid in time, given back.
  try {
    const released = await releaseExpiredPhoneHolds();
    if (released > 0) console.log(`[book-for] released ${released}`);
  } catch (error) {
    console.error("[book-for] release run failed", error);
  }
  try {
    if (!plansHaveWork()) return;
    const { run } = await runPlanCyclesApart();
    // The child wrote the e-mails and texts; this process's worker sends them now, not at its next round.
    kickOutbox();
    const did = Object.entries(run).filter(([, n]) => n > 0);
    if (did.length) console.log(`[plans] ${did.map(([k, n]) => `${k} ${n}`).join(", ")}`);
  } catch (error) {
    console.error("[plans] run failed", error);
  }
}

/**
 * The retention periods (issue 34; issue 43 part 5), daily: deleting and e-mailing are writes, the
 * primary's job, never a replica's. Every step is a conditional write on what is due at the run's time, so
 * a day missed (the server was down at 03:30) is caught up the next day and no run does a thing twice.
 */
async function runRetention() {
  if (!isOutboxPrimary()) return;
  await runRetentionInBackground();
}

/**
 * The day-before reminders (issue 35): every minute from 17:00 to midnight Montreal time, and at start-up.
 * Each run writes only what is due and not yet written (notices/reminders), so the minute ticks cost one
 * indexed read, a booking made after 17:00 the day before is reminded at the next tick (within a minute),
 * and a server back after downtime sends the day's reminders at once (until midnight; none on pickup day).
 */
async function runReminders() {
  if (!isOutboxPrimary()) return;
  try {
    const run = await queueDueReminders();
    if (run.emails + run.texts > 0) console.log(`[reminders] ${run.date}: ${run.emails} e-mails, ${run.texts} texts`);
  } catch (error) {
    console.error("[reminders] run failed", error);
  }
}
let roleCheck: ReturnType<typeof setInterval> | null = null;
let running = false;
let stopping = false;

/** Whether the server is stopping (SIGTERM/SIGINT): /healthz answers 503 from then on. */
export function isStopping() {
  return stopping;
}

export function startBackgroundWork() {
  if (globalThis.__startupDone || process.env.VITEST) return;
  globalThis.__startupDone = true;
  if (!litefsDir()) return startPrimaryWork();
  followRole();
  roleCheck = setInterval(followRole, ROLE_CHECK_MS);
  roleCheck.unref();
}

/** On LiteFS: starts the work when this machine is (or became) the primary, stops it when it no longer is. */
function followRole() {
  if (stopping) return;
  const primary = primaryInstance();
  if (primary === null && !running) {
    try {
      startPrimaryWork();
      console.log("[background] primary: seed, outbox worker, reconcile and hourly upkeep started");
    } catch (error) {
      // A copy not yet writable just after the promotion: tried again at the next check.
      console.error("[background] starting the primary's work failed; trying again", error);
      void stopPrimaryWork();
    }
  } else if (primary !== null && running) {
    void stopPrimaryWork().then(() => console.log(`[background] replica of ${primary}: background work stopped`));
  } else if (primary !== null && roleCheck === null) {
    console.log(`[background] replica of ${primary}: no background work here`);
  }
}

function startPrimaryWork() {
  running = true;
  seed();
  startOutboxWorker();
  reminders = new Cron("* 17-23 * * *", { timezone: "America/Toronto", protect: true, unref: true }, runReminders);
  void runReminders();
  retention = new Cron("30 3 * * *", { timezone: "America/Toronto", protect: true, unref: true }, runRetention);
  // The process that was working on any half-done payment is gone: no grace at start-up.
  void reconcileInBackground("start-up");
  // A plan's cycle left half-done (charged, not booked) first, then the cycles due.
  void reconcilePlansInBackground("start-up").then(runPlans);
  plans = new Cron("*/10 * * * *", { timezone: "America/Toronto", protect: true, unref: true }, runPlans);
  hourly = setInterval(
    () => {
      try {
        generateSlots();
        purgeExpiredSessions();
        purgeExpiredResetEmails();
        purgeExpiredInvitationEmails();
        purgeExpiredAccountOpenedEmails();
      } catch (error) {
        console.error("[startup] hourly upkeep failed", error);
      }
      void reconcileInBackground("hourly", { graceMs: RECONCILE_GRACE_MS });
      void reconcilePlansInBackground("hourly", { graceMs: RECONCILE_GRACE_MS });
    },
    60 * 60 * 1000,
  );
  hourly.unref();
}

async function stopPrimaryWork() {
  running = false;
  reminders?.stop();
  reminders = null;
  retention?.stop();
  retention = null;
  plans?.stop();
  plans = null;
  if (hourly) clearInterval(hourly);
  hourly = null;
  await Promise.all([stopOutboxWorker(), stopPlanCyclesApart()]);
}

/**
 * The app's stop hook (graceful shutdown, called by scripts/server.mjs through serverHooks): /healthz
 * answers 503, no hourly run starts again, and the outbox worker finishes the message it is sending.
 */
export async function stopBackgroundWork() {
  stopping = true;
  if (roleCheck) clearInterval(roleCheck);
  roleCheck = null;
  await stopPrimaryWork();
}
