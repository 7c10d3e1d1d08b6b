// The season's pure aggregates (issue 46): weeks in Montreal time across DST, months, a refund's month and
// taxes, rates with nothing to rate, the "where to open next" ranking, scales, and the seeded generator.
import { describe, expect, it } from "vitest";
import {
  distanceKm,
  formatRate,
  isoWeekday,
  linearScale,
  monthRange,
  monthsBetween,
  niceTicks,
  parseMonth,
  periodIndex,
  rankOpenCandidates,
  rate,
  refundTaxes,
  seededRandom,
  startOfDate,
  weekOf,
  weeksBetween,
} from "~/lib/season";
import { priceBreakdown, refundOnCancel } from "~/lib/pricing";

const HOUR = 3_600_000;

describe("weeks in Montreal time", () => {
  it("run Monday to Sunday", () => {
    expect(isoWeekday("2026-11-23")).toBe(1);
    expect(isoWeekday("2026-11-29")).toBe(7);
    expect(weekOf("2026-11-29")).toBe("2026-11-23");
    expect(weekOf("2026-11-30")).toBe("2026-11-30");
    expect(weekOf("2027-01-01")).toBe("2026-12-28");
    expect(weeksBetween("2026-11-25", "2026-12-08")).toEqual(["2026-11-23", "2026-11-30", "2026-12-07"]);
  });

  it("a DST week is 167 or 169 hours long, and instants are bucketed by Montreal's midnights", () => {
    // 2026-11-01: clocks go back (EDT → EST); 2026-03-08: forward.
    const fallWeek = startOfDate("2026-11-02") - startOfDate("2026-10-26");
    expect(fallWeek).toBe(169 * HOUR);
    const springWeek = startOfDate("2026-03-09") - startOfDate("2026-03-02");
    expect(springWeek).toBe(167 * HOUR);
    const starts = ["2026-10-26", "2026-11-02", "2026-11-09"].map(startOfDate);
    // Sunday 23:30 in Montreal on the DST night's week end is still in that week; Monday 00:00 the next.
    const sundayLate = startOfDate("2026-11-02") - 30 * 60_000;
    expect(periodIndex(sundayLate, starts)).toBe(0);
    expect(periodIndex(startOfDate("2026-11-02"), starts)).toBe(1);
    // In UTC, that Sunday 23:30 EST is already Monday 04:30: a UTC bucket would be wrong.
    expect(new Date(sundayLate).toISOString().slice(0, 10)).toBe("2026-11-02");
    expect(periodIndex(starts[0] - 1, starts)).toBe(-1);
    expect(periodIndex(starts[2], starts)).toBe(-1);
  });
});

describe("months", () => {
  it("parse YYYY-MM only", () => {
    expect(parseMonth("2026-11")).toBe("2026-11");
    for (const bad of ["2026-13", "2026-1", "26-11", "", "2026-11-01", null, "x", "1899-01", "2026-00"]) {
      expect(parseMonth(bad)).toBeNull();
    }
  });

  it("start and end at Montreal midnights", () => {
    const { start, end } = monthRange("2026-11");
    expect(new Date(start).toISOString()).toBe("2026-11-01T04:00:00.000Z"); // EDT until 2 a.m. that night
    expect(new Date(end).toISOString()).toBe("2026-12-01T05:00:00.000Z"); // EST
    expect(monthsBetween("2026-11-15", "2027-02-01")).toEqual(["2026-11", "2026-12", "2027-01", "2027-02"]);
  });

  it("a refund in a later month than its payment falls in the refund's month", () => {
    const months = ["2026-10", "2026-11", "2026-12"];
    const starts = [...months.map((m) => monthRange(m).start), monthRange("2026-12").end];
    const paidAt = Date.parse("2026-10-31T23:00:00-04:00");
    const refundedAt = Date.parse("2026-11-01T00:30:00-04:00");
    expect(months[periodIndex(paidAt, starts)]).toBe("2026-10");
    expect(months[periodIndex(refundedAt, starts)]).toBe("2026-11");
  });
});

