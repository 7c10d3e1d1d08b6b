// The register of confidentiality incidents as an admin reads it (issue 34): its columns, in order, the same
// on the /admin/privacy table and in its CSV. Shared with the browser (the table).
export const INCIDENT_COLUMNS = [
  "id",
  "occurredOn",
  "discoveredOn",
  "description",
  "residentsAffected",
  "seriousRisk",
  "commissionNotified",
  "residentsNotified",
  "measures",
  "recordedBy",
  "recordedAt",
] as const;
