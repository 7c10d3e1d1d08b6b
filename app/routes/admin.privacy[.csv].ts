// GET /admin/privacy.csv: the register of confidentiality incidents (issue 34), as a spreadsheet. Admins only.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/services/http/admin-auth.server";
import { csvDateTime, csvResponse } from "~/services/http/csv.server";
import { listIncidents } from "~/services/admin/incidents.server";
import { getT } from "~/services/http/language.server";
import { dateKey } from "~/lib/dates";
import { now } from "~/lib/clock";
import { INCIDENT_COLUMNS } from "~/lib/incidents";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const t = await getT(request, "privacy");
  const yesNo = (value: boolean) => t(value ? "incidents.yes" : "incidents.no");
  const rows = listIncidents().map((i) => [
    i.id,
    i.occurredOn,
    i.discoveredOn,
    i.description,
    i.residentsAffected,
    yesNo(i.seriousRisk),
    yesNo(i.commissionNotified),
    yesNo(i.residentsNotified),
    i.measures,
    i.recordedBy,
    csvDateTime(i.createdAt),
  ]);
  const header = INCIDENT_COLUMNS.map((c) => t(`incidents.col.${c}`));
  return csvResponse(`privacy-incidents-${dateKey(now())}.csv`, [header, ...rows]);
}
