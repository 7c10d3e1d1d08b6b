// A bag more or less on a booked pickup (issue 45 part 5): the new price and what is owed either way, in
// integer cents. Shared by server and browser; the server always recomputes.
//
// How a promo carries: the booking's promo percentage applies to the new bundle too (a 25 % code booked
// on 1 bag keeps 25 % off 2 or 4 bags), recovered from what the booking stored (its promo discount over
// its bundle price, exact for whole percentages); a service fee stays as it was. The new total is priced
// as a booking would be (lib/pricing: bundle, promo, then GST and QST rounded half-up on the subtotal), and
// the difference is new total minus the total already paid: more is paid by a second payment, less is
// refunded in full (no fee: the fee is for cancelling).
import { canChange } from "./slots";
import { BUNDLE_PRICE_CENTS, isBagCount, priceBreakdown, type BagCount, type PriceBreakdown } from "./pricing";

export type PricedPickup = {
  bagsRequested: number;
  promoDiscountCents: number;
  serviceFeeCents: number;
  totalCents: number;
};

export type BagChangePrice = {
  fromBags: BagCount;
  toBags: BagCount;
  /** The pickup priced for the new bags, the booking's promo percentage kept. */
  breakdown: PriceBreakdown;
  /** New total minus what is paid: above 0 is to pay, below 0 to refund, 0 nothing. */
  differenceCents: number;
  direction: "up" | "down" | "same";
};

/** The whole percentage of a booking's promo, from its stored discount over its bundle price. */
export function promoPercentOf(pickup: Pick<PricedPickup, "bagsRequested" | "promoDiscountCents">): number {
  if (!isBagCount(pickup.bagsRequested) || pickup.promoDiscountCents <= 0) return 0;
  return Math.round((pickup.promoDiscountCents * 100) / BUNDLE_PRICE_CENTS[pickup.bagsRequested]);
}

/** What changing a pickup's bags to `toBags` costs or gives back. */
export function bagChangePrice(pickup: PricedPickup, toBags: BagCount): BagChangePrice {
  const fromBags = (isBagCount(pickup.bagsRequested) ? pickup.bagsRequested : 1) as BagCount;
  const breakdown = priceBreakdown({
    bags: toBags,
    promoPercent: promoPercentOf(pickup),
    serviceFeeCents: pickup.serviceFeeCents,
  });
  const differenceCents = breakdown.totalCents - pickup.totalCents;
  return {
    fromBags,
    toBags,
    breakdown,
    differenceCents,
    direction: toBags === fromBags ? "same" : differenceCents > 0 ? "up" : "down",
  };
}

/** True while a pickup's bags may change: the cutoff moves and cancellations use (12 hours before the window). */
export function canChangeBags(startsAt: number, at: number): boolean {
  return canChange(startsAt, at);
}
