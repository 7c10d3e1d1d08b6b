// Work done once when the server starts: migrate (by opening the database) and seed, then keep
// the slots ahead and drop expired sessions every hour.
import { seed } from "./seed.server";
import { purgeExpiredSessions } from "./session.server";
import { generateSlots } from "./slot-supply.server";

declare global {
  // eslint-disable-next-line no-var
  var __startupDone: boolean | undefined;
}

export function startBackgroundWork() {
  if (globalThis.__startupDone || process.env.VITEST) return;
  globalThis.__startupDone = true;
  seed();
  const timer = setInterval(() => {
    try {
      generateSlots();
      purgeExpiredSessions();
    } catch (error) {
      console.error("[startup] hourly upkeep failed", error);
    }
  }, 60 * 60 * 1000);
  timer.unref();
}
