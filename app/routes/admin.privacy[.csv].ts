// GET /admin/privacy.csv: the register of confidentiality incidents (issue 34; issue 43 part 6), as a
// spreadsheet: one row per entry, its current state, every field of the Regulation (s. 7). Every version of
// every entry: /admin/privacy/versions.csv. Admins only.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/services/http/admin-auth.server";
import { csvDateTime, csvResponse } from "~/services/http/csv.server";
import { incidentCells, incidentHeader } from "~/services/http/incident-csv.server";
import { listIncidents } from "~/services/admin/incidents.server";
import { getT } from "~/services/http/language.server";
import { dateKey } from "~/lib/dates";
import { now } from "~/lib/clock";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const t = await getT(request, "privacy");
  const header = [
    t("incidents.col.id"),
    ...incidentHeader(t),
    t("incidents.col.version"),
    t("incidents.col.recordedBy"),
    t("incidents.col.recordedAt"),
    t("incidents.col.updatedAt"),
  ];
  const rows = listIncidents().map((entry) => [
    entry.id,
    ...incidentCells(t, entry),
    entry.version,
    entry.recordedBy,
    csvDateTime(entry.createdAt),
    csvDateTime(entry.updatedAt),
  ]);
  return csvResponse(`privacy-incidents-${dateKey(now())}.csv`, [header, ...rows]);
}
