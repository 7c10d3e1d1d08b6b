// Prices in integer cents: bundles, multi-bag discount, promo, Quebec taxes (GST 5%, QST 9.975%)
// rounded half-up to the cent on the subtotal, and the FREE rule. Shared by server and browser; the
// server always recomputes.
export const BAG_OPTIONS = [1, 2, 4] as const;
export type BagCount = (typeof BAG_OPTIONS)[number];

export const UNIT_PRICE_CENTS = 1000;
export const BUNDLE_PRICE_CENTS: Record<BagCount, number> = { 1: 1000, 2: 1800, 4: 3200 };
const GST_RATE = { numerator: 5, denominator: 100 };
const QST_RATE = { numerator: 9975, denominator: 100_000 };
/** $2 + taxes withheld from a refund when a pickup is cancelled. */
const CANCELLATION_FEE_CENTS = 200;
export const CURRENCY = "cad";
/** A total of one cent or less is free and skips the card. */
const FREE_THRESHOLD_CENTS = 1;

/** A total of at most one cent is free: no card is asked for, receipts and e-mails say FREE. */
export function isFreeTotal(totalCents: number): boolean {
  return totalCents <= FREE_THRESHOLD_CENTS;
}

export function isBagCount(value: unknown): value is BagCount {
  return value === 1 || value === 2 || value === 4;
}

export function parseBagCount(value: unknown): BagCount | null {
  const n = typeof value === "number" ? value : Number(typeof value === "string" ? value.trim() : NaN);
  return isBagCount(n) ? n : null;
}

/** The price columns a pickup keeps from its breakdown, as charged (integer cents). */
export function storedPriceColumns(b: PriceBreakdown) {
  return {
    listPriceCents: b.listPriceCents,
    multiBagDiscountCents: b.multiBagDiscountCents,
    serviceFeeCents: b.serviceFeeCents,
    promoDiscountCents: b.promoDiscountCents,
    subtotalCents: b.subtotalCents,
    gstCents: b.gstCents,
    qstCents: b.qstCents,
    totalCents: b.totalCents,
  };
}

/** a × n / d rounded half-up, in integers only. */
export function mulDivRoundHalfUp(a: number, n: number, d: number): number {
  return Math.floor((a * n * 2 + d) / (2 * d));
}

function taxesOn(subtotalCents: number) {
  const gstCents = mulDivRoundHalfUp(subtotalCents, GST_RATE.numerator, GST_RATE.denominator);
  const qstCents = mulDivRoundHalfUp(subtotalCents, QST_RATE.numerator, QST_RATE.denominator);
  return { gstCents, qstCents, totalCents: subtotalCents + gstCents + qstCents };
}

export type PriceBreakdown = {
  bags: BagCount;
  listPriceCents: number;
  multiBagDiscountCents: number;
  bundlePriceCents: number;
  serviceFeeCents: number;
  promoPercent: number;
  promoDiscountCents: number;
  subtotalCents: number;
  gstCents: number;
  qstCents: number;
  totalCents: number;
  isFree: boolean;
};

export function priceBreakdown(input: {
  bags: BagCount;
  promoPercent?: number;
  serviceFeeCents?: number;
}): PriceBreakdown {
  const { bags } = input;
  const promoPercent = Math.min(100, Math.max(0, Math.trunc(input.promoPercent ?? 0)));
  const serviceFeeCents = Math.max(0, Math.trunc(input.serviceFeeCents ?? 0));
  const listPriceCents = bags * UNIT_PRICE_CENTS;
  const bundlePriceCents = BUNDLE_PRICE_CENTS[bags];
  const promoDiscountCents = mulDivRoundHalfUp(bundlePriceCents, promoPercent, 100);
  const subtotalCents = bundlePriceCents + serviceFeeCents - promoDiscountCents;
  const { gstCents, qstCents, totalCents } = taxesOn(subtotalCents);
  return {
    bags,
    listPriceCents,
    multiBagDiscountCents: listPriceCents - bundlePriceCents,
    bundlePriceCents,
    serviceFeeCents,
    promoPercent,
    promoDiscountCents,
    subtotalCents,
    gstCents,
    qstCents,
    totalCents,
    isFree: isFreeTotal(totalCents),
  };
}

/** The cancellation fee with its taxes ($2.30). */
export function cancellationFeeCents(): number {
  return taxesOn(CANCELLATION_FEE_CENTS).totalCents;
}

/** The cancellation fee as the terms state it: the fee, and the fee with its taxes, in the reader's format. */
export function cancellationFeeTexts(lng: string): { fee: string; total: string } {
  return { fee: formatMoney(CANCELLATION_FEE_CENTS, lng), total: formatMoney(cancellationFeeCents(), lng) };
}

/** What a cancelled pickup gives back: the total minus $2.30, never below zero. */
export function refundOnCancel(totalCents: number): number {
  return Math.max(0, totalCents - cancellationFeeCents());
}

/**
 * '$11.50' / '11,50 $' (en-CA and fr-CA's currency format for CAD, as Intl writes it: fr-CA groups thousands
 * with no-break spaces and puts one before the sign). Written out rather than built with Intl, so that a page
 * showing prices does not load the browser's locale data while it hydrates (issue 44; lib/format says why);
 * tests/unit/format-names.test.ts compares it with Intl's.
 */
export function formatMoney(cents: number, lng: string): string {
  const whole = Math.round(Math.abs(cents));
  const sign = cents < 0 && whole !== 0 ? "-" : "";
  const fr = lng === "fr";
  const units = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, fr ? "\u00a0" : ",");
  const hundredths = String(whole % 100).padStart(2, "0");
  return fr ? `${sign}${units},${hundredths}\u00a0$` : `${sign}$${units}.${hundredths}`;
}
