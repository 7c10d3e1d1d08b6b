// Served prefixes as admins run them: the served, switched-off and most wanted prefixes, opening one (new
// or switched off before) with the waitlist told, and switching one off (pickups already scheduled are kept).
import { and, asc, count, eq, gte, sql } from "drizzle-orm";
import { recordActivity } from "./activity.server";
import { AdminError } from "./admin-error.server";
import { notifyWaitlist, waitingCount } from "./waitlist-summary.server";
import { db, schema } from "~/services/platform/db.server";
import { isServedPrefix } from "~/services/areas/service-areas.server";
import { now } from "~/lib/clock";
import { dateKey } from "~/lib/dates";
import { isCanadianFsa, isMontrealFsa } from "~/lib/postal";
import type { User } from "../../../db/schema";

export function servedAreas() {
  const prefixes = db.select().from(schema.servicePrefixes).orderBy(asc(schema.servicePrefixes.fsa)).all();
  const waiting = db
    .select({ fsa: schema.waitlistEntries.fsa, n: count() })
    .from(schema.waitlistEntries)
    .where(
      and(eq(schema.waitlistEntries.reason, "Outside Service Area"), sql`${schema.waitlistEntries.notifiedAt} is null`),
    )
    .groupBy(schema.waitlistEntries.fsa)
    .all();
  const waitingBy = new Map(waiting.map((w) => [w.fsa, w.n]));
  const activeSet = new Set(prefixes.filter((p) => p.active).map((p) => p.fsa));
  return {
    served: prefixes.filter((p) => p.active).map((p) => ({ fsa: p.fsa, waiting: waitingBy.get(p.fsa) ?? 0 })),
    inactive: prefixes.filter((p) => !p.active).map((p) => ({ fsa: p.fsa, waiting: waitingBy.get(p.fsa) ?? 0 })),
    /** Montreal-region prefixes people wait for that are not served, most wanted first. */
    wanted: waiting
      .filter((w) => !activeSet.has(w.fsa) && isMontrealFsa(w.fsa))
      .sort((a, b) => b.n - a.n || a.fsa.localeCompare(b.fsa))
      .map((w) => ({ fsa: w.fsa, waiting: w.n })),
  };
}

function parsePrefix(raw: unknown): string {
  const fsa = String(raw ?? "")
    .trim()
    .toUpperCase();
  if (!isCanadianFsa(fsa)) throw new AdminError("prefix.invalid", { prefix: fsa.slice(0, 10) });
  if (!isMontrealFsa(fsa)) throw new AdminError("prefix.notMontreal", { prefix: fsa });
  return fsa;
}

/**
 * Serves a prefix (new, or switched off before). With `notify`, the people waiting for it are e-mailed.
 * Opening a prefix that is already served only notifies.
 */
export async function openPrefix(admin: User, raw: unknown, options: { notify: boolean }) {
  const fsa = parsePrefix(raw);
  const opened = db.transaction((tx) => {
    if (isServedPrefix(fsa)) {
      if (!options.notify || waitingCount(fsa) === 0) throw new AdminError("prefix.alreadyOpen", { prefix: fsa });
      return false;
    }
    const existing = tx.select().from(schema.servicePrefixes).where(eq(schema.servicePrefixes.fsa, fsa)).get();
    if (existing)
      tx.update(schema.servicePrefixes).set({ active: true }).where(eq(schema.servicePrefixes.fsa, fsa)).run();
    else tx.insert(schema.servicePrefixes).values({ fsa, active: true, createdAt: now() }).run();
    recordActivity(tx, admin.id, "prefix.open", { prefix: fsa });
    return true;
  });
  const notified = options.notify && waitingCount(fsa) > 0 ? await notifyWaitlist(admin, fsa) : 0;
  return { fsa, opened, notified };
}

/**
 * Stops offering slots to a prefix. Pickups already scheduled there are kept; the count is returned so
 * the admin knows who is still coming.
 */
export function deactivatePrefix(admin: User, raw: unknown, at = now()) {
  const fsa = parsePrefix(raw);
  return db.transaction((tx) => {
    if (!isServedPrefix(fsa)) throw new AdminError("prefix.notServed", { prefix: fsa });
    tx.update(schema.servicePrefixes).set({ active: false }).where(eq(schema.servicePrefixes.fsa, fsa)).run();
    const kept = tx
      .select({ n: count() })
      .from(schema.pickupRequests)
      .innerJoin(schema.pickupSlots, eq(schema.pickupSlots.id, schema.pickupRequests.pickupSlotId))
      .where(
        and(
          eq(schema.pickupRequests.postalFsa, fsa),
          eq(schema.pickupRequests.status, "Scheduled"),
          gte(schema.pickupSlots.date, dateKey(at)),
        ),
      )
      .get()!.n;
    recordActivity(tx, admin.id, "prefix.deactivate", { prefix: fsa, pickups: kept });
    return { fsa, kept };
  });
}
