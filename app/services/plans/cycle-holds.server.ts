// A held cycle ("Payment needed", issue 45 part 3): paid on-session by its resident (payHeldCycle opens
// the intent, or the hosted Checkout Session without JavaScript; completeHeldCycle reads it back and turns
// the held place into a booked, paid pickup exactly once), or released when its hold runs out. A payment
// that lands after the release (or a second tab's second payment) is refunded in full, never booked.
import { and, eq, lte } from "drizzle-orm";
import { db, schema } from "~/services/platform/db.server";
import { isSimulated } from "~/services/payments/provider.server";
import { customerIdFor } from "~/services/payments/customers.server";
import type { CardInput, HostedCheckout, PaymentProvider, ProviderIntent } from "~/services/payments/provider-types";
import { bookCycle, releaseCycle, type Cycle } from "./cycle-book.server";
import { adoptPaidCard, saveCardMetadata } from "./card-change.server";
import { cancelOpenPayment, isSession } from "./open-payments.server";
import { planProvider, type PlanProvider } from "./plan-provider.server";
import { now } from "~/lib/clock";
import { CURRENCY } from "~/lib/pricing";
import type { PickupRequest, User } from "../../../db/schema";

/** Why a held cycle cannot be paid: `plans.errors.*` keys, with the HTTP status the web edge answers. */
export class HeldCycleError extends Error {
  constructor(
    public readonly key: "plans.errors.nothingToPay" | "plans.errors.holdExpired" | "plans.errors.paymentSystem",
    public readonly status: 404 | 409,
  ) {
    super(key);
  }
}

const c = schema.planCycles;

/** The plan, when it is this resident's; someone else's reads as nothing (404). */
function ownPlan(userId: number, planId: number) {
  const plan = db.select().from(schema.pickupPlans).where(eq(schema.pickupPlans.id, planId)).get();
  if (!plan || plan.userId !== userId) throw new HeldCycleError("plans.errors.nothingToPay", 404);
  return plan;
}

/** The plan's held cycle, when the plan is this resident's. */
function heldCycleOf(userId: number, planId: number): Cycle {
  ownPlan(userId, planId);
  const cycle = db
    .select()
    .from(c)
    .where(and(eq(c.planId, planId), eq(c.status, "payment_needed")))
    .get();
  if (!cycle) throw new HeldCycleError("plans.errors.nothingToPay", 409);
  return cycle;
}

/** The held cycle's latest payment at the provider (an intent or a hosted session), recorded on it. */
function recordOpenPayment(cycle: Cycle, providerPaymentId: string) {
  db.update(c)
    .set({ providerPaymentId, updatedAt: now() })
    .where(and(eq(c.planId, cycle.planId), eq(c.cycleDate, cycle.cycleDate), eq(c.status, "payment_needed")))
    .run();
}

/** The resident's consent to save the card paying a held cycle for the plan's next payments (the pay page's box). */
export type SaveCardConsent = { language: "fr" | "en"; at: number };

function paymentInput(cycle: Cycle, user: User, saveCard?: SaveCardConsent) {
  return {
    amountCents: cycle.amountCents!,
    currency: CURRENCY,
    metadata: {
      planId: String(cycle.planId),
      cycleDate: cycle.cycleDate,
      userId: String(user.id),
      planCycle: cycle.idempotencyKey,
      ...(saveCard ? saveCardMetadata(saveCard) : {}),
    },
    description: `ReCircle: plan ${cycle.planId}, ${cycle.cycleDate}`,
    ...(saveCard ? { setupFutureUsage: "off_session" as const } : {}),
  };
}

export type HeldPayment =
  | { kind: "intent"; intentId: string; clientSecret: string; amountCents: number; cycleDate: string }
  | { kind: "hosted"; url: string }
  | { kind: "booked"; pickup: PickupRequest };

/**
 * Opens the on-session payment of the plan's held cycle: its intent (reused while it can still be paid: a
 * reload, the off-session attempt that asked for authentication), or, with `hosted` (no JavaScript, Stripe),
 * a Checkout Session. Already paid: the booked pickup.
 */
