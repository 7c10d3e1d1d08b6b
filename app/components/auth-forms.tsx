// The sign-up and sign-in forms, used by /sign-up, /sign-in and the tabbed /auth page. The server
// validates (auth-actions.server.ts); the browser repeats the same zod schema for inline hints.
import type { SubmissionResult } from "@conform-to/react";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field, FormError, SubmitButton } from "~/components/ui/field";
import { SignInSchema, SignUpSchema } from "~/lib/auth-schemas";

type FormResult = SubmissionResult<string[]> | null | undefined;

export function SignUpForm({
  lastResult,
  postalFsa,
  signInHref = "/sign-in",
  intent,
}: {
  lastResult: FormResult;
  /** The checked postal prefix carried into the account, or "" when there is none. */
  postalFsa: string;
  signInHref?: string;
  /** Names the form when one page action serves several forms (/auth). */
  intent?: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "sign-up",
    lastResult,
    defaultValue: { postalFsa },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignUpSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const alreadyRegistered = form.errors?.[0] === "signUp.alreadyRegistered";
  // The prefix travels in a hidden field, so its error is shown with the form's own.
  const formErrors = form.errors?.length ? form.errors : fields.postalFsa.errors;
  return (
    <Form method="post" {...getFormProps(form)} className="card mt-4 space-y-4">
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      {alreadyRegistered ? (
        <div id={form.errorId} role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-semibold">{t("signUp.alreadyRegistered")}</p>
          <Link to={signInHref} className="btn-link">
            {t("signUp.signInInstead")}
          </Link>
        </div>
      ) : (
        <FormError id={form.errorId} errors={formErrors} />
      )}
      {postalFsa ? <p className="text-sm text-stone-700">{t("signUp.serviceArea", { fsa: postalFsa })}</p> : null}
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
  );
}

export function SignInForm({ lastResult, intent }: { lastResult: FormResult; intent?: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "sign-in",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignInSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="card mt-4 space-y-4">
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
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
  );
}
