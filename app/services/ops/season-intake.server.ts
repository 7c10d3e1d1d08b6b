// The season seed's depot (issue 47): the partners kept per category (Call2Recycle for batteries,
// Éco-peinture for paint, ARPE-Québec for electronics...; added when no partner of that name exists) and,
// for every past pickup day of the season but the last three (left unweighed, so the impact page shows its
// estimate from averages), the sorted weight of each category in tenths of a kg, about what its Completed
// pickups' bags hold, sent to the category's partner; and one correction, kept with its reason.
// Deterministic for a seed and an `at`; its own random numbers, so the season's pickups stay the same.
import { dateKey, addDays } from "~/lib/dates";
import { seededRandom } from "~/lib/season";
import { sqlite } from "~/services/platform/db.server";

type SeedPartner = {
  name: string;
  city: string;
  website: string;
  categories: string[];
  fateEn: string;
  fateFr: string;
};

const SEASON_PARTNERS: readonly SeedPartner[] = [
  { name: "Appel à Recycler / Call2Recycle", city: "Montréal", website: "https://www.appelarecycler.ca", categories: ["batteries"], fateEn: "Sorted by chemistry; zinc, nickel, cobalt, lithium and steel are recovered for new products.", fateFr: "Triées par composition chimique; le zinc, le nickel, le cobalt, le lithium et l’acier sont récupérés pour de nouveaux produits." },
  { name: "Éco-peinture", city: "Victoriaville", website: "https://www.ecopeinture.ca", categories: ["household_paint"], fateEn: "Good paint is remixed into recycled paint; the rest is recovered safely.", fateFr: "La bonne peinture est remélangée en peinture recyclée; le reste est récupéré de façon sécuritaire." },
  { name: "ARPE-Québec", city: "Boucherville", website: "https://www.recyclermeselectroniques.ca", categories: ["electronic_tech_waste"], fateEn: "Dismantled by certified recyclers: copper, gold, aluminium, plastics and glass recovered.", fateFr: "Démontés par des recycleurs certifiés : cuivre, or, aluminium, plastiques et verre récupérés." },
  { name: "Renaissance", city: "Montréal", website: "https://renaissancequebec.ca", categories: ["textiles_and_clothing", "shoes", "plastic_toys", "office_supplies"], fateEn: "Resold in its thrift stores; what cannot be worn or used is recycled into fibre.", fateFr: "Revendu dans ses friperies; ce qui ne peut être porté ni utilisé est recyclé en fibre." },
  { name: "Éco-Réno", city: "Montréal", website: "https://ecoreno.com", categories: ["architectural_items"], fateEn: "Resold at low cost to people renovating older homes.", fateFr: "Revendu à petit prix aux gens qui rénovent des maisons anciennes." },
  { name: "Recycle-Liège", city: "Montréal", website: "", categories: ["wine_corks", "chopsticks", "tennis_balls", "prescription_glasses_and_prescription_sunglasses"], fateEn: "Upcycled into new objects: insulation, coasters, sports surfaces; glasses go to eye clinics abroad.", fateFr: "Surcyclé en nouveaux objets : isolant, sous-verres, surfaces sportives; les lunettes vont à des cliniques à l’étranger." },
]; // prettier-ignore

/** About what one bag holds of each category, in tenths of a kg, and how often a day's intake has it. */
const PER_BAG: Record<string, { tenths: number; share: number }> = {
  batteries: { tenths: 9, share: 1 },
  electronic_tech_waste: { tenths: 14, share: 1 },
  household_paint: { tenths: 12, share: 0.9 },
  textiles_and_clothing: { tenths: 11, share: 1 },
  shoes: { tenths: 5, share: 0.8 },
  plastic_toys: { tenths: 4, share: 0.7 },
  office_supplies: { tenths: 3, share: 0.7 },
  architectural_items: { tenths: 6, share: 0.5 },
  wine_corks: { tenths: 1, share: 0.6 },
  chopsticks: { tenths: 1, share: 0.4 },
  tennis_balls: { tenths: 1, share: 0.4 },
  prescription_glasses_and_prescription_sunglasses: { tenths: 1, share: 0.3 },
};
/** The last days left unweighed: their pickups are estimated from averages. */
const UNWEIGHED_DAYS = 3;