describe("a refund's taxes", () => {
  it("are all of them for a full refund, none for none, and the fee's kept on a cancellation", () => {
    const receipt = priceBreakdown({ bags: 2 });
    expect(refundTaxes(receipt, receipt.totalCents)).toEqual({
      gstCents: receipt.gstCents,
      qstCents: receipt.qstCents,
    });
    expect(refundTaxes(receipt, 0)).toEqual({ gstCents: 0, qstCents: 0 });
    const refunded = refundTaxes(receipt, refundOnCancel(receipt.totalCents));
    // $2.30 kept: $2.00 + $0.10 GST + $0.20 QST.
    expect(receipt.gstCents - refunded.gstCents).toBe(10);
    expect(receipt.qstCents - refunded.qstCents).toBe(20);
  });
});

describe("rates", () => {
  it("are null with a zero denominator, and shown as a dash", () => {
    expect(rate(0, 0)).toBeNull();
    expect(rate(3, 0)).toBeNull();
    expect(rate(1, 4)).toBe(0.25);
    expect(formatRate(null, "en")).toBe("—");
    expect(formatRate(0.125, "en")).toBe("12.5%");
    expect(formatRate(0.125, "fr")).toBe("12,5\u00a0%");
  });
});

describe("where to open next", () => {
  const served = [
    { fsa: "H2X", perWeek: 30, centroid: [45.51, -73.57] as const },
    { fsa: "H2W", perWeek: 20, centroid: [45.52, -73.58] as const },
    { fsa: "H2T", perWeek: 10, centroid: [45.52, -73.59] as const },
    { fsa: "H4A", perWeek: 100, centroid: [45.47, -73.62] as const },
  ];
  it("ranks by waiting + 2 × joined in 4 weeks, nearer first on a tie, with growth and an estimate", () => {
    const ranked = rankOpenCandidates(
      [
        { fsa: "H1A", waiting: 10, joinedLast4Weeks: 0, centroid: [45.67, -73.5] },
        { fsa: "H2Z", waiting: 6, joinedLast4Weeks: 2, centroid: [45.505, -73.56] },
        { fsa: "H3A", waiting: 8, joinedLast4Weeks: 1, centroid: [45.505, -73.575] },
        { fsa: "H9X", waiting: 4, joinedLast4Weeks: 4, centroid: null },
      ],
      served,
    );
    expect(ranked.map((r) => [r.fsa, r.score])).toEqual([
      ["H9X", 12],
      ["H3A", 10],
      ["H2Z", 10],
      ["H1A", 10],
    ]);
    const h3a = ranked[1];
    expect(h3a.nearestFsa).toBe("H2X");
    expect(h3a.growth).toBeCloseTo(1 / 7);
    // The 3 nearest served prefixes: H2X, H2W, H2T (H4A is farther): (30 + 20 + 10) / 3.
    expect(h3a.estimatePerWeek).toBe(20);
    // Everyone joined in the last 4 weeks: no growth rate to give; no centroid: no distance, no estimate.
    expect(ranked[0]).toMatchObject({ growth: null, nearestKm: null, estimatePerWeek: null });
  });

  it("measures distances between centroids in kilometres", () => {
    expect(distanceKm([45.5, -73.6], [45.5, -73.6])).toBe(0);
    // One degree of latitude is about 111 km.
    expect(distanceKm([45, -73], [46, -73])).toBeCloseTo(111.2, 0);
  });
});

describe("chart scales", () => {
  it("map linearly and tick at round values", () => {
    const y = linearScale([0, 100], [200, 0]);
    expect(y(0)).toBe(200);
    expect(y(50)).toBe(100);
    expect(linearScale([5, 5], [10, 0])(5)).toBe(10);
    expect(niceTicks(230)).toEqual([0, 100, 200, 300]);
    expect(niceTicks(1)).toEqual([0, 0.5, 1]);
    expect(niceTicks(0)).toEqual([0, 1]);
  });
});

describe("the seeded generator", () => {
  it("gives the same numbers for the same seed, others for another", () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const c = seededRandom(43);
    const first = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(first);
    expect(Array.from({ length: 5 }, c)).not.toEqual(first);
    expect(first.every((n) => n >= 0 && n < 1)).toBe(true);
  });
});