export async function payHeldCycle(
  user: User,
  planId: number,
  options: {
    provider?: PlanProvider;
    hosted?: { successUrl: string; cancelUrl: string };
    /** Save the card that pays for the plan's next payments (a new intent or session, made to save it). */
    saveCard?: SaveCardConsent;
  } = {},
): Promise<HeldPayment> {
  const provider = options.provider ?? planProvider();
  const cycle = heldCycleOf(user.id, planId);
  const at = now();
  if (cycle.holdExpiresAt !== null && at >= cycle.holdExpiresAt)
    throw new HeldCycleError("plans.errors.holdExpired", 409);
  const done = await completeHeldCycle(user.id, planId, { provider });
  if (done.state === "booked") return { kind: "booked", pickup: done.pickup };
  const card = cycle.providerPaymentId;
  const customerId = await customerIdFor(user, provider, user.locale);
  const attempt = `${cycle.idempotencyKey}-pay-${card ?? "first"}${options.saveCard ? "-save" : ""}`;
  if (options.hosted) {
    const hosted = provider as PlanProvider & Partial<HostedCheckout>;
    if (!hosted.createCheckoutSession || !hosted.openSessionUrl)
      throw new HeldCycleError("plans.errors.paymentSystem", 409);
    const open = isSession(card) && !options.saveCard ? await hosted.openSessionUrl(card!) : null;
    if (open) return { kind: "hosted", url: open };
    // Stripe keeps a session open 30 minutes to 24 hours: until the hold ends, within those bounds.
    const expiresAt = Math.max(at + 31 * 60_000, Math.min(cycle.holdExpiresAt ?? at, at + 23 * 3_600_000));
    const session = await hosted.createCheckoutSession({
      ...paymentInput(cycle, user, options.saveCard),
      customerId,
      ...options.hosted,
      locale: user.locale,
      expiresAt,
      idempotencyKey: `${attempt}-session`,
    });
    recordOpenPayment(cycle, session.id);
    return { kind: "hosted", url: session.url };
  }
  if (card && !isSession(card) && !options.saveCard) {
    const intent = await provider.retrieveIntent(card);
    const secret =
      intent && (intent.status === "requires_payment_method" || intent.status === "requires_action")
        ? await provider.intentClientSecret(card)
        : null;
    if (secret)
      return {
        kind: "intent",
        intentId: card,
        clientSecret: secret,
        amountCents: cycle.amountCents!,
        cycleDate: cycle.cycleDate,
      };
  }
  const intent = await provider.createIntent({
    ...paymentInput(cycle, user, options.saveCard),
    receiptEmail: user.email,
    customerId,
    idempotencyKey: attempt,
  });
  recordOpenPayment(cycle, intent.id);
  return {
    kind: "intent",
    intentId: intent.id,
    clientSecret: intent.clientSecret,
    amountCents: cycle.amountCents!,
    cycleDate: cycle.cycleDate,
  };
}

export type HeldOutcome = { state: "booked"; pickup: PickupRequest } | { state: "pending" } | { state: "refunded" };

/**
 * The intent a held place's payment was made with (a hosted session's, once paid), read back; a phone
 * booking's payment (checkout/phone-pay, issue 46 part 5) is read back the same way.
 */
export async function paidIntent(provider: PaymentProvider, providerPaymentId: string): Promise<ProviderIntent | null> {
  let intentId: string | null = providerPaymentId;
  if (isSession(providerPaymentId)) {
    const hosted = provider as PaymentProvider & Partial<HostedCheckout>;
    intentId = hosted.sessionPaymentIntent ? await hosted.sessionPaymentIntent(providerPaymentId) : null;
  }
  return intentId ? provider.retrieveIntent(intentId) : null;
}

/**
 * After the resident paid (the return page, the reconcile): the held cycle's payment is read back from the
 * provider and, when it succeeded for the cycle's amount, the held place becomes a booked, paid pickup, in
 * one transaction, once. A payment that succeeded for a cycle no longer held (released meanwhile, or paid
 * by another tab) is refunded in full. `userId` null: the reconcile asking.
 */
