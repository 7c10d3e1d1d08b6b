// Work done once when the server starts: migrate (by opening the database) and seed, settle what a
// crash left half-done between us and the payment provider, then every hour keep the slots ahead,
// drop expired sessions, erase expired reset links from the outbox, resend failed e-mails and settle again.
import { reconcileInBackground } from "~/services/booking/reconcile.server";
import { seed } from "./seed.server";
import { purgeExpiredSessions } from "~/services/accounts/session.server";
import { purgeExpiredResetEmails } from "~/services/accounts/accounts.server";
import { retryUnsentEmails } from "~/services/platform/mailer.server";
import { generateSlots } from "~/services/booking/slot-supply.server";

declare global {
  var __startupDone: boolean | undefined;
}

/** The hourly run leaves alone payments touched in the last minutes: a live request may own them. */
const RECONCILE_GRACE_MS = 10 * 60 * 1000;

export function startBackgroundWork() {
  if (globalThis.__startupDone || process.env.VITEST) return;
  globalThis.__startupDone = true;
  seed();
  // The process that was working on any half-done payment is gone: no grace at start-up.
  void reconcileInBackground("start-up");
  const timer = setInterval(
    () => {
      try {
        generateSlots();
        purgeExpiredSessions();
        purgeExpiredResetEmails();
      } catch (error) {
        console.error("[startup] hourly upkeep failed", error);
      }
      void reconcileInBackground("hourly", { graceMs: RECONCILE_GRACE_MS });
      void retryUnsentEmails().catch((error: unknown) => console.error("[startup] e-mail retry failed", error));
    },
    60 * 60 * 1000,
  );
  timer.unref();
}
