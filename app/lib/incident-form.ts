// The form of an entry of the incident register (/admin/privacy, /admin/privacy/{id}; issue 43 part 6), one
// zod schema for recording and updating. Messages are keys of the "privacy" namespace. `today` (Montreal)
// bounds every date: nothing in the register happened in the future.
import { z } from "zod";
import {
  INCIDENT_TEXT_MAX,
  MAX_PERSONS,
  RISK_LEVELS,
  isCalendarDate,
  type IncidentField,
  type IncidentState,
  type RiskLevel,
} from "./incidents";

const isRiskLevel = (value: unknown): value is RiskLevel => RISK_LEVELS.includes(value as RiskLevel);

const E = "privacy:incidents.errors";

// The fields are read without transforms (a failed field then leaves the form "dirty", not aborted), so the
// checks across fields still run and one refused form names every problem at once; the values are made
// into the entry's state at the end.

/** Text of at most INCIDENT_TEXT_MAX characters. */
const text = z
  .string({ invalid_type_error: `${E}.text` })
  .trim()
  .max(INCIDENT_TEXT_MAX, `${E}.text`)
  .optional();

/** A calendar date. */
const date = z
  .string({ invalid_type_error: `${E}.date` })
  .trim()
  .refine(isCalendarDate, `${E}.date`)
  .optional();

/** A checkbox: "on" when ticked. */
const box = z.string({ invalid_type_error: `${E}.text` }).optional();

export function incidentFormSchema(today: string) {
  return z
    .object({
      personalInfo: text,
      personalInfoUnknown: box,
      personalInfoUnknownReason: text,
      circumstances: text,
      occurredOn: date,
      occurredUntil: date,
      occurredApproximate: box,
      discoveredOn: date,
      // Checked below, with the other fields, so that one refused form names every problem at once.
      personsConcerned: z
        .string({ invalid_type_error: `${E}.persons` })
        .trim()
        .optional(),
      personsApproximate: box,
      risk: z.string({ invalid_type_error: `${E}.risk` }).optional(),
      riskReasoning: text,
      commissionNotifiedOn: date,
      commissionNotNotifiedReason: text,
      personsNotifiedOn: date,
      personsNotNotifiedReason: text,
      publicNoticeOn: date,
      publicNoticeReason: text,
      measures: text,
    })
    .superRefine((form, ctx) => {
      const problem = (field: IncidentField, key: string) =>
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [field], message: `${E}.${key}` });
      // A date already refused above is left out of the checks across fields.
      const day = (value: string | undefined) => (value && isCalendarDate(value) ? value : null);
      const v = stateOf(form);
      if (!form.personalInfoUnknown && !v.personalInfo) problem("personalInfo", "personalInfo");
      if (form.personalInfoUnknown && !form.personalInfoUnknownReason) {
        problem("personalInfoUnknownReason", "unknownReason");
      }
      if (!v.circumstances) problem("circumstances", "circumstances");
      const occurredOn = day(form.occurredOn);
      const discoveredOn = day(form.discoveredOn);
      if (!form.occurredOn) problem("occurredOn", "required");
      else if (occurredOn && occurredOn > today) problem("occurredOn", "future");
      if (v.occurredUntil && v.occurredUntil > today) problem("occurredUntil", "future");
      else if (v.occurredUntil && occurredOn && v.occurredUntil < occurredOn) problem("occurredUntil", "untilOrder");
      if (!form.discoveredOn) problem("discoveredOn", "required");
      else if (discoveredOn && discoveredOn > today) problem("discoveredOn", "future");
      else if (discoveredOn && occurredOn && discoveredOn < occurredOn) problem("discoveredOn", "discoveredOrder");
      const persons = form.personsConcerned ?? "";
      if (!/^\d{1,8}$/.test(persons) || Number(persons) > MAX_PERSONS) problem("personsConcerned", "persons");
      if (!isRiskLevel(form.risk)) problem("risk", "risk");
      else if (form.risk === "serious" && !v.riskReasoning) problem("riskReasoning", "reasoning");
      for (const on of ["commissionNotifiedOn", "personsNotifiedOn", "publicNoticeOn"] as const) {
        const notice = v[on];
        if (notice && notice > today) problem(on, "future");
        else if (notice && discoveredOn && notice < discoveredOn) problem(on, "noticeOrder");
      }
      if (v.commissionNotifiedOn && v.commissionNotNotifiedReason) problem("commissionNotNotifiedReason", "bothGiven");
      if (v.personsNotifiedOn && v.personsNotNotifiedReason) problem("personsNotNotifiedReason", "bothGiven");
      if (form.publicNoticeOn && !v.publicNoticeReason) problem("publicNoticeReason", "publicReason");
      if (!form.publicNoticeOn && v.publicNoticeReason) problem("publicNoticeOn", "publicDate");
    })
    .transform(stateOf);
}

type FormValues = {
  [K in IncidentField | "personalInfoUnknown"]?: string;
};

/** The entry's state out of the form's values (a date that is not a real one reads as none). */
function stateOf(form: FormValues): IncidentState {
  const textOf = (value: string | undefined) => value ?? "";
  const dayOf = (value: string | undefined) => (value && isCalendarDate(value) ? value : null);
  return {
    personalInfo: textOf(form.personalInfo),
    personalInfoUnknownReason: form.personalInfoUnknown === "on" ? textOf(form.personalInfoUnknownReason) : "",
    circumstances: textOf(form.circumstances),
    occurredOn: dayOf(form.occurredOn) ?? "",
    occurredUntil: dayOf(form.occurredUntil),
    occurredApproximate: form.occurredApproximate === "on",
    discoveredOn: dayOf(form.discoveredOn) ?? "",
    personsConcerned: Number(form.personsConcerned ?? ""),
    personsApproximate: form.personsApproximate === "on",
    risk: (isRiskLevel(form.risk) ? form.risk : "pending") as RiskLevel,
    riskReasoning: textOf(form.riskReasoning),
    commissionNotifiedOn: dayOf(form.commissionNotifiedOn),
    commissionNotNotifiedReason: textOf(form.commissionNotNotifiedReason),
    personsNotifiedOn: dayOf(form.personsNotifiedOn),
    personsNotNotifiedReason: textOf(form.personsNotNotifiedReason),
    publicNoticeOn: dayOf(form.publicNoticeOn),
    publicNoticeReason: textOf(form.publicNoticeReason),
    measures: textOf(form.measures),
  };
}
