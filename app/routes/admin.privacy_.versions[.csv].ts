// GET /admin/privacy/versions.csv: every version of every entry of the incident register (issue 43 part 6),
// entry by entry, oldest first: who saved it, when, what it changed and the entry's whole state then.
// Admins only.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/services/http/admin-auth.server";
import { csvDateTime, csvResponse } from "~/services/http/csv.server";
import { incidentCells, incidentHeader } from "~/services/http/incident-csv.server";
import { listIncidentVersions } from "~/services/admin/incidents.server";
import { getT } from "~/services/http/language.server";
import { dateKey } from "~/lib/dates";
import { now } from "~/lib/clock";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const t = await getT(request, "privacy");
  const header = [
    t("incidents.col.id"),
    t("incidents.col.version"),
    t("incidents.col.changedBy"),
    t("incidents.col.changedAt"),
    t("incidents.col.changed"),
    ...incidentHeader(t),
  ];
  const rows = listIncidentVersions().map((v) => [
    v.incidentId,
    v.version,
    v.changedBy,
    csvDateTime(v.changedAt),
    v.changed.map((field) => t(`incidents.field.${field}`)).join(" | "),
    ...incidentCells(t, v.state),
  ]);
  return csvResponse(`privacy-incident-versions-${dateKey(now())}.csv`, [header, ...rows]);
}
