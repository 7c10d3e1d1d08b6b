// The sign-up and sign-in forms, used by /sign-up, /sign-in and the tabbed /auth page. The server
// validates (auth-actions.server.ts) and its reply is shown in place; zod stays out of the browser.
import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormError, PlainField, SubmitButton, useReply } from "~/components/ui/plain-field";
import { SpamTrap } from "~/components/ui/spam-trap";

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
  const reply = useReply(lastResult, "sign-up");
  const alreadyRegistered = reply.formErrors[0] === "signUp.alreadyRegistered";
  // The prefix travels in a hidden field, so its error is shown with the form's own.
  const postalError = reply.error("postalFsa");
  const formErrors = reply.formErrors.length ? reply.formErrors : postalError ? [postalError] : [];
  return (
    <Form method="post" {...reply.formProps} className="card mt-4 flex flex-col gap-4">
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      {alreadyRegistered ? (
        <div
          id={reply.errorId}
          role="alert"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <p className="font-semibold">{t("signUp.alreadyRegistered")}</p>
          <Link to={signInHref} className="btn-link">
            {t("signUp.signInInstead")}
          </Link>
        </div>
      ) : (
        <FormError id={reply.errorId} errors={formErrors} />
      )}
      {postalFsa ? <p className="text-sm text-stone-700">{t("signUp.serviceArea", { fsa: postalFsa })}</p> : null}
      <input type="hidden" name="postalFsa" value={postalFsa} />
      <SpamTrap />
      <PlainField {...reply.field("email")} label={t("signUp.email")} type="email" autoComplete="email" />
      <PlainField
        {...reply.field("password", { secret: true })}
        label={t("signUp.password")}
        autoComplete="new-password"
        hint={t("signUp.passwordHint")}
      />
      <PlainField
        {...reply.field("confirmPassword", { secret: true })}
        label={t("signUp.confirmPassword")}
        autoComplete="new-password"
      />
      <SubmitButton
        pending={navigation.state === "submitting"}
        label={t("signUp.submit")}
        pendingLabel={t("signUp.pending")}
      />
      <p className="text-sm text-stone-700" data-testid="sign-up-privacy">
        {t("signUp.privacyNotice")}{" "}
        <Link to="/privacy" className="underline">
          {t("signUp.privacyLink")}
        </Link>{" "}
        ·{" "}
        <Link to="/terms" className="underline">
          {t("signUp.termsLink")}
        </Link>
      </p>
    </Form>
  );
}

export function SignInForm({ lastResult, intent }: { lastResult: FormResult; intent?: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const reply = useReply(lastResult, "sign-in");
  return (
    <Form method="post" {...reply.formProps} className="card mt-4 flex flex-col gap-4">
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <FormError id={reply.errorId} errors={reply.formErrors} />
      <PlainField {...reply.field("email")} label={t("signIn.email")} type="email" autoComplete="email" />
      <PlainField
        {...reply.field("password", { secret: true })}
        label={t("signIn.password")}
        autoComplete="current-password"
      />
      <SubmitButton
        pending={navigation.state === "submitting"}
        label={t("signIn.submit")}
        pendingLabel={t("signIn.pending")}
      />
      <p className="text-center">
        <Link to="/forgot-password" className="btn-link">
          {t("signIn.forgot")}
        </Link>
      </p>
    </Form>
  );
}
