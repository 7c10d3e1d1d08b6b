// Work done once when the server starts: migrate (by opening the database) and seed, settle what a
// crash left half-done between us and the payment provider, then every hour keep the slots ahead,
// drop expired sessions, erase expired reset links from the outbox and settle again; once a day, on the
// primary, apply the retention periods (privacy/retention.server). The outbox worker
// (platform/outbox.server) sends e-mails from start-up on, on the primary; stopBackgroundWork() stops it.
import { reconcileInBackground } from "~/services/booking/reconcile.server";
import { seed } from "./seed.server";
import { purgeExpiredSessions } from "~/services/accounts/session.server";
import { purgeExpiredResetEmails } from "~/services/accounts/accounts.server";
import { purgeExpiredInvitationEmails } from "~/services/accounts/role-invitations.server";
import { isOutboxPrimary, startOutboxWorker, stopOutboxWorker } from "~/services/platform/outbox.server";
import { applyRetentionDaily } from "~/services/privacy/retention.server";
import { generateSlots } from "~/services/booking/slot-supply.server";

declare global {
  var __startupDone: boolean | undefined;
}

/** The hourly run leaves alone payments touched in the last minutes: a live request may own them. */
const RECONCILE_GRACE_MS = 10 * 60 * 1000;

let hourly: ReturnType<typeof setInterval> | null = null;
let stopping = false;

/** Whether the server is stopping (SIGTERM/SIGINT): /healthz answers 503 from then on. */
export function isStopping() {
  return stopping;
}

export function startBackgroundWork() {
  if (globalThis.__startupDone || process.env.VITEST) return;
  globalThis.__startupDone = true;
  seed();
  startOutboxWorker();
  // The process that was working on any half-done payment is gone: no grace at start-up.
  void reconcileInBackground("start-up");
  hourly = setInterval(
    () => {
      try {
        generateSlots();
        purgeExpiredSessions();
        purgeExpiredResetEmails();
        purgeExpiredInvitationEmails();
        // Deleting and e-mailing are writes: the primary's job, never a replica's.
        if (isOutboxPrimary()) applyRetentionDaily();
      } catch (error) {
        console.error("[startup] hourly upkeep failed", error);
      }
      void reconcileInBackground("hourly", { graceMs: RECONCILE_GRACE_MS });
    },
    60 * 60 * 1000,
  );
  hourly.unref();
}

/**
 * The app's stop hook (graceful shutdown, called by scripts/server.mjs through serverHooks): /healthz
 * answers 503, no hourly run starts again, and the outbox worker finishes the message it is sending.
 */
export async function stopBackgroundWork() {
  stopping = true;
  if (hourly) clearInterval(hourly);
  hourly = null;
  await stopOutboxWorker();
}
