// The checkout's amounts, formatted on the server in the page's language: the page shows them as they are,
// so that its browser bundle does not carry the pricing module only to format a few numbers (issue 44's JS
// budget). The breakdown itself is computed on the server either way.
import { cancellationFeeTexts, formatMoney, type PriceBreakdown } from "~/lib/pricing";

export function checkoutAmounts(breakdown: PriceBreakdown, lng: string) {
  const cents = [
    breakdown.listPriceCents,
    breakdown.multiBagDiscountCents,
    breakdown.serviceFeeCents,
    breakdown.promoDiscountCents,
    breakdown.subtotalCents,
    breakdown.gstCents,
    breakdown.qstCents,
    breakdown.totalCents,
  ];
  /** Each amount of the breakdown (in cents) → its text ('$11.50' / '11,50 $'). */
  const amounts: Record<number, string> = Object.fromEntries(cents.map((c) => [c, formatMoney(c, lng)]));
  return { amounts, cancellationFee: cancellationFeeTexts(lng) };
}
