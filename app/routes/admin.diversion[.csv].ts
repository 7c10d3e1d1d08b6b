// GET /admin/diversion.csv?from=YYYY-MM-DD&to=YYYY-MM-DD (issue 47 part 4): every intake record of the range
// as it stands now (corrections applied), one line each (date, category, partner, kilograms with one
// decimal), then the total: it equals the records' sum, as /admin/diversion shows it. Without dates, this
// season so far; a date that is not YYYY-MM-DD answers 400 with a message. Admins only.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/services/http/admin-auth.server";
import { csvResponse, type CsvCell } from "~/services/http/csv.server";
import { getLanguage, getT } from "~/services/http/language.server";
import { listMaterials } from "~/services/catalogue/materials.server";
import { diversionRecords, readDiversionFilter } from "~/services/impact/diversion.server";
import { intakeDate } from "~/services/impact/intake.server";
import { now } from "~/lib/clock";
import { csvKg } from "~/lib/impact-estimate";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [lng, t] = await Promise.all([getLanguage(request), getT(request, "impact")]);
  const params = new URL(request.url).searchParams;
  const bad = ["from", "to"].some((key) => params.has(key) && !intakeDate(params.get(key)));
  if (bad) {
    return new Response(t("diversion.badDate"), {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const filter = readDiversionFilter(params, now());
  const names = new Map(listMaterials(lng).map((m) => [m.category, m.name]));
  const records = diversionRecords(filter);
  const c = (key: string) => t(`diversion.csvColumns.${key}`);
  const totalTenths = records.reduce((s, r) => s + r.kgTenths, 0);
  const rows: CsvCell[][] = [
    [c("date"), c("category"), c("categoryName"), c("partner"), c("kg")],
    ...records.map((r) => [r.date, r.category, names.get(r.category) ?? r.category, r.partnerName, csvKg(r.kgTenths)]),
    [],
    [c("total"), "", "", "", csvKg(totalTenths)],
  ];
  return csvResponse(`diversion-${filter.from}-${filter.to}.csv`, rows);
}
