// The simulated card provider: behaves like Stripe's test cards, keeps its own ledger in the
// simulated_intents table, and stores only the brand and last four digits, never the number.
import crypto from "node:crypto";
import { and, desc, eq, gte, inArray } from "drizzle-orm";
import { db, durably, schema } from "~/services/platform/db.server";
import type {
  CardErrorCode,
  CardInput,
  PaymentProvider,
  ProviderIntent,
  ProviderRefund,
  SavedCardProvider,
} from "./provider-types";
import {
  chargeSavedCard,
  detachSimulatedMethod,
  rememberCard,
  savedMethodOfIntent,
  toIntent,
} from "./simulated-saved-cards.server";
import { now } from "~/lib/clock";

/**
 * Stripe's documented test numbers and what they do. "refund_fails" pays, but refunding it fails (the
 * refund answers status "failed", as Stripe's refund of 4000 0000 0000 5126 ends failed). "authenticate"
 * pays only once the resident completes the bank's authentication step (3-D Secure, 4000 0027 6000 3184 and
 * 4000 0038 0000 0446): confirming it leaves the intent in "requires_action". Issue 45: 4000 0000 0000 0341
 * pays on-session and is saved fine; its later off-session charges are declined (simulated-saved-cards).
 */
const TEST_CARDS: Record<string, CardErrorCode | "success" | "refund_fails" | "authenticate"> = {
  "4242424242424242": "success",
  "4000001240000000": "success",
  "5555555555554444": "success",
  "2223003122003222": "success",
  "378282246310005": "success",
  "6011111111111117": "success",
  "3566002020360505": "success",
  "4000056655665556": "success",
  "4000000000005126": "refund_fails",
  "4000000000000002": "card_declined",
  "4000000000009987": "lost_card",
  "4000000000009979": "stolen_card",
  "4000000000000119": "processing_error",
  "4000000000009995": "insufficient_funds",
  "4000000000000127": "incorrect_cvc",
  "4000000000000069": "expired_card",
  "4000002760003184": "authenticate",
  "4000003800000446": "authenticate",
  "4000000000000341": "success",
};

function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return number.length >= 12 && sum % 10 === 0;
}

function cardBrand(number: string): string {
  if (/^4/.test(number)) return "visa";
  if (/^(5[1-5]|2[2-7])/.test(number)) return "mastercard";
  if (/^3[47]/.test(number)) return "amex";
  if (/^(6011|65|64[4-9])/.test(number)) return "discover";
  if (/^35(2[89]|[3-8])/.test(number)) return "jcb";
  return "unknown";
}

/** The last four digits of the test cards that pay but cannot be refunded (only brand and last four are kept). */
const REFUND_FAILS_LAST4 = new Set(
  Object.entries(TEST_CARDS)
    .filter(([, outcome]) => outcome === "refund_fails")
    .map(([number]) => `${cardBrand(number)}:${number.slice(-4)}`),
);

/** What the simulated bank answers for this card at this moment: paid (null), an error, or "authenticate first". */
function simulateCharge(card: CardInput, at = now()): CardErrorCode | "authenticate" | null {
  const number = card.cardNumber.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) return "incorrect_number";
  const outcome = TEST_CARDS[number] ?? "card_declined";
  if (outcome !== "success" && outcome !== "refund_fails" && outcome !== "authenticate") return outcome;
  const expiry = new Date(Date.UTC(card.expYear < 100 ? 2000 + card.expYear : card.expYear, card.expMonth, 1));
  if (!(card.expMonth >= 1 && card.expMonth <= 12) || expiry.getTime() <= at) return "expired_card";
  const cvcLength = cardBrand(number) === "amex" ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) return "incorrect_cvc";
  return outcome === "authenticate" ? "authenticate" : null;
}

/** The simulated provider has no browser library: its client secret only names the intent. */
const simulatedSecret = (id: string) => `${id}_secret_simulated`;

