// Issue 45 part 5: the price of a bag more or less (integer cents, Quebec taxes rounded half-up on the
// subtotal, the booking's promo percentage kept on the new bundle) and the 12-hour cutoff, on a fixed clock.
import { describe, expect, it } from "vitest";
import { bagChangePrice, canChangeBags, promoPercentOf } from "~/lib/bag-change";
import { priceBreakdown, type BagCount } from "~/lib/pricing";

/** A pickup as booked: its stored promo discount, fee and total, from the booking's own price. */
function booked(bags: BagCount, promoPercent = 0) {
  const b = priceBreakdown({ bags, promoPercent });
  return {
    bagsRequested: bags,
    promoDiscountCents: b.promoDiscountCents,
    serviceFeeCents: 0,
    totalCents: b.totalCents,
  };
}

describe("the price of a bag change", () => {
  it("more bags pay the difference between the new total and the paid one, taxes to the cent", () => {
    // 1 bag: $10.00 + GST $0.50 + QST $1.00 (0.9975 rounded half-up) = $11.50; 2 bags $20.70; 4 bags $36.79.
    expect(bagChangePrice(booked(1), 2)).toMatchObject({ differenceCents: 920, direction: "up" });
    expect(bagChangePrice(booked(1), 4)).toMatchObject({ differenceCents: 2529, direction: "up" });
    expect(bagChangePrice(booked(2), 4)).toMatchObject({ differenceCents: 1609, direction: "up" });
    const up = bagChangePrice(booked(2), 4).breakdown;
    expect([up.subtotalCents, up.gstCents, up.qstCents, up.totalCents]).toEqual([3200, 160, 319, 3679]);
  });

  it("fewer bags give the difference back in full (no cancellation fee)", () => {
    expect(bagChangePrice(booked(4), 1)).toMatchObject({ differenceCents: -2529, direction: "down" });
    expect(bagChangePrice(booked(4), 2)).toMatchObject({ differenceCents: -1609, direction: "down" });
    expect(bagChangePrice(booked(2), 1)).toMatchObject({ differenceCents: -920, direction: "down" });
  });

  it("the same bags change nothing", () => {
    expect(bagChangePrice(booked(2), 2)).toMatchObject({ differenceCents: 0, direction: "same" });
  });

  it("a promo keeps its percentage on the new total", () => {
    // 25 % on 1 bag: $7.50 + $0.38 + $0.75 = $8.63; on 4 bags: $24.00 + $1.20 + $2.39 = $27.59.
    expect(booked(1, 25).totalCents).toBe(863);
    const up = bagChangePrice(booked(1, 25), 4);
    expect(up.breakdown).toMatchObject({ promoPercent: 25, promoDiscountCents: 800, subtotalCents: 2400 });
    expect(up.breakdown.totalCents).toBe(2759);
    expect(up.differenceCents).toBe(2759 - 863);
    // 33 % booked on 2 bags ($5.94 off, rounded): recovered exactly, then 33 % of 4 bags ($10.56 off).
    expect(promoPercentOf(booked(2, 33))).toBe(33);
    const down = bagChangePrice(booked(2, 33), 1);
    expect(down.breakdown).toMatchObject({ promoPercent: 33, promoDiscountCents: 330 });
    expect(down.differenceCents).toBe(
      priceBreakdown({ bags: 1, promoPercent: 33 }).totalCents - booked(2, 33).totalCents,
    );
    // Every whole percentage comes back as booked, on every bundle.
    for (const bags of [1, 2, 4] as const)
      for (let percent = 0; percent <= 100; percent++) expect(promoPercentOf(booked(bags, percent))).toBe(percent);
  });

  it("a free booking (100 % promo) stays free with more bags: nothing to pay", () => {
    expect(bagChangePrice(booked(1, 100), 4)).toMatchObject({ differenceCents: 0 });
  });
});

describe("the bag change cutoff", () => {
  const startsAt = Date.UTC(2026, 11, 1, 13, 0); // Tue Dec 1 2026, 8:00 a.m. in Montreal
  const HOUR = 3_600_000;
  it("is open while more than 12 hours remain before the window starts", () => {
    expect(canChangeBags(startsAt, startsAt - 12 * HOUR - 1)).toBe(true);
    expect(canChangeBags(startsAt, startsAt - 3 * 24 * HOUR)).toBe(true);
  });
  it("is closed 12 hours before the window starts, and after", () => {
    expect(canChangeBags(startsAt, startsAt - 12 * HOUR)).toBe(false);
    expect(canChangeBags(startsAt, startsAt - HOUR)).toBe(false);
    expect(canChangeBags(startsAt, startsAt + HOUR)).toBe(false);
  });
});
