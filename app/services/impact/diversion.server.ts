// The borough's number (issue 47 part 4): kilograms kept out of landfill, read from the intake records
// only, per month, category, partner and postal prefix (a prefix's figure is the sum of its pickups' shares
// of their days' intake; what no pickup took, a day with no bags collected, is "not attributed"), so every
// breakdown adds up to the records' total to the tenth, and so does the CSV. The landing page's season total
// is the same sum, aggregated, never per resident.
import { listMaterials } from "~/services/catalogue/materials.server";
import { addDays, dateKey } from "~/lib/dates";
import { seasonOf, seasonRange } from "~/lib/impact-estimate";
import type { Language } from "~/lib/i18n";
import { sqlite } from "~/services/platform/db.server";
import { intakeBetween, spreadBetween } from "./estimates.server";
import { intakeDate } from "./intake.server";

export type DiversionFilter = { from: string; to: string };

/** The longest range the page reads: three years and a bit. */
const MAX_DAYS = 1100;

/** The GET form's range: this season so far by default; swapped when reversed; at most about three years. */
export function readDiversionFilter(params: URLSearchParams, at: number): DiversionFilter {
  const today = dateKey(at);
  let from = intakeDate(params.get("from")) ?? seasonRange(seasonOf(today)).from;
  let to = intakeDate(params.get("to")) ?? today;
  if (to < from) [from, to] = [to, from];
  if (Date.parse(to) - Date.parse(from) > MAX_DAYS * 86_400_000) to = addDays(from, MAX_DAYS);
  return { from, to };
}

type Row = { key: string; kgTenths: number };

function add(map: Map<string, number>, key: string, tenths: number) {
  map.set(key, (map.get(key) ?? 0) + tenths);
}

const rows = (map: Map<string, number>): Row[] =>
  [...map.entries()].map(([key, kgTenths]) => ({ key, kgTenths })).filter((r) => r.kgTenths > 0);

/** The page's breakdowns of the range, categories named in `lng`. */
export function diversionReport(filter: DiversionFilter, lng: Language) {
  const materials = listMaterials(lng);
  const names = new Map(materials.map((m) => [m.category, m.name]));
  const order = new Map(materials.map((m, i) => [m.category, i]));
  const months = new Map<string, number>();
  const categories = new Map<string, number>();
  const partners = new Map<string, number>();
  const prefixes = new Map<string, number>();
  let total = 0;
  let unattributed = 0;
  for (const day of spreadBetween(filter.from, filter.to)) {
    for (const r of day.records) {
      total += r.kgTenths;
      add(months, r.date.slice(0, 7), r.kgTenths);
      add(categories, r.category, r.kgTenths);
      add(partners, r.partnerName, r.kgTenths);
    }
    const fsaOf = new Map(day.pickups.map((p) => [p.id, p.fsa]));
    for (const [id, shares] of day.spread.shares) {
      for (const tenths of Object.values(shares)) add(prefixes, fsaOf.get(id) ?? "", tenths);
    }
    for (const tenths of Object.values(day.spread.unassigned)) unattributed += tenths;
  }
  return {
    filter,
    totalKgTenths: total,
    months: rows(months).sort((a, b) => a.key.localeCompare(b.key)),
    categories: rows(categories)
      .sort((a, b) => (order.get(a.key) ?? 99) - (order.get(b.key) ?? 99) || a.key.localeCompare(b.key))
      .map((r) => ({ ...r, name: names.get(r.key) ?? r.key })),
    partners: rows(partners).sort((a, b) => b.kgTenths - a.kgTenths || a.key.localeCompare(b.key)),
    prefixes: rows(prefixes).sort((a, b) => b.kgTenths - a.kgTenths || a.key.localeCompare(b.key)),
    unattributedKgTenths: unattributed,
  };
}

/** The CSV's lines: every intake record of the range, as it stands now (corrections applied). */
export function diversionRecords(filter: DiversionFilter) {
  return intakeBetween(filter.from, filter.to);
}

/** Kilograms (tenths) kept out of landfill this season: the landing page's one aggregated number. */
export function seasonDiverted(at: number): { season: string; kgTenths: number } {
  const season = seasonOf(dateKey(at));
  const { from, to } = seasonRange(season);
  const row = sqlite()
    .prepare("select coalesce(sum(kg_tenths), 0) as total from intake_records where date between ? and ?")
    .get(from, to) as { total: number };
  return { season, kgTenths: row.total };
}
