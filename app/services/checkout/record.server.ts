// A checkout: one resident paying for bags on a slot, named by a random id carried in the checkout's URL
// (a new one each time the resident comes from /booking). It is paid at most once: every payment started
// on it refers to it, one payment at a time is open on it (reused after a decline, updated when the promo
// changes), and at most one pickup is booked for it (a unique index says so too). After Back, a reload or
// in a second tab, a paid checkout answers with the pickup it booked, never with a live Pay button.
import crypto from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { db, schema, type Tx } from "~/services/platform/db.server";
import { paidPickupOf } from "~/services/booking/book.server";
import { BookingError } from "~/services/booking/booking-error.server";
import { quoteBooking, type Quote } from "~/services/booking/quote.server";
import { isOpen, isSession } from "~/services/payments/ledger.server";
import type { BagCount } from "~/lib/pricing";
import type { ContractAcceptance } from "~/lib/contract-acceptance";
import type { PlanChoice } from "~/lib/plan-choice";
import { now } from "~/lib/clock";
import type { Payment, PickupRequest, User } from "../../../db/schema";

/** 16 random bytes, base64url: 22 characters. */
const CHECKOUT_ID = /^[A-Za-z0-9_-]{22}$/;

export function newCheckoutId(): string {
  return crypto.randomBytes(16).toString("base64url");
}

/** A checkout id from a URL or a body, or null when it is missing or malformed. */
export function parseCheckoutId(value: unknown): string | null {
  return typeof value === "string" && CHECKOUT_ID.test(value) ? value : null;
}

/** Thrown when a payment is started on a checkout that is already paid: the answer is the pickup it booked. */
export class CheckoutPaidError extends BookingError {
  constructor(public readonly pickup: PickupRequest) {
    super("errors.checkoutPaid", 409);
  }
}

/**
 * The checkout a payment starts on, written the first time: the id from the page when there is one (a
 * checkout of someone else's, or one for other bags or another slot, is refused), else the resident's
 * open checkout for these bags and slot (an API client paying again after a decline), else a new one.
 * Throws CheckoutPaidError when it is already paid. A checkout written now was priced to be written: its
 * quote comes back with it, so the payment that follows prices it once (null for one written before).
 * The resident's acceptance of the terms (`booking.contract`) is written on it, the latest one winning.
 */
export function claimCheckout(
  user: User,
  booking: { bags: BagCount; slotId: number; contract?: ContractAcceptance; plan?: PlanChoice },
  requestedId: string | null,
): { id: string; quote: Quote | null; planChanged?: boolean } {
  return db.transaction((tx) => {
    let id = requestedId;
    let quote: Quote | null = null;
    if (id) {
      const row = tx.select().from(schema.checkouts).where(eq(schema.checkouts.id, id)).get();
      if (row && (row.userId !== user.id || row.bags !== booking.bags || row.slotId !== booking.slotId)) {
        throw new BookingError("errors.checkoutMismatch", 409);
      }
      if (!row) quote = insertCheckout(tx, user, booking, id);
    } else {
      const open = tx
        .select({ id: schema.checkouts.id })
        .from(schema.checkouts)
        .where(
          and(
            eq(schema.checkouts.userId, user.id),
            eq(schema.checkouts.bags, booking.bags),
            eq(schema.checkouts.slotId, booking.slotId),
          ),
        )
        .orderBy(desc(schema.checkouts.createdAt), desc(schema.checkouts.id))
        .get();
      id = open && !paidPickupOf(user.id, open.id, tx) ? open.id : newCheckoutId();
      if (!open || id !== open.id) quote = insertCheckout(tx, user, booking, id);
    }
    const paid = paidPickupOf(user.id, id, tx);
    if (paid) throw new CheckoutPaidError(paid);
    if (booking.contract) writeAcceptance(tx, id, booking.contract);
    const planChanged = booking.plan ? writePlanChoice(tx, id, booking.plan) : false;
    return { id, quote, planChanged };
  });
}

/**
 * Issue 45: the consent to keep the card (when given) and the plan chosen, the latest winning. True when it
 * changed what the checkout held: a payment opened before is not reused (it saves the card, or not, otherwise).
 */
