// Promo codes: percent off a 1-bag pickup, one use each, 30 days, once per address, first-time customers
// only. Applying a code at checkout reserves it (a pending redemption); the booking completes it.
import crypto from "node:crypto";
import { and, eq, isNotNull, isNull, lte, ne, sql } from "drizzle-orm";
import { db, perConnection, schema, type Tx } from "~/services/platform/db.server";
import { now } from "~/lib/clock";
import { normalizeAddress } from "~/lib/profile";
import type { User } from "../../../db/schema";

export const PROMO_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A code applied by someone who never paid is released after this long. */
export const PENDING_HOLD_MS = 60 * 60 * 1000;
export const DEFAULT_PROMO_PERCENT = 50;
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

export class PromoError extends Error {
  constructor(public readonly key: string) {
    super(key);
  }
}

export function normalizeCode(code: string): string {
  return code
    .trim()
    .toUpperCase()
    .replace(/[^A-Z0-9-]/g, "");
}

function newCode(): string {
  const bytes = crypto.randomBytes(8);
  return `RC-${[...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join("")}`;
}

export function createPromoCodes(count: number, percent = DEFAULT_PROMO_PERCENT, adminUserId: number | null = null) {
  const at = now();
  return db.transaction((tx) => {
    const codes: string[] = [];
    while (codes.length < count) {
      const code = newCode();
      const inserted = tx
        .insert(schema.promoCodes)
        .values({ code, percent, expiresAt: at + PROMO_TTL_MS, createdByUserId: adminUserId, createdAt: at })
        .onConflictDoNothing()
        .run();
      if (inserted.changes) codes.push(code);
    }
    return codes;
  });
}

type Handle = Tx | typeof db;

function isFirstTimeCustomer(tx: Handle, userId: number, exceptPickupId?: number): boolean {
  const row = tx
    .select({ n: sql<number>`count(*)` })
    .from(schema.pickupRequests)
    .where(
      and(
        eq(schema.pickupRequests.userId, userId),
        exceptPickupId ? ne(schema.pickupRequests.id, exceptPickupId) : undefined,
      ),
    )
    .get();
  return !row?.n;
}

function addressAlreadyRedeemed(tx: Handle, address: string, userId: number): boolean {
  const row = tx
    .select({ id: schema.promoRedemptions.id })
    .from(schema.promoRedemptions)
    .where(
      and(eq(schema.promoRedemptions.normalizedAddress, address), isNotNull(schema.promoRedemptions.pickupRequestId)),
    )
    .get();
  if (row) return true;
  // Another account holding a code for the same address right now counts too.
  const pending = tx
    .select({ id: schema.promoRedemptions.id })
    .from(schema.promoRedemptions)
    .where(
      and(
        eq(schema.promoRedemptions.normalizedAddress, address),
        isNull(schema.promoRedemptions.pickupRequestId),
        ne(schema.promoRedemptions.userId, userId),
        sql`${schema.promoRedemptions.redeemedAt} > ${now() - PENDING_HOLD_MS}`,
      ),
    )
    .get();
  return Boolean(pending);
}

/**
 * Checks every rule for this resident, bag count and address. Returns the code row or throws a
 * PromoError whose key is a translation key of the checkout namespace.
 */
export function checkPromo(tx: Handle, user: User, rawCode: string, bags: number, bookingPickupId?: number) {
  const code = normalizeCode(rawCode);
  if (!code) throw new PromoError("promo.invalid");
  const promo = tx.select().from(schema.promoCodes).where(eq(schema.promoCodes.code, code)).get();
  if (!promo || !promo.active) throw new PromoError("promo.invalid");
  if (promo.expiresAt <= now()) throw new PromoError("promo.expired");
  const redemption = tx
    .select()
    .from(schema.promoRedemptions)
    .where(eq(schema.promoRedemptions.promoCodeId, promo.id))
    .get();
  if (redemption?.pickupRequestId) throw new PromoError("promo.used");
  if (redemption && redemption.userId !== user.id && redemption.redeemedAt > now() - PENDING_HOLD_MS) {
    throw new PromoError("promo.used");
  }
  if (bags !== 1) throw new PromoError("promo.oneBagOnly");
  if (!isFirstTimeCustomer(tx, user.id, bookingPickupId)) throw new PromoError("promo.firstTimeOnly");
  if (addressAlreadyRedeemed(tx, normalizeAddress(user), user.id)) throw new PromoError("promo.addressUsed");
  return promo;
}

