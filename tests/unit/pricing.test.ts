import { describe, expect, it } from "vitest";
import {
  cancellationFeeCents,
  formatMoney,
  mulDivRoundHalfUp,
  parseBagCount,
  priceBreakdown,
  refundOnCancel,
} from "~/lib/pricing";

describe("prices", () => {
  it.each([
    [1, 1000, 0, 50, 100, 1150],
    [2, 1800, 200, 90, 180, 2070],
    [4, 3200, 800, 160, 319, 3679],
  ] as const)(
    "%i bag(s): subtotal %i, discount %i, GST %i, QST %i, total %i",
    (bags, subtotal, discount, gst, qst, total) => {
      const b = priceBreakdown({ bags });
      expect(b.listPriceCents).toBe(bags * 1000);
      expect(b.multiBagDiscountCents).toBe(discount);
      expect(b.subtotalCents).toBe(subtotal);
      expect(b.gstCents).toBe(gst);
      expect(b.qstCents).toBe(qst);
      expect(b.totalCents).toBe(total);
      expect(b.isFree).toBe(false);
    },
  );

  it("a 50% promo makes a 1-bag pickup $5.75", () => {
    const b = priceBreakdown({ bags: 1, promoPercent: 50 });
    expect(b.promoDiscountCents).toBe(500);
    expect(b.subtotalCents).toBe(500);
    expect(b.gstCents).toBe(25);
    expect(b.qstCents).toBe(50);
    expect(b.totalCents).toBe(575);
  });

  it("a 100% promo is FREE", () => {
    const b = priceBreakdown({ bags: 1, promoPercent: 100 });
    expect(b.totalCents).toBe(0);
    expect(b.isFree).toBe(true);
  });

  it("adds a configured service fee before taxes", () => {
    const b = priceBreakdown({ bags: 1, serviceFeeCents: 200 });
    expect(b.subtotalCents).toBe(1200);
    expect(b.totalCents).toBe(1200 + 60 + 120);
  });

  it("rounds half up in integers", () => {
    expect(mulDivRoundHalfUp(1, 1, 2)).toBe(1);
    expect(mulDivRoundHalfUp(3200, 9975, 100_000)).toBe(319);
    expect(mulDivRoundHalfUp(1000, 9975, 100_000)).toBe(100);
  });

  it("cancellation keeps $2.30 and never refunds below zero", () => {
    expect(cancellationFeeCents()).toBe(230);
    expect(refundOnCancel(1150)).toBe(920);
    expect(refundOnCancel(200)).toBe(0);
  });

  it("accepts only 1, 2 or 4 bags", () => {
    expect(parseBagCount("2")).toBe(2);
    expect(parseBagCount(4)).toBe(4);
    for (const bad of ["3", 0, -1, "1.5", "x", null, undefined, 8]) expect(parseBagCount(bad)).toBeNull();
  });

  it("formats in en-CA and fr-CA", () => {
    expect(formatMoney(2070, "en")).toBe("$20.70");
    expect(formatMoney(2070, "fr").replace(/\s/g, " ")).toBe("20,70 $");
  });
});
