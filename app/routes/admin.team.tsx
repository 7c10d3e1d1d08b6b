// The admin team: the admins, the invitations waiting for an answer (revoke one), and inviting an address.
// The role is granted only when the invited address follows the e-mailed link (/admin-invitation). Plain
// form posts: works without JavaScript.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionAnswer } from "~/components/action-answer";
import { useTranslation } from "react-i18next";
import { FieldProblemText, Problem, problemOf, sentValue } from "~/components/admin/problem";
import { CaptionedTable, MembersTable, RoleSelect } from "~/components/admin/team";
import { RowAction, tdClass } from "~/components/admin/ui";
import { EmailText } from "~/components/operators/email-text";
import { formatDateTime } from "~/lib/dates";
import { titleMeta } from "~/lib/meta";
import { adminForm, adminTeam, done, getLanguage, getT, inviteAdmin } from "~/services/http/pages.server";
import { refused, requestOrigin, requireAdmin, revokeInvitation } from "~/services/http/pages.server";
import { unknownIntent } from "~/services/http/pages.server";
import { toInteger } from "~/lib/ids";

export const handle = { i18n: ["common", "admin", "driver"] };
export const meta: MetaFunction = titleMeta;

const PAGE = "/admin/team";

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const [lng, t] = await Promise.all([getLanguage(request), getT(request, "admin")]);
  const { admins, drivers, pending } = adminTeam();
  return {
    title: t("team.title"),
    me: admin.id,
    admins: admins.map((a) => ({ id: a.id, email: a.email, since: formatDateTime(a.createdAt, lng) })),
    drivers: drivers.map((a) => ({ id: a.id, email: a.email, since: formatDateTime(a.createdAt, lng) })),
    pending: pending.map((p) => ({
      id: p.id,
      email: p.email,
      invitedBy: p.invitedBy,
      role: p.role,
      expires: formatDateTime(p.expiresAt, lng),
    })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { admin, form, intent } = await adminForm(request);
  try {
    switch (intent) {
      case "invite": {
        const invitation = inviteAdmin(admin, form.get("email"), {
          origin: requestOrigin(request),
          adminLocale: await getLanguage(request),
          role: form.get("role"),
        });
        return done(request, PAGE, "team.invited", "team.invitedDescription", { email: invitation.email });
      }
      case "revoke": {
        const { email } = revokeInvitation(admin, toInteger(form.get("invitationId")));
        return done(request, PAGE, "team.revoked", undefined, { email });
      }
      default:
        return unknownIntent(form);
    }
  } catch (error) {
    return refused(error, form, intent === "invite" ? "invite" : "pending");
  }
}

export default function AdminTeam() {
  const { me, admins, drivers, pending } = useLoaderData<typeof loader>();
  const reply = useActionAnswer<typeof action>();
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation(["admin", "common", "driver"]);
  const emailProblem = problemOf(reply, "email");

  return (
    <div className="space-y-6">
      <div>
        <h1 className="page-title">{t("team.title")}</h1>
        <p className="mt-1 max-w-3xl text-stone-700">{t("team.intro")}</p>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="invite-title" className="card min-w-0">
          <h2 id="invite-title" className="text-lg font-semibold">
            {t("team.inviteTitle")}
          </h2>
          <Form method="post" className="mt-3 space-y-3" noValidate>
            <div>
              <label htmlFor="invite-email" className="field-label">
                {t("team.inviteEmail")}
              </label>
              <input
                id="invite-email"
                name="email"
                type="email"
                className="field-input"
                autoComplete="off"
                maxLength={254}
                defaultValue={problemOf(reply, "invite") ? (sentValue(reply, "email") ?? "") : ""}
                aria-invalid={emailProblem ? true : undefined}
                aria-describedby={emailProblem ? "email-error invite-hint" : "invite-hint"}
              />
              <FieldProblemText reply={reply} name="email" />
              <p id="invite-hint" className="mt-1 text-xs text-stone-600">
                {t("team.inviteHint")}
              </p>
            </div>
            <RoleSelect defaultValue={problemOf(reply, "invite") ? (sentValue(reply, "role") ?? "") : ""} />
            {emailProblem ? null : <Problem reply={reply} target="invite" />}
            <button type="submit" name="intent" value="invite" className="btn-primary" disabled={busy}>
              {t("team.invite")}
            </button>
          </Form>
        </section>

        <section aria-labelledby="admins-title" className="card min-w-0">
          <h2 id="admins-title" className="text-lg font-semibold">
            {t("team.adminsTitle")}
          </h2>
          <MembersTable caption={t("team.adminsCaption")} testId="team-admins" members={admins} me={me} />
        </section>

        <section aria-labelledby="drivers-title" className="card min-w-0">
          <h2 id="drivers-title" className="text-lg font-semibold">
            {t("driver:team.driversTitle")}
          </h2>
          {drivers.length ? (
            <MembersTable caption={t("driver:team.driversCaption")} testId="team-drivers" members={drivers} me={me} />
          ) : (
            <p className="mt-2 text-stone-600">{t("driver:team.driversEmpty")}</p>
          )}
        </section>
      </div>

      <section aria-labelledby="pending-title" className="card">
        <h2 id="pending-title" className="text-lg font-semibold">
          {t("team.pendingTitle")}
        </h2>
        <Problem reply={reply} target="pending" />
        {pending.length ? (
          <CaptionedTable
            caption={t("team.pendingCaption")}
            testId="team-pending"
            columns={[
              t("team.email"),
              t("driver:team.role"),
              t("team.invitedBy"),
              t("team.expires"),
              { label: t("team.actions"), hidden: true },
            ]}
          >
            {pending.map((p) => (
              <tr key={p.id} data-email={p.email}>
                <td className={tdClass} data-label={t("team.email")}>
                  <EmailText email={p.email} />
                </td>
                <td className={tdClass} data-label={t("driver:team.role")}>
                  {t(p.role === "driver" ? "driver:team.roleDriver" : "driver:team.roleAdmin")}
                </td>
                <td className={tdClass} data-label={t("team.invitedBy")}>
                  {p.invitedBy ? <EmailText email={p.invitedBy} /> : t("team.byApp")}
                </td>
                <td className={tdClass} data-label={t("team.expires")}>
                  {p.expires}
                </td>
                <td className={tdClass}>
                  <RowAction
                    name="invitationId"
                    value={p.id}
                    intent="revoke"
                    label={t("team.revoke")}
                    ariaLabel={t("team.revokeLabel", { email: p.email })}
                    disabled={busy}
                    className="btn-secondary min-h-[40px] px-3 text-sm"
                  />
                </td>
              </tr>
            ))}
          </CaptionedTable>
        ) : (
          <p className="mt-2 text-stone-600" data-testid="team-pending-empty">
            {t("team.pendingEmpty")}
          </p>
        )}
      </section>
    </div>
  );
}
