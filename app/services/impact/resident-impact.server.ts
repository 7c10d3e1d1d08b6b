// "Your impact" (issue 47 part 3): a resident's Completed pickups, bags and estimated kilograms per category
// and where each went, this season (the calendar year) and all time; and the rows of the data export. Only
// the resident's own pickups; every figure is an estimate (a share of its day's intake, or per-bag averages
// of the 8 weeks before a day without intake), and says which.
import { listMaterials } from "~/services/catalogue/materials.server";
import { now } from "~/lib/clock";
import { dateKey } from "~/lib/dates";
import { addShares, seasonOf, totalOf, type Shares } from "~/lib/impact-estimate";
import type { Language } from "~/lib/i18n";
import { completedOf, estimatesFor, type PickupEstimate } from "./estimates.server";
import { partnersByCategory } from "./partners.server";

type ImpactCategory = {
  category: string;
  name: string;
  kgTenths: number;
  /** Where it went: the partners named on the intake records, else the category's partners kept now. */
  partners: Array<{ name: string; website: string; fate: string }>;
};
export type ImpactTotals = {
  pickups: number;
  bags: number;
  kgTenths: number;
  /** How many of the pickups are estimated from averages (their day had no intake yet). */
  fromAverages: number;
  categories: ImpactCategory[];
};

function totalsOf(
  estimates: PickupEstimate[],
  names: Map<string, string>,
  order: Map<string, number>,
  kept: ReturnType<typeof partnersByCategory>,
): ImpactTotals {
  const shares: Shares = {};
  const recorded = new Map<string, Set<string>>();
  for (const e of estimates) {
    addShares(shares, e.shares);
    for (const [category, list] of Object.entries(e.partners)) {
      const set = recorded.get(category) ?? recorded.set(category, new Set()).get(category)!;
      for (const name of list) set.add(name);
    }
  }
  const categories = Object.entries(shares)
    .filter(([, kg]) => kg > 0)
    .sort(([a], [b]) => (order.get(a) ?? 99) - (order.get(b) ?? 99) || a.localeCompare(b))
    .map(([category, kgTenths]) => {
      const keptHere = kept[category] ?? [];
      const named = [...(recorded.get(category) ?? [])];
      const partners = named.length
        ? named.map((name) => {
            const known = keptHere.find((p) => p.name === name);
            return { name, website: known?.website ?? "", fate: known?.fate ?? "" };
          })
        : keptHere.map((p) => ({ name: p.name, website: p.website, fate: p.fate }));
      return { category, name: names.get(category) ?? category, kgTenths, partners };
    });
  return {
    pickups: estimates.length,
    bags: estimates.reduce((s, e) => s + e.bags, 0),
    kgTenths: totalOf(shares),
    fromAverages: estimates.filter((e) => e.source !== "intake").length,
    categories,
  };
}

/** The resident's impact page: this season's and all time's totals, and each pickup's estimate. */
export function residentImpact(userId: number, lng: Language, at = now()) {
  const season = seasonOf(dateKey(at));
  const materials = listMaterials(lng);
  const names = new Map(materials.map((m) => [m.category, m.name]));
  const order = new Map(materials.map((m, i) => [m.category, i]));
  const kept = partnersByCategory(lng);
  const estimates = estimatesFor(completedOf(userId));
  const thisSeason = estimates.filter((e) => seasonOf(e.date) === season);
  return {
    season,
    seasonTotals: totalsOf(thisSeason, names, order, kept),
    allTime: totalsOf(estimates, names, order, kept),
    pickups: [...estimates].reverse().map((e) => ({
      confirmationNumber: e.confirmationNumber,
      date: e.date,
      bags: e.bags,
      source: e.source,
      kgTenths: totalOf(e.shares),
    })),
  };
}
