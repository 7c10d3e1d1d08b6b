// The team page's parts: a table named by its caption (stacked as cards on a phone), a list of members
// (admins or drivers) whose e-mail addresses never break mid-word, and the role to invite to.
import { useTranslation } from "react-i18next";
import { EmailText } from "~/components/operators/email-text";
import { tableClass, TableHead, TableScroll, tdClass } from "./ui";

/** A scrolling table named by its caption (for screen readers, and as the keyboard's scroll region). */
export function CaptionedTable({
  caption,
  testId,
  columns,
  children,
}: {
  caption: string;
  testId: string;
  columns: Parameters<typeof TableHead>[0]["columns"];
  children: React.ReactNode;
}) {
  return (
    <TableScroll label={caption} className="mt-2">
      <table className={`${tableClass} stack-on-phone`} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <TableHead columns={columns} />
        <tbody className="divide-y divide-stone-100">{children}</tbody>
      </table>
    </TableScroll>
  );
}

export type MemberRow = { id: number; email: string; since: string };

/** Admins or drivers: address (and "you"), member since. */
export function MembersTable({
  caption,
  testId,
  members,
  me,
}: {
  caption: string;
  testId: string;
  members: MemberRow[];
  me: number;
}) {
  const { t } = useTranslation(["admin", "common"]);
  return (
    <CaptionedTable caption={caption} testId={testId} columns={[t("team.email"), t("team.since")]}>
      {members.map((a) => (
        <tr key={a.id} data-email={a.email}>
          <td className={tdClass} data-label={t("team.email")}>
            <EmailText email={a.email} />
            {a.id === me ? <span className="ml-1 text-stone-600">({t("team.you")})</span> : null}
          </td>
          <td className={tdClass} data-label={t("team.since")}>
            {a.since}
          </td>
        </tr>
      ))}
    </CaptionedTable>
  );
}

/** Which role the invitation gives: admin (the default) or driver. */
export function RoleSelect({ defaultValue }: { defaultValue: string }) {
  const { t } = useTranslation("driver");
  return (
    <div>
      <label htmlFor="invite-role" className="field-label">
        {t("team.role")}
      </label>
      <select
        id="invite-role"
        name="role"
        className="field-input"
        defaultValue={defaultValue === "driver" ? "driver" : "admin"}
        aria-describedby="invite-role-hint"
      >
        <option value="admin">{t("team.roleAdmin")}</option>
        <option value="driver">{t("team.roleDriver")}</option>
      </select>
      <p id="invite-role-hint" className="mt-1 text-xs text-stone-600">
        {t("team.roleHint")}
      </p>
    </div>
  );
}
