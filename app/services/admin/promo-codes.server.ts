// Promo codes as admins see them: the statistics (spec section 3), the redemptions (pending or booked),
// creating codes one at a time or in batches, the code list with its CSV, and deactivating a code.
import { and, count, desc, eq, gt, isNotNull, isNull, like, lte, sql, type SQL } from "drizzle-orm";
import { recordActivity } from "./activity.server";
import { AdminError } from "./admin-error.server";
import { toInteger } from "~/lib/ids";
import { db, schema } from "~/services/platform/db.server";
import { createPromoCodes, DEFAULT_PROMO_PERCENT, normalizeCode } from "~/services/booking/promo-rules.server";
import { now } from "~/lib/clock";
import type { User } from "../../../db/schema";

export const MAX_BATCH = 500;
const CODES_PAGE_SIZE = 50;

export type PromoStats = {
  totalCodes: number;
  /** Codes that can still be redeemed: switched on, not expired, not used. */
  activeCodes: number;
  /** Codes whose redemption booked a pickup. */
  usedCodes: number;
  /** Every redemption, pending (applied at checkout, not paid yet) or booked. */
  totalRedemptions: number;
  pendingRedemptions: number;
  /** What booked redemptions took off, in dollars (two decimals) and in cents. */
  totalSavings: number;
  totalSavingsCents: number;
};

const booked = isNotNull(schema.promoRedemptions.pickupRequestId);

export function promoStats(at = now()): PromoStats {
  const c = schema.promoCodes;
  const r = schema.promoRedemptions;
  const totalCodes = db.select({ n: count() }).from(c).get()!.n;
  const activeCodes = db
    .select({ n: count() })
    .from(c)
    .leftJoin(r, and(eq(r.promoCodeId, c.id), booked))
    .where(and(eq(c.active, true), gt(c.expiresAt, at), isNull(r.id)))
    .get()!.n;
  const redemptions = db
    .select({
      total: count(),
      used: sql<number>`coalesce(sum(case when ${r.pickupRequestId} is not null then 1 else 0 end), 0)`,
      savings: sql<number>`coalesce(sum(case when ${r.pickupRequestId} is not null then ${r.discountCents} else 0 end), 0)`,
    })
    .from(r)
    .get()!;
  return {
    totalCodes,
    activeCodes,
    usedCodes: redemptions.used,
    totalRedemptions: redemptions.total,
    pendingRedemptions: redemptions.total - redemptions.used,
    totalSavings: redemptions.savings / 100,
    totalSavingsCents: redemptions.savings,
  };
}

export type RedemptionRow = {
  id: number;
  email: string;
  codeText: string;
  redeemedAt: number;
  pickupRequestId: number | null;
  discountCents: number;
};

/** Newest first. */
export function recentRedemptions(limit = 20): RedemptionRow[] {
  return db
    .select({
      id: schema.promoRedemptions.id,
      email: schema.promoRedemptions.email,
      codeText: schema.promoCodes.code,
      redeemedAt: schema.promoRedemptions.redeemedAt,
      pickupRequestId: schema.promoRedemptions.pickupRequestId,
      discountCents: schema.promoRedemptions.discountCents,
    })
    .from(schema.promoRedemptions)
    .innerJoin(schema.promoCodes, eq(schema.promoCodes.id, schema.promoRedemptions.promoCodeId))
    .orderBy(desc(schema.promoRedemptions.redeemedAt), desc(schema.promoRedemptions.id))
    .limit(Math.min(Math.max(1, limit), 1000))
    .all();
}

/** The API's shape (spec section 3): redeemedAt as an ISO instant, pickupRequestId null while pending. */
export function redemptionJson(row: RedemptionRow) {
  return {
    id: row.id,
    email: row.email,
    codeText: row.codeText,
    redeemedAt: new Date(row.redeemedAt).toISOString(),
    pickupRequestId: row.pickupRequestId,
  };
}

/**
 * Reads a batch request from a form or JSON body: count 1..500, percent 1..100 (50 when left out).
 * Throws AdminError with the admin namespace's key for the field that is wrong.
 */
function parseBatch(input: { count: unknown; percent?: unknown }) {
  const n = toInteger(input.count);
  if (n === null || n < 1 || n > MAX_BATCH) throw new AdminError("promo.countInvalid", { max: MAX_BATCH });
  const rawPercent = input.percent;
  const percent =
    rawPercent === undefined || rawPercent === null || rawPercent === ""
      ? DEFAULT_PROMO_PERCENT
      : toInteger(rawPercent);
  if (percent === null || percent < 1 || percent > 100) throw new AdminError("promo.percentInvalid");
  return { count: n, percent };
}

/** Creates the codes and logs it. `createdAt` identifies the batch (all its codes share it). */
export function createCodesAsAdmin(admin: User, input: { count: unknown; percent?: unknown }) {
  const batch = parseBatch(input);
  const codes = createPromoCodes(batch.count, batch.percent, admin.id);
  const first = db.select().from(schema.promoCodes).where(eq(schema.promoCodes.code, codes[0]!)).get()!;
  recordActivity(db, admin.id, "promo.create", { count: codes.length, percent: batch.percent, first: codes[0]! });
  return { codes, percent: batch.percent, createdAt: first.createdAt };
}

