import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Toaster } from "~/components/toaster";
import { Field, FormError, SubmitButton } from "~/components/ui/field";
import { SignUpSchema } from "~/lib/auth-schemas";
import { titleMeta } from "~/lib/meta";
import { cleanFsaInput, isCanadianFsa } from "~/lib/postal";
import { AccountError, registerUser } from "~/services/accounts.server";
import { parseSubmission, rateLimited, reject } from "~/services/forms.server";
import { getLanguage, getT } from "~/services/i18n.server";
import { createUserSession, getUserId, redirectWithToast } from "~/services/session.server";

export const meta: MetaFunction = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getUserId(request)) throw redirect("/");
  const t = await getT(request);
  const raw = cleanFsaInput(new URL(request.url).searchParams.get("postalCode") ?? "");
  return { title: t("signUp.title"), postalFsa: isCanadianFsa(raw) ? raw : "" };
}

export async function action({ request }: ActionFunctionArgs) {
  const { submission } = await parseSubmission(request, SignUpSchema);
  const hidden = ["password", "confirmPassword"];
  if (submission.status !== "success") return reject(submission, { hideFields: hidden });
  const limited = rateLimited(request, "signUp", submission);
  if (limited) return limited;
  try {
    const user = await registerUser({ ...submission.value, locale: await getLanguage(request) });
    const headers = await createUserSession(user.id);
    return redirectWithToast(request, "/onboarding", { title: "toast.accountCreated", description: "toast.welcome" }, headers, {
      clearRedirect: true,
    });
  } catch (error) {
    if (!(error instanceof AccountError)) throw error;
    const exists = error.key === "errors.userExists";
    return reject(submission, {
      status: error.status,
      hideFields: hidden,
      formErrors: [exists ? "signUp.alreadyRegistered" : error.key],
      toast: exists
        ? { title: "toast.userExists", description: "toast.userExistsDescription" }
        : { title: "toast.registrationFailed", description: error.key },
    });
  }
}

export default function SignUp() {
  const { t } = useTranslation();
  const { postalFsa } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    defaultValue: { postalFsa },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignUpSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const alreadyRegistered = form.errors?.[0] === "signUp.alreadyRegistered";
  return (
    <div className="mx-auto max-w-md">
      <h1 className="page-title">{t("signUp.title")}</h1>
      <p className="mt-1 text-stone-700">{t("signUp.subtitle")}</p>
      <Form method="post" {...getFormProps(form)} className="card mt-4 space-y-4">
        {alreadyRegistered ? (
          <div id={form.errorId} role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            <p className="font-semibold">{t("signUp.alreadyRegistered")}</p>
            <Link to="/sign-in" className="btn-link">
              {t("signUp.signInInstead")}
            </Link>
          </div>
        ) : (
          <FormError id={form.errorId} errors={form.errors} />
        )}
        {postalFsa ? (
          <p className="text-sm text-stone-700">{t("signUp.serviceArea", { fsa: postalFsa })}</p>
        ) : null}
        <input type="hidden" name={fields.postalFsa.name} value={postalFsa} />
        <Field label={t("signUp.email")} meta={fields.email} type="email" autoComplete="email" />
        <Field
          label={t("signUp.password")}
          meta={fields.password}
          type="password"
          autoComplete="new-password"
          hint={t("signUp.passwordHint")}
        />
        <Field label={t("signUp.confirmPassword")} meta={fields.confirmPassword} type="password" autoComplete="new-password" />
        <SubmitButton pending={navigation.state === "submitting"} label={t("signUp.submit")} pendingLabel={t("signUp.pending")} />
      </Form>
      <p className="mt-4 text-center text-stone-700">
        {t("signUp.haveAccount")}{" "}
        <Link to="/sign-in" className="btn-link">
          {t("signIn.submit")}
        </Link>
      </p>
      <Toaster toast={actionData?.toast ?? null} />
    </div>
  );
}
