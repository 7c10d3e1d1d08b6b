// Issue 45: the simulated provider's saved cards (Stripe's PaymentMethods on a Customer) and their
// off-session charges, answering as Stripe's test cards do: 4242 4242 4242 4242 and 4000 0038 0000 0446
// succeed off-session, 4000 0027 6000 3184 always needs authentication, 4000 0000 0000 0341 is saved fine and
// every later charge is declined; an expired card is expired_card. Only brand, last four and expiry are kept.
import crypto from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { db, durably, perConnection, schema } from "~/services/platform/db.server";
import type { OffSessionFailure, OffSessionResult, ProviderIntent, SavedPaymentMethod } from "./provider-types";
import { now } from "~/lib/clock";

type Behaviour = typeof schema.simulatedPaymentMethods.$inferSelect.behaviour;

/** What a saved test number does when charged off-session (every other number that paid succeeds). */
const OFF_SESSION: Record<string, Behaviour> = {
  "4000002760003184": "authentication_required",
  "4000000000000341": "card_declined",
};

export function toIntent(row: typeof schema.simulatedIntents.$inferSelect): ProviderIntent {
  return {
    id: row.id,
    status: row.status,
    amountCents: row.amountCents,
    currency: row.currency,
    metadata: JSON.parse(row.metadata),
    cardBrand: row.cardBrand,
    cardLast4: row.cardLast4,
    customerId: row.customerId,
  };
}

/**
 * A card paying (or about to authenticate) an intent made with `setup_future_usage`: kept as a payment
 * method of the intent's customer, its id written on the intent. Answers the payment method's id.
 */
export function rememberCard(
  intent: { id: string; customerId: string | null },
  card: { number: string; brand: string; expMonth: number; expYear: number },
): string {
  const id = `pm_sim_${crypto.randomBytes(12).toString("hex")}`;
  db.transaction((tx) => {
    tx.insert(schema.simulatedPaymentMethods)
      .values({
        id,
        customerId: intent.customerId ?? "",
        behaviour: OFF_SESSION[card.number] ?? "succeeds",
        brand: card.brand,
        last4: card.number.slice(-4),
        expMonth: card.expMonth,
        expYear: card.expYear < 100 ? 2000 + card.expYear : card.expYear,
        createdAt: now(),
      })
      .run();
    tx.update(schema.simulatedIntents)
      .set({ paymentMethodId: id })
      .where(eq(schema.simulatedIntents.id, intent.id))
      .run();
  });
  return id;
}

/**
 * The off-session charge's queries, prepared once per connection: a plan's renewals charge thousands of
 * saved cards in a morning (issue 45's bench), and building and compiling them cost more than running them.
 */
const chargeQueries = perConnection((conn) => {
  const i = schema.simulatedIntents;
  const ph = sql.placeholder;
  return {
    method: conn
      .select()
      .from(schema.simulatedPaymentMethods)
      .where(eq(schema.simulatedPaymentMethods.id, ph("id")))
      .prepare(),
    byKey: conn
      .select()
      .from(i)
      .where(eq(i.idempotencyKey, ph("key")))
      .prepare(),
    insert: conn
      .insert(i)
      .values({
        id: ph("id"),
        amountCents: ph("amountCents"),
        currency: ph("currency"),
        status: ph("status"),
        metadata: ph("metadata"),
        customerId: ph("customerId"),
        description: ph("description"),
        cardBrand: ph("cardBrand"),
        cardLast4: ph("cardLast4"),
        lastErrorCode: ph("lastErrorCode"),
        paymentMethodId: ph("paymentMethodId"),
        idempotencyKey: ph("idempotencyKey"),
        createdAt: ph("createdAt"),
      })
      .onConflictDoNothing({ target: i.idempotencyKey })
      .returning()
      .prepare(),
  };
});

function methodRow(id: string) {
  return chargeQueries().method.get({ id });
}

/** The card a succeeded intent made with setup_future_usage saved on its customer (not detached), else null. */
export function savedMethodOfIntent(intentId: string): SavedPaymentMethod | null {
  const intent = db.select().from(schema.simulatedIntents).where(eq(schema.simulatedIntents.id, intentId)).get();
  if (!intent || intent.status !== "succeeded" || intent.setupFutureUsage !== "off_session") return null;
  const method = intent.paymentMethodId ? methodRow(intent.paymentMethodId) : undefined;
  if (!method || method.detachedAt !== null) return null;
  return {
    id: method.id,
    brand: method.brand,
    last4: method.last4,
    expMonth: method.expMonth,
    expYear: method.expYear,
  };
}

/** A card is good through the last day of its expiry month. */
function expired(method: { expMonth: number | null; expYear: number | null }, at: number) {
  if (method.expMonth === null || method.expYear === null) return false;
  return Date.UTC(method.expYear, method.expMonth, 1) <= at;
}

function outcomeOf(row: typeof schema.simulatedIntents.$inferSelect): OffSessionResult {
  if (row.status === "succeeded") return { ok: true, intent: toIntent(row) };
  return { ok: false, code: (row.lastErrorCode ?? "processing_error") as OffSessionFailure, intentId: row.id };
}

type OffSessionInput = {
  customerId: string;
  paymentMethodId: string;
  amountCents: number;
  currency: string;
  metadata: Record<string, string>;
  description: string;
  idempotencyKey: string;
};

/**
 * Charges a saved card without the resident. The idempotency key names the charge: asked again (a retry, a
 * crash, two at once) the same intent answers and nothing is charged twice. A card that needs authentication
 * leaves its intent in requires_action (payable on-session by the 3-D Secure step); a decline, an expired,
 * detached or unknown card leave it in requires_payment_method.
 */
export function chargeSavedCard(input: OffSessionInput, at = now()): OffSessionResult {
  const queries = chargeQueries();
  const replay = queries.byKey.get({ key: input.idempotencyKey });
  if (replay) return outcomeOf(replay);
  const method = methodRow(input.paymentMethodId);
  const usable = method && method.detachedAt === null && method.customerId === input.customerId;
  const failure: OffSessionFailure | null = !usable
    ? "card_declined"
    : expired(method, at)
      ? "expired_card"
      : method.behaviour === "succeeds"
        ? null
        : method.behaviour;
  const status = !failure ? "succeeded" : failure === "authentication_required" ? "requires_action" : undefined;
  const keepsCard = usable && (status === "succeeded" || status === "requires_action");
  durably({
    all: () =>
      queries.insert.all({
        id: `pi_sim_${crypto.randomBytes(12).toString("hex")}`,
        amountCents: input.amountCents,
        currency: input.currency,
        status: status ?? "requires_payment_method",
        metadata: JSON.stringify(input.metadata),
        customerId: input.customerId,
        description: input.description,
        cardBrand: keepsCard ? method.brand : null,
        cardLast4: keepsCard ? method.last4 : null,
        lastErrorCode: failure,
        paymentMethodId: input.paymentMethodId,
        idempotencyKey: input.idempotencyKey,
        createdAt: at,
      }),
  });
  return outcomeOf(queries.byKey.get({ key: input.idempotencyKey })!);
}

/** The card is removed from its customer; an unknown or already detached one counts as removed. */
export function detachSimulatedMethod(id: string, at = now()) {
  db.update(schema.simulatedPaymentMethods)
    .set({ detachedAt: at })
    .where(and(eq(schema.simulatedPaymentMethods.id, id), isNull(schema.simulatedPaymentMethods.detachedAt)))
    .run();
}