export const CODE_STATUSES = ["active", "pending", "used", "expired", "inactive"] as const;
type CodeStatus = (typeof CODE_STATUSES)[number];

export type CodeFilter = { status: CodeStatus | "all"; q: string; batch: number | null };

export function readCodeFilter(params: URLSearchParams): CodeFilter {
  const status = params.get("status");
  const batch = toInteger(params.get("batch") ?? "");
  return {
    status: (CODE_STATUSES as readonly string[]).includes(status ?? "") ? (status as CodeStatus) : "all",
    q: normalizeCode(params.get("q") ?? "").slice(0, 20),
    batch: batch && batch > 0 ? batch : null,
  };
}

export type CodeRow = {
  id: number;
  code: string;
  percent: number;
  status: CodeStatus;
  createdAt: number;
  expiresAt: number;
  redeemedBy: string | null;
  redeemedAt: number | null;
};

function codeQuery(filter: CodeFilter, at: number) {
  const c = schema.promoCodes;
  const r = schema.promoRedemptions;
  const conditions: (SQL | undefined)[] = [
    filter.q ? like(c.code, `%${filter.q}%`) : undefined,
    filter.batch ? eq(c.createdAt, filter.batch) : undefined,
  ];
  const isUsed = isNotNull(r.pickupRequestId);
  switch (filter.status) {
    case "inactive":
      conditions.push(eq(c.active, false));
      break;
    case "used":
      conditions.push(eq(c.active, true), isUsed);
      break;
    case "expired":
      conditions.push(eq(c.active, true), isNull(r.pickupRequestId), lte(c.expiresAt, at));
      break;
    case "pending":
      conditions.push(eq(c.active, true), isNotNull(r.id), isNull(r.pickupRequestId), gt(c.expiresAt, at));
      break;
    case "active":
      conditions.push(eq(c.active, true), isNull(r.id), gt(c.expiresAt, at));
      break;
  }
  return and(...conditions);
}

function statusOf(
  row: { active: boolean; expiresAt: number; redemptionId: number | null; pickupRequestId: number | null },
  at: number,
): CodeStatus {
  if (!row.active) return "inactive";
  if (row.pickupRequestId) return "used";
  if (row.expiresAt <= at) return "expired";
  return row.redemptionId ? "pending" : "active";
}

function selectCodes(filter: CodeFilter, at: number) {
  const c = schema.promoCodes;
  const r = schema.promoRedemptions;
  return db
    .select({
      id: c.id,
      code: c.code,
      percent: c.percent,
      active: c.active,
      createdAt: c.createdAt,
      expiresAt: c.expiresAt,
      redemptionId: r.id,
      pickupRequestId: r.pickupRequestId,
      redeemedBy: r.email,
      redeemedAt: r.redeemedAt,
    })
    .from(c)
    .leftJoin(r, eq(r.promoCodeId, c.id))
    .where(codeQuery(filter, at))
    .orderBy(desc(c.createdAt), desc(c.id));
}

function toCodeRow(row: ReturnType<ReturnType<typeof selectCodes>["all"]>[number], at: number): CodeRow {
  return {
    id: row.id,
    code: row.code,
    percent: row.percent,
    status: statusOf(row, at),
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    redeemedBy: row.redeemedBy,
    redeemedAt: row.redeemedAt,
  };
}

export function listCodes(filter: CodeFilter, page = 1, at = now()) {
  const total = db
    .select({ n: count() })
    .from(schema.promoCodes)
    .leftJoin(schema.promoRedemptions, eq(schema.promoRedemptions.promoCodeId, schema.promoCodes.id))
    .where(codeQuery(filter, at))
    .get()!.n;
  const pages = Math.max(1, Math.ceil(total / CODES_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pages);
  const rows = selectCodes(filter, at)
    .limit(CODES_PAGE_SIZE)
    .offset((current - 1) * CODES_PAGE_SIZE)
    .all()
    .map((row) => toCodeRow(row, at));
  return { rows, total, page: current, pages };
}

/** Every code matching the filter, for the CSV download. */
export function allCodes(filter: CodeFilter, at = now()): CodeRow[] {
  return selectCodes(filter, at)
    .all()
    .map((row) => toCodeRow(row, at));
}

/** Switches a code off so nobody can apply it any more. A used code has nothing left to switch off. */
export function deactivateCode(admin: User, codeId: unknown) {
  const id = toInteger(codeId);
  return db.transaction((tx) => {
    const code = id ? tx.select().from(schema.promoCodes).where(eq(schema.promoCodes.id, id)).get() : undefined;
    if (!code) throw new AdminError("promo.notFound", {}, 404);
    if (!code.active) throw new AdminError("promo.alreadyInactive", { code: code.code });
    const used = tx
      .select({ id: schema.promoRedemptions.id })
      .from(schema.promoRedemptions)
      .where(and(eq(schema.promoRedemptions.promoCodeId, code.id), booked))
      .get();
    if (used) throw new AdminError("promo.alreadyUsed", { code: code.code });
    tx.update(schema.promoCodes).set({ active: false }).where(eq(schema.promoCodes.id, code.id)).run();
    recordActivity(tx, admin.id, "promo.deactivate", { code: code.code });
    return code.code;
  });
}