export async function completeHeldCycle(
  userId: number | null,
  planId: number,
  options: { provider?: PlanProvider; cycleDate?: string } = {},
): Promise<HeldOutcome> {
  const provider = options.provider ?? planProvider();
  if (userId !== null) ownPlan(userId, planId);
  const rows = db.select().from(c).where(eq(c.planId, planId)).all();
  // The cycle named, else the held one, else the one changed last (a reload after it was booked).
  const latest = [...rows].sort((x, y) => y.updatedAt - x.updatedAt)[0];
  const cycle = options.cycleDate
    ? rows.find((r) => r.cycleDate === options.cycleDate)
    : (rows.find((r) => r.status === "payment_needed") ?? latest);
  if (!cycle || !cycle.providerPaymentId) return { state: "pending" };
  const intent = await paidIntent(provider, cycle.providerPaymentId);
  if (!intent || intent.status !== "succeeded" || intent.metadata.planCycle !== cycle.idempotencyKey)
    return { state: "pending" };
  const outcome = db.transaction((tx) => {
    const fresh = tx
      .select()
      .from(c)
      .where(and(eq(c.planId, planId), eq(c.cycleDate, cycle.cycleDate)))
      .get()!;
    if (fresh.status === "booked" && fresh.providerPaymentId === intent.id) {
      const pickup = tx
        .select()
        .from(schema.pickupRequests)
        .where(eq(schema.pickupRequests.id, fresh.pickupRequestId!))
        .get()!;
      return { state: "booked" as const, pickup };
    }
    if (fresh.status !== "payment_needed" || intent.amountCents !== fresh.amountCents)
      return { state: "refund" as const };
    // The date was closed by the service meanwhile (its pickups told to choose another): not booked on it.
    const slot = tx.select().from(schema.pickupSlots).where(eq(schema.pickupSlots.id, fresh.slotId!)).get();
    if (!slot || slot.closed) return { state: "refund" as const };
    return { state: "booked" as const, pickup: bookCycle(tx, fresh, "payment_needed", intent, provider.name, now()) };
  });
  if (outcome.state === "booked") {
    // Paid with the consent to save the card: it pays the plan's next pickups (once; never fails the booking).
    await adoptPaidCard(provider, planId, outcome.pickup, intent);
    return outcome;
  }
  const refunds = await provider.listRefunds(intent.id);
  const back = refunds.filter((r) => r.status !== "failed").reduce((sum, r) => sum + r.amountCents, 0);
  if (back < intent.amountCents)
    await provider.refund(intent.id, intent.amountCents - back, `plan-refund-${intent.id}`);
  return { state: "refunded" };
}

/**
 * The simulated provider's card form for a held cycle (with or without JavaScript): the card confirmed on
 * the cycle's intent, then completed; a card asking for 3-D Secure answers "requires_action" (the page
 * shows the simulated bank's step, then calls authenticateHeldCycle); a declined one its code.
 */
export async function payHeldCycleWithSimulatedCard(
  user: User,
  planId: number,
  card: CardInput,
  options: { provider?: PlanProvider; saveCard?: SaveCardConsent } = {},
): Promise<HeldOutcome | { state: "requires_action"; intentId: string } | { state: "declined"; code: string }> {
  const provider = options.provider ?? planProvider();
  if (!isSimulated(provider)) throw new HeldCycleError("plans.errors.paymentSystem", 409);
  const open = await payHeldCycle(user, planId, { provider, saveCard: options.saveCard });
  if (open.kind === "booked") return { state: "booked", pickup: open.pickup };
  if (open.kind !== "intent") throw new HeldCycleError("plans.errors.paymentSystem", 409);
  const result = await provider.confirmCard(open.intentId, card);
  if (!result.ok && "code" in result) return { state: "declined", code: result.code };
  if (!result.ok) return { state: "requires_action", intentId: open.intentId };
  return completeHeldCycle(user.id, planId, { provider });
}

/** The simulated bank's answer for a held cycle's intent (Complete or Fail), then the payment read back. */
export async function authenticateHeldCycle(
  user: User,
  planId: number,
  outcome: "complete" | "fail",
  options: { provider?: PlanProvider } = {},
): Promise<HeldOutcome> {
  const provider = options.provider ?? planProvider();
  if (!isSimulated(provider)) throw new HeldCycleError("plans.errors.paymentSystem", 409);
  const cycle = heldCycleOf(user.id, planId);
  if (cycle.providerPaymentId) await provider.authenticate(cycle.providerPaymentId, outcome);
  return completeHeldCycle(user.id, planId, { provider });
}

/**
 * Every held place (or only `planId`'s) whose hold ran out at `at`, released (each in its own transaction, only if still held),
 * then its open payment cancelled at the provider so it can no longer be paid (one paid in between is
 * refunded by completeHeldCycle).
 */
export async function releaseExpiredHolds(at: number, provider: PlanProvider, planId?: number): Promise<number> {
  const expired = db
    .select()
    .from(c)
    .where(
      and(
        eq(c.status, "payment_needed"),
        lte(c.holdExpiresAt, at),
        planId === undefined ? undefined : eq(c.planId, planId),
      ),
    )
    .all();
  let released = 0;
  for (const cycle of expired) {
    const done = db.transaction((tx) => {
      const fresh = tx
        .select()
        .from(c)
        .where(and(eq(c.planId, cycle.planId), eq(c.cycleDate, cycle.cycleDate)))
        .get();
      if (fresh?.status !== "payment_needed") return false;
      releaseCycle(tx, fresh, at);
      return true;
    });
    if (!done) continue;
    released += 1;
    if (cycle.providerPaymentId) await cancelOpenPayment(provider, cycle.providerPaymentId);
  }
  return released;
}