function writePlanChoice(tx: Tx, checkoutId: string, plan: PlanChoice): boolean {
  const row = tx.select().from(schema.checkouts).where(eq(schema.checkouts.id, checkoutId)).get();
  if (!row) return false;
  const consented = row.saveCardConsentAt !== null;
  if (consented === plan.saveCardConsent && row.planIntervalWeeks === plan.intervalWeeks) return false;
  tx.update(schema.checkouts)
    .set({ saveCardConsentAt: plan.saveCardConsent ? now() : null, planIntervalWeeks: plan.intervalWeeks })
    .where(eq(schema.checkouts.id, checkoutId))
    .run();
  return true;
}

/** Issue 45: what the checkout holds of the consent to keep the card and of the plan chosen. */
export function checkoutPlan(checkoutId: string | null, tx: Tx | typeof db = db) {
  if (!checkoutId) return null;
  const row = tx
    .select({
      saveCardConsentAt: schema.checkouts.saveCardConsentAt,
      planIntervalWeeks: schema.checkouts.planIntervalWeeks,
      contractLanguage: schema.checkouts.contractLanguage,
    })
    .from(schema.checkouts)
    .where(eq(schema.checkouts.id, checkoutId))
    .get();
  return row ?? null;
}

/**
 * The JSON API's booking step may carry the plan again (`planIntervalWeeks` with `saveCardConsent`): written
 * on the payment's checkout (this resident's, not booked yet) before the pickup is booked.
 */
export function planOnCheckout(userId: number, checkoutId: string | null, plan: PlanChoice) {
  if (!checkoutId) return;
  db.transaction((tx) => {
    const row = tx.select().from(schema.checkouts).where(eq(schema.checkouts.id, checkoutId)).get();
    if (!row || row.userId !== userId || paidPickupOf(userId, checkoutId, tx)) return;
    writePlanChoice(tx, checkoutId, plan);
  });
}

function writeAcceptance(tx: Tx | typeof db, checkoutId: string, contract: ContractAcceptance) {
  tx.update(schema.checkouts).set(contract).where(eq(schema.checkouts.id, checkoutId)).run();
}

/**
 * The JSON API's booking step carries the acceptance again: written on the payment's checkout (this
 * resident's, not paid yet) before the pickup is booked, so the pickup copies the one the resident just gave.
 */
export function acceptOnCheckout(userId: number, checkoutId: string | null, contract: ContractAcceptance) {
  if (!checkoutId) return;
  db.transaction((tx) => {
    const row = tx.select().from(schema.checkouts).where(eq(schema.checkouts.id, checkoutId)).get();
    if (!row || row.userId !== userId || paidPickupOf(userId, checkoutId, tx)) return;
    writeAcceptance(tx, checkoutId, contract);
  });
}

/** A checkout is written only for a booking that can be priced: a missing slot is refused, not a 500. */
function insertCheckout(tx: Tx, user: User, booking: { bags: BagCount; slotId: number }, id: string): Quote {
  const quote = quoteBooking(user, booking);
  tx.insert(schema.checkouts).values({ id, userId: user.id, bags: booking.bags, slotId: booking.slotId }).run();
  return quote;
}

/** Every payment started on a checkout, the latest first. */
export function paymentsOfCheckout(checkoutId: string): Payment[] {
  return db
    .select()
    .from(schema.payments)
    .where(eq(schema.payments.checkoutId, checkoutId))
    .orderBy(desc(schema.payments.id))
    .all();
}

/** The checkout's open payment of this kind (an intent, or a hosted session), the latest first. */
export function openPaymentOf(checkoutId: string, providerName: string, kind: "intent" | "session") {
  return paymentsOfCheckout(checkoutId).find(
    (p) => p.provider === providerName && isOpen(p) && isSession(p) === (kind === "session"),
  );
}

const queues = new Map<string, Promise<unknown>>();

/**
 * Runs `work` alone for this checkout: two tabs paying the same checkout at once take turns, so the
 * second finds the first's payment (and its pickup) instead of starting its own. The app is one process;
 * the unique index on pickup_requests.checkout_id is the last line of defence.
 */
export function oneAtATime<T>(checkoutId: string, work: () => Promise<T>): Promise<T> {
  const before = queues.get(checkoutId) ?? Promise.resolve();
  const run = before.then(work, work);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  queues.set(checkoutId, settled);
  void settled.then(() => {
    if (queues.get(checkoutId) === settled) queues.delete(checkoutId);
  });
  return run;
}
