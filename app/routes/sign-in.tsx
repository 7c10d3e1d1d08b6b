import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Toaster } from "~/components/toaster";
import { Field, FormError, SubmitButton } from "~/components/ui/field";
import { SignInSchema } from "~/lib/auth-schemas";
import { AccountError } from "~/services/accounts.server";
import { signIn } from "~/services/auth.server";
import { parseSubmission, rateLimited, reject } from "~/services/forms.server";
import { titleMeta } from "~/lib/meta";
import { getT } from "~/services/i18n.server";
import {
  createUserSession,
  getUserId,
  redirectWithToast,
  rememberedRedirect,
  rememberRedirect,
} from "~/services/session.server";

export const meta: MetaFunction = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const target = new URL(request.url).searchParams.get("redirect");
  if (await getUserId(request)) throw redirect(target ? `/${target.replace(/^\/+/, "")}` : "/");
  const setCookie = await rememberRedirect(request, target);
  const t = await getT(request);
  return data({ title: t("signIn.title") }, { headers: setCookie ? { "Set-Cookie": setCookie } : undefined });
}

export async function action({ request }: ActionFunctionArgs) {
  const { submission } = await parseSubmission(request, SignInSchema);
  if (submission.status !== "success") return reject(submission, { hideFields: ["password"] });
  const limited = rateLimited(request, "signIn", submission);
  if (limited) return limited;
  try {
    const user = await signIn(request, submission.value);
    const headers = await createUserSession(user.id);
    const target = await rememberedRedirect(request);
    return redirectWithToast(request, target, { title: "toast.signedIn", description: "toast.welcomeBack" }, headers, {
      clearRedirect: true,
    });
  } catch (error) {
    if (!(error instanceof AccountError)) throw error;
    return reject(submission, {
      formErrors: [error.key],
      status: error.status,
      hideFields: ["password"],
      toast: { title: "toast.signInFailed", description: error.key },
    });
  }
}

export default function SignIn() {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignInSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="mx-auto max-w-md">
      <h1 className="page-title">{t("signIn.title")}</h1>
      <p className="mt-1 text-stone-700">{t("signIn.subtitle")}</p>
      <Form method="post" {...getFormProps(form)} className="card mt-4 space-y-4">
        <FormError id={form.errorId} errors={form.errors} />
        <Field label={t("signIn.email")} meta={fields.email} type="email" autoComplete="email" />
        <Field label={t("signIn.password")} meta={fields.password} type="password" autoComplete="current-password" />
        <SubmitButton pending={navigation.state === "submitting"} label={t("signIn.submit")} pendingLabel={t("signIn.pending")} />
        <p className="text-center">
          <Link to="/forgot-password" className="btn-link">
            {t("signIn.forgot")}
          </Link>
        </p>
      </Form>
      <p className="mt-4 text-center text-stone-700">
        {t("signIn.newHere")}{" "}
        <Link to="/sign-up" className="btn-link">
          {t("signIn.createAccount")}
        </Link>
      </p>
      <Toaster toast={actionData?.toast ?? null} />
    </div>
  );
}
