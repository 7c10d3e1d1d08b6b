// The privacy page's rules (issue 43, part 4): how long each kind of record is kept (lib/retention's
// periods), what deleting an account deletes, withdrawing consent, who on the team sees what, and the
// governance: roles, requests and complaints with their 30-day answer, the policy's versions.
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "~/lib/format";
import { RETENTION_ROWS, type RetentionRow } from "~/lib/personal-data";
import { COMPLAINT_ANSWER_DAYS, type PolicyVersion } from "~/lib/privacy-policy";
import type { RETENTION } from "~/lib/retention";

type Periods = typeof RETENTION;
type Who = { business: string; address: string; officerName: string; officerEmail: string };

/** The numbers each retention text is filled with. */
function periodsOf(row: RetentionRow, r: Periods): Record<string, number> {
  switch (row) {
    case "account":
      return { years: r.unusedAccountYears, days: r.unusedAccountWarningDays };
    case "sessions":
      return { days: r.sessionDays };
    case "links":
      return { hours: r.resetLinkHours };
    case "taxRecords":
      return { years: r.taxRecordYears };
    case "waitlist":
      return { years: r.waitlistYears };
    case "incidents":
      return { years: r.incidentRegisterYears };
    case "backups":
      return { days: r.backupDays };
    case "hostLogs":
      return { days: r.accessLogDays };
    default:
      return {};
  }
}

export function RetentionList({ retention }: { retention: Periods }) {
  const { t } = useTranslation("policy");
  return (
    <>
      <ul className="list-disc space-y-2 pl-5" data-testid="policy-retention">
        {RETENTION_ROWS.map((row) => (
          <li key={row} id={`keep-${row}`}>
            {t(`policy.retention.${row}`, periodsOf(row, retention))}
          </li>
        ))}
      </ul>
      <p data-testid="policy-deletion">
        {t("policy.deletion", { years: retention.unusedAccountYears, days: retention.backupDays })}
      </p>
    </>
  );
}

const WITHDRAW = ["reminders", "texts", "alerts", "calendar", "marketing", "account"] as const;

export function Withdrawal() {
  const { t } = useTranslation("policy");
  return (
    <>
      <p>{t("policy.withdrawIntro")}</p>
      <ul className="list-disc space-y-1 pl-5" data-testid="policy-withdraw">
        {WITHDRAW.map((key) => (
          <li key={key}>{t(`policy.withdraw.${key}`)}</li>
        ))}
      </ul>
      <p>
        <Link to="/profile" className="underline">
          {t("policy.profileLink")}
        </Link>
      </p>
    </>
  );
}

const STAFF = ["admins", "drivers", "log", "nobodyElse"] as const;

export function StaffAccess() {
  const { t } = useTranslation("policy");
  return (
    <ul className="list-disc space-y-1 pl-5" data-testid="policy-staff">
      {STAFF.map((key) => (
        <li key={key}>{t(`policy.staff.${key}`)}</li>
      ))}
    </ul>
  );
}

const ROLES = ["business", "officer", "admins", "drivers"] as const;
const COMPLAINT = ["write", "check", "answer", "commission"] as const;

export function Governance({ who, versions }: { who: Who; versions: readonly PolicyVersion[] }) {
  const { t, i18n } = useTranslation("policy");
  const values = {
    business: who.business,
    address: who.address,
    name: who.officerName,
    email: who.officerEmail,
    days: COMPLAINT_ANSWER_DAYS,
  };
  return (
    <>
      <h3 className="font-bold text-stone-900">{t("policy.rolesTitle")}</h3>
      <ul className="list-disc space-y-1 pl-5" data-testid="policy-roles">
        {ROLES.map((key) => (
          <li key={key}>{t(`policy.roles.${key}`, values)}</li>
        ))}
      </ul>
      <h3 className="font-bold text-stone-900">{t("policy.complaintTitle")}</h3>
      <ol className="list-decimal space-y-1 pl-5" data-testid="policy-complaint">
        {COMPLAINT.map((key) => (
          <li key={key}>{t(`policy.complaint.${key}`, values)}</li>
        ))}
      </ol>
      <h3 className="font-bold text-stone-900">{t("policy.versionsTitle")}</h3>
      <ul className="list-disc space-y-1 pl-5" data-testid="policy-versions">
        {versions.map((v) => (
          <li key={v.version}>
            {t("policy.version", {
              version: v.version,
              date: formatDate(v.date, i18n.language),
              change: t(`policy.versions.${v.change}`),
            })}
          </li>
        ))}
      </ul>
    </>
  );
}
