import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionAnswer } from "~/components/action-answer";
import { useTranslation } from "react-i18next";
import { FormError, PlainField, SubmitButton, useReply } from "~/components/ui/plain-field";
import { SpamTrap } from "~/components/ui/spam-trap";
import { ForgotPasswordSchema } from "~/lib/auth-schemas";
import { titleMeta } from "~/lib/meta";
import {
  data,
  redirect,
  RESET_TOKEN_TTL_MS,
  requestPasswordReset,
  recentResetRequest,
  rememberResetRequest,
  env,
  parseSubmission,
  rateLimited,
  reject,
  spamRejection,
  requestOrigin,
  getLanguage,
  getT,
  rethrowDatabaseFault,
} from "~/services/http/pages.server";

export const meta: MetaFunction = titleMeta;

// After a request the page says where it stands (?sent=, and on Back or a reload without it, the request this
// browser made while its link still works), never the empty form as if nothing happened; "Use another
// address" (?another=1) offers the form again. The same words whether or not the account exists.
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request);
  const params = new URL(request.url).searchParams;
  const sentTo =
    params.get("sent") ??
    (params.get("another") === "1" ? null : await recentResetRequest(request, RESET_TOKEN_TTL_MS));
  return data(
    { title: t("forgot.title"), sentTo: sentTo?.slice(0, 254) ?? null, supportEmail: env.SUPPORT_EMAIL },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { formData, submission } = await parseSubmission(request, ForgotPasswordSchema);
  const spam = spamRejection(formData, submission);
  if (spam) return spam;
  if (submission.status !== "success") return reject(submission);
  const limited = rateLimited(request, "passwordReset", submission);
  if (limited) return limited;
  try {
    await requestPasswordReset(submission.value.email, requestOrigin(request), await getLanguage(request));
  } catch (error) {
    rethrowDatabaseFault(error);
    console.error("[forgot-password]", error);
    return reject(submission, { formErrors: ["errors.forgotFailed"], status: 503 });
  }
  return redirect(`/forgot-password?sent=${encodeURIComponent(submission.value.email)}`, {
    headers: { "Set-Cookie": await rememberResetRequest(request, submission.value.email) },
  });
}

export default function ForgotPassword() {
  const { t } = useTranslation();
  const { sentTo, supportEmail } = useLoaderData<typeof loader>();
  const actionData = useActionAnswer<typeof action>();
  const navigation = useNavigation();
  const reply = useReply(actionData?.reply, "forgot-password");
  if (sentTo) {
    return (
      <div className="card mx-auto max-w-md space-y-3 text-center">
        <h1 className="page-title">{t("forgot.sentTitle")}</h1>
        <p className="text-stone-700">{t("forgot.sentBody", { email: sentTo })}</p>
        <p className="text-sm text-stone-600">{t("forgot.checkSpam")}</p>
        <Link to="/sign-in" className="btn-primary w-full">
          {t("forgot.backToSignIn")}
        </Link>
        <Link to="/forgot-password?another=1" className="btn-secondary w-full">
          {t("forgot.another")}
        </Link>
        <p className="text-sm text-stone-600">{t("forgot.support", { email: supportEmail })}</p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-md">
      <h1 className="page-title">{t("forgot.title")}</h1>
      <p className="mt-1 text-stone-700">{t("forgot.intro")}</p>
      <Form method="post" {...reply.formProps} className="card mt-4 flex flex-col gap-4">
        <FormError id={reply.errorId} errors={reply.formErrors} />
        <SpamTrap />
        <PlainField {...reply.field("email")} label={t("forgot.email")} type="email" autoComplete="email" />
        <SubmitButton
          pending={navigation.state === "submitting"}
          label={t("forgot.submit")}
          pendingLabel={t("forgot.pending")}
        />
      </Form>
      <p className="mt-4 text-center">
        <Link to="/sign-in" className="btn-link">
          {t("forgot.backToSignIn")}
        </Link>
      </p>
      <p className="mt-2 text-center text-sm text-stone-600">{t("forgot.support", { email: supportEmail })}</p>
    </div>
  );
}
