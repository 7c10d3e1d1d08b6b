// The plans' cycle job (issue 45 parts 2 and 3). At an instant it:
// 1. releases the held places whose hold ran out (unpaid: the plan paused, the resident told);
// 2. books and charges every cycle due (from 08:00 Montreal time seven days before its date): claimed first
//    (the plan_cycles row "charging" with its idempotency key, the place taken: cycle-book), then the
//    saved card charged off-session with that key, then booked, or held as "Payment needed";
// 3. asks, once per card, for a new card a week before a charge the saved one would not live to see.
// Exactly once per plan and cycle: the claim is the primary key's, every later move is conditional on the
// row's status, and a crash after the claim is finished by the reconcile (cycle-reconcile) with the same
// key, so the provider answers the same charge. The writes go in slices of time, one transaction a slice
// (each cycle in a savepoint), so the write lock is never held long (issue 45's bench: 5,000 plans). Run on
// the primary only (ops/startup: every 10 minutes and at start-up, so downtime is caught up), in a child
// process niced below serving (plans/cycle-apart), or by hand: `npm run plans -- --at <ISO time>`.
import { and, eq, inArray, isNull } from "drizzle-orm";
import { databaseFault, db, schema, type Tx } from "~/services/platform/db.server";
import { ensureSlotsGenerated } from "~/services/booking/slot-supply.server";
import type { OffSessionResult } from "~/services/payments/provider-types";
import { bookCycle, claimCycle, holdCycle, planTakesCycles, readCycle, type Claim } from "./cycle-book.server";
import { releaseExpiredHolds } from "./cycle-holds.server";
import { pacer, type Pacer } from "./job-pace.server";
import { cycleStatements } from "./cycle-statements.server";
import { queuePlanCardExpiring } from "./cycle-messages.server";
import { planProvider, type PlanProvider } from "./plan-provider.server";
import { now } from "~/lib/clock";
import { addDays, dateKey } from "~/lib/dates";
import {
  cardExpiresBeforeCycle,
  cardNoticeDueAt,
  isCycleDue,
  nextPlanDate,
  PLAN_BOOKING_LEAD_DAYS,
} from "~/lib/plan-dates";
import { CURRENCY } from "~/lib/pricing";

export type CycleRun = {
  /** Cycles booked and charged. */
  booked: number;
  /** Cycles whose card did not go through: the place held, the resident asked to pay. */
  held: number;
  /** Cycles whose week had no place: nothing booked or charged. */
  noPlace: number;
  /** Held places released, unpaid. */
  released: number;
  /** Residents asked for a new card. */
  cardNotices: number;
  /** Cycles left "charging" for the reconcile (the provider could not be reached, the database was busy). */
  errors: number;
};

/** How long one transaction of the job may hold the write lock and the event loop (as the reminders job). */
const SLICE_MS = 20;
/** Settling a charge writes a pickup, a payment and an e-mail with its calendar event: a shorter slice. */
const SETTLE_SLICE_MS = 10;
/** Cycles charged at once: the provider's answers overlap, the database's writes do not. */
const BATCH = 25;

type Due = { planId: number; date: string };

/** Every plan (or only `planId`) whose next cycle is due at `at` and not claimed yet. */
function duePlans(at: number, planId?: number): Due[] {
  const today = dateKey(at);
  const p = schema.pickupPlans;
  return db
    .select({
      id: p.id,
      status: p.status,
      anchorDate: p.anchorDate,
      intervalWeeks: p.intervalWeeks,
      skipDate: p.skipDate,
      pausedUntil: p.pausedUntil,
    })
    .from(p)
    .innerJoin(schema.users, eq(schema.users.id, p.userId))
    .where(
      and(
        inArray(p.status, ["active", "paused"]),
        isNull(schema.users.deletedAt),
        planId === undefined ? undefined : eq(p.id, planId),
      ),
    )
    .orderBy(p.id)
    .all()
    .filter(planTakesCycles)
    .map((plan) => ({ planId: plan.id, date: nextPlanDate(plan, today) }))
    .filter((due) => isCycleDue(due.date, at));
}

/** The saved card a claimed cycle charges (the plan's, not detached), else null. */
function cardOf(savedCardId: number | null) {
  if (savedCardId === null) return null;
  const card = cycleStatements().card.get({ id: savedCardId });
  return card && card.detachedAt === null ? card : null;
}

/**
 * Charges a claimed cycle's saved card off-session with the cycle's idempotency key. No usable card is
 * answered as a card that did not go through (none: "no_saved_card", the resident removed it to pay with
 * another; detached or another provider's: declined): the resident pays the held place on-session.
 */
