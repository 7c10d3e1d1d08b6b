// The profile's Change password form: the current password, then the new one twice. The server validates
// (profile route → changePasswordFromForm) and its reply is shown in place; passwords are never echoed back.
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormError, PlainField, SubmitButton, useReply } from "~/components/ui/plain-field";

export const CHANGE_PASSWORD_INTENT = "change-password";

export function ChangePasswordForm({ lastResult }: { lastResult: unknown }) {
  const { t } = useTranslation(["profile", "common"]);
  const navigation = useNavigation();
  const reply = useReply(lastResult, "change-password");
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === CHANGE_PASSWORD_INTENT;
  return (
    <section aria-labelledby="change-password-title" className="card mt-6 space-y-4">
      <h2 id="change-password-title" className="text-lg font-bold text-stone-900">
        {t("password.title")}
      </h2>
      <p className="text-sm text-stone-700">{t("password.intro")}</p>
      <Form method="post" {...reply.formProps} className="flex flex-col gap-4">
        <FormError id={reply.errorId} errors={reply.formErrors} />
        <PlainField
          {...reply.field("currentPassword", { secret: true })}
          label={t("password.current")}
          autoComplete="current-password"
          required
        />
        <PlainField
          {...reply.field("newPassword", { secret: true })}
          label={t("password.new")}
          hint={t("password.newHint")}
          autoComplete="new-password"
          required
          minLength={6}
        />
        <PlainField
          {...reply.field("confirmPassword", { secret: true })}
          label={t("password.confirm")}
          autoComplete="new-password"
          required
        />
        {/* The hidden field, not the button's value, carries the intent: Enter in a field submits it too. */}
        <input type="hidden" name="intent" value={CHANGE_PASSWORD_INTENT} />
        <SubmitButton pending={submitting} label={t("password.submit")} pendingLabel={t("password.pending")} />
      </Form>
    </section>
  );
}