/** Reserves the code for this resident (pending redemption); one pending code per resident. */
export function applyPromo(user: User, rawCode: string, bags: number) {
  return db.transaction((tx) => {
    const promo = checkPromo(tx, user, rawCode, bags);
    releaseHoldsOf(tx, user.id);
    takeCode(tx, promo.id, user);
    return { code: promo.code, percent: promo.percent };
  });
}

/** Drops this resident's pending (not yet booked) redemptions. */
function releaseHoldsOf(tx: Handle, userId: number) {
  tx.delete(schema.promoRedemptions)
    .where(and(eq(schema.promoRedemptions.userId, userId), isNull(schema.promoRedemptions.pickupRequestId)))
    .run();
}

/**
 * Records this resident's redemption of a code, pending or (with a pickup) booked. A stale hold by
 * someone else on the code is released first: checkPromo has already refused a live one.
 */
function takeCode(
  tx: Handle,
  promoCodeId: number,
  user: User,
  booked?: { pickupRequestId: number; discountCents: number },
) {
  tx.delete(schema.promoRedemptions)
    .where(and(eq(schema.promoRedemptions.promoCodeId, promoCodeId), isNull(schema.promoRedemptions.pickupRequestId)))
    .run();
  tx.insert(schema.promoRedemptions)
    .values({
      promoCodeId,
      userId: user.id,
      email: user.email,
      normalizedAddress: normalizeAddress(user),
      ...booked,
      redeemedAt: now(),
    })
    .run();
}

export function clearPromo(userId: number) {
  releaseHoldsOf(db, userId);
}

/**
 * A hosted Checkout Session that expired or whose payment failed gives back the code it was priced with:
 * this resident's pending hold on it, unless they applied it again after the session began (a newer hold).
 */
export function releaseHeldCode(tx: Tx, userId: number, rawCode: string, heldSince: number) {
  const promo = tx
    .select({ id: schema.promoCodes.id })
    .from(schema.promoCodes)
    .where(eq(schema.promoCodes.code, normalizeCode(rawCode)))
    .get();
  if (!promo) return;
  tx.delete(schema.promoRedemptions)
    .where(
      and(
        eq(schema.promoRedemptions.promoCodeId, promo.id),
        eq(schema.promoRedemptions.userId, userId),
        isNull(schema.promoRedemptions.pickupRequestId),
        lte(schema.promoRedemptions.redeemedAt, heldSince),
      ),
    )
    .run();
}

/** The resident's code applied and not yet booked: every checkout view asks (issue 44), prepared once per connection. */
const pendingRedemption = perConnection((conn) =>
  conn
    .select({ code: schema.promoCodes.code })
    .from(schema.promoRedemptions)
    .innerJoin(schema.promoCodes, eq(schema.promoCodes.id, schema.promoRedemptions.promoCodeId))
    .where(
      and(
        eq(schema.promoRedemptions.userId, sql.placeholder("userId")),
        isNull(schema.promoRedemptions.pickupRequestId),
      ),
    )
    .prepare(),
);

/** The code this resident has applied and may still use for these bags, if any. */
export function appliedPromo(user: User, bags: number): { code: string; percent: number } | null {
  const row = pendingRedemption().get({ userId: user.id });
  if (!row) return null;
  try {
    const promo = checkPromo(db, user, row.code, bags);
    return { code: promo.code, percent: promo.percent };
  } catch {
    return null;
  }
}

/** Inside the booking transaction: the pending redemption of this code becomes booked. */
export function completeRedemption(
  tx: Tx,
  user: User,
  code: string,
  bags: number,
  pickupRequestId: number,
  discountCents: number,
) {
  const promo = checkPromo(tx, user, code, bags, pickupRequestId);
  const updated = tx
    .update(schema.promoRedemptions)
    .set({ pickupRequestId, discountCents, redeemedAt: now(), normalizedAddress: normalizeAddress(user) })
    .where(
      and(
        eq(schema.promoRedemptions.promoCodeId, promo.id),
        eq(schema.promoRedemptions.userId, user.id),
        isNull(schema.promoRedemptions.pickupRequestId),
      ),
    )
    .run();
  if (updated.changes === 1) return;
  // No reservation (e.g. the API was called directly): take the code now, if nobody holds it.
  takeCode(tx, promo.id, user, { pickupRequestId, discountCents });
}
