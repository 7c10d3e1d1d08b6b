import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionAnswer } from "~/components/action-answer";
import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { RouteError } from "~/components/route-error";
import { FormError, PlainField, SubmitButton, useReply } from "~/components/ui/plain-field";
import { ResetPasswordSchema } from "~/lib/auth-schemas";
import {
  redirect,
  AccountError,
  isResetTokenUsable,
  resetPassword,
  parseSubmission,
  rateLimited,
  reject,
  getT,
  destroyUserSession,
} from "~/services/http/pages.server";

export const REDIRECT_SECONDS = 3;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title ?? ""} · ReCircle` },
  // Without JavaScript the browser itself goes on to sign-in after 3 seconds.
  ...(data?.state === "done" ? [{ httpEquiv: "refresh", content: `${REDIRECT_SECONDS};url=/sign-in` }] : []),
];

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request);
  const url = new URL(request.url);
  if (url.searchParams.get("done") === "1")
    return { title: t("reset.successTitle"), state: "done" as const, token: "" };
  const token = url.searchParams.get("token") ?? "";
  const usable = token.length <= 200 && isResetTokenUsable(token);
  return {
    title: usable ? t("reset.title") : t("reset.invalidTitle"),
    state: usable ? ("form" as const) : ("invalid" as const),
    token: usable ? token : "",
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { submission } = await parseSubmission(request, ResetPasswordSchema);
  const hidden = ["newPassword", "confirmPassword"];
  if (submission.status !== "success") return reject(submission, { hideFields: hidden });
  const limited = rateLimited(request, "passwordReset", submission);
  if (limited) return limited;
  try {
    await resetPassword(submission.value.token, submission.value.newPassword);
  } catch (error) {
    if (!(error instanceof AccountError)) throw error;
    if (error.key === "errors.passwordCommon") {
      return reject(submission, { fieldErrors: { newPassword: [error.key] }, hideFields: hidden });
    }
    return reject(submission, { formErrors: ["errors.resetFailed"], hideFields: hidden });
  }
  // The reset ended every session of the account, this browser's included.
  return redirect("/reset-password?done=1", { headers: await destroyUserSession(request) });
}

export default function ResetPassword() {
  const { t } = useTranslation();
  const { state, token } = useLoaderData<typeof loader>();
  const actionData = useActionAnswer<typeof action>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const reply = useReply(actionData?.reply, "reset-password");
  useEffect(() => {
    if (state !== "done") return;
    const timer = setTimeout(() => navigate("/sign-in"), REDIRECT_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [state, navigate]);

  if (state === "invalid") {
    return (
      <div className="card mx-auto max-w-md space-y-3 text-center">
        <h1 className="page-title">{t("reset.invalidTitle")}</h1>
        <p className="text-stone-700">{t("reset.invalidBody")}</p>
        <Link to="/forgot-password" className="btn-primary w-full">
          {t("reset.requestNew")}
        </Link>
      </div>
    );
  }
  if (state === "done") {
    return (
      <div className="card mx-auto max-w-md space-y-3 text-center" role="status">
        <h1 className="page-title">{t("reset.successTitle")}</h1>
        <p className="text-stone-700">{t("reset.successBody")}</p>
        <Link to="/sign-in" className="btn-primary w-full">
          {t("reset.goToSignIn")}
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-md">
      <h1 className="page-title">{t("reset.title")}</h1>
      <Form method="post" {...reply.formProps} className="card mt-4 flex flex-col gap-4">
        <FormError id={reply.errorId} errors={reply.formErrors} />
        <input type="hidden" name="token" value={token} />
        <PlainField
          {...reply.field("newPassword", { secret: true })}
          label={t("reset.newPassword")}
          autoComplete="new-password"
        />
        <PlainField
          {...reply.field("confirmPassword", { secret: true })}
          label={t("reset.confirmPassword")}
          autoComplete="new-password"
        />
        <SubmitButton
          pending={navigation.state === "submitting"}
          label={t("reset.submit")}
          pendingLabel={t("reset.pending")}
        />
      </Form>
    </div>
  );
}

/** A failure inside the reset page keeps the page frame and offers a new link. */
export function ErrorBoundary() {
  return (
    <RouteError
      notFound={{
        title: "reset.invalidTitle",
        description: "reset.invalidBody",
        to: "/forgot-password",
        linkLabel: "reset.requestNew",
      }}
    />
  );
}
