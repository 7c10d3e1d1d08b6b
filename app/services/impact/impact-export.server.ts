// The resident's impact rows in Download my data (issue 47 part 5): each Completed pickup's estimate in
// kilograms per category, how it was estimated and where it went; in the JSON file under `impact`, and
// as a section of the readable page, in the resident's language.
import type { ExportSection } from "~/lib/data-export";
import { formatDate } from "~/lib/format";
import { csvKg, formatKg } from "~/lib/impact-estimate";
import type { Language } from "~/lib/i18n";
import { listMaterials } from "~/services/catalogue/materials.server";
import { getTFor } from "~/services/platform/translate.server";
import { completedOf, estimatesFor } from "./estimates.server";

/** The export's impact rows: kilograms as numbers with one decimal. */
export function impactExport(userId: number) {
  return estimatesFor(completedOf(userId)).map((e) => ({
    pickup: e.confirmationNumber,
    date: e.date,
    bags: e.bags,
    /** "intake": a share of the day's weighed intake; "average": per-bag averages of the 8 weeks before; "none". */
    estimate: e.source,
    kilograms: Object.fromEntries(Object.entries(e.shares).map(([category, tenths]) => [category, csvKg(tenths)])),
    partners: e.partners,
  }));
}

/** The readable page's section of the same rows. */
export async function impactExportSection(userId: number, lng: Language): Promise<ExportSection> {
  const t = await getTFor(lng, "impact");
  const names = new Map(listMaterials(lng).map((m) => [m.category, m.name]));
  const items = estimatesFor(completedOf(userId)).map((e) => ({
    heading: t("export.pickup", { date: formatDate(e.date, lng), number: e.confirmationNumber }),
    rows: [
      { label: t("export.bags"), value: String(e.bags) },
      { label: t("export.estimate"), value: t(`resident.source.${e.source}`) },
      ...Object.entries(e.shares).map(([category, tenths]) => ({
        label: names.get(category) ?? category,
        value: `${formatKg(tenths, lng)} kg${e.partners[category]?.length ? ` (${e.partners[category].join(", ")})` : ""}`,
      })),
    ],
  }));
  return {
    id: "impact",
    title: t("export.title"),
    note: t("export.note"),
    items,
    empty: items.length ? null : t("export.empty"),
  };
}
