// The admin team: the admins, the invitations waiting for an answer (revoke one), and inviting an address.
// The role is granted only when the invited address follows the e-mailed link (/admin-invitation). Plain
// form posts: works without JavaScript.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FieldProblemText, Problem, problemOf, sentValue } from "~/components/admin/problem";
import { RowAction, tableClass, TableHead, TableScroll, tdClass } from "~/components/admin/ui";
import { formatDateTime } from "~/lib/dates";
import { titleMeta } from "~/lib/meta";
import { adminForm, adminTeam, done, getLanguage, getT, inviteAdmin } from "~/services/http/pages.server";
import { refused, requestOrigin, requireAdmin, revokeInvitation } from "~/services/http/pages.server";
import { toInteger, unknownIntent } from "~/services/http/pages.server";

export const handle = { i18n: ["common", "admin"] };
export const meta: MetaFunction = titleMeta;

const PAGE = "/admin/team";

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const [lng, t] = await Promise.all([getLanguage(request), getT(request, "admin")]);
  const { admins, pending } = adminTeam();
  return {
    title: t("team.title"),
    me: admin.id,
    admins: admins.map((a) => ({ id: a.id, email: a.email, since: formatDateTime(a.createdAt, lng) })),
    pending: pending.map((p) => ({
      id: p.id,
      email: p.email,
      invitedBy: p.invitedBy,
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

/** A scrolling table named by its caption (for screen readers, and as the keyboard's scroll region). */
function CaptionedTable({
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
      <table className={tableClass} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <TableHead columns={columns} />
        <tbody className="divide-y divide-stone-100">{children}</tbody>
      </table>
    </TableScroll>
  );
}

export default function AdminTeam() {
  const { me, admins, pending } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation(["admin", "common"]);
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
          <CaptionedTable
            caption={t("team.adminsCaption")}
            testId="team-admins"
            columns={[t("team.email"), t("team.since")]}
          >
            {admins.map((a) => (
              <tr key={a.id} data-email={a.email}>
                <td className={`${tdClass} break-all`}>
                  {a.email}
                  {a.id === me ? <span className="ml-1 text-stone-600">({t("team.you")})</span> : null}
                </td>
                <td className={tdClass}>{a.since}</td>
              </tr>
            ))}
          </CaptionedTable>
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
              t("team.invitedBy"),
              t("team.expires"),
              { label: t("team.actions"), hidden: true },
            ]}
          >
            {pending.map((p) => (
              <tr key={p.id} data-email={p.email}>
                <td className={`${tdClass} break-all`}>{p.email}</td>
                <td className={`${tdClass} break-all`}>{p.invitedBy ?? t("team.byApp")}</td>
                <td className={tdClass}>{p.expires}</td>
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