function seedPartners(at: number): Map<string, { id: number; name: string }> {
  const c = sqlite();
  const insert = c.prepare(
    `insert into partners (name, city, website, categories, fate_en, fate_fr, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?) on conflict(name) do nothing`,
  );
  for (const p of SEASON_PARTNERS) {
    insert.run(p.name, p.city, p.website, JSON.stringify(p.categories), p.fateEn, p.fateFr, at, at);
  }
  const byCategory = new Map<string, { id: number; name: string }>();
  const rows = c.prepare("select id, name, categories from partners order by name collate nocase, id").all() as Array<{
    id: number;
    name: string;
    categories: string;
  }>;
  for (const row of rows) {
    let list: unknown = [];
    try {
      list = JSON.parse(row.categories);
    } catch {
      list = [];
    }
    if (Array.isArray(list))
      for (const category of list)
        if (typeof category === "string" && !byCategory.has(category)) byCategory.set(category, row);
  }
  return byCategory;
}

/** Writes the season's partners and intakes (from `first` to a few days before `at`); returns the records written. */
export function seedSeasonIntakes(seed: number, first: string, at: number): number {
  const c = sqlite();
  const random = seededRandom(seed * 47 + 1);
  const partners = seedPartners(at);
  const last = addDays(dateKey(at), -UNWEIGHED_DAYS);
  const days = c
    .prepare(
      `select s.date as date, sum(coalesce(r.bags_collected, r.bags_requested)) as bags
       from pickup_requests r join pickup_slots s on s.id = r.pickup_slot_id
       where r.status = 'Completed' and s.date between ? and ? group by s.date order by s.date`,
    )
    .all(first, last) as Array<{ date: string; bags: number }>;
  const insert = c.prepare(
    `insert into intake_records (date, category, kg_tenths, partner_id, partner_name, recorded_by, recorded_at, version, updated_at)
     values (?, ?, ?, ?, ?, null, ?, 1, ?) on conflict(date, category) do nothing returning id, kg_tenths as kgTenths, partner_name as partnerName`,
  );
  let written = 0;
  let firstRecord: { id: number; kgTenths: number; partnerName: string; recordedAt: number } | null = null;
  for (const day of days) {
    const recordedAt = Date.parse(`${addDays(day.date, 1)}T20:00:00Z`);
    for (const [category, { tenths, share }] of Object.entries(PER_BAG)) {
      if (random() > share) continue;
      const kg = Math.max(1, Math.round(day.bags * tenths * (0.6 + random() * 0.8)));
      const partner = partners.get(category) ?? null;
      const row = insert.get(
        day.date,
        category,
        kg,
        partner?.id ?? null,
        partner?.name ?? "",
        recordedAt,
        recordedAt,
      ) as { id: number; kgTenths: number; partnerName: string } | undefined;
      if (!row) continue;
      written += 1;
      firstRecord ??= { ...row, recordedAt };
    }
  }
  if (firstRecord) {
    // One correction to show: the scale was off by a few kilograms that day.
    const corrected = firstRecord.kgTenths + 35;
    const when = firstRecord.recordedAt + 86_400_000;
    const kept = c
      .prepare(
        `insert into intake_corrections (intake_id, version, previous_kg_tenths, kg_tenths, previous_partner_name, partner_name, reason, corrected_by, corrected_at)
       values (?, 2, ?, ?, ?, ?, 'Scale recalibrated: the first weighing was 3.5 kg short.', null, ?) on conflict do nothing`,
      )
      .run(firstRecord.id, firstRecord.kgTenths, corrected, firstRecord.partnerName, firstRecord.partnerName, when);
    if (kept.changes)
      c.prepare("update intake_records set kg_tenths = ?, version = 2, updated_at = ? where id = ?").run(
        corrected,
        when,
        firstRecord.id,
      );
  }
  return written;
}
