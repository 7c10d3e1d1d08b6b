// The waitlist as admins see it: counts per prefix and reason, the entries (with a CSV export), and
// telling the people who wait for a prefix that it is now served (once each, in their language).
import { and, asc, count, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { recordActivity } from "./activity.server";
import { AdminError } from "./admin-error.server";
import { appUrl, env } from "~/services/platform/config.server";
import { db, schema } from "~/services/platform/db.server";
import { queueEmail } from "~/services/platform/mailer.server";
import { isServedPrefix } from "~/services/areas/service-areas.server";
import { now } from "~/lib/clock";
import { isCanadianFsa, isMontrealFsa } from "~/lib/postal";
import { WAITLIST_REASONS, type WaitlistReason } from "~/lib/visitor-schemas";
import type { User } from "../../../db/schema";

const WAITLIST_PAGE_SIZE = 50;
const OUTSIDE: WaitlistReason = "Outside Service Area";

/**
 * Who is told when a prefix opens: people outside the served area who have not been told yet. People
 * waiting because their door does not open on the street are not: opening the area changes nothing for them.
 */
const waitingFor = (fsa: string) =>
  and(
    eq(schema.waitlistEntries.fsa, fsa),
    eq(schema.waitlistEntries.reason, OUTSIDE),
    isNull(schema.waitlistEntries.notifiedAt),
  );

export function waitingCount(fsa: string): number {
  return db.select({ n: count() }).from(schema.waitlistEntries).where(waitingFor(fsa)).get()!.n;
}

type PrefixCounts = {
  fsa: string;
  served: boolean;
  /** Only Montreal-region prefixes (starting with H) can be opened. */
  montreal: boolean;
  noDirectAccess: number;
  outsideArea: number;
  total: number;
  /** Outside the area and not told yet. */
  waiting: number;
  notified: number;
};

export function waitlistSummary() {
  const w = schema.waitlistEntries;
  const rows = db
    .select({
      fsa: w.fsa,
      noDirectAccess: sql<number>`sum(case when ${w.reason} = 'No Direct Access' then 1 else 0 end)`,
      outsideArea: sql<number>`sum(case when ${w.reason} = ${OUTSIDE} then 1 else 0 end)`,
      total: count(),
      waiting: sql<number>`sum(case when ${w.reason} = ${OUTSIDE} and ${w.notifiedAt} is null then 1 else 0 end)`,
      notified: sql<number>`sum(case when ${w.notifiedAt} is not null then 1 else 0 end)`,
      served: sql<number>`coalesce(max(${schema.servicePrefixes.active}), 0)`,
    })
    .from(w)
    .leftJoin(schema.servicePrefixes, eq(schema.servicePrefixes.fsa, w.fsa))
    .groupBy(w.fsa)
    .orderBy(desc(count()), asc(w.fsa))
    .all();
  const prefixes: PrefixCounts[] = rows.map((r) => ({
    ...r,
    served: Boolean(r.served),
    montreal: isMontrealFsa(r.fsa),
  }));
  const totals = {
    noDirectAccess: prefixes.reduce((s, p) => s + p.noDirectAccess, 0),
    outsideArea: prefixes.reduce((s, p) => s + p.outsideArea, 0),
    total: prefixes.reduce((s, p) => s + p.total, 0),
    waiting: prefixes.reduce((s, p) => s + p.waiting, 0),
    notified: prefixes.reduce((s, p) => s + p.notified, 0),
  };
  return { prefixes, totals };
}

export type WaitlistFilter = { fsa: string; reason: WaitlistReason | "" };

export function readWaitlistFilter(params: URLSearchParams): WaitlistFilter {
  const fsa = (params.get("fsa") ?? "").trim().toUpperCase();
  const reason = params.get("reason") ?? "";
  return {
    fsa: isCanadianFsa(fsa) ? fsa : "",
    reason: (WAITLIST_REASONS as readonly string[]).includes(reason) ? (reason as WaitlistReason) : "",
  };
}

function filterWhere(filter: WaitlistFilter): SQL | undefined {
  return and(
    filter.fsa ? eq(schema.waitlistEntries.fsa, filter.fsa) : undefined,
    filter.reason ? eq(schema.waitlistEntries.reason, filter.reason) : undefined,
  );
}

export function waitlistPage(filter: WaitlistFilter, page = 1) {
  const total = db.select({ n: count() }).from(schema.waitlistEntries).where(filterWhere(filter)).get()!.n;
  const pages = Math.max(1, Math.ceil(total / WAITLIST_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pages);
  const rows = db
    .select()
    .from(schema.waitlistEntries)
    .where(filterWhere(filter))
    .orderBy(desc(schema.waitlistEntries.createdAt), desc(schema.waitlistEntries.id))
    .limit(WAITLIST_PAGE_SIZE)
    .offset((current - 1) * WAITLIST_PAGE_SIZE)
    .all();
  return { rows, total, page: current, pages };
}

export function allWaitlistEntries(filter: WaitlistFilter) {
  return db
    .select()
    .from(schema.waitlistEntries)
    .where(filterWhere(filter))
    .orderBy(asc(schema.waitlistEntries.fsa), asc(schema.waitlistEntries.createdAt))
    .all();
}

/**
 * E-mails everyone waiting for a prefix that is now served ('waitlist-opened', in the language they
 * signed up in, with a link to check their address) and marks them notified so nobody is told twice.
 */
export async function notifyWaitlist(admin: User, fsa: string): Promise<number> {
  if (!isServedPrefix(fsa)) throw new AdminError("waitlist.prefixNotServed", { fsa });
  const entries = db.select().from(schema.waitlistEntries).where(waitingFor(fsa)).all();
  if (!entries.length) throw new AdminError("waitlist.nobodyWaiting", { fsa });
  const link = `${appUrl()}/postal-code?fsa=${encodeURIComponent(fsa)}`;
  let sent = 0;
  for (const entry of entries) {
    // Claim the entry first: two admins clicking at once cannot e-mail the same person twice. The claim
    // and the e-mail are written together.
    const queued = db.transaction((tx) => {
      const claimed = tx
        .update(schema.waitlistEntries)
        .set({ notifiedAt: now(), updatedAt: now() })
        .where(and(eq(schema.waitlistEntries.id, entry.id), isNull(schema.waitlistEntries.notifiedAt)))
        .run();
      if (claimed.changes !== 1) return false;
      queueEmail(tx, {
        to: entry.email,
        kind: "waitlist-opened",
        locale: entry.locale,
        firstName: entry.name,
        values: { fsa, link, supportEmail: env.SUPPORT_EMAIL },
      });
      return true;
    });
    if (queued) sent += 1;
  }
  recordActivity(db, admin.id, "waitlist.notify", { fsa, count: sent });
  return sent;
}