export async function chargeCycle(
  provider: PlanProvider,
  claim: Extract<Claim, { kind: "charge" }>,
): Promise<OffSessionResult> {
  const { cycle, plan, user } = claim;
  const card = cardOf(plan.savedCardId);
  if (plan.savedCardId === null) return { ok: false, code: "no_saved_card", intentId: null };
  if (!card || card.provider !== provider.name) return { ok: false, code: "card_declined", intentId: null };
  return provider.chargeOffSession({
    customerId: card.customerId,
    paymentMethodId: card.paymentMethodId,
    amountCents: cycle.amountCents!,
    currency: CURRENCY,
    metadata: {
      planId: String(plan.id),
      cycleDate: cycle.cycleDate,
      userId: String(user.id),
      planCycle: cycle.idempotencyKey,
    },
    description: `ReCircle: plan ${plan.id}, ${cycle.cycleDate}`,
    idempotencyKey: cycle.idempotencyKey,
  });
}

/**
 * What the provider answered, applied once: a charge that succeeded for the cycle's amount books it; one
 * that did not go through holds the place. Only a cycle still "charging" moves (another run or the
 * reconcile may have settled it): "settled" otherwise.
 */
export function settleCycle(
  planId: number,
  cycleDate: string,
  result: OffSessionResult,
  providerName: "simulated" | "stripe",
  at = now(),
): "booked" | "held" | "settled" {
  return db.transaction((tx) => settleIn(tx, planId, cycleDate, result, providerName, at));
}

/** settleCycle's moves in `tx` (a transaction, or a savepoint of the job's slice). */
function settleIn(
  tx: Tx,
  planId: number,
  cycleDate: string,
  result: OffSessionResult,
  providerName: "simulated" | "stripe",
  at: number,
): "booked" | "held" | "settled" {
  const cycle = readCycle(tx, planId, cycleDate);
  if (!cycle || cycle.status !== "charging") return "settled";
  if (result.ok) {
    const intent = result.intent;
    if (
      intent.status !== "succeeded" ||
      intent.amountCents !== cycle.amountCents ||
      intent.currency.toLowerCase() !== CURRENCY
    ) {
      throw new Error(`Plan ${planId}, cycle ${cycleDate}: the provider's charge ${intent.id} is not the cycle's`);
    }
    bookCycle(tx, cycle, "charging", intent, providerName, at);
    return "booked";
  }
  holdCycle(tx, cycle, result.code, result.intentId, at);
  return "held";
}

function count(run: CycleRun, outcome: "booked" | "held" | "settled") {
  if (outcome !== "settled") run[outcome] += 1;
}

/** Claims a batch of due cycles in slices of time; each claim is its own savepoint. */
async function claimBatch(batch: Due[], at: number, run: CycleRun, nextTurn: Pacer) {
  const claims: Extract<Claim, { kind: "charge" }>[] = [];
  for (let i = 0; i < batch.length;) {
    if (i > 0) await nextTurn();
    const sliceEnd = performance.now() + SLICE_MS;
    const slice: typeof claims = [];
    try {
      db.transaction((tx) => {
        for (; i < batch.length && performance.now() < sliceEnd; i++) {
          const due = batch[i]!;
          const claim = tx.transaction((sp) => claimCycle(sp, due.planId, due.date, at));
          if (claim.kind === "charge") slice.push(claim);
          if (claim.kind === "noPlace") run.noPlace += 1;
        }
      });
    } catch (error) {
      if (!databaseFault(error)) throw error;
      // Busy (another process holds the write lock): nothing of this slice was claimed; the next run will.
      run.errors += 1;
      break;
    }
    claims.push(...slice);
  }
  return claims;
}

/** Books and charges every cycle due at `at`, once. */
async function bookDueCycles(at: number, provider: PlanProvider, run: CycleRun, nextTurn: Pacer, planId?: number) {
  const due = duePlans(at, planId);
  for (let start = 0; start < due.length; start += BATCH) {
    if (start > 0) await nextTurn();
    const claims = await claimBatch(due.slice(start, start + BATCH), at, run, nextTurn);
    const results = await Promise.all(
      claims.map((claim) =>
        chargeCycle(provider, claim).catch((error: unknown) => {
          // Left "charging": the reconcile asks again with the same key, so it is never charged twice.
          run.errors += 1;
          console.error(`[plans] plan ${claim.plan.id}, cycle ${claim.cycle.cycleDate}: the charge failed`, error);
          return null;
        }),
      ),
    );
    await settleBatch(claims, results, provider.name, at, run, nextTurn);
  }
}

