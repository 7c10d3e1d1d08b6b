// Finishing what a crash (or a killed process) left half-done between our database and the payment
// provider. Run at start-up and every hour; every step is safe to repeat:
// - a card payment that succeeded at the provider with no payment row of ours is booked when its
//   metadata names a checkout still bookable at that price, else refunded in full;
// - a card payment that succeeded at the provider but has no pickup (the browser or the server died
//   between paying and booking) is fulfilled: booked if its slot still has room, else refunded in full;
// - a refund that was decided but may not have reached the provider (failure_code "refunding:<reason>"
//   for an unplaceable booking, "refund_pending" for a cancelled pickup) is sent, then marked done; a
//   cancelled pickup's refund that failed or is pending is retried (its refunds listed at the provider
//   first, so none is made twice) until it is settled;
// - a free order whose payment row was written but whose pickup was not is marked failed;
// - a pickup booked just before the crash, whose confirmation e-mail never reached the outbox, gets it.
import { and, eq, gte, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";
import { BookingError } from "~/services/booking/booking-error.server";
import {
  cancellationEmailWritten,
  queueBookingConfirmation,
  queuePickupCancelledOnce,
} from "~/services/booking/pickup-emails.server";
import { db, schema } from "~/services/platform/db.server";
import { isStripe, paymentProvider } from "~/services/payments/provider.server";
import { failFreeOrdersWithoutPickup, HOSTED_RELEASED, INTENT_CANCELED } from "~/services/payments/ledger.server";
import { cancelAbandonedIntent } from "./card.server";
import { sendCancelRefund, unsettledCancelRefunds } from "./cancel-refunds.server";
import { fulfilHostedSession, fulfilPayment } from "./fulfil.server";
import { settleOrphanIntent } from "./orphans.server";
import type { PaymentProvider } from "~/services/payments/provider-types";
import { now } from "~/lib/clock";

export type ReconcileReport = {
  /** Paid payments that got their pickup. */
  booked: number;
  /** Paid payments that could not be placed and were refunded in full. */
  refunded: number;
  /** Payments taken at the provider with no row of ours, booked (their checkout was still bookable). */
  orphansBooked: number;
  /** Payments taken at the provider with no row of ours, refunded in full. */
  orphansRefunded: number;
  /** Cancelled pickups whose refund is now back or on its way (sent now, or found made at the provider). */
  refundsSent: number;
  /** Cancelled pickups whose refund the provider refused again; retried next run and listed for admins. */
  refundsFailed: number;
  /** Cancelled pickups whose e-mail a crash kept from being written after the refund's answer, written now. */
  cancellationsSent: number;
  /** Checkout intents unpaid for an hour, cancelled at the provider. */
  abandonedIntents: number;
  /** Free orders left without a pickup, marked failed. */
  abandonedFree: number;
  /** Booking confirmations that never reached the outbox, sent now. */
  confirmationsSent: number;
  /** Payments that could not be settled this time (provider errors); tried again next run. */
  errors: number;
};

export type ReconcileOptions = {
  provider?: PaymentProvider;
  /**
   * Leave alone payments changed less than this long ago: a live request may be working on them. The
   * start-up run uses 0 (the process that was working on them is gone); the hourly run some minutes.
   */
  graceMs?: number;
  /** How far back to look for paid-but-unbooked payments (abandoned intents are never paid). */
  lookBackMs?: number;
  /** At most this many payments per step and run (bounded work, bounded provider calls). */
  limit?: number;
};

const DAY = 86_400_000;

export async function reconcilePayments(options: ReconcileOptions = {}): Promise<ReconcileReport> {
  const provider = options.provider ?? paymentProvider();
  const at = now();
  const settledBefore = at - (options.graceMs ?? 0);
  const limit = options.limit ?? 500;
  const report: ReconcileReport = {
    booked: 0,
    refunded: 0,
    orphansBooked: 0,
    orphansRefunded: 0,
    refundsSent: 0,
    refundsFailed: 0,
    abandonedIntents: 0,
    abandonedFree: 0,
    confirmationsSent: 0,
    cancellationsSent: 0,
    errors: 0,
  };
  const p = schema.payments;
  const noPickup = sql`not exists (select 1 from ${schema.pickupRequests} where ${schema.pickupRequests.paymentId} = ${p.id})`;

  // 1. Card payments of this provider without a pickup, not refunded: ask the provider, book or refund.
  const unbooked = db
    .select()
    .from(p)
    .where(
      and(
        eq(p.provider, provider.name),
        inArray(p.status, ["requires_payment", "failed"]),
        noPickup,
        lte(p.updatedAt, settledBefore),
        gte(p.createdAt, at - (options.lookBackMs ?? 7 * DAY)),
        // Cancelled intents and released hosted sessions can never be paid: not asked about again.
        sql`coalesce(${p.failureCode}, '') not in (${INTENT_CANCELED}, ${HOSTED_RELEASED.expired}, ${HOSTED_RELEASED.failed})`,
      ),
    )
    .orderBy(p.id)
    .limit(limit)
    .all();
  for (const payment of unbooked) {
    try {
      if (isStripe(provider) && payment.providerPaymentId.startsWith("cs_")) {
        await fulfilHostedSession(payment.providerPaymentId, provider);
      } else {
        await fulfilPayment(payment.providerPaymentId, { provider });
      }
      report.booked += 1;
    } catch (error) {
      if (error instanceof BookingError) {
        // Refused after payment: refunded in full. Not paid (declined, abandoned): an intent unpaid for an
        // hour is cancelled, so it can never be paid and is not read again.
        if (error.key.endsWith("Refunded")) report.refunded += 1;
        else if (await cancelAbandonedIntent(payment, provider, at).catch(() => false)) report.abandonedIntents += 1;
        continue;
      }
      report.errors += 1;
      console.error(`[reconcile] payment #${payment.id} (${payment.providerPaymentId}) could not be settled`, error);
    }
  }

  // 1b. Payments that succeeded at the provider but have no row of ours (a row lost to a full disk
  //     before writes were durable, a database restored from an older backup): booked when their
  //     metadata names a checkout still bookable at the price paid, else refunded in full.
  try {
    const recent = await provider.listSucceededIntents(at - (options.lookBackMs ?? 7 * DAY), limit);
    for (const intent of recent) {
      try {
        const outcome = await settleOrphanIntent(intent, provider);
        if (outcome === "booked") report.orphansBooked += 1;
        if (outcome === "refunded") report.orphansRefunded += 1;
      } catch (error) {
        report.errors += 1;
        console.error(`[reconcile] ${intent.id}, paid with no row of ours, could not be settled`, error);
      }
    }
  } catch (error) {
    report.errors += 1;
    console.error("[reconcile] the provider's recent payments could not be listed", error);
  }

  // 2. Cancelled pickups whose refund is not settled: recorded but maybe never sent (a crash), refused by
  //    the provider, or still on its way. The payment's refunds are listed at the provider first, so a
  //    refund that went through (even past Stripe's 24-hour idempotency window) is found, not made again.
  const unsettled = unsettledCancelRefunds({ provider: provider.name, changedBefore: settledBefore, limit });
  for (const { pickup, payment } of unsettled) {
    try {
      const status = await sendCancelRefund(provider, pickup.id);
      if (status === "failed") {
        report.refundsFailed += 1;
        console.error(`[reconcile] refund of payment #${payment.id} was refused again; retried next run`);
      } else if (status) {
        report.refundsSent += 1;
      }
    } catch (error) {
      report.errors += 1;
      console.error(`[reconcile] refund of payment #${payment.id} could not be sent`, error);
    }
  }

  // 3. Free orders: nothing was charged, so an order whose pickup was never written is simply failed.
  report.abandonedFree = failFreeOrdersWithoutPickup(settledBefore, at);

  // 4. Pickups of the last two days with no booking-confirmed e-mail at all (booked before the e-mail was
  //    written in the booking's transaction). One that exists, queued or failing, is the outbox worker's
  //    to send: it is not written twice. At least a minute old, so a live request can write its own.
  const r = schema.pickupRequests;
  const unconfirmed = db
    .select({ pickup: r, user: schema.users })
    .from(r)
    .innerJoin(schema.users, eq(schema.users.id, r.userId))
    .where(
      and(
        eq(r.status, "Scheduled"),
        gte(r.createdAt, at - 2 * DAY),
        lte(r.createdAt, Math.min(settledBefore, at - 60_000)),
        // A plan's cycle (issue 45) writes its own e-mail with its booking ("plan-pickup-booked", naming it too).
        sql`not exists (select 1 from ${schema.emailOutbox} o where o.kind in ('booking-confirmed', 'plan-pickup-booked') and o."to" = ${schema.users.email}
              and instr(o.subject, ${r.confirmationNumber}) > 0)`,
      ),
    )
    .orderBy(r.id)
    .limit(limit)
    .all();
  for (const { pickup, user } of unconfirmed) {
    queueBookingConfirmation(db, user, pickup);
    report.confirmationsSent += 1;
  }

  // 5. Cancelled pickups of the last two days whose refund is settled (or never was due) and whose
  //    cancellation e-mail was never written: a crash between the provider's answer and the e-mail. Five
  //    minutes old at least, so a live cancel (its provider call included) writes its own; either way the
  //    write is guarded (queuePickupCancelledOnce), so a resident gets it exactly once.
  const unannounced = db
    .select({ pickup: r, user: schema.users })
    .from(r)
    .innerJoin(schema.users, eq(schema.users.id, r.userId))
    .where(
      and(
        eq(r.status, "Cancelled"),
        isNull(schema.users.deletedAt),
        gte(r.cancelledAt, at - 2 * DAY),
        lte(r.cancelledAt, Math.min(settledBefore, at - 5 * 60_000)),
        or(isNull(r.refundStatus), ne(r.refundStatus, "pending")),
      ),
    )
    .orderBy(r.id)
    .limit(limit)
    .all()
    .filter(({ pickup, user }) => !cancellationEmailWritten(db, user.email, pickup.confirmationNumber));
  for (const { pickup, user } of unannounced) {
    const status = pickup.refundStatus;
    if (queuePickupCancelledOnce(user, pickup, pickup.refundCents ?? 0, status)) report.cancellationsSent += 1;
  }
  return report;
}

/** The start-up and hourly runs: never throw, log what was done. */
export async function reconcileInBackground(label: string, options: ReconcileOptions = {}) {
  try {
    const report = await reconcilePayments(options);
    const did = Object.entries(report).filter(([, n]) => n > 0);
    console.log(
      `[reconcile] ${label} done: ${did.length ? did.map(([k, n]) => `${k} ${n}`).join(", ") : "nothing to settle"}`,
    );
    return report;
  } catch (error) {
    console.error(`[reconcile] ${label} failed`, error);
    return null;
  }
}
