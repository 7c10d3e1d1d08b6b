// Issue 47 part 3, pure: a day's intake spread over its pickups in proportion to their bags (a day with one
// pickup, with none collected, rounding that keeps the day's total exact to 0.1 kg by largest remainders),
// the per-bag averages of the 8 weeks before a day without intake, and the weights typed in either language.
import { describe, expect, it } from "vitest";
import {
  averageEstimate,
  averageWindow,
  countedBags,
  formatKg,
  kgInputValue,
  parseKgTenths,
  perBagAverages,
  splitByLargestRemainder,
  spreadDay,
  totalOf,
} from "~/lib/impact-estimate";
import { readIntakeLines } from "~/lib/intake-form";
import { seededRandom } from "~/lib/season";

describe("the proportional estimate", () => {
  it("gives a day's whole intake to its one pickup", () => {
    const { shares, unassigned } = spreadDay({ batteries: 125, household_paint: 38 }, [{ id: 7, bags: 2 }]);
    expect(shares.get(7)).toEqual({ batteries: 125, household_paint: 38 });
    expect(unassigned).toEqual({});
  });

  it("shares in proportion to the bags: 3 bags of 4 take three quarters", () => {
    const { shares } = spreadDay({ batteries: 100 }, [
      { id: 1, bags: 3 },
      { id: 2, bags: 1 },
    ]);
    expect(shares.get(1)).toEqual({ batteries: 75 });
    expect(shares.get(2)).toEqual({ batteries: 25 });
  });

  it("assigns nothing on a day with no bags collected: the intake stays unassigned, whole", () => {
    const none = spreadDay({ batteries: 90, textiles_and_clothing: 41 }, [
      { id: 1, bags: 0 },
      { id: 2, bags: 0 },
    ]);
    expect(none.shares.get(1)).toEqual({});
    expect(none.shares.get(2)).toEqual({});
    expect(none.unassigned).toEqual({ batteries: 90, textiles_and_clothing: 41 });
    expect(spreadDay({ batteries: 90 }, []).unassigned).toEqual({ batteries: 90 });
  });

  it("a pickup with 0 bags collected beside others takes nothing", () => {
    const { shares } = spreadDay({ batteries: 10 }, [
      { id: 1, bags: 0 },
      { id: 2, bags: 2 },
    ]);
    expect(shares.get(1)).toEqual({});
    expect(shares.get(2)).toEqual({ batteries: 10 });
  });

  it("rounds to the tenth by largest remainders: 10.0 kg over three equal pickups is 3.4 + 3.3 + 3.3", () => {
    expect(splitByLargestRemainder(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitByLargestRemainder(1, [1, 1, 1])).toEqual([1, 0, 0]);
    // The largest remainder wins, not the first: 7 × (1, 2, 4) / 7 exactly; 8 × (1, 2, 4) / 7 = 1.14, 2.29, 4.57.
    expect(splitByLargestRemainder(8, [1, 2, 4])).toEqual([1, 2, 5]);
    expect(splitByLargestRemainder(0, [1, 2])).toEqual([0, 0]);
  });

  it("keeps every day's total exact to 0.1 kg, whatever the bags (1,000 seeded days)", () => {
    const random = seededRandom(47);
    for (let day = 0; day < 1000; day++) {
      const pickups = Array.from({ length: 1 + Math.floor(random() * 40) }, (_, i) => ({
        id: i + 1,
        bags: Math.floor(random() * 5),
      }));
      const intake = { batteries: Math.floor(random() * 5000), shoes: Math.floor(random() * 300) };
      const { shares, unassigned } = spreadDay(intake, pickups);
      const given = [...shares.values()].reduce((s, share) => s + totalOf(share), 0);
      expect(given + totalOf(unassigned)).toBe(intake.batteries + intake.shoes);
      const bags = pickups.reduce((s, p) => s + p.bags, 0);
      for (const p of pickups) {
        // Each share is within a tenth of its exact proportion.
        const exact = bags ? (intake.batteries * p.bags) / bags : 0;
        expect(Math.abs((shares.get(p.id)!.batteries ?? 0) - exact)).toBeLessThan(1);
      }
    }
  });

  it("counts the bags collected once recorded, else the bags booked", () => {
    expect(countedBags({ bagsCollected: 3, bagsRequested: 4 })).toBe(3);
    expect(countedBags({ bagsCollected: 0, bagsRequested: 4 })).toBe(0);
    expect(countedBags({ bagsCollected: null, bagsRequested: 4 })).toBe(4);
  });
});

describe("the fallback averages", () => {
  it("are each category's weight over the weighed days ÷ their bags, days without bags left out", () => {
    const averages = perBagAverages([
      { date: "2026-11-02", bags: 10, intake: { batteries: 100, shoes: 30 } },
      { date: "2026-11-03", bags: 30, intake: { batteries: 140 } },
      // Weighed, but no bags collected: it says nothing per bag.
      { date: "2026-11-04", bags: 0, intake: { batteries: 900 } },
    ]);
    expect(averages).toEqual({ batteries: 6, shoes: 0.75 });
    expect(averageEstimate(3, averages)).toEqual({ batteries: 18, shoes: 2 });
    expect(averageEstimate(0, averages)).toEqual({});
  });

  it("say nothing when nothing was weighed", () => {
    expect(perBagAverages([])).toEqual({});
    expect(averageEstimate(4, {})).toEqual({});
  });

  it("look at the 8 weeks before the day, the day itself left out", () => {
    expect(averageWindow("2026-11-27")).toEqual({ from: "2026-10-02", to: "2026-11-26" });
    expect(averageWindow("2026-03-10")).toEqual({ from: "2026-01-13", to: "2026-03-09" });
  });
});

describe("weights typed at the depot", () => {
  it("reads one decimal in either language, as tenths", () => {
    expect(parseKgTenths("12.5")).toBe(125);
    expect(parseKgTenths("12,5")).toBe(125);
    expect(parseKgTenths(" 1 234,5 ")).toBe(12345);
    expect(parseKgTenths("7")).toBe(70);
    expect(parseKgTenths("0")).toBe(0);
  });

  it("refuses what is not kilograms with at most one decimal", () => {
    for (const raw of ["", "12.55", "-3", "1e3", "abc", "12,5kg", "1,234", "99999999", null, 12]) {
      expect(parseKgTenths(raw)).toBeNull();
    }
  });

  it("writes kilograms in the page's language", () => {
    expect(formatKg(12345, "en")).toBe("1,234.5");
    expect(formatKg(12345, "fr")).toBe("1\u00a0234,5");
    expect(kgInputValue(125, "fr")).toBe("12,5");
    expect(kgInputValue(12345, "en")).toBe("1234.5");
  });

  it("reads the intake form: empty categories skipped, each bad field named", () => {
    const form = new URLSearchParams({
      "kg-batteries": "12,5",
      "partner-batteries": "3",
      "kg-shoes": "",
      "kg-household_paint": "twelve",
      "kg-textiles_and_clothing": "4",
      "partner-textiles_and_clothing": "x",
    });
    const read = readIntakeLines(form, ["batteries", "shoes", "household_paint", "textiles_and_clothing"]);
    expect(read.lines).toEqual([{ category: "batteries", kgTenths: 125, partnerId: 3 }]);
    expect(Object.keys(read.fieldErrors).sort()).toEqual(["kg-household_paint", "partner-textiles_and_clothing"]);
  });
});
