// /profile/delete: Delete my account (issue 34; issue 43), the confirmation step. It says what happens
// (pickups to come cancelled and refunded in full, tax records de-identified, backups kept 7 days, a last
// e-mail) and asks for the password; a plain form, so it works without JavaScript. While the truck is coming the page says so and the form is not
// offered (the server refuses it anyway).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionAnswer } from "~/components/action-answer";
import { useTranslation } from "react-i18next";
import { FormError, PlainField, SubmitButton, useReply } from "~/components/ui/plain-field";
import { titleMeta } from "~/lib/meta";
import { RETENTION } from "~/lib/retention";
import { deleteAccountFromForm, deletionSummary, getT, readForm, requireUser } from "~/services/http/pages.server";

export const meta: MetaFunction = titleMeta;
export const handle = { i18n: ["common", "privacy"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const t = await getT(request, "privacy");
  return { title: t("delete.title"), email: user.email, ...deletionSummary(user.id) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  return deleteAccountFromForm(request, await readForm(request), user);
}

export default function DeleteAccount() {
  const { title, email, refusal, cancels } = useLoaderData<typeof loader>();
  const actionData = useActionAnswer<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation(["privacy", "common"]);
  const reply = useReply(actionData && "reply" in actionData ? actionData.reply : undefined, "delete-account");
  return (
    <div className="mx-auto max-w-md">
      <h1 className="page-title">{title}</h1>
      <p className="mt-2 font-semibold text-stone-900">{t("delete.intro")}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-stone-800" data-testid="delete-consequences">
        <li>{cancels > 0 ? t("delete.cancelled", { count: cancels }) : t("delete.noneAhead")}</li>
        <li>{t("delete.erased")}</li>
        <li>{t("delete.kept", { years: RETENTION.taxRecordYears })}</li>
        <li>{t("delete.backups", { days: RETENTION.backupDays })}</li>
        <li>{t("delete.email", { email })}</li>
      </ul>
      {refusal ? (
        <p role="alert" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {t(refusal)}
        </p>
      ) : (
        <Form method="post" {...reply.formProps} className="card mt-4 flex flex-col gap-4">
          <FormError id={reply.errorId} errors={reply.formErrors} />
          <PlainField
            {...reply.field("password", { secret: true })}
            label={t("delete.password")}
            hint={t("delete.passwordHint")}
            autoComplete="current-password"
            required
          />
          <SubmitButton
            pending={navigation.state === "submitting"}
            label={t("delete.submit")}
            pendingLabel={t("delete.pending")}
            className="btn-danger w-full"
          />
        </Form>
      )}
      <p className="mt-4">
        <Link to="/profile" className="btn-link">
          {t("delete.keep")}
        </Link>
      </p>
    </div>
  );
}