/**
 * Applies a batch's answers in slices of time: one transaction a slice (the write lock held SETTLE_SLICE_MS
 * at most, then a turn of the event loop), each cycle in a savepoint of its own, so one that cannot be
 * applied is rolled back alone and left "charging" for the reconcile. The counts are kept once committed.
 */
async function settleBatch(
  claims: Extract<Claim, { kind: "charge" }>[],
  results: (OffSessionResult | null)[],
  providerName: "simulated" | "stripe",
  at: number,
  run: CycleRun,
  nextTurn: Pacer,
) {
  for (let i = 0; i < claims.length;) {
    if (i > 0) await nextTurn();
    const sliceEnd = performance.now() + SETTLE_SLICE_MS;
    const start = i;
    const outcomes: ("booked" | "held" | "settled")[] = [];
    try {
      db.transaction((tx) => {
        for (; i < claims.length && (i === start || performance.now() < sliceEnd); i++) {
          const result = results[i];
          if (!result) continue;
          const { plan, cycle } = claims[i]!;
          try {
            outcomes.push(tx.transaction((sp) => settleIn(sp, plan.id, cycle.cycleDate, result, providerName, at)));
          } catch (error) {
            if (databaseFault(error)) throw error;
            run.errors += 1;
            console.error(`[plans] plan ${plan.id}: the charge's answer could not be applied`, error);
          }
        }
      });
    } catch (error) {
      if (!databaseFault(error)) throw error;
      // Busy or failing: nothing of this slice was applied; its cycles and the batch's others stay
      // "charging", charged with their keys, and the reconcile finishes them (as claimBatch leaves the rest).
      run.errors += claims.length - start;
      console.error("[plans] the charges' answers could not be applied", error);
      break;
    }
    for (const outcome of outcomes) count(run, outcome);
  }
}

/**
 * A saved card that expires before the next cycle's charge: its resident asked for a new one, once per
 * card, from a week before that charge (saved_cards.expiry_notice_at, claimed in the e-mail's transaction).
 */
function askForExpiringCards(at: number, planId?: number): number {
  const today = dateKey(at);
  const p = schema.pickupPlans;
  const s = schema.savedCards;
  const rows = db
    .select({ plan: p, card: s, user: schema.users })
    .from(p)
    .innerJoin(s, eq(s.id, p.savedCardId))
    .innerJoin(schema.users, eq(schema.users.id, p.userId))
    .where(
      and(
        inArray(p.status, ["active", "paused"]),
        isNull(s.detachedAt),
        isNull(s.expiryNoticeAt),
        isNull(schema.users.deletedAt),
        planId === undefined ? undefined : eq(p.id, planId),
      ),
    )
    .all();
  let sent = 0;
  for (const { plan, card, user } of rows) {
    if (!planTakesCycles(plan)) continue;
    const date = nextPlanDate(plan, today);
    if (at < cardNoticeDueAt(date) || !cardExpiresBeforeCycle(card, date)) continue;
    const written = db.transaction((tx) => {
      const claimed = tx
        .update(s)
        .set({ expiryNoticeAt: at })
        .where(and(eq(s.id, card.id), isNull(s.expiryNoticeAt)))
        .run();
      if (claimed.changes !== 1) return false;
      queuePlanCardExpiring(tx, user, {
        date,
        chargeDate: addDays(date, -PLAN_BOOKING_LEAD_DAYS),
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth!,
        expYear: card.expYear!,
      });
      return true;
    });
    if (written) sent += 1;
  }
  return sent;
}

/**
 * The whole job at `at`: releases, bookings and charges, card notices. `planId`: only that plan's (an
 * operator renewing one plan by hand, `npm run plans -- --plan <id>`).
 */
export async function runPlanCycles(
  at = now(),
  options: { provider?: PlanProvider; planId?: number; duty?: number } = {},
): Promise<CycleRun> {
  const run: CycleRun = { booked: 0, held: 0, noPlace: 0, released: 0, cardNotices: 0, errors: 0 };
  const provider = options.provider ?? planProvider();
  run.released = await releaseExpiredHolds(at, provider, options.planId);
  ensureSlotsGenerated(at);
  await bookDueCycles(at, provider, run, pacer(options.duty), options.planId);
  run.cardNotices = askForExpiringCards(at, options.planId);
  return run;
}