/** Stripe's customer ids are `cus_` and 14 letters or digits; the simulated ones `cus_sim_` and 14. */
const CUSTOMER_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export class SimulatedProvider implements PaymentProvider, SavedCardProvider {
  readonly name = "simulated" as const;
  readonly publishableKey = null;
  readonly testMode = true;

  /** A stable id for the resident (derived from the idempotency key, which names them): the same on every call. */
  async createCustomer(input: { idempotencyKey: string }) {
    const digest = crypto.createHash("sha256").update(`simulated-customer:${input.idempotencyKey}`).digest();
    const tail = [...digest.subarray(0, 14)].map((b) => CUSTOMER_ALPHABET[b % CUSTOMER_ALPHABET.length]).join("");
    return `cus_sim_${tail}`;
  }

  /** Records the deletion, as Stripe deletes the Customer; a second deletion changes nothing. */
  async deleteCustomer(customerId: string) {
    db.insert(schema.simulatedDeletedCustomers).values({ customerId, deletedAt: now() }).onConflictDoNothing().run();
  }

  /** Nothing to tell: the simulated customer's language is the one its stored row records (customers.server). */
  async updateCustomer() {}

  async createIntent(input: {
    amountCents: number;
    currency: string;
    metadata: Record<string, string>;
    description: string;
    customerId: string;
    setupFutureUsage?: "off_session";
  }) {
    const id = `pi_sim_${crypto.randomBytes(12).toString("hex")}`;
    const row = durably(
      db
        .insert(schema.simulatedIntents)
        .values({
          id,
          amountCents: input.amountCents,
          currency: input.currency,
          metadata: JSON.stringify(input.metadata),
          customerId: input.customerId,
          description: input.description,
          setupFutureUsage: input.setupFutureUsage ?? null,
          createdAt: now(),
        })
        .returning(),
    );
    return { ...toIntent(row), clientSecret: simulatedSecret(id) };
  }

  async updateIntent(id: string, input: { amountCents: number; metadata: Record<string, string> }) {
    const row = durably(
      db
        .update(schema.simulatedIntents)
        .set({ amountCents: input.amountCents, metadata: JSON.stringify(input.metadata) })
        .where(
          and(
            eq(schema.simulatedIntents.id, id),
            inArray(schema.simulatedIntents.status, ["requires_payment_method", "requires_action"]),
          ),
        )
        .returning(),
    );
    if (!row) throw new Error(`Cannot update ${id}: it is paid, cancelled or unknown`);
    return { ...toIntent(row), clientSecret: simulatedSecret(id) };
  }

  async intentClientSecret(id: string) {
    const row = db.select().from(schema.simulatedIntents).where(eq(schema.simulatedIntents.id, id)).get();
    return row && row.status !== "canceled" && row.status !== "succeeded" ? simulatedSecret(id) : null;
  }

  async cancelIntent(id: string) {
    db.update(schema.simulatedIntents)
      .set({ status: "canceled" })
      .where(
        and(
          eq(schema.simulatedIntents.id, id),
          inArray(schema.simulatedIntents.status, ["requires_payment_method", "requires_action"]),
        ),
      )
      .run();
  }

  async retrieveIntent(id: string) {
    const row = db.select().from(schema.simulatedIntents).where(eq(schema.simulatedIntents.id, id)).get();
    return row ? toIntent(row) : null;
  }

  /**
   * The card form's submission, as Stripe would confirm it: paid, refused with a code, or (a card that asks
   * for 3-D Secure) waiting in "requires_action" for the resident to authenticate with the bank, its card's
   * brand and last four kept for then. A refused card leaves the intent open for another card.
   */
  async confirmCard(
    id: string,
    card: CardInput,
  ): Promise<{ ok: true } | { ok: false; code: CardErrorCode } | { ok: false; requiresAction: true }> {
    const row = db.select().from(schema.simulatedIntents).where(eq(schema.simulatedIntents.id, id)).get();
    if (!row) return { ok: false, code: "processing_error" };
    if (row.status === "succeeded") return { ok: true };
    // Cancelled (abandoned for an hour): it can never be paid.
    if (row.status === "canceled") return { ok: false, code: "processing_error" };
    const outcome = simulateCharge(card);
    const number = card.cardNumber.replace(/[\s-]/g, "");
    // Issue 45: a card about to pay an intent made to save it is kept on the customer (shown once it pays).
    if ((!outcome || outcome === "authenticate") && row.setupFutureUsage === "off_session") {
      rememberCard(row, { number, brand: cardBrand(number), expMonth: card.expMonth, expYear: card.expYear });
    }
    if (outcome === "authenticate") {
      db.update(schema.simulatedIntents)
        .set({
          status: "requires_action",
          cardBrand: cardBrand(number),
          cardLast4: number.slice(-4),
          lastErrorCode: null,
        })
        .where(eq(schema.simulatedIntents.id, id))
        .run();
      return { ok: false, requiresAction: true };
    }
    if (outcome) {
      db.update(schema.simulatedIntents)
        .set({ status: "requires_payment_method", cardBrand: null, cardLast4: null, lastErrorCode: outcome })
        .where(eq(schema.simulatedIntents.id, id))
        .run();
      return { ok: false, code: outcome };
    }
    db.update(schema.simulatedIntents)
      .set({ status: "succeeded", cardBrand: cardBrand(number), cardLast4: number.slice(-4), lastErrorCode: null })
      .where(eq(schema.simulatedIntents.id, id))
      .run();
    return { ok: true };
  }

  /**
   * The bank's authentication step of an intent in "requires_action" (our page stands in for the bank's):
   * completed, the intent succeeds; failed, it goes back to "requires_payment_method" with the error
   * authentication_failed, as Stripe's does. An intent in any other state is left as it is. Answers the
   * intent as it now stands (null when unknown).
   */
  async authenticate(id: string, outcome: "complete" | "fail"): Promise<ProviderIntent | null> {
    db.update(schema.simulatedIntents)
      .set(
        outcome === "complete"
          ? { status: "succeeded", lastErrorCode: null }
          : {
              status: "requires_payment_method",
              cardBrand: null,
              cardLast4: null,
              lastErrorCode: "authentication_failed",
            },
      )
      .where(and(eq(schema.simulatedIntents.id, id), eq(schema.simulatedIntents.status, "requires_action")))
      .run();
    return this.retrieveIntent(id);
  }

  /**
   * Refunds part of a paid intent. A refund of a "refund_fails" card (5126) answers status "failed" and
   * moves no money, as Stripe's refund of that card ends failed; the caller records it as failed.
   */
  async refund(intentId: string, amountCents: number, _idempotencyKey?: string): Promise<ProviderRefund> {
    const row = db.select().from(schema.simulatedIntents).where(eq(schema.simulatedIntents.id, intentId)).get();
    if (!row || row.status !== "succeeded") throw new Error(`Cannot refund ${intentId}`);
    if (row.refundedCents + amountCents > row.amountCents) throw new Error("Refund exceeds the amount paid");
    const id = `re_sim_${crypto.randomBytes(8).toString("hex")}`;
    if (REFUND_FAILS_LAST4.has(`${row.cardBrand}:${row.cardLast4}`)) return { id, amountCents, status: "failed" };
    db.update(schema.simulatedIntents)
      .set({ refundedCents: row.refundedCents + amountCents })
      .where(eq(schema.simulatedIntents.id, intentId))
      .run();
    return { id, amountCents, status: "succeeded" };
  }

  /**
   * The refunds of an intent, from its ledger: the money refunded so far as one succeeded refund (a
   * failed simulated refund moves nothing, so it leaves nothing to list).
   */
  async listRefunds(intentId: string): Promise<ProviderRefund[]> {
    const row = db.select().from(schema.simulatedIntents).where(eq(schema.simulatedIntents.id, intentId)).get();
    if (!row || row.refundedCents <= 0) return [];
    return [{ id: `re_sim_${intentId.slice("pi_sim_".length)}`, amountCents: row.refundedCents, status: "succeeded" }];
  }

  async listSucceededIntents(since: number, limit: number): Promise<ProviderIntent[]> {
    const i = schema.simulatedIntents;
    return db
      .select()
      .from(i)
      .where(and(eq(i.status, "succeeded"), gte(i.createdAt, since)))
      .orderBy(desc(i.createdAt))
      .limit(limit)
      .all()
      .map(toIntent);
  }

  async savedPaymentMethod(intentId: string) {
    return savedMethodOfIntent(intentId);
  }

  async chargeOffSession(input: Parameters<SavedCardProvider["chargeOffSession"]>[0]) {
    return chargeSavedCard(input);
  }

  async detachPaymentMethod(paymentMethodId: string) {
    detachSimulatedMethod(paymentMethodId);
  }
}
