// The incident register's fields as CSV cells (issue 43 part 6), the same in the register's CSV (current
// state) and the versions CSV: every field of the Regulation, in its order, headed by its label in the
// reader's language; dates 'YYYY-MM-DD', yes/no and the risk in words.
import type { TFunction } from "i18next";
import { INCIDENT_FIELDS, type IncidentState } from "~/lib/incidents";
import type { CsvCell } from "./csv.server";

export function incidentHeader(t: TFunction): string[] {
  return INCIDENT_FIELDS.map((field) => t(`incidents.field.${field}`));
}

export function incidentCells(t: TFunction, state: IncidentState): CsvCell[] {
  return INCIDENT_FIELDS.map((field) => {
    const value = state[field];
    if (typeof value === "boolean") return t(value ? "incidents.yes" : "incidents.no");
    if (field === "risk") return t(`incidents.risk.${String(value)}`);
    return value;
  });
}
