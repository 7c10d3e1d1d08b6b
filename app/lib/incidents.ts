// The register of confidentiality incidents (issue 34; issue 43 part 6): what one entry holds, in the order
// of the Regulation respecting confidentiality incidents (s. 7), the same on the entry's page, in its history
// and in the CSVs, and what changed from one version to the next. Shared with the browser (the pages).

/** The risk of serious injury, as assessed: not yet, none, a risk that is not serious, a serious one. */
export const RISK_LEVELS = ["pending", "none", "low", "serious"] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

/** One version of an entry: everything the register says of the incident at that time. */
export type IncidentState = {
  /** The personal information concerned; may be partial when `personalInfoUnknownReason` says why. */
  personalInfo: string;
  /** Why the information concerned cannot be described ("" when it is described). */
  personalInfoUnknownReason: string;
  circumstances: string;
  /** 'YYYY-MM-DD' (Montreal): the day it started, and its last day when it went on over a period. */
  occurredOn: string;
  occurredUntil: string | null;
  occurredApproximate: boolean;
  /** The day the person in charge of personal information learned of it. */
  discoveredOn: string;
  personsConcerned: number;
  personsApproximate: boolean;
  risk: RiskLevel;
  riskReasoning: string;
  commissionNotifiedOn: string | null;
  commissionNotNotifiedReason: string;
  personsNotifiedOn: string | null;
  personsNotNotifiedReason: string;
  publicNoticeOn: string | null;
  /** Why a public notice was given. */
  publicNoticeReason: string;
  measures: string;
};

/** Every field of an entry, in the Regulation's order: the entry's page, its history and the CSVs. */
export const INCIDENT_FIELDS = [
  "personalInfo",
  "personalInfoUnknownReason",
  "circumstances",
  "occurredOn",
  "occurredUntil",
  "occurredApproximate",
  "discoveredOn",
  "personsConcerned",
  "personsApproximate",
  "risk",
  "riskReasoning",
  "commissionNotifiedOn",
  "commissionNotNotifiedReason",
  "personsNotifiedOn",
  "personsNotNotifiedReason",
  "publicNoticeOn",
  "publicNoticeReason",
  "measures",
] as const satisfies readonly (keyof IncidentState)[];
export type IncidentField = (typeof INCIDENT_FIELDS)[number];

/** The longest text a field of an entry takes. */
export const INCIDENT_TEXT_MAX = 2000;
/** The largest number of persons concerned the register takes. */
export const MAX_PERSONS = 10_000_000;

/** The fields whose values differ between two versions, in the register's order. */
export function changedFields(before: IncidentState | null, after: IncidentState): IncidentField[] {
  if (!before) return [];
  return INCIDENT_FIELDS.filter((field) => before[field] !== after[field]);
}

/**
 * The notices a serious risk makes owed and not yet given nor explained: the Commission d'accès à
 * l'information and the persons concerned must be notified promptly (Act respecting the protection of
 * personal information in the private sector, s. 3.5).
 */
export function noticesOwed(state: IncidentState) {
  const serious = state.risk === "serious";
  return {
    commission: serious && !state.commissionNotifiedOn && !state.commissionNotNotifiedReason,
    persons: serious && !state.personsNotifiedOn && !state.personsNotNotifiedReason,
  };
}

/** A 'YYYY-MM-DD' that is a real calendar date. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The register's table (on /admin/privacy): a summary of each entry; the CSV has every field. */
export const REGISTER_COLUMNS = [
  "id",
  "period",
  "discoveredOn",
  "circumstances",
  "personsConcerned",
  "risk",
  "notices",
  "updatedAt",
] as const;
