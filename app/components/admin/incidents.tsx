// The incident register as admins read it (issue 43 part 6): the register's table on /admin/privacy (a
// summary of each entry, to its page; the CSVs have every field), and on an entry's page the entry as it
// stands (its history: incident-history).
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Badge, TableScroll } from "~/components/admin/ui";
import { formatDate } from "~/lib/format";
import {
  INCIDENT_FIELDS,
  REGISTER_COLUMNS,
  noticesOwed,
  type IncidentField,
  type IncidentState,
} from "~/lib/incidents";

type RegisterRow = IncidentState & { id: number; updatedAt: string };

/** Fields people typed: left out of the French walk (they are the operators' words, not the app's). */
export const TYPED = new Set<IncidentField>([
  "personalInfo",
  "personalInfoUnknownReason",
  "circumstances",
  "riskReasoning",
  "commissionNotNotifiedReason",
  "personsNotNotifiedReason",
  "publicNoticeReason",
  "measures",
]);
const DATES = new Set<IncidentField>([
  "occurredOn",
  "occurredUntil",
  "discoveredOn",
  "commissionNotifiedOn",
  "personsNotifiedOn",
  "publicNoticeOn",
]);

/** One field's value as the page shows it. */
export function useFieldValue() {
  const { t, i18n } = useTranslation(["privacy", "common"]);
  return (field: IncidentField, value: IncidentState[IncidentField]) => {
    if (value === null || value === "") return t("incidents.none");
    if (typeof value === "boolean") return t(value ? "incidents.yes" : "incidents.no");
    if (field === "risk") return t(`incidents.risk.${value}`);
    if (DATES.has(field)) return formatDate(String(value), i18n.language);
    return String(value);
  };
}

function Period({ row }: { row: IncidentState }) {
  const { t, i18n } = useTranslation(["privacy", "common"]);
  const from = formatDate(row.occurredOn, i18n.language, "short");
  const text = row.occurredUntil
    ? t("incidents.periodTo", { from, until: formatDate(row.occurredUntil, i18n.language, "short") })
    : from;
  return (
    <>
      {text}
      {row.occurredApproximate ? ` (${t("incidents.approximate")})` : null}
    </>
  );
}

function Notices({ row }: { row: IncidentState }) {
  const { t, i18n } = useTranslation(["privacy", "common"]);
  const owed = noticesOwed(row);
  const one = (label: string, on: string | null, isOwed: boolean) => (
    <li>
      {t("incidents.labelled", { label })}{" "}
      {on ? (
        t("incidents.notified", { date: formatDate(on, i18n.language, "short") })
      ) : isOwed ? (
        <Badge tone="pending">{t("incidents.owed")}</Badge>
      ) : (
        t("incidents.notNotified")
      )}
    </li>
  );
  return (
    <ul>
      {one(t("incidents.col.commission"), row.commissionNotifiedOn, owed.commission)}
      {one(t("incidents.col.persons"), row.personsNotifiedOn, owed.persons)}
    </ul>
  );
}

export function IncidentRegister({ rows }: { rows: RegisterRow[] }) {
  const { t, i18n } = useTranslation(["privacy", "common"]);
  return (
    <section aria-labelledby="register-title" className="card space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="register-title" className="text-lg font-semibold">
          {t("incidents.registerTitle")}
        </h2>
        <div className="flex w-full flex-wrap gap-2 sm:w-auto">
          <a href="/admin/privacy.csv" className="btn-secondary w-full sm:w-auto" download>
            {t("incidents.csv")}
          </a>
          <a href="/admin/privacy/versions.csv" className="btn-secondary w-full sm:w-auto" download>
            {t("incidents.versionsCsv")}
          </a>
        </div>
      </div>
      {rows.length === 0 ? (
        <p className="text-stone-700">{t("incidents.empty")}</p>
      ) : (
        <TableScroll label={t("incidents.caption")}>
          <table className="w-full text-left text-sm" data-testid="incident-register">
            <caption className="sr-only">{t("incidents.caption")}</caption>
            <thead>
              <tr>
                {REGISTER_COLUMNS.map((c) => (
                  <th key={c} scope="col" className="border-b border-stone-200 p-2 font-semibold">
                    {t(`incidents.col.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-b border-stone-100 align-top" data-incident={r.id}>
                  <td className="p-2">
                    <Link to={`/admin/privacy/${r.id}`} className="btn-link whitespace-nowrap">
                      {t("incidents.open", { id: r.id })}
                    </Link>
                  </td>
                  <td className="p-2">
                    <Period row={r} />
                  </td>
                  <td className="p-2">{formatDate(r.discoveredOn, i18n.language, "short")}</td>
                  <td className="min-w-[12rem] p-2" data-typed>
                    {r.circumstances}
                  </td>
                  <td className="p-2">
                    {r.personsConcerned}
                    {r.personsApproximate ? ` (${t("incidents.approximate")})` : null}
                  </td>
                  <td className="p-2">{t(`incidents.risk.${r.risk}`)}</td>
                  <td className="min-w-[10rem] p-2">
                    <Notices row={r} />
                  </td>
                  <td className="p-2">{r.updatedAt}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

/** The entry as it stands: every field, in the Regulation's order. */
export function IncidentEntry({ entry }: { entry: IncidentState }) {
  const { t } = useTranslation(["privacy", "common"]);
  const show = useFieldValue();
  const owed = noticesOwed(entry);
  return (
    <section aria-labelledby="entry-current" className="card space-y-3">
      <h2 id="entry-current" className="text-lg font-semibold">
        {t("incidents.entry.current")}
      </h2>
      {owed.commission || owed.persons ? (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-900">
          {t("incidents.mustNotify")}
        </p>
      ) : null}
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 md:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]">
        {INCIDENT_FIELDS.map((field) => (
          <div key={field} className="contents" data-field={field}>
            <dt className="font-medium text-stone-700">{t(`incidents.field.${field}`)}</dt>
            <dd className="whitespace-pre-line break-words" data-typed={TYPED.has(field) || undefined}>
              {show(field, entry[field])}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
